/**
 * Brace scopes of stripped code, shared by the brace languages of the native group (Go, Rust,
 * C/C++, Swift): which blocks enclose an offset, each labelled by its language from the text
 * before its `{` (a Rust `mod x`, a C++ `namespace`), so that "module level" can look through
 * the blocks that do not start a new scope for declarations.
 */
export type Scopes = {
  /** Labels of the blocks enclosing `offset`, outermost first; `null` for an unlabelled block. */
  at(offset: number): readonly (string | null)[];
  /** How many blocks enclose `offset`. */
  depthAt(offset: number): number;
  /** Whether every block enclosing `offset` is labelled: module level for the language. */
  moduleLevel(offset: number): boolean;
  /** The offset just after the `}` closing the block opened at `open`, or the end of the code. */
  closeOf(open: number): number;
};

/**
 * Walks `{` and `}` of `code` (comments and strings already blanked) once. `label` sees the
 * header of each block: the code since the previous `;`, `{` or `}`.
 */
export function braceScopes(code: string, label: (header: string) => string | null = () => null): Scopes {
  const positions: number[] = [];
  const stacks: (readonly (string | null)[])[] = [];
  const closes = new Map<number, number>();
  const opens: number[] = [];
  let stack: readonly (string | null)[] = [];
  let boundary = 0;
  const punctuation = /[{};]/g;
  for (let match = punctuation.exec(code); match; match = punctuation.exec(code)) {
    const i = match.index;
    const c = code.charCodeAt(i);
    if (c === 123) {
      stack = [...stack, label(code.slice(boundary, i))];
      opens.push(i);
    } else if (c === 125) {
      if (stack.length) stack = stack.slice(0, -1);
      const open = opens.pop();
      if (open !== undefined) closes.set(open, i + 1);
    }
    boundary = i + 1;
    if (c === 59) continue;
    positions.push(i);
    stacks.push(stack);
  }
  const at = (offset: number): readonly (string | null)[] => {
    let low = 0;
    let high = positions.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (positions[mid]! < offset) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found === -1 ? [] : stacks[found]!;
  };
  return {
    at,
    depthAt: (offset) => at(offset).length,
    moduleLevel: (offset) => at(offset).every((item) => item !== null),
    closeOf: (open) => closes.get(open) ?? code.length,
  };
}

/** Where the declaration or block header ending at `offset` starts: after the previous `;`, `{` or `}`. */
export function headerStart(code: string, offset: number): number {
  const semicolon = code.lastIndexOf(";", offset - 1);
  const open = code.lastIndexOf("{", offset - 1);
  const close = code.lastIndexOf("}", offset - 1);
  return Math.max(semicolon, open, close) + 1;
}
