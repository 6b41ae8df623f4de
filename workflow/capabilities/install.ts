import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { applyEdits, modify, parse as parseJsonc, type ParseError } from "jsonc-parser";
import { writeFileAtomic } from "../../core/atomic.ts";
import { ToolError } from "../../core/errors.ts";
import { tryReadInside } from "../../core/inside.ts";
import { ADAPTERS, type Adapter, findAdapter, type Output } from "./adapters/mod.ts";
import { findEntry } from "./catalog.ts";
import type { Entry } from "./schema.ts";

export const RECORD_FILE = ".tool/capabilities.json";

/** What `.tool/capabilities.json` keeps of an install: each part written and the hash of what was written. */
type Part = { path: string; type: Output["type"]; key?: string[]; hash: string };
type Installed = { ref: string; adapter: string; at: string; parts: Part[] };
type Record_ = { installed: Installed[] };

export type Change = { path: string; action: "create" | "change" | "remove" | "unchanged" | "skip"; reason?: string; diff: string };
export type Plan = { action: string; adapter: string; refs: string[]; changes: Change[]; unsupported: { ref: string; reason: string }[]; applied: boolean };

export type InstallRequest = { action: "add" | "remove" | "sync"; refs: string[]; to?: string; allowExec?: boolean; force?: boolean; apply?: boolean };

const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

export function readRecord(root: string): Record_ {
  try {
    const parsed = JSON.parse(tryReadInside(root, RECORD_FILE) ?? "") as Record_;
    return Array.isArray(parsed.installed) ? parsed : { installed: [] };
  } catch {
    return { installed: [] };
  }
}

/** The adapter to write for: the one asked for, else the active one in the config, else Claude Code. */
export function activeAdapter(root: string): string {
  try {
    const config = JSON.parse(tryReadInside(root, ".tool/config.json") ?? "{}") as { adapter?: unknown };
    if (typeof config.adapter === "string" && ADAPTERS.some((a) => a.id === config.adapter)) return config.adapter;
  } catch {
    // a config that does not parse: the default
  }
  return "claude-code";
}

/**
 * Plans adding, removing or syncing catalog entries for an adapter, and carries the plan out
 * when `apply`. The plan lists every file created, changed or removed with a diff; nothing is
 * written without `apply`. Shared files change only in the tool's own section or key. A part
 * the user edited since it was installed is never overwritten or removed without `force` (409
 * naming it); an entry that runs a program needs `allowExec` (400).
 */
export function install(root: string, request: InstallRequest): Plan {
  if (!["add", "remove", "sync"].includes(request.action)) throw new RangeError(`"action" must be add, remove or sync, not "${request.action}"`);
  if (!Array.isArray(request.refs) || request.refs.some((r) => typeof r !== "string")) throw new TypeError(`"refs" must be an array of refs`);
  const adapter = findAdapter(request.to ?? activeAdapter(root));
  const record = readRecord(root);
  const refs = request.action === "sync" && request.refs.length === 0
    ? record.installed.filter((i) => i.adapter === adapter.id).map((i) => i.ref)
    : request.refs;
  if (!refs.length) throw new TypeError(`"refs" must name at least one catalog entry`);
  const entries = refs.map(findEntry);
  const exec = entries.filter((e) => e.exec);
  if (request.action !== "remove" && exec.length && !request.allowExec) {
    throw new RangeError(`"allowExec": ${exec.map((e) => e.ref).join(", ")} make${exec.length === 1 ? "s" : ""} the agent run a program by itself; allow it with --allow-exec`);
  }
  const files = new Map<string, string | null>(); // path -> content after the plan (null: removed)
  const current = (path: string) => (files.has(path) ? files.get(path)! : tryReadInside(root, path) ?? null);
  const unsupported: Plan["unsupported"] = [];
  const conflicts: string[] = [];
  const nextRecord: Installed[] = record.installed.filter((i) => !(i.adapter === adapter.id && refs.includes(i.ref)));

  for (const entry of entries) {
    const previous = record.installed.find((i) => i.ref === entry.ref && i.adapter === adapter.id);
    if (request.action === "sync" && !previous) throw new ToolError("not-installed", `${entry.ref} is not installed for ${adapter.id}: add it first`, 409);
    const parts: Part[] = [];
    const outputs = request.action === "remove" ? [] : adapter.render(entry);
    for (const output of outputs) {
      if (output.type === "unsupported") {
        unsupported.push({ ref: entry.ref, reason: output.reason });
        continue;
      }
      const before = current(output.path);
      const mine = previous?.parts.find((p) => p.path === output.path && p.type === output.type);
      const now = mine && before !== null ? partHash(before, mine, entry) : null;
      if (mine && now !== null && now !== mine.hash && !request.force) {
        conflicts.push(output.path);
        continue;
      }
      const { content, written } = applyOutput(before, output, entry, output.path);
      files.set(output.path, content);
      parts.push({ path: output.path, type: output.type, ...("key" in output ? { key: output.key } : {}), hash: hash(written) });
    }
    // Parts the entry no longer writes (or all of them, on remove) come out.
    for (const old of previous?.parts ?? []) {
      if (parts.some((p) => p.path === old.path && p.type === old.type)) continue;
      const before = current(old.path);
      if (before === null) continue;
      const now = partHash(before, old, entry);
      if (now !== null && now !== old.hash && !request.force) {
        conflicts.push(old.path);
        continue;
      }
      files.set(old.path, removePart(before, old, entry, adapter));
    }
    if (request.action !== "remove" && parts.length) nextRecord.push({ ref: entry.ref, adapter: adapter.id, at: new Date().toISOString(), parts });
  }
  if (conflicts.length) {
    throw new ToolError("modified", `${[...new Set(conflicts)].join(", ")} ${conflicts.length === 1 ? "was" : "were"} edited since tool wrote ${conflicts.length === 1 ? "it" : "them"}: use --force to overwrite`, 409);
  }
  const changes: Change[] = [...files].map(([path, after]) => {
    const before = tryReadInside(root, path) ?? null;
    const action = before === after ? "unchanged" : before === null ? "create" : after === null ? "remove" : "change";
    return { path, action, diff: action === "unchanged" ? "" : lineDiff(before ?? "", after ?? "") };
  });
  const plan: Plan = { action: request.action, adapter: adapter.id, refs, changes, unsupported, applied: false };
  if (!request.apply) return plan;
  for (const change of changes) {
    const after = files.get(change.path)!;
    if (change.action === "unchanged") continue;
    if (after === null) rmSync(join(root, change.path), { force: true });
    else writeFileAtomic(join(root, change.path), after);
  }
  writeFileAtomic(join(root, RECORD_FILE), JSON.stringify({ installed: nextRecord.sort((a, b) => (a.ref + a.adapter < b.ref + b.adapter ? -1 : 1)) }, null, 2) + "\n");
  return { ...plan, applied: true };
}

/** Installed entries with whether each part is as written (current), edited since (modified), or gone. */
export function installedState(root: string) {
  return readRecord(root).installed.map((installed) => {
    const entry = (() => {
      try {
        return findEntry(installed.ref);
      } catch {
        return undefined;
      }
    })();
    const parts = installed.parts.map((part) => {
      const text = tryReadInside(root, part.path);
      const now = text === undefined || !entry ? null : partHash(text, part, entry);
      return { path: part.path, state: now === null ? "missing" : now === part.hash ? "current" : "modified" };
    });
    const upstream = entry ? findAdapter(installed.adapter).render(entry).flatMap((o) => (o.type === "unsupported" ? [] : [o])) : [];
    const outdated = entry !== undefined && installed.parts.some((part) => {
      const output = upstream.find((o) => o.path === part.path);
      return !output || hash(writtenOf(output)) !== part.hash;
    });
    return { ref: installed.ref, adapter: installed.adapter, at: installed.at, parts, outdated, state: parts.some((p) => p.state === "modified") ? "modified" : parts.some((p) => p.state === "missing") ? "missing" : "current" };
  });
}

const BEGIN = (ref: string) => `<!-- tool:begin ${ref} -->`;
const END = (ref: string) => `<!-- tool:end ${ref} -->`;

/** What an output writes, as hashed: a whole file, a section's content, a key's JSON. */
function writtenOf(output: Exclude<Output, { type: "unsupported" }>): string {
  if (output.type === "file" || output.type === "section") return output.content;
  if (output.type === "json") return JSON.stringify(output.value);
  return JSON.stringify(output.items);
}

/** The hash of what the file holds now in the place a part was written; null when that place is gone. */
function partHash(text: string, part: Part, entry: Entry): string | null {
  if (part.type === "file") return hash(text);
  if (part.type === "section") {
    const block = sectionOf(text, entry.ref);
    return block === undefined ? null : hash(block);
  }
  const errors: ParseError[] = [];
  const json = parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length) return null;
  const value = getKey(json, part.key!);
  if (value === undefined) return null;
  if (part.type === "json") return hash(JSON.stringify(value));
  // json-items: ours are the items tool wrote; another item beside them is the user's, not an edit of ours.
  return part.hash;
}

function applyOutput(before: string | null, output: Exclude<Output, { type: "unsupported" }>, entry: Entry, path: string): { content: string; written: string } {
  const written = writtenOf(output);
  if (output.type === "file") return { content: output.content, written };
  if (output.type === "section") {
    const block = `${BEGIN(entry.ref)}\n${output.content.trimEnd()}\n${END(entry.ref)}`;
    const text = before ?? "";
    if (sectionOf(text, entry.ref) !== undefined) return { content: text.replace(sectionPattern(entry.ref), block), written };
    // A blank line between the user's text and the section: removing it gives their text back.
    return { content: `${text}${text === "" ? "" : text.endsWith("\n") ? "\n" : "\n\n"}${block}\n`, written };
  }
  const text = before !== null && before.trim() ? before : "{}\n";
  const errors: ParseError[] = [];
  const json = parseJsonc(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length || !json || typeof json !== "object" || Array.isArray(json)) {
    throw new ToolError("bad-json", `${path} is not a valid JSON object: fix it before tool adds to it`, 409);
  }
  const value = output.type === "json" ? output.value : (() => {
    const list = (getKey(json, output.key) as unknown[] | undefined) ?? [];
    return [...list, ...output.items.filter((item) => !list.some((x) => JSON.stringify(x) === JSON.stringify(item)))];
  })();
  // Already as it should be: not a byte changes (apply twice is a no-op).
  if (JSON.stringify(getKey(json, output.key)) === JSON.stringify(value)) return { content: before ?? text, written };
  return { content: editJson(text, output.key, value), written };
}

/**
 * One key of a JSON file set (or removed, for undefined). A file of the user's keeps every other
 * byte (the key goes in compact, where jsonc-parser puts it); a file that holds nothing else is
 * written indented.
 */
function editJson(text: string, key: string[], value: unknown): string {
  const out = applyEdits(text, modify(text, key, value, {}));
  const parsed = parseJsonc(out) as Record<string, unknown>;
  const onlyOurs = parseJsonc(text) && Object.keys(parseJsonc(text) as object).length === 0;
  if (onlyOurs) return JSON.stringify(parsed, null, 2) + "\n";
  return out.endsWith("\n") ? out : out + "\n";
}

function removePart(text: string, part: Part, entry: Entry, adapter: Adapter): string | null {
  if (part.type === "file") return null;
  if (part.type === "section") {
    const block = `${text.match(sectionPattern(entry.ref))?.[0] ?? ""}`;
    if (!block) return text;
    for (const cut of [`\n${block}\n`, `${block}\n`, block]) {
      if (text.includes(cut)) {
        const rest = text.replace(cut, "");
        return rest === "" ? null : rest;
      }
    }
    return text;
  }
  const json = parseJsonc(text, [], { allowTrailingComma: true }) as unknown;
  if (!json || typeof json !== "object") return text;
  let next: string;
  if (part.type === "json") next = editJson(text, part.key!, undefined);
  else {
    // The items this entry writes there, as its own adapter renders them.
    const entryItems = (adapter.render(entry).find((o) => o.type === "json-items" && o.path === part.path) as { items: unknown[] } | undefined)?.items ?? [];
    const list = ((getKey(json, part.key!) as unknown[] | undefined) ?? []).filter((x) => !entryItems.some((item) => JSON.stringify(item) === JSON.stringify(x)));
    next = editJson(text, part.key!, list.length ? list : undefined);
  }
  // An object left empty by the removal goes too (`{"mcpServers": {}}` -> `{}`).
  const parent = part.key!.slice(0, -1);
  if (parent.length) {
    const rest = getKey(parseJsonc(next), parent);
    if (rest && typeof rest === "object" && !Array.isArray(rest) && Object.keys(rest).length === 0) next = editJson(next, parent, undefined);
  }
  return next.trim() === "{}" ? null : next;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const sectionPattern = (ref: string) => new RegExp(`${escape(BEGIN(ref))}[\\s\\S]*?${escape(END(ref))}`);

function sectionOf(text: string, ref: string): string | undefined {
  const match = new RegExp(`${escape(BEGIN(ref))}\\n([\\s\\S]*?)\\n${escape(END(ref))}`).exec(text);
  return match ? match[1]! + "\n" : undefined;
}

function getKey(json: unknown, key: string[]): unknown {
  let node = json as Record<string, unknown> | undefined;
  for (const part of key) {
    if (!node || typeof node !== "object") return undefined;
    node = node[part] as Record<string, unknown> | undefined;
  }
  return node;
}

/** A unified-style line diff (longest common subsequence), `+` added and `-` removed lines. */
export function lineDiff(before: string, after: string): string {
  const a = before ? before.replace(/\n$/, "").split("\n") : [];
  const b = after ? after.replace(/\n$/, "").split("\n") : [];
  if (a.length * b.length > 4_000_000) return [...a.map((l) => `-${l}`), ...b.map((l) => `+${l}`)].join("\n");
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(` ${a[i]}`);
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) out.push(`+${b[j++]}`);
    else out.push(`-${a[i++]}`);
  }
  return out.join("\n");
}

