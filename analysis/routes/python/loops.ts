import { callArguments, type RouteSource } from "../source.ts";
import { elements, pythonValue, type Span } from "./values.ts";

// `for rule, view_func in util_rules:`, `for rule in rules:`, `for view, (method, path) in self.VIEWS:`,
// `for path, endpoint in route_mapping.items():`, at a line's start.
const FOR = /^([ \t]*)for[ \t]+([A-Za-z_]\w*(?:[ \t]*,[ \t]*(?:[A-Za-z_]\w*|\([ \t]*[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*[ \t]*\)))*)[ \t]+in[ \t]+((?:self\.)?[A-Za-z_]\w*)([ \t]*\.[ \t]*items[ \t]*\([ \t]*\))?[ \t]*:/gm;

/** What a loop binds, as written: a name, or a tuple of them to unpack (`view, (method, path)`). */
export type LoopTarget = string | LoopTarget[];

/** The innermost `for` loop whose body holds `at`: what it binds (one of them `variable`, when given), the name it walks, and where it starts. */
export function enclosingLoop(code: string, at: number, variable?: string): { targets: string[]; shape: LoopTarget[]; iterable: string; items: boolean; at: number } | undefined {
  const loop = [...code.slice(0, at).matchAll(FOR)].at(-1);
  if (!loop) return undefined;
  // The call must be in the loop's body: every line between them indented deeper than the `for`.
  const between = code.slice(loop.index + loop[0].length, at).split("\n").slice(1);
  if (between.some((line) => line.trim() && /^[ \t]*/.exec(line)![0].length <= loop[1]!.length)) return undefined;
  const shape = targetShape(loop[2]!);
  const targets = shape.flat(Infinity as 1) as string[];
  return variable === undefined || targets.includes(variable) ? { targets, shape, iterable: loop[3]!, items: !!loop[4], at: loop.index } : undefined;
}

/**
 * The values each iteration binds, for a call inside a `for` loop over a literal assigned in
 * place before it, in the module or the function: a list (`util_rules = [(u"/about", about), ...]`)
 * or a dict's items (`for path, endpoint in route_mapping.items():` over `route_mapping = {f"{base}/config":
 * self._api_config, ...}`). Strings as values, names as the names they stand for; none outside such a loop.
 */
export function loopBindings(source: RouteSource, at: number, constants: Map<string, string>): { values: Map<string, string>; names: Map<string, string> }[] {
  const { code } = source;
  const loop = enclosingLoop(code, at);
  if (!loop) return [];
  const assigned = [...code.slice(0, loop.at).matchAll(new RegExp(String.raw`^[ \t]*${loop.iterable.replace(".", "\\.")}[ \t]*(?::[^=\n]+)?=[ \t]*${loop.items ? "\\{" : "\\["}`, "gm"))].at(-1);
  if (!assigned) return [];
  const literal = { start: assigned.index + assigned[0].length - 1, end: callArguments(code, assigned.index + assigned[0].length - 1).end };
  const targets = loop.targets;
  return elements(code, literal).flatMap((item) => {
    const parts = loop.items ? keyAndValue(code, item) : targets.length > 1 ? elements(code, item) : [item];
    if (parts.length !== targets.length) return [];
    const values = new Map<string, string>();
    const names = new Map<string, string>();
    targets.forEach((name, i) => {
      const text = code.slice(parts[i]!.start, parts[i]!.end).trim();
      const value = pythonValue(source, parts[i]!, constants);
      if (value !== undefined) values.set(name, value);
      else if (/^[A-Za-z_][\w.]*$/.test(text)) names.set(name, text);
    });
    return [{ values, names }];
  });
}

/** A dict entry's key and value (`f"{base}/config": self._api_config`), split at its colon; strings are blanked in the code. */
function keyAndValue(code: string, entry: Span): Span[] {
  const colon = code.slice(entry.start, entry.end).indexOf(":");
  return colon === -1 ? [] : [{ start: entry.start, end: entry.start + colon }, { start: entry.start + colon + 1, end: entry.end }];
}

/** `view, (method, path)` as `["view", ["method", "path"]]`. */
function targetShape(written: string): LoopTarget[] {
  return [...written.matchAll(/\(([^()]*)\)|([A-Za-z_]\w*)/g)].map((m) => m[2] ?? m[1]!.split(",").map((name) => name.trim()));
}
