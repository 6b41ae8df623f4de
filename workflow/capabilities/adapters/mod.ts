import type { Adapter } from "./adapter.ts";
import { claudeCode } from "./claude-code.ts";
import { codex } from "./codex.ts";
import { cursor } from "./cursor.ts";
import { gemini } from "./gemini.ts";
import { opencode } from "./opencode.ts";

export type { Adapter, Output } from "./adapter.ts";

export const ADAPTERS: readonly Adapter[] = [claudeCode, codex, gemini, cursor, opencode];

/** An adapter by id; 400 for one there is not. */
export function findAdapter(id: string): Adapter {
  const adapter = ADAPTERS.find((a) => a.id === id);
  if (!adapter) throw new RangeError(`"to" must be one of ${ADAPTERS.map((a) => a.id).join(", ")}, not "${id}"`);
  return adapter;
}
