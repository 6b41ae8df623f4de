// `for rule, view_func in util_rules:` (or `for rule in rules:`), at a line's start.
const FOR = /^([ \t]*)for[ \t]+([A-Za-z_]\w*)(?:[ \t]*,[ \t]*([A-Za-z_]\w*))?[ \t]+in[ \t]+([A-Za-z_]\w*)[ \t]*:/gm;

/** The innermost `for` loop whose body holds `at`: what it binds (one of them `variable`, when given), the name it walks, and where it starts. */
export function enclosingLoop(code: string, at: number, variable?: string): { targets: string[]; iterable: string; at: number } | undefined {
  const loop = [...code.slice(0, at).matchAll(FOR)].at(-1);
  if (!loop) return undefined;
  // The call must be in the loop's body: every line between them indented deeper than the `for`.
  const between = code.slice(loop.index + loop[0].length, at).split("\n").slice(1);
  if (between.some((line) => line.trim() && /^[ \t]*/.exec(line)![0].length <= loop[1]!.length)) return undefined;
  const targets = [loop[2]!, loop[3]].filter((t): t is string => !!t);
  return variable === undefined || targets.includes(variable) ? { targets, iterable: loop[4]!, at: loop.index } : undefined;
}
