/**
 * An expression split at its operators outside brackets (`a && (b || c)` at `&&`: `a`, `(b || c)`):
 * `operator` answers the length of the operator that starts at a position, 0 where none does.
 */
export function splitOutsideBrackets(code: string, operator: (code: string, at: number) => number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (depth === 0) {
      const length = operator(code, i);
      if (length) {
        parts.push(code.slice(start, i));
        start = i + length;
        i += length - 1;
      }
    }
  }
  return [...parts, code.slice(start)];
}
