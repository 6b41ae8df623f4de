import { callArguments, type RouteSource } from "../source.ts";

export type Span = { start: number; end: number };

/**
 * The arguments of the call or annotation whose `(` is at `open`, by name where the argument
 * is named (`topics = "x"`, `name="x"`, `queue: "x"`, `:queue => "x"`, `Name = "x"`) and by
 * position ("0", "1", ...) where it is not. Each maps to the span of its value.
 */
export function argumentMap(source: RouteSource, open: number): Map<string, Span> {
  const map = new Map<string, Span>();
  let position = 0;
  for (const arg of callArguments(source.code, open).args) {
    // `:key => v` is a Ruby hash pair; a bare `x => ...` is a lambda, not a name.
    const named = /^(?::([A-Za-z_]\w*)\s*=>|([A-Za-z_]\w*)\s*(?:=(?![=>])|:(?!:)))\s*/.exec(
      source.code.slice(arg.start, arg.end),
    );
    if (named) map.set(named[1] ?? named[2]!, { start: arg.start + named[0].length, end: arg.end });
    else map.set(String(position++), arg);
  }
  return map;
}

const CONSTANT = /(?<![\w.])([A-Za-z_]\w*)\s*(?::\s*[\w.<>?]+\s*)?(?::=|=(?![=>]))\s*(?=["'`])/g;

/**
 * The string constants of a file, by name: `TOPIC = "orders"`, `static final String TOPIC =
 * "orders"`, `const val TOPIC = "orders"`, `topic := "orders"`. Topic and queue names are
 * often held in such constants.
 */
export function stringConstants(source: RouteSource): Map<string, string> {
  const constants = new Map<string, string>();
  for (const m of source.code.matchAll(CONSTANT)) {
    const literal = source.stringAt(m.index + m[0].length);
    if (literal && !constants.has(m[1]!)) constants.set(m[1]!, literal.value);
  }
  return constants;
}

/**
 * The names an argument value gives: its string literals (`"a"`, `{"a", "b"}`, `["a"]`,
 * `arrayOf("a")`), known constants (`TOPIC`, `Topics.ORDERS`) and symbols (`:low`).
 * Kotlin's escaped `\${x}` placeholders read as `${x}`.
 */
export function namesIn(source: RouteSource, span: Span | undefined, constants: ReadonlyMap<string, string>): string[] {
  if (!span) return [];
  const names: string[] = [];
  const text = source.code.slice(span.start, span.end);
  for (const m of text.matchAll(/["'`]|:([A-Za-z_]\w*)|(?<![\w.])([A-Za-z_][\w.]*)/g)) {
    const at = span.start + m.index;
    if (m[1]) names.push(m[1]);
    else if (m[2]) {
      const value = constants.get(m[2]) ?? constants.get(m[2].split(".").at(-1)!);
      if (value !== undefined) names.push(value);
    } else {
      const literal = source.stringAt(at);
      if (literal) names.push(literal.value.replace(/\\\$/g, "$"));
    }
  }
  return names;
}

/** The first name an argument gives, or its code text (`5000`, `CronExpression.EVERY_HOUR`) when it gives none. */
export function valueOf(
  source: RouteSource,
  span: Span | undefined,
  constants: ReadonlyMap<string, string>,
): string | undefined {
  if (!span) return undefined;
  return namesIn(source, span, constants)[0] ??
    (source.code.slice(span.start, span.end).replace(/\s+/g, "") || undefined);
}

/**
 * The name a value gives a topic, queue or subject: a literal or known constant as it is;
 * a name read from configuration (`os.environ["ORDERS_QUEUE"]`, `getenv("Q")`,
 * `settings.ORDERS_QUEUE`, a parameter `queue`) in braces, so the consumer is still listed.
 */
export function nameOf(
  source: RouteSource,
  span: Span | undefined,
  constants: ReadonlyMap<string, string>,
): string | undefined {
  if (!span) return undefined;
  const text = source.code.slice(span.start, span.end).trim();
  const names = namesIn(source, span, constants);
  if (names.length && /^(?:["'`]|:\w|[A-Za-z_][\w.]*\s*$)/.test(text)) return names[0];
  // Adjacent literals in parentheses are one string: `("a.tasks" ".run")` (Python, C).
  if (/^\(\s*(?:(["'])\s*\1\s*)+\)$/.test(text.replace(/(["'])[^"'\n]*\1/g, "$1$1"))) return names.join("");
  const read = source.stringAfter(span.start, span.end)?.value;
  if (read) return `{${read}}`;
  const name = /^[A-Za-z_][\w.]*/.exec(text)?.[0];
  return name ? `{${name.split(".").at(-1)}}` : undefined;
}

/**
 * The arguments of a call written with or without parentheses, as Ruby and Elixir allow
 * (`queue_as :low`, `sidekiq_options queue: "critical", retry: 5`): from `at`, to the closing
 * parenthesis or the end of the line.
 */
export function commandArguments(source: RouteSource, at: number): Map<string, Span> {
  const { code } = source;
  const space = /^[ \t]*/.exec(code.slice(at))![0].length;
  if (code[at + space] === "(") return argumentMap(source, at + space);
  const map = new Map<string, Span>();
  let depth = 0;
  let start = at + space;
  let position = 0;
  const push = (end: number) => {
    const text = code.slice(start, end);
    if (!text.trim()) return;
    const named = /^\s*(?::([A-Za-z_]\w*)\s*=>|([A-Za-z_]\w*):(?!:))\s*/.exec(text);
    const from = start + (named ? named[0].length : /^\s*/.exec(text)![0].length);
    map.set(named ? named[1] ?? named[2]! : String(position++), { start: from, end: start + text.trimEnd().length });
  };
  for (let i = start; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    if ((c === "\n" && depth <= 0 && !/[,\\]\s*$/.test(code.slice(start, i))) || depth < 0) return (push(i), map);
    if (c === "," && depth === 0) (push(i), (start = i + 1));
  }
  push(code.length);
  return map;
}
