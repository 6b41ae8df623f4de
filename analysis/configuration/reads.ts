/**
 * Environment variable reads of one file, found during extraction and cached with its facts.
 * Only names are read: a variable's value is never looked at, here or anywhere else.
 */
import type { EnvRead } from "../facts.ts";
import { LANGUAGES } from "../languages/mod.ts";
import { strip, type Stripped, type Syntax } from "../languages/strip.ts";
import { ENV_READERS, type EnvReader } from "./patterns.ts";

const syntaxOf = new Map(LANGUAGES.map((language) => [language.id, language.syntax]));
/** Names of variables as the environment writes them; dynamic names (`"X_" + n`, `${k}`) do not qualify. */
const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** After the read: an assignment (`process.env.X = ...`, `ENV["X"] = ...`) writes, it does not read. */
const ASSIGNED = /^\s*\]?\s*=(?![=>~])/;
/** After the literal: the name is only part of an expression (`"A" + b`, `"A" . $b`, `"A" "B"`). */
const JOINED = /^\s*[+.%~"'`]/;
const MAX_DEPTH = 3;

/**
 * The variables `text` (in the language `language`) reads by name, each once per line, in
 * line order. Inside interpolated strings (template literals, f-strings, `"#{...}"`) the
 * embedded code is read too.
 *
 * @example extractEnv("python", 'os.getenv("DB_URL")\n') // [{ name: "DB_URL", line: 1 }]
 */
export function extractEnv(language: string, text: string): EnvRead[] {
  const reader = ENV_READERS[language];
  const syntax = syntaxOf.get(language);
  if (!reader || !syntax || (reader.contains !== undefined && !text.includes(reader.contains)) || !reader.trigger.test(text)) return [];
  const reads = new Map<string, EnvRead>();
  readIn(text, 1, reader, syntax, reads, 0);
  return [...reads.values()].sort((a, b) => a.line - b.line || a.name.localeCompare(b.name));
}

function readIn(
  text: string,
  firstLine: number,
  reader: EnvReader,
  syntax: Syntax,
  reads: Map<string, EnvRead>,
  depth: number,
): void {
  const stripped = strip(text, syntax);
  const { code } = stripped;
  const add = (name: string, offset: number, ignore: readonly string[] = []) => {
    if (!VARIABLE.test(name) || ignore.includes(name)) return;
    const line = firstLine + stripped.lineAt(offset) - 1;
    reads.set(`${name}\0${line}`, { name, line });
  };
  for (const { pattern, when, ignore } of reader.patterns) {
    if (when && !when.test(code)) continue;
    for (const match of code.matchAll(pattern)) {
      const end = match.index + match[0].length;
      const { name, names } = match.groups ?? {};
      if (names !== undefined) {
        destructured(names, match.index + match[0].indexOf(names), (n, at) => add(n, at, ignore));
      } else if (name !== undefined) {
        if (!ASSIGNED.test(code.slice(end, end + 16))) add(name, match.index, ignore);
      } else {
        const literal = literalAt(stripped, end);
        if (literal) add(literal.value, literal.start, ignore);
      }
    }
  }
  if (reader.interpolation && depth < MAX_DEPTH) {
    interpolated(
      text,
      stripped,
      reader,
      firstLine,
      (body, line) => readIn(body, line, reader, syntax, reads, depth + 1),
    );
  }
}

/** The string literal that is the whole argument right after `end`, if any. */
function literalAt(stripped: Stripped, end: number) {
  const literal = stripped.stringAfter(end, end + 64);
  if (!literal || stripped.code.slice(end, literal.start).trim()) return undefined;
  const after = stripped.code.slice(literal.end, literal.end + 16);
  return JOINED.test(after) || ASSIGNED.test(after) ? undefined : literal;
}

/** The keys of a destructuring list: `A, B: b, C = 1, ...rest` gives A, B and C. */
function destructured(list: string, offset: number, add: (name: string, at: number) => void): void {
  let at = offset;
  for (const item of list.split(",")) {
    const key = /^\s*([A-Za-z_$][\w$]*)\s*(?=[:=]|$)/.exec(item);
    if (key) add(key[1]!, at + key[0].indexOf(key[1]!));
    at += item.length + 1;
  }
}

/** Calls `read` with the code of every interpolation (`${...}`, `#{...}`, `{...}`) of the literals that interpolate. */
function interpolated(
  text: string,
  stripped: Stripped,
  reader: EnvReader,
  firstLine: number,
  read: (body: string, line: number) => void,
): void {
  const { open, quote } = reader.interpolation!;
  for (const literal of stripped.strings) {
    if (!literal.value.includes(open) || !reader.trigger.test(literal.value)) continue;
    const valueStart = literal.start + text.slice(literal.start, literal.end).indexOf(literal.value);
    if (!quote.test(text.slice(literal.start, valueStart))) continue;
    const value = literal.value;
    for (let i = value.indexOf(open); i !== -1; i = value.indexOf(open, i)) {
      if (open === "{" && value[i + 1] === "{") {
        i += 2; // `{{` is a literal brace in an f-string
        continue;
      }
      const bodyStart = i + open.length;
      let depth = 1;
      let j = bodyStart;
      for (; j < value.length && depth > 0; j++) {
        if (value[j] === "{") depth++;
        else if (value[j] === "}") depth--;
      }
      const bodyEnd = depth === 0 ? j - 1 : value.length;
      const line = firstLine + stripped.lineAt(valueStart + bodyStart) - 1;
      read(value.slice(bodyStart, bodyEnd), line);
      i = bodyEnd;
    }
  }
}
