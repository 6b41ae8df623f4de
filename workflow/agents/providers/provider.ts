import type { ParsedEvent, Permission } from "../schema.ts";

/** What a run asks of a provider's CLI. */
export type RunRequest = { prompt: string; model?: string; effort?: string; permission: Permission };

/**
 * A coding-agent CLI: how to start it on a prompt (an argument array, never a shell string),
 * and how to read what it prints. One module per provider; providers/mod.ts is the table.
 */
export type Provider = {
  id: string;
  name: string;
  bin: string;
  /** How to install it, said when its bin is missing. */
  install: string;
  /** What each rung of the permission ladder becomes for this CLI, in words (settings page). */
  permissions: Record<Permission, string>;
  efforts: string[];
  /** The model preselected in forms; null: the CLI's own default. */
  recommended: string | null;
  /** Suggested models, when the CLI cannot list its own. */
  models: { id: string; name?: string }[];
  custom: boolean;
  /** The arguments after `bin`. */
  args(request: RunRequest): string[];
  /** Extra environment of the child (a permission some CLIs take only from there). */
  env?(request: RunRequest): Record<string, string>;
  /**
   * The events of one line of stdout; undefined when the line is not in this CLI's format
   * (the run keeps it raw).
   */
  parse(line: string): ParsedEvent[] | undefined;
  /** The CLI's own model listing, where it has one. */
  listModels?: { args: string[]; parse(stdout: string): { id: string; name?: string }[] };
};

/** A JSON object of one line, or undefined. */
export function jsonLine(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
export const obj = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
export const text = (value: unknown): string => (typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value));
