/**
 * Nesting as SPEC.md defines it: the deepest indentation level of a code line. The unit of one
 * level is the smallest indentation the file uses (a tab counts as four columns), so two-space
 * and four-space files measure alike; it is kept between 2 and 8 so that a stray one-space
 * alignment does not make every level count double.
 */
export function nestingFromIndents(indents: readonly number[]): number {
  let unit = Infinity;
  let deepest = 0;
  for (const width of indents) {
    if (width > 0 && width < unit) unit = width;
    if (width > deepest) deepest = width;
  }
  if (unit === Infinity) return 0;
  return Math.floor(deepest / Math.max(2, Math.min(unit, 8)));
}

/** The width of leading whitespace (a tab counts as four). */
export const columns = (whitespace: string): number => whitespace.length + 3 * (whitespace.split("\t").length - 1);

/** The indentation width of a line (a tab counts as four), or -1 when the line is blank. */
export function indentWidth(line: string): number {
  let width = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 32) width++;
    else if (c === 9) width += 4;
    else if (c !== 13) return width;
  }
  return -1;
}

/**
 * Whether a line directly in the body of the block opened at `headerIndent` matches `pattern`:
 * the body runs from line index `from` until a line indented no deeper than the header, and
 * "directly" means at the body's own indentation, not in a nested block.
 */
export function bodyLineMatches(lines: readonly string[], from: number, headerIndent: number, pattern: RegExp): boolean {
  let bodyIndent = -1;
  for (let i = from; i < lines.length; i++) {
    const width = indentWidth(lines[i]!);
    if (width < 0) continue;
    if (width <= headerIndent) return false;
    if (bodyIndent < 0) bodyIndent = width;
    if (width === bodyIndent && pattern.test(lines[i]!)) return true;
  }
  return false;
}
