import { staticValue } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { inTests, RUST_VALUES, type RustFile } from "./source.ts";

/**
 * A handler declared with a route attribute: `#[get("/users/{id}")] async fn show(...)`;
 * `attributes`: the names of the other attributes on the function (`actix_web_grants::protect`).
 */
export type RouteFn = { fn: string; methods: string[]; path: string; named: Map<string, string>; params: string; line: number; attributes: string[] };

const ATTRIBUTE = /#\s*\[\s*(get|post|put|delete|patch|head|options|trace|connect|route)\s*\(/g;
const FN = /^\s*(?:#\s*\[[^\]]*\]\s*)*(?:pub(?:\s*\([^)]*\))?\s+)?(?:async\s+)?fn\s+([A-Za-z_]\w*)\s*(?:<[^>(]*>)?\s*\(/;

/**
 * The route attributes of a file (Actix and Rocket write them alike): method, path, the named
 * arguments (`wrap = "Auth"`, `data = "<form>"`; Actix's `method = "GET"` repeated and Rocket's
 * `#[route(GET, uri = "/x")]` give the methods of `route`), and the function they mark.
 */
export function routeFns(source: RouteSource, file: RustFile): RouteFn[] {
  const { code } = source;
  const found: RouteFn[] = [];
  for (const m of code.matchAll(ATTRIBUTE)) {
    if (inTests(file, m.index)) continue;
    const { args, end } = callArguments(code, m.index + m[0].length - 1);
    const close = code.indexOf("]", end);
    const fn = FN.exec(code.slice(close + 1, close + 1000));
    if (!fn) continue;
    const named = new Map<string, string>();
    const methods: string[] = [];
    let path: string | undefined;
    for (const arg of args) {
      const pair = /^([A-Za-z_]\w*)\s*=\s*/.exec(code.slice(arg.start, arg.end));
      const value = valueOf(source, file, pair ? { start: arg.start + pair[0].length, end: arg.end } : arg);
      if (pair && pair[1] === "method" && value) methods.push(value.toUpperCase());
      else if (pair && pair[1] === "uri" && value !== undefined) path = value;
      else if (pair && value !== undefined) named.set(pair[1]!, value);
      else if (!pair && /^[A-Z]+$/.test(code.slice(arg.start, arg.end).trim())) methods.push(code.slice(arg.start, arg.end).trim());
      else if (!pair && path === undefined) path = value;
    }
    if (path === undefined) continue;
    const open = close + 1 + fn[0].length - 1;
    const verb = m[1]!;
    const attributes = [...precedingAttributes(code, m.index), ...[...fn[0].matchAll(ATTRIBUTE_NAME)].map((a) => a[1]!)];
    found.push({ fn: fn[1]!, methods: verb === "route" ? methods : [verb.toUpperCase()], path, named, params: code.slice(open + 1, callArguments(code, open).end - 1), line: source.lineAt(m.index), attributes });
  }
  return found;
}

const ATTRIBUTE_NAME = /#\s*\[\s*([A-Za-z_][\w:]*)/g;

/** The names of the attributes written on the lines just above the one at `at`. */
function precedingAttributes(code: string, at: number): string[] {
  const names: string[] = [];
  let end = code.lastIndexOf("\n", at - 1);
  while (end > 0) {
    const start = code.lastIndexOf("\n", end - 1) + 1;
    const line = /^\s*#\s*\[\s*([A-Za-z_][\w:]*)[^\n]*\]\s*$/.exec(code.slice(start, end));
    if (!line) break;
    names.push(line[1]!);
    end = start - 1;
  }
  return names;
}

const valueOf = (source: RouteSource, file: RustFile, span: Span) => staticValue(source, span.start, span.end, file.constants, RUST_VALUES);
