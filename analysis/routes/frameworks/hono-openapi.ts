import { argumentName, guardNames } from "../js/names.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { expressionEnd, jsPath, jsValue } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const DEFINITION = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*createRoute\s*\(/g;
const INLINE = /^createRoute\s*\(/;

/** What a `createRoute({ method, path, middleware })` declares. */
export type Declared = { methods: string[]; path: string; guards: string[] };

/**
 * @hono/zod-openapi route definitions held in constants (`export const listUsers =
 * createRoute({...})`, often in a routes file of their own): each is a router of one route,
 * named after the constant and handled under that name, so that `app.openapi(listUsers, h)`
 * here or `router.openapi(routes.listUsers, h)` in another file mounts it where it is served.
 */
export function openapiDefinitions(source: RouteSource, constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  for (const m of source.code.matchAll(DEFINITION)) {
    const declared = declaration(source, m.index + m[0].length - 1, constants);
    if (!declared) continue;
    const name = m[1]!;
    const line = source.lineAt(m.index);
    found.push({ type: "router", framework: "hono", name, prefix: "", guards: [], line });
    found.push({ type: "route", framework: "hono", kind: "http", ...declared, handler: name, owner: name, line });
  }
  return found;
}

/**
 * `app.openapi(route, handler)`: a route written in place is returned with the handler; one
 * named (a constant here or elsewhere) is a mount of that definition on `owner`.
 */
export function openapiCall(
  source: RouteSource,
  owner: string,
  args: Span[],
  line: number,
  constants: Map<string, string>,
): Registration[] {
  const [definition, handler] = args;
  if (!definition) return [];
  const inline = INLINE.exec(source.code.slice(definition.start, definition.end));
  if (!inline) {
    const name = argumentName(source, definition.start, definition.end);
    return name === "(inline)" ? [] : [{
      type: "use",
      framework: "hono",
      owner,
      prefix: "",
      args: [name],
      specifiers: [],
      guards: [],
      mountOnly: true,
      line,
    }];
  }
  const declared = declaration(source, definition.start + inline[0].length - 1, constants);
  const name = handler ? argumentName(source, handler.start, handler.end) : "(inline)";
  return declared ? [{ type: "route", framework: "hono", kind: "http", ...declared, handler: name, owner, line }] : [];
}

/** The method, path and middleware guards of the `createRoute` call whose `(` is at `open`. */
function declaration(source: RouteSource, open: number, constants: Map<string, string>): Declared | undefined {
  const options = callArguments(source.code, open).args[0];
  if (!options || source.code[options.start] !== "{") return undefined;
  const properties = objectProperties(source, options.start);
  const value = (span: Span | undefined) => (span ? jsValue(source, span.start, span.end, constants) : undefined);
  const method = value(properties.get("method"));
  const pathSpan = properties.get("path");
  const path = pathSpan ? jsPath(source, pathSpan.start, pathSpan.end, constants) : undefined;
  if (!method || path === undefined) return undefined;
  const middleware = resolved(source, properties.get("middleware"));
  return {
    methods: [method.toUpperCase()],
    path,
    guards: middleware ? guardNames(source, middleware.start, middleware.end) : [],
  };
}

/** A span, or the expression a constant it names holds (`middleware: readMiddleware`). */
function resolved(source: RouteSource, span: Span | undefined): Span | undefined {
  const name = span && source.code.slice(span.start, span.end).trim();
  if (!name || !/^[A-Za-z_$][\w$]*$/.test(name)) return span;
  const declared = new RegExp(`\\b(?:const|let|var)\\s+${name.replace(/\$/g, "\\$")}\\s*(?::[^=;]+)?=\\s*`).exec(
    source.code,
  );
  if (!declared) return span;
  const start = declared.index + declared[0].length;
  return { start, end: expressionEnd(source.code, start) };
}
