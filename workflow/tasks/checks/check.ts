import type { Task } from "../schema.ts";

/** What a check found: whether it passed, a one-line summary, and the details it recorded as evidence. */
export type CheckResult = { ok: boolean; summary: string; details: unknown; text: string };

export type CheckContext = { root: string; task: Task; base: string | null; options: Record<string, unknown> };

export type Check = (context: CheckContext) => CheckResult | Promise<CheckResult>;
