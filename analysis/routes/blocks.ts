/**
 * Statements of the `do ... end` languages (Ruby, Elixir) as routing DSLs write them: a call
 * name, its arguments up to the end of the statement, and the body of its `do ... end` block.
 * Read over stripped code, so strings and comments never open or close a block.
 */
export type Span = { start: number; end: number };

/**
 * One DSL call: `resources :users, only: [:index] do ... end`. A loop over a literal list
 * (`%w(browse show).each do |action| ... end`) is the statement `each`, its args the list and
 * `params` the names its block takes.
 */
export type Statement = { name: string; start: number; args: Span; block: Span | undefined; params?: string[] };

/** What opens a block besides `do`: Ruby's `if`/`class`/... at the start of a statement, Elixir's `fn`. */
export type BlockSyntax = { leading: ReadonlySet<string>; anywhere: ReadonlySet<string> };

export const RUBY_BLOCKS: BlockSyntax = {
  leading: new Set(["if", "unless", "while", "until", "case", "begin", "def", "class", "module", "for"]),
  anywhere: new Set(),
};
export const ELIXIR_BLOCKS: BlockSyntax = { leading: new Set(), anywhere: new Set(["fn"]) };

const WORD = /[A-Za-z_][\w]*[!?]?/y;
const CONTINUES = /[,(\[{\\|&+\-*=<>.]$/;

/** The statements directly inside `span` (a file, or a block's body), in order. */
export function statements(code: string, span: Span, syntax: BlockSyntax): Statement[] {
  const found: Statement[] = [];
  let pos = span.start;
  while (pos < span.end) {
    const c = code[pos]!;
    if (/[\s;]/.test(c)) {
      pos++;
      continue;
    }
    WORD.lastIndex = pos;
    const word = WORD.exec(code);
    if (!word) {
      const loop = literalLoop(code, pos, span.end, syntax);
      if (loop) {
        found.push(loop.statement);
        pos = loop.end;
      } else pos = nextLine(code, pos, span.end);
      continue;
    }
    let nameEnd = pos + word[0].length;
    // Qualified calls: `Rails.application.routes.draw`, `Foo::Bar.baz`.
    for (let more = /^(?:\.|::)[A-Za-z_][\w]*[!?]?/.exec(code.slice(nameEnd, span.end)); more; more = /^(?:\.|::)[A-Za-z_][\w]*[!?]?/.exec(code.slice(nameEnd, span.end))) nameEnd += more[0].length;
    const name = code.slice(pos, nameEnd);
    const { argsEnd, blockStart } = argumentsEnd(code, nameEnd, span.end, syntax);
    if (syntax.leading.has(name)) {
      const end = blockEnd(code, blockStart ?? argsEnd, span.end, syntax);
      found.push({ name, start: pos, args: { start: nameEnd, end: argsEnd }, block: { start: argsEnd, end: Math.max(argsEnd, end - 3) } });
      pos = end;
      continue;
    }
    if (blockStart === undefined) {
      found.push({ name, start: pos, args: { start: nameEnd, end: argsEnd }, block: undefined });
      pos = argsEnd;
      continue;
    }
    let body = blockStart;
    const params = /^\s*\|[^|]*\|/.exec(code.slice(body, span.end));
    if (params) body += params[0].length;
    const end = blockEnd(code, body, span.end, syntax);
    found.push({ name, start: pos, args: { start: nameEnd, end: argsEnd }, block: { start: body, end: Math.max(body, end - 3) } });
    pos = end;
  }
  return found;
}

// `[:a, :b].each do |x|`; `%w(a b).each do |x|`, whose list the stripped code holds blanked (a
// literal): the loop starts at its `.each`, the list is what the line holds before it.
const EACH = /^\.each\s+do\s*\|\s*([A-Za-z_]\w*)\s*\|/;

/** A loop over a literal list at `pos`, as a statement, and where it ends; undefined when there is none. */
function literalLoop(code: string, pos: number, limit: number, syntax: BlockSyntax): { statement: Statement; end: number } | undefined {
  let list: Span;
  let after: number;
  if (code[pos] === "[") {
    let depth = 0;
    let i = pos;
    for (; i < limit; i++) {
      if (code[i] === "[") depth++;
      else if (code[i] === "]" && --depth === 0) break;
    }
    list = { start: pos, end: i + 1 };
    after = i + 1;
  } else {
    // The blanked literal may span lines (`%w[\n  pseud\n  tag\n].each`): it starts after the code before it.
    let start = pos;
    while (start > 0 && /\s/.test(code[start - 1]!)) start--;
    list = { start: Math.max(start, code.lastIndexOf("\n", start) + 1), end: pos };
    after = pos;
  }
  const each = EACH.exec(code.slice(after, limit));
  if (!each) return undefined;
  const body = after + each[0].length;
  const end = blockEnd(code, body, limit, syntax);
  return { statement: { name: "each", start: list.start, args: list, block: { start: body, end: Math.max(body, end - 3) }, params: [each[1]!] }, end };
}

/** Where a statement's arguments end: at a line end that does not continue, or at a `do` (whose body starts after it). */
function argumentsEnd(code: string, from: number, limit: number, syntax: BlockSyntax): { argsEnd: number; blockStart: number | undefined } {
  let depth = 0;
  for (let i = from; i < limit; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === "\n") {
      const before = code.slice(from, i).trimEnd();
      const after = code.slice(i + 1, limit).trimStart();
      if (!(before.length && CONTINUES.test(before) && !/\|\s*\w*\s*$/.test(before)) && !after.startsWith(".") && !after.startsWith("|>")) return { argsEnd: i, blockStart: undefined };
    } else if (depth === 0 && c === ";") return { argsEnd: i, blockStart: undefined };
    else if (depth === 0 && c === "d" && isWord(code, i, "do") && code[i + 2] !== ":") return { argsEnd: i, blockStart: i + 2 };
  }
  return { argsEnd: limit, blockStart: undefined };
}

/** The offset just after the `end` that closes a block whose body starts at `from`. */
function blockEnd(code: string, from: number, limit: number, syntax: BlockSyntax): number {
  let depth = 1;
  let statementStart = true;
  for (let i = from; i < limit; i++) {
    const c = code[i]!;
    if (c === "\n" || c === ";") {
      statementStart = true;
      continue;
    }
    if (/[A-Za-z_]/.test(c) && !/[\w.:@$]/.test(code[i - 1] ?? " ")) {
      const word = /^[A-Za-z_]\w*[!?]?/.exec(code.slice(i, i + 40))![0];
      const keyword = code[i + word.length] !== ":" || code[i + word.length + 1] === ":";
      if (keyword && (word === "do" || syntax.anywhere.has(word) || (statementStart && syntax.leading.has(word)))) depth++;
      else if (keyword && word === "end" && --depth === 0) return i + 3;
      i += word.length - 1;
      statementStart = /^(?:do|then|else|begin)$/.test(word);
      continue;
    }
    if (!/\s/.test(c)) statementStart = /[=(,|&{[]/.test(c);
  }
  return limit;
}

const isWord = (code: string, i: number, word: string) => code.startsWith(word, i) && !/[\w.:@$]/.test(code[i - 1] ?? " ") && !/[\w!?]/.test(code[i + word.length] ?? " ");

function nextLine(code: string, from: number, limit: number): number {
  const newline = code.indexOf("\n", from);
  return newline === -1 || newline > limit ? limit : newline + 1;
}
