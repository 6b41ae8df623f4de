import type { Span } from "../js/objects.ts";
import { jsPath } from "../js/values.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const TAG = /<\/?Route\b/g;
type Rendered = (span: Span | undefined) => { handler: string | undefined; guards: string[] };

/**
 * JSX route trees: `<Route path="users" element={<Users />}>` with nested `<Route>`s whose
 * paths are relative (an absolute one starts again from the root), index routes, pathless
 * layout routes whose guard element protects what they nest, and React Router 5's
 * `component={Users}`. All of a file's JSX routes hang on one router, "(jsx)".
 */
export function jsxRoutes(source: RouteSource, constants: Map<string, string>, rendered: Rendered): Registration[] {
  const found: Registration[] = [];
  const stack: { path: string; guards: string[] }[] = [];
  for (const m of source.code.matchAll(TAG)) {
    if (m[0].startsWith("</")) {
      stack.pop();
      continue;
    }
    const end = tagEnd(source.code, m.index + m[0].length);
    const attributes = { start: m.index + m[0].length, end };
    const parent = stack.at(-1) ?? { path: "", guards: [] };
    const path = attribute(source, attributes, "path", constants);
    const index = /\bindex\b(?!\s*=\s*\{\s*false)/.test(source.code.slice(attributes.start, attributes.end));
    const full = path === undefined
      ? parent.path
      : path.startsWith("/")
      ? joinPaths(path)
      : joinPaths(parent.path, path);
    const shown = rendered(expression(source, attributes, "element"));
    const component = expression(source, attributes, "component") ?? expression(source, attributes, "Component");
    const handler = shown.handler ?? (component ? source.code.slice(component.start, component.end).trim() : undefined);
    const guards = [...new Set([...parent.guards, ...shown.guards])];
    if (found.length === 0) {
      found.push({
        type: "router",
        framework: "react-router",
        name: "(jsx)",
        prefix: "",
        guards: [],
        line: source.lineAt(m.index),
      });
    }
    if (handler && (path !== undefined || index)) {
      found.push({
        type: "route",
        framework: "react-router",
        kind: "client",
        methods: ["GET"],
        path: full,
        handler,
        guards,
        owner: "(jsx)",
        line: source.lineAt(m.index),
      });
    }
    if (source.code[end - 2] !== "/") stack.push({ path: full, guards });
  }
  return found;
}

/** The offset just past the `>` that ends a tag whose attributes start at `from`; braces may hold `>`. */
function tagEnd(code: string, from: number): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === ">" && depth === 0) return i + 1;
  }
  return code.length;
}

/** A string attribute: `path="users"` or `path={USERS}`. */
function attribute(source: RouteSource, tag: Span, name: string, constants: Map<string, string>): string | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*(["'{])`).exec(source.code.slice(tag.start, tag.end));
  if (!m) return undefined;
  const at = tag.start + m.index + m[0].length - 1;
  if (m[1] !== "{") return source.stringAt(at)?.value;
  const span = expression(source, tag, name)!;
  return jsPath(source, span.start, span.end, constants);
}

/** The expression of an attribute written `name={...}`. */
function expression(source: RouteSource, tag: Span, name: string): Span | undefined {
  const m = new RegExp(`\\b${name}\\s*=\\s*\\{`).exec(source.code.slice(tag.start, tag.end));
  if (!m) return undefined;
  const open = tag.start + m.index + m[0].length - 1;
  let depth = 0;
  for (let i = open; i < tag.end; i++) {
    if (source.code[i] === "{") depth++;
    else if (source.code[i] === "}" && --depth === 0) return { start: open + 1, end: i };
  }
  return undefined;
}
