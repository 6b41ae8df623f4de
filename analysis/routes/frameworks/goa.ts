import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "goa";
// A DSL call taking a name and a function: `Service("user", func() {`, `Method("login", func() {`.
const NAMED_BLOCK = (dsl: string) => new RegExp(`(?<![\\w.])${dsl}\\s*\\(`, "g");
const VERB = /(?<![\w.])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s*\(/g;
const SECURITY = /(?<![\w.])Security\s*\(\s*([A-Za-z_]\w*)/;
const NO_SECURITY = /(?<![\w.])NoSecurity\s*\(\s*\)/;

/**
 * Goa (design first, `goa.design/goa/v3/dsl`): the design declares the HTTP routes the generated
 * server mounts. `API(..., func() { HTTP(func() { Path("api") }) })` puts a path in front of every
 * service, `Service("user", func() { HTTP(func() { Path("/users") }) ... })` in front of its
 * methods, and a method's `HTTP(func() { POST("/login") })` serves it (paths are joined as Goa
 * joins them). `Security(scheme)` on the API, the service or the method guards it; a method's
 * `NoSecurity()` lifts what is above.
 */
export const goa: Framework = {
  id: FRAMEWORK,
  name: "Goa",
  languages: ["go"],
  hint: /"goa\.design\/goa\/v3\/dsl"/,
  scan(source) {
    const { code } = source;
    const found: Registration[] = [];
    const apis = blocks(source, "API");
    for (const api of apis) {
      const path = httpPath(source, outside(code, api.body, []));
      const security = SECURITY.exec(outside(code, api.body, []).text)?.[1];
      if (path) found.push({ type: "global", framework: FRAMEWORK, prefix: path, line: source.lineAt(api.at) });
      if (security) found.push({ type: "global", framework: FRAMEWORK, guard: security, line: source.lineAt(api.at) });
    }
    for (const service of blocks(source, "Service")) {
      const methods = blocks(source, "Method", service.body);
      const own = outside(code, service.body, methods.map((m) => m.body));
      const prefix = httpPath(source, own) ?? "";
      const serviceGuard = SECURITY.exec(own.text)?.[1];
      for (const method of methods) {
        const text = code.slice(method.body.start, method.body.end);
        const guards = NO_SECURITY.test(text) ? [] : [SECURITY.exec(text)?.[1] ?? serviceGuard].filter((g): g is string => !!g);
        for (const http of blocks(source, "HTTP", method.body, false)) {
          for (const verb of code.slice(http.body.start, http.body.end).matchAll(VERB)) {
            const at = http.body.start + verb.index + verb[0].length;
            const path = source.stringAt(at + (code.slice(at).length - code.slice(at).trimStart().length))?.value;
            if (path === undefined) continue;
            found.push({
              type: "route", framework: FRAMEWORK, kind: "http", methods: [verb[1]!], path: joinPaths(prefix, path),
              handler: `${service.name}.${method.name}`, guards, owner: "", ...(NO_SECURITY.test(text) ? { anonymous: true } : {}), line: source.lineAt(http.body.start + verb.index),
            });
          }
        }
      }
    }
    return found;
  },
};

type Block = { name: string; at: number; body: Span };

/** The calls of a DSL function in `within` (the whole file by default), with their name argument (`named`) and the body of their function argument. */
function blocks(source: RouteSource, dsl: string, within: Span = { start: 0, end: source.code.length }, named = true): Block[] {
  const { code } = source;
  const found: Block[] = [];
  const pattern = NAMED_BLOCK(dsl);
  pattern.lastIndex = within.start;
  for (let m = pattern.exec(code); m && m.index < within.end; m = pattern.exec(code)) {
    const open = m.index + m[0].length - 1;
    const { args, end } = callArguments(code, open);
    const fn = args.at(-1);
    const brace = fn ? code.indexOf("{", fn.start) : -1;
    if (!fn || brace === -1 || brace >= fn.end || !/^\s*func\s*\(\s*\)/.test(code.slice(fn.start, fn.end))) continue;
    const name = named ? (args[0] && source.stringAt(args[0].start)?.value) : dsl;
    if (name === undefined) continue;
    found.push({ name, at: m.index, body: { start: brace, end: closing(code, brace) } });
    pattern.lastIndex = end;
  }
  return found;
}

/** The code of a body outside the nested spans (a service's own DSL, not its methods'). */
function outside(code: string, body: Span, nested: readonly Span[]): { text: string; spans: Span[] } {
  const spans: Span[] = [];
  let start = body.start;
  for (const n of [...nested].sort((a, b) => a.start - b.start)) {
    spans.push({ start, end: n.start });
    start = n.end;
  }
  spans.push({ start, end: body.end });
  return { text: spans.map((s) => code.slice(s.start, s.end)).join("\n"), spans };
}

/** The `Path("...")` of the `HTTP(func() {...})` block among these spans. */
function httpPath(source: RouteSource, own: { spans: Span[] }): string | undefined {
  for (const span of own.spans) {
    for (const http of blocks(source, "HTTP", span, false)) {
      const m = /(?<![\w.])Path\s*\(\s*/.exec(source.code.slice(http.body.start, http.body.end));
      if (m) return source.stringAt(http.body.start + m.index + m[0].length)?.value;
    }
  }
  return undefined;
}
