/**
 * Indentation of statement lines for nesting, shared by the Ruby, Elixir and PHP modules.
 * A continuation line (a method chain `.to_s`, a pipe `|> f()`, a guard `when ...`, the next
 * argument after a trailing comma) is often aligned to an arbitrary column, which is no
 * nesting; such lines are left out, as Python's bracket continuations are.
 */
export type Continuation = {
  /** Code that, at the start of a line, continues the previous line. */
  starts: RegExp;
  /** Code that, at the end of a line, makes the next line a continuation. */
  ends: RegExp;
};

/**
 * The indentation width (tab = 4) of every line that holds code and starts a statement. Widths
 * come from the source text (a literal blanked at the start of a line is not indentation, a
 * byte order mark is not a column); which lines hold code comes from the stripped `code`.
 */
export function statementIndents(text: string, code: string, continuation: Continuation): number[] {
  const source = text.replace(/^\ufeff/, "").split("\n");
  const lines = code.split("\n");
  const indents: number[] = [];
  let continues = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (!continues && !continuation.starts.test(line)) indents.push(widthOf(source[i] ?? ""));
    continues = continuation.ends.test(line);
  }
  return indents;
}

function widthOf(line: string): number {
  let width = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32) width++;
    else if (c === 9) width += 4;
    else break;
  }
  return width;
}
