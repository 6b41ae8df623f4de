import { createHash } from "node:crypto";
import { appendFileSync, existsSync } from "node:fs";
import { readInside } from "../../core/inside.ts";
import { treeExists } from "../snapshot.ts";

/**
 * The loop's ledger: `ledger.jsonl`, one line per event, each entry chained to the one before
 * by `prev` (the previous entry's hash) and sealed by `hash` = sha256(prev + "\n" + canonical
 * entry without its hash). Editing, removing or reordering any entry breaks the chain; only a
 * torn last line (the process died mid-write) is forgivable.
 *
 * @example
 * let head = appendEntry(file, undefined, "start", { task: "login" });
 * head = appendEntry(file, head, "end", { status: "completed" });
 * verifyLedger(root, file).ok; // true
 */
export type LedgerType = "start" | "iteration" | "checkpoint" | "stop" | "end";
export type LedgerEntry = { seq: number; at: string; type: LedgerType; data: Record<string, unknown>; prev: string; hash: string };
export type LedgerCheck = { ok: boolean; entries: number; checkpoints: number; problems: string[]; warnings: string[] };

export const GENESIS = "0".repeat(64);

/** JSON with every object's keys sorted, so the same entry always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function entryHash(entry: Omit<LedgerEntry, "hash">): string {
  return createHash("sha256").update(`${entry.prev}\n${canonical(entry)}`).digest("hex");
}

/** Appends one entry after `last` (undefined for the first) and returns it: the new head. */
export function appendEntry(file: string, last: LedgerEntry | undefined, type: LedgerType, data: Record<string, unknown>): LedgerEntry {
  const body = { seq: (last?.seq ?? 0) + 1, at: new Date().toISOString(), type, data, prev: last?.hash ?? GENESIS };
  const entry = { ...body, hash: entryHash(body) };
  appendFileSync(file, JSON.stringify(entry) + "\n");
  return entry;
}

/**
 * Checks the chain from the first entry to the last, and that every checkpoint the ledger
 * names is still a tree in the repository. `head`, when the loop's state recorded one, is the
 * entry the ledger must reach: a ledger cut short of it lost entries.
 */
export function verifyLedger(root: string, file: string, head?: { seq: number; hash: string }): LedgerCheck {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!existsSync(file)) return { ok: false, entries: 0, checkpoints: 0, problems: ["the ledger file does not exist"], warnings };
  const text = readInside(root, file);
  const lines = text.split("\n");
  const tail = lines.pop()!; // "" when the file ends with a newline, else a line the writer never finished
  if (tail) lines.push(tail);
  let prev = GENESIS;
  let expected = 1;
  let entries = 0;
  let checkpoints = 0;
  let last: LedgerEntry | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const torn = i === lines.length - 1 && tail !== "";
    let entry: LedgerEntry;
    try {
      entry = JSON.parse(line) as LedgerEntry;
    } catch {
      if (torn) warnings.push(`the last line (${line.length} bytes) is torn: the loop stopped while writing it`);
      else problems.push(`line ${i + 1} is not a JSON entry`);
      continue;
    }
    const { hash, ...body } = entry;
    if (entry.seq !== expected) problems.push(`line ${i + 1}: seq ${entry.seq} where ${expected} was expected (an entry was removed or reordered)`);
    if (entry.prev !== prev) problems.push(`line ${i + 1}: prev does not match the hash of the entry before it (the chain is broken)`);
    if (entryHash(body) !== hash) problems.push(`line ${i + 1}: hash does not match its content (entry ${entry.seq} was edited)`);
    if (entry.type === "checkpoint" || typeof entry.data?.tree === "string") {
      const tree = String(entry.data?.tree ?? "");
      checkpoints++;
      if (!treeExists(root, tree)) problems.push(`line ${i + 1}: checkpoint tree ${tree.slice(0, 12) || "(none)"} no longer exists in the repository`);
    }
    // Carry on from this entry, so one removed or edited entry is one problem, not one per line after it.
    prev = hash;
    expected = entry.seq + 1;
    entries++;
    last = entry;
  }
  if (head && (!last || last.seq < head.seq)) problems.push(`the ledger ends at entry ${last?.seq ?? 0}, but the loop recorded ${head.seq} entries (entries were removed from the end)`);
  else if (head && last && last.seq === head.seq && last.hash !== head.hash) problems.push(`entry ${head.seq} is not the one the loop recorded`);
  return { ok: problems.length === 0, entries, checkpoints, problems, warnings };
}

/** The last whole entry of a ledger, to continue its chain. */
export function lastEntry(root: string, file: string): LedgerEntry | undefined {
  if (!existsSync(file)) return undefined;
  const lines = readInside(root, file).split("\n").filter(Boolean);
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      return JSON.parse(lines[i]!) as LedgerEntry;
    } catch {
      // a torn line: the one before it is the head
    }
  }
  return undefined;
}
