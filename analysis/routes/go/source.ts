import { closing, depthCursor } from "../../languages/curly.ts";
import { go } from "../../languages/go.ts";
import { strip } from "../../languages/strip.ts";
import { dirOf } from "../../project.ts";
import { stringConstants, type ValueSyntax } from "../common/values.ts";
import { callArguments, type RouteSource } from "../source.ts";
import type { Span } from "../js/objects.ts";

/** A parameter of a Go function: `r *gin.RouterGroup` is { name: "r", type: "*gin.RouterGroup" }. */
export type GoParam = { name: string; type: string };

/** A function or method declared at the top level, with its body. */
export type GoFunction = { name: string; receiver?: GoParam; params: GoParam[]; body: Span; start: number };

/**
 * What the Go route scanners read of a file besides its calls: the package folder (Go's
 * scope for names), imports by local name, top-level functions, the fields of declared
 * structs, and string constants (`const apiPrefix = "/api"`, grouped `const (...)` too).
 */
export type GoFile = {
  scope: string;
  imports: Map<string, string>;
  functions: GoFunction[];
  fields: Map<string, string>;
  constants: Map<string, string>;
};

export const GO_VALUES: ValueSyntax = { name: /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?/ };

const FUNC = /(?<![\w.])func\s*(?:\(([^()]*)\)\s*)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?\(/g;
const IMPORT = /(?<![\w.])import\s*(\()?/g;
/** `type Name struct {` (generic too): the name, and the match ends at the `{`. */
export const STRUCT = /(?<![\w.])type\s+([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?struct\s*\{/g;
const CONSTANT = /(?<![\w.])(?:const|var)\s+([A-Za-z_]\w*)\s*(?:string\s*)?=(?!=)\s*|^[ \t]+([A-Za-z_]\w*)\s*(?:string\s*)?=(?!=)\s*/gm;

const read = new WeakMap<RouteSource, GoFile>();

/** Reads the declarations of a Go file, once for all the Go scanners that read it. */
export function goFile(source: RouteSource): GoFile {
  const known = read.get(source);
  if (known) return known;
  const file = readGoFile(source);
  read.set(source, file);
  return file;
}

function readGoFile(source: RouteSource): GoFile {
  const { code } = source;
  const depthAt = depthCursor(code);
  const imported = imports(source);
  return {
    scope: dirOf(source.path),
    imports: imported,
    functions: functions(source, depthAt),
    fields: fields(source),
    constants: constants(source, imported),
  };
}

const LITERAL = /(?<![\w.])func\s*\(/g;

/**
 * The file's top-level functions and methods, and the function literals of its package-level
 * values (`var Main = gcmd.Command{Func: func(ctx context.Context, ...) {...}}`), named by their
 * line: their bodies run too, as the program's commands or handlers.
 */
function functions(source: RouteSource, depthAt: (at: number) => number): GoFunction[] {
  const { code } = source;
  const named = [...code.matchAll(FUNC)].filter((m) => depthAt(m.index) === 0).map((m) => declared(source, m));
  const inside = (at: number, list: readonly GoFunction[]) => list.some((f) => f.start <= at && at < f.body.end);
  const literals: GoFunction[] = [];
  for (const m of code.matchAll(LITERAL)) {
    if (depthAt(m.index) === 0 || inside(m.index, named) || inside(m.index, literals)) continue;
    const { args, end } = callArguments(code, m.index + m[0].length - 1);
    const body = bodyAfter(code, end);
    if (body.end > body.start) literals.push({ name: `func@${source.lineAt(m.index)}`, params: parameters(code, args), body, start: m.index });
  }
  return [...named, ...literals];
}

/** The local name of an import path: its last element, without a `/vN` or `.vN` version. */
export function packageName(path: string): string {
  const parts = path.split("/");
  const last = /^v\d+$/.test(parts.at(-1)!) && parts.length > 1 ? parts.at(-2)! : parts.at(-1)!;
  return last.replace(/\.v\d+$/, "").replace(/^go-/, "").replace(/[^\w]/g, "_");
}

function imports(source: RouteSource): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.code.matchAll(IMPORT)) {
    const start = m.index + m[0].length;
    const end = m[1] ? source.code.indexOf(")", start) : source.code.indexOf("\n", start);
    for (let s = source.stringAfter(start, end === -1 ? undefined : end); s; s = source.stringAfter(s.end, end === -1 ? undefined : end)) {
      const alias = /([A-Za-z_]\w*|\.)\s*$/.exec(source.code.slice(Math.max(start, source.code.lastIndexOf("\n", s.start)), s.start))?.[1];
      found.set(alias && alias !== "." ? alias : packageName(s.value), s.value);
    }
  }
  return found;
}

function declared(source: RouteSource, m: RegExpMatchArray): GoFunction {
  const open = m.index! + m[0].length - 1;
  const { args, end } = callArguments(source.code, open);
  const receiver = m[1] ? parameters(source.code, [{ start: m.index! + m[0].indexOf("(") + 1, end: m.index! + m[0].indexOf(")") }])[0] : undefined;
  return { name: m[2]!, ...(receiver ? { receiver } : {}), params: parameters(source.code, args), body: bodyAfter(source.code, end), start: m.index! };
}

/** A function literal written at `span` (`func(r chi.Router) { ... }`): its parameters and its body; undefined when none is. */
export function functionLiteral(code: string, span: Span): { params: GoParam[]; body: Span } | undefined {
  const m = /^\s*func\s*\(/.exec(code.slice(span.start, span.end));
  if (!m) return undefined;
  const { args, end } = callArguments(code, span.start + m[0].length - 1);
  const body = bodyAfter(code, end);
  return { params: parameters(code, args), body: { start: body.start, end: Math.min(body.end, closing(code, body.start)) } };
}

/** The `{...}` body that follows a function's parameters and results (an `interface{}` or `struct{}` in a result is not it). */
export function bodyAfter(code: string, from: number): Span {
  let parens = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[") parens++;
    else if (c === ")" || c === "]") parens--;
    else if (c === "{" && parens === 0) {
      if (!/(?:interface|struct)\s*$/.test(code.slice(Math.max(from, i - 12), i))) return { start: i, end: closing(code, i) };
      i = closing(code, i) - 1;
    } else if ((c === ";" || c === "}") && parens === 0) break;
  }
  return { start: from, end: from };
}

/** Parameters from their spans: `a, b int` gives both the type `int`. */
export function parameters(code: string, spans: readonly Span[]): GoParam[] {
  const params: GoParam[] = [];
  let type = "";
  for (const span of [...spans].reverse()) {
    const text = code.slice(span.start, span.end).trim();
    const m = /^([A-Za-z_]\w*)(?:\s+(.+))?$/s.exec(text);
    if (!m) continue;
    if (m[2]) type = m[2].replace(/\s+/g, "");
    params.unshift({ name: m[1]!, type: m[2] ? type : type || m[1]! });
  }
  return params;
}

/** Fields of struct types: `Server.router` -> `*mux.Router`. */
function fields(source: RouteSource): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.code.matchAll(STRUCT)) {
    const open = m.index + m[0].length - 1;
    for (const line of source.code.slice(open + 1, closing(source.code, open) - 1).split(/[\n;]/)) {
      const field = /^\s*([A-Za-z_]\w*)\s+(\*?[\w.]+)/.exec(line);
      if (field) found.set(`${m[1]}.${field[1]}`, field[2]!);
    }
  }
  return found;
}

function constants(source: RouteSource, imported: Map<string, string>): Map<string, string> {
  const groups: Span[] = [...source.code.matchAll(/(?<![\w.])(?:const|var)\s*\(/g)].map((m) => ({ start: m.index, end: closing(source.code, m.index + m[0].length - 1) }));
  const inGroup = (at: number) => groups.some((g) => g.start < at && at < g.end);
  // The second alternative (`Name = value` on its own line) only declares inside a const or var group.
  const found = stringConstants(source, CONSTANT, GO_VALUES, { accept: (m) => !m[2] || inGroup(m.index!) });
  // net/http names its methods, and fasthttp the same: `http.MethodGet` is "GET".
  for (const [alias, path] of imported) {
    if (path === "net/http" || path === "github.com/valyala/fasthttp") for (const m of HTTP_METHODS) found.set(`${alias}.Method${m[0]}${m.slice(1).toLowerCase()}`, m);
  }
  return found;
}

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "CONNECT", "OPTIONS", "TRACE"];

/** A Go file of the project as the scanners read it: its source and declarations. */
export type ParsedGoFile = { source: RouteSource; file: GoFile };

/** Reads the project's Go files by path, each once, for a step that reads them again after the scanners (undefined for one not there). */
export function goFileReader(project: { text(path: string): string | undefined }): (path: string) => ParsedGoFile | undefined {
  const parsed = new Map<string, ParsedGoFile | undefined>();
  return (path) => {
    if (!parsed.has(path)) {
      const text = project.text(path);
      const source = text === undefined ? undefined : { ...strip(text, go.syntax), path, text };
      parsed.set(path, source && { source, file: goFile(source) });
    }
    return parsed.get(path);
  };
}
