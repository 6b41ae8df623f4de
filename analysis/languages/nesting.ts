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
