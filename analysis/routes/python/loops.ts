// `for rule, view_func in util_rules:`, `for rule in rules:`, `for view, (method, path) in self.VIEWS:`, at a line's start.
const FOR = /^([ \t]*)for[ \t]+([A-Za-z_]\w*(?:[ \t]*,[ \t]*(?:[A-Za-z_]\w*|\([ \t]*[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*[ \t]*\)))*)[ \t]+in[ \t]+((?:self\.)?[A-Za-z_]\w*)[ \t]*:/gm;

/** What a loop binds, as written: a name, or a tuple of them to unpack (`view, (method, path)`). */
export type LoopTarget = string | LoopTarget[];

/** The innermost `for` loop whose body holds `at`: what it binds (one of them `variable`, when given), the name it walks, and where it starts. */
export function enclosingLoop(code: string, at: number, variable?: string): { targets: string[]; shape: LoopTarget[]; iterable: string; at: number } | undefined {
  const loop = [...code.slice(0, at).matchAll(FOR)].at(-1);
  if (!loop) return undefined;
  // The call must be in the loop's body: every line between them indented deeper than the `for`.
  const between = code.slice(loop.index + loop[0].length, at).split("\n").slice(1);
  if (between.some((line) => line.trim() && /^[ \t]*/.exec(line)![0].length <= loop[1]!.length)) return undefined;
  const shape = targetShape(loop[2]!);
  const targets = shape.flat(Infinity as 1) as string[];
  return variable === undefined || targets.includes(variable) ? { targets, shape, iterable: loop[3]!, at: loop.index } : undefined;
}

/** `view, (method, path)` as `["view", ["method", "path"]]`. */
function targetShape(written: string): LoopTarget[] {
  return [...written.matchAll(/\(([^()]*)\)|([A-Za-z_]\w*)/g)].map((m) => m[2] ?? m[1]!.split(",").map((name) => name.trim()));
}
