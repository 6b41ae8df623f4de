/**
 * The bodies of a repository's functions by name, for the checks that look inside what a route
 * names: a Go wrapper around its handler (go/wrapper-guards.ts), a Rust handler that refuses
 * the caller itself (rust/handler-guards.ts), a Python guard decorator that lets callers through
 * while a setting is off (python/setting-switched-guards.ts). Read once, on first use; tests,
 * vendored code and build output are left out.
 */
import { closing } from "../languages/curly.ts";
import { SKIPPED as PYTHON_SKIPPED } from "./python/config-values.ts";
import { callArguments } from "./source.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

/** Where a function's body is, its header matched at `m`: undefined for a declaration without one. */
type BodyOf = (text: string, m: RegExpMatchArray & { index: number }) => string | undefined;

// Go and Rust: the braces after the parameters, a result type or a `where` clause.
const braced: BodyOf = (text, m) => {
  const params = callArguments(text, m.index + m[0].length - 1);
  const open = text.indexOf("{", params.end);
  if (open === -1 || text.slice(params.end, open).includes(";")) return undefined;
  return text.slice(open, closing(text, open));
};

// Python, a module's own functions: the header and the lines below it, to the next line of code at the margin.
const indented: BodyOf = (text, m) => {
  let end = text.indexOf("\n", m.index);
  while (end !== -1 && end + 1 < text.length) {
    const next = text.indexOf("\n", end + 1);
    // A comment or a blank line does not end it.
    if (/^[^\s#]/.test(text.slice(end + 1, next === -1 ? text.length : next))) break;
    end = next;
  }
  return text.slice(m.index, end === -1 ? text.length : end);
};

const LANGUAGES = {
  go: { file: /\.go$/, skip: /_test\.go$|(^|\/)vendor\//, header: /^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*\(/gm, body: braced },
  rust: { file: /\.rs$/, skip: /(^|\/)(?:tests|target|vendor)\//, header: /(?<![\w])fn\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*\(/g, body: braced },
  python: { file: /\.py$/, skip: PYTHON_SKIPPED, header: /^def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm, body: indented },
} as const;

/** A function of a name, answering the bodies of every function so named in `language`'s files. */
export function functionBodies(project: Project | undefined, language: keyof typeof LANGUAGES): (name: string) => readonly string[] {
  const definitions = functionDefinitions(project, language);
  return (name) => definitions(name).map((d) => d.body);
}

/** The same, with the file each function is defined in. */
export function functionDefinitions(project: Project | undefined, language: keyof typeof LANGUAGES): (name: string) => readonly Definition[] {
  let definitions: Map<string, Definition[]> | undefined;
  return (name) => (definitions ??= indexed(project, language)).get(name) ?? [];
}

// Per project and language, the index is read once: several steps of one analysis ask it (Go's guards, handler checks, WebSocket handlers).
const indexes = new WeakMap<Project, Map<string, Map<string, Definition[]>>>();

function indexed(project: Project | undefined, language: keyof typeof LANGUAGES): Map<string, Definition[]> {
  if (!project) return read(project, LANGUAGES[language]);
  const byLanguage = indexes.get(project) ?? indexes.set(project, new Map()).get(project)!;
  return byLanguage.get(language) ?? byLanguage.set(language, read(project, LANGUAGES[language])).get(language)!;
}

/** A function's file and body; `method` when it has a receiver (Go's `func (s *server) Name(`). */
type Definition = { file: string; body: string; method?: boolean };

function read(project: Project | undefined, language: (typeof LANGUAGES)[keyof typeof LANGUAGES]): Map<string, Definition[]> {
  const definitions = new Map<string, Definition[]>();
  for (const path of project?.listed ?? []) {
    if (!language.file.test(path) || language.skip.test(path)) continue;
    const text = project!.text(path) ?? "";
    for (const m of text.matchAll(language.header)) {
      const body = language.body(text, m);
      const method = /^func\s*\(/.test(m[0]);
      if (body === undefined) continue;
      const definition = { file: path, body, ...(method ? { method } : {}) };
      definitions.set(m[1]!, [...(definitions.get(m[1]!) ?? []), definition]);
      // A Go method is found by its receiver's type too (`webSessionMiddleware.handle`), apart from its namesakes.
      const receiver = method ? /^func\s*\(\s*(?:[A-Za-z_]\w*\s+)?\*?\s*([A-Za-z_]\w*)/.exec(m[0])?.[1] : undefined;
      if (receiver) definitions.set(`${receiver}.${m[1]}`, [...(definitions.get(`${receiver}.${m[1]}`) ?? []), definition]);
    }
  }
  return definitions;
}
