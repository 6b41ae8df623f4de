/**
 * Helpers shared by the curly-brace languages that read declarations with regular expressions
 * over stripped code (Java, Kotlin, C#, Dart, Go): bracket depth, the brace block holding an
 * offset, the modifiers written before a keyword, the arms of `when`/switch expressions, the
 * ternary `?` and indentation.
 */

/**
 * Bracket depth (`{`, `(` and `[` together) at an offset of stripped code. Offsets are meant
 * to grow from call to call, so a whole file costs one pass; a smaller offset restarts.
 */
export function depthCursor(code: string): (offset: number) => number {
  let pos = 0;
  let depth = 0;
  return (offset) => {
    if (offset < pos) pos = depth = 0;
    for (; pos < offset; pos++) {
      const c = code.charCodeAt(pos);
      if (c === 123 || c === 40 || c === 91) depth++;
      else if ((c === 125 || c === 41 || c === 93) && depth > 0) depth--;
    }
    return depth;
  };
}

/**
 * The text of the declaration that ends at `offset`: back to the previous character of
 * `stops` (the end of the previous member). Modifiers such as `abstract` are read from it.
 */
export function modifiersBefore(code: string, offset: number, stops = ";{}"): string {
  let i = offset - 1;
  while (i >= 0 && !stops.includes(code[i]!)) i--;
  return code.slice(i + 1, offset);
}

/** The `{` of the innermost brace block holding `at` (other brackets are not counted), or -1 outside every block. */
export function openingBrace(code: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (code[i] === "}") depth++;
    else if (code[i] === "{" && depth-- === 0) return i;
  }
  return -1;
}

/** Index just after the bracket that closes the one at `open`, or the end of the code. */
export function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 123 || c === 40 || c === 91) depth++;
    else if (c === 125 || c === 41 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return code.length;
}

/**
 * The `{` of the block that follows a `when`/`switch` keyword ending at `from`, after an
 * optional parenthesised subject; -1 when something else follows (`switch` as a statement
 * label, `when` as a guard).
 */
export function blockAfter(code: string, from: number, subject: "optional" | "required" | "none"): number {
  let i = from;
  while (i < code.length && /\s/.test(code[i]!)) i++;
  if (code[i] === "(" && subject !== "none") {
    i = closing(code, i);
    while (i < code.length && /\s/.test(code[i]!)) i++;
  } else if (subject === "required") return -1;
  return code[i] === "{" ? i : -1;
}

/**
 * Arms of a `when` or switch-expression block opening at `open`: each `arrow` at the block's
 * own level counts once, except the catch-all arm whose label is `fallback` (`else`, `_`),
 * like `default` is not a case. Labels run from the previous separator at that level.
 */
export function countArms(code: string, open: number, arrow: string, separators: string, fallback: string): number {
  const end = closing(code, open);
  let depth = 0;
  let labelStart = open + 1;
  let count = 0;
  for (let i = open; i < end; i++) {
    const c = code[i]!;
    if (c === "{" || c === "(" || c === "[") depth++;
    else if (c === "}" || c === ")" || c === "]") depth--;
    else if (depth === 1 && separators.includes(c)) labelStart = i + 1;
    else if (depth === 1 && code.startsWith(arrow, i)) {
      if (code.slice(labelStart, i).trim() !== fallback) count++;
      labelStart = i + arrow.length;
      i += arrow.length - 1;
    }
  }
  return count;
}

/**
 * Conditional operators in languages where `?` also marks nullable types (`int?`, `T?`) and
 * null-aware access (`?.`, `?[`, `??`): a `?` written after a space or line break and not
 * followed by `.`, `?`, `[` or `=`, as in `a ? b : c` and a ternary broken over lines.
 */
export function spacedTernaries(code: string): number {
  return code.match(/(?<=\s)\?(?![.?[=])/g)?.length ?? 0;
}
