import type { Framework } from "../framework.ts";
import { joinPrefix, staticValue } from "../common/values.ts";
import { jvmFile } from "../jvm/constants.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "http4k";
const ROUTES = /(?<![\w.])routes\s*\(/g;
const ASSIGNED = /(?:\bval\s+([A-Za-z_]\w*)|\bfun\s+([A-Za-z_]\w*)\s*\(\s*\))\s*(?::\s*[\w.<>]+\s*)?=\s*$/;
const METHOD = /^(?:Method\s*\.\s*)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+to\s+/;

type Scope = { owner: string; prefix: string; guards: string[] };

/**
 * http4k's routing: `routes(...)` trees of `"/path" bind Method.GET to handler`, `"/path" bind
 * routes(...)` nesting, `Method.POST to handler` inside a bound `routes`, a bound handler or
 * routes value (`"/api" bind apiRoutes` mounts a `val apiRoutes = routes(...)`), and filters in
 * front (`tokenAuth.required().then(handler)`, `ServerFilters.BearerAuth(...).then(routes(...))`),
 * which guard what they wrap when named like a check (an optional one lets everyone through).
 */
export const http4k: Framework = {
  id: FRAMEWORK,
  name: "http4k",
  languages: ["kotlin", "java"],
  hint: /\borg\.http4k\b/,
  scan(source) {
    const file = jvmFile(source);
    const { code } = source;
    const found: Registration[] = [];
    const value = (span: Span) => staticValue(source, span.start, span.end, file.constants, file.syntax);
    const inside: Span[] = [];

    /** The filters in front of an expression (`a.then(b.then(x))`, `a.then(b).then(x)`) and what they wrap. */
    const unwrap = (span: Span): { guards: string[]; inner: Span } => {
      const text = code.slice(span.start, span.end);
      const then = topLevelThen(text);
      if (!then) return { guards: [], inner: span };
      const filter = text.slice(0, then.index).replace(/\s+/g, "").replace(/\(\)$/, "").replace(/\(.*\)$/, "");
      const args = callArguments(code, span.start + then.index + then[0].length - 1);
      const rest = unwrap(args.args[0] ?? { start: span.end, end: span.end });
      // A filter chained after the call (`x.then(y).then(z)`): keep reading to the last.
      const after = code.slice(args.end, span.end).trim();
      const chained = after.startsWith(".") ? unwrap({ start: args.end + code.slice(args.end, span.end).indexOf(".") + 1, end: span.end }) : undefined;
      const guards = [...(isGuardName(filter) ? [filter] : []), ...rest.guards, ...(chained?.guards ?? [])];
      return { guards, inner: chained?.inner ?? rest.inner };
    };

    const handlerName = (span: Span) => {
      const text = code.slice(span.start, span.end).trim();
      const name = /^([A-Za-z_][\w.]*)\s*(?:\(\s*\))?$/.exec(text);
      return name ? name[1]! : "(inline)";
    };

    /** One element of a `routes(...)` call. */
    const element = (span: Span, scope: Scope) => {
      const text = code.slice(span.start, span.end);
      const bind = /\s+bind\s+/.exec(text);
      const line = source.lineAt(span.start);
      if (bind) {
        const path = value({ start: span.start, end: span.start + bind.index });
        if (path === undefined) return;
        target({ start: span.start + bind.index + bind[0].length, end: span.end }, { ...scope, prefix: joinPrefix(scope.prefix, path) }, line);
        return;
      }
      target(span, scope, line);
    };

    /** What a path is bound to: a method and handler, nested routes, a mounted value, or a handler for every method. */
    const target = (span: Span, scope: Scope, line: number) => {
      const start = span.start + (code.slice(span.start, span.end).length - code.slice(span.start, span.end).trimStart().length);
      const text = code.slice(start, span.end);
      const method = METHOD.exec(text);
      if (method) {
        const { guards, inner } = unwrap({ start: start + method[0].length, end: span.end });
        found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method[1]!], path: scope.prefix, handler: handlerName(inner), guards: [...scope.guards, ...guards], owner: scope.owner, line });
        return;
      }
      const { guards, inner } = unwrap({ start, end: span.end });
      const innerText = code.slice(inner.start, inner.end).trim();
      const nested = /^routes\s*\(/.exec(innerText);
      if (nested) {
        const open = inner.start + code.slice(inner.start, inner.end).indexOf("(");
        walk(open, { ...scope, guards: [...scope.guards, ...guards] });
      } else if (/^[a-z][\w.]*$/.test(innerText)) {
        // A routes value declared elsewhere (`"/api" bind apiRoutes`) is mounted here; the linker
        // leaves a name that is no router alone.
        found.push({ type: "use", framework: FRAMEWORK, owner: scope.owner, prefix: scope.prefix, args: [innerText], specifiers: [], guards: [...scope.guards, ...guards], mountOnly: true, line });
      } else if (innerText) {
        found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: ["ALL"], path: scope.prefix, handler: handlerName(inner), guards: [...scope.guards, ...guards], owner: scope.owner, line });
      }
    };

    const walk = (open: number, scope: Scope) => {
      const call = callArguments(code, open);
      inside.push({ start: open, end: call.end });
      for (const arg of call.args) element(arg, scope);
    };

    for (const m of code.matchAll(ROUTES)) {
      const open = m.index + m[0].length - 1;
      if (inside.some((s) => s.start < open && open < s.end)) continue;
      const before = code.slice(Math.max(0, m.index - 200), m.index);
      const assigned = ASSIGNED.exec(before);
      const name = assigned?.[1] ?? assigned?.[2] ?? `routes@${source.lineAt(m.index)}`;
      found.push({ type: "router", framework: FRAMEWORK, name, prefix: "", guards: [], line: source.lineAt(m.index) });
      walk(open, { owner: name, prefix: "", guards: [] });
    }
    return found;
  },
};

/** The first `.then(` of an expression outside its parentheses: `a.then(x)`, not `routes(b.then(y))`. */
function topLevelThen(text: string): { index: number; 0: string } | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "." && depth === 0) {
      const then = /^\.\s*then\s*\(/.exec(text.slice(i, i + 20));
      if (then) return { index: i, 0: then[0] };
    }
  }
  return undefined;
}
