/**
 * Routes registered from a table the same function writes: `for _, r := range routes {
 * api.Methods(r.Method).Path(r.Pattern).Handler(r.HandlerFunc) }` over `routes :=
 * map[string]route{"buffersoc": {"POST", "/buffersoc/{value}", h}, ...}` (evcc), or a slice of
 * such values. Each element of the table is a record: its fields' values by name, positional ones
 * named by the struct type the file declares.
 */
import { closing } from "../../languages/curly.ts";
import type { Span } from "../js/objects.ts";
import type { GoContext } from "./types.ts";

export type TableRecord = Map<string, Span>;

/** The records of the table the `for ... range` loop around `at` walks with `variable`, or undefined when it walks no table of the file's. */
export function rangeRecords(ctx: GoContext, at: number, variable: string): TableRecord[] | undefined {
  const { code } = ctx;
  const header = new RegExp(String.raw`\bfor\s+(?:_|\w+)\s*,\s*${variable}\s*:=\s*range\s+`, "g");
  let loop: RegExpExecArray | undefined;
  for (const m of code.slice(0, at).matchAll(header)) loop = m;
  if (!loop) return undefined;
  const from = loop.index + loop[0].length;
  // The range expression is a table written in place, or a variable the function set to one before.
  const inline = /^(?:map\s*\[[^\]]*\]|\[\])\s*\*?([A-Z_a-z]\w*)\s*\{/.exec(code.slice(from));
  let table: { type: string; open: number } | undefined;
  if (inline) table = { type: inline[1]!, open: from + inline[0].length - 1 };
  else {
    const name = /^([A-Za-z_]\w*)\s*\{/.exec(code.slice(from))?.[1];
    if (!name) return undefined;
    let assigned: RegExpExecArray | undefined;
    for (const m of code.slice(0, loop.index).matchAll(new RegExp(String.raw`\b${name}\s*:?=\s*(?:map\s*\[[^\]]*\]|\[\])\s*\*?([A-Z_a-z]\w*)\s*\{`, "g"))) assigned = m;
    if (!assigned) return undefined;
    table = { type: assigned[1]!, open: assigned.index + assigned[0].length - 1 };
  }
  // The loop's body holds `at`: the table's closing brace comes before the body's opening one.
  const bodyOpen = code.indexOf("{", inline ? closing(code, table.open) : from);
  if (bodyOpen < 0 || closing(code, bodyOpen) < at) return undefined;
  const fields = structFields(code, table.type);
  if (!fields) return undefined;
  return ctx.arguments(table.open).flatMap((element) => {
    // A map's `"key": {...}`, a slice's `{...}`, `route{...}` or `&route{...}`.
    const open = code.indexOf("{", element.start);
    if (open < 0 || open >= element.end) return [];
    const record: TableRecord = new Map();
    ctx.arguments(open).forEach((value, i) => {
      const key = /^\s*([A-Za-z_]\w*)\s*:\s*/.exec(code.slice(value.start, value.end));
      if (key) record.set(key[1]!, { start: value.start + key[0].length, end: value.end });
      else if (fields[i]) record.set(fields[i]!, value);
    });
    return [record];
  });
}

/** The field names of `type name struct { ... }` in the file, in order (`A, B string` gives both). */
function structFields(code: string, name: string): string[] | undefined {
  const declared = new RegExp(String.raw`\btype\s+${name}\s+struct\s*\{`).exec(code);
  if (!declared) return undefined;
  const open = declared.index + declared[0].length - 1;
  const body = code.slice(open + 1, closing(code, open) - 1);
  return body.split("\n").flatMap((line) => {
    const m = /^\s*([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s+\S/.exec(line);
    return m ? m[1]!.split(",").map((n) => n.trim()) : [];
  });
}
