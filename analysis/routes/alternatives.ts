/**
 * Routes registered in the arms of one if/else: `if enabled { serve(handler) } else { serve(notFound) }`
 * registers the path once whichever arm runs, so it is no duplicate. Read by indentation, the
 * same in brace languages and Python: between the two registrations an `else` (`elif`, `else if`,
 * `elsif`) indented less than both, and every other line between them indented deeper than that
 * `else` (a `}` closing the first arm just before it aside): they are in one if statement.
 */

const ELSE = /^[ \t]*(?:\}[ \t]*)?(?:else\b|elif\b|elsif\b)/;
const CLOSING = /^[ \t]*[})\]]+[ \t;,]*$/;

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Whether lines `a` and `b` (1-based) of `text` are in different arms of one if/else. */
export function inAlternativeArms(text: string, a: number, b: number): boolean {
  if (a === b) return false;
  const [first, last] = a < b ? [a, b] : [b, a];
  const lines = text.split("\n");
  if (last > lines.length) return false;
  const from = lines[first - 1]!;
  const to = lines[last - 1]!;
  // The arms are below the `else`: both registrations deeper than it.
  const deepest = Math.min(indentOf(from), indentOf(to));
  const between = lines.slice(first, last - 1);
  const elses = between.flatMap((line, i) => (ELSE.test(line) && indentOf(line) < deepest ? [i] : []));
  if (!elses.length) return false;
  const level = indentOf(between[elses[0]!]!);
  return between.every((line, i) => {
    if (!line.trim()) return true;
    const indent = indentOf(line);
    if (indent > level) return true;
    if (indent < level) return false;
    // At the `else`'s own level: another `else` of the same statement, or the brace closing an arm before one.
    return ELSE.test(line) || (CLOSING.test(line) && ELSE.test(between.slice(i + 1).find((next) => next.trim()) ?? ""));
  });
}

/**
 * Whether every definition of a path is in a different arm of one if/else of the same file:
 * then the path is served once, by whichever arm runs.
 */
export function servedOnce(routes: readonly { file: string; line: number }[], text: (file: string) => string | undefined): boolean {
  const file = routes[0]?.file;
  if (!file || routes.some((r) => r.file !== file)) return false;
  const source = text(file);
  if (source === undefined) return false;
  return routes.every((r, i) => routes.slice(i + 1).every((other) => inAlternativeArms(source, r.line, other.line)));
}
