import { objectProperties, type Span } from "../js/objects.ts";
import { jsConstants, stringList } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import { callArguments, type RouteSource } from "../source.ts";

/** Next.js middleware (`proxy.ts` since Next 16), at the app's root or in `src/`. */
export const MIDDLEWARE_FILE = /(?:^|\/)(?:src\/)?(?:middleware|proxy)\.[cm]?[jt]s$/;

/** Which paths a middleware pattern speaks of: where it runs, or which of those it protects or leaves public. */
export type PatternRole = "matcher" | "protected" | "public";

const CONFIG = /\bexport\s+const\s+config\s*(?::[^=]+)?=\s*\{/;
const WRAPPED = /\bexport\s+default\s+([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*\(/;
const RENAMED = /\bexport\s*\{[^}]*\b([A-Za-z_$][\w$]*)\s+as\s+(?:middleware|proxy|default)\b[^}]*\}/;
const ROUTE_MATCHER = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*createRouteMatcher\s*\(/g;

/**
 * What a Next.js middleware guards: the patterns of `config.matcher` (every path when it has
 * none) and of Clerk's `createRouteMatcher` (protected, or public when so named), with the
 * auth-like wrapper or calls it runs (`withAuth`, `auth.protect()`, `export { auth as
 * middleware }`). Middleware that runs no such check (i18n, headers) guards nothing.
 */
export function middlewarePatterns(
  source: RouteSource,
  called: (span: Span) => string[],
): { role: PatternRole; path: string; guards: string[]; line: number }[] {
  const wrapper = WRAPPED.exec(source.code)?.[1] ?? RENAMED.exec(source.code)?.[1];
  const guards = [
    ...new Set([
      ...(wrapper && isGuardName(wrapper) ? [wrapper] : []),
      ...called({ start: 0, end: source.code.length }),
    ]),
  ];
  if (guards.length === 0) return [];
  const constants = jsConstants(source);
  const config = CONFIG.exec(source.code);
  const matcher = config ? objectProperties(source, config.index + config[0].length - 1).get("matcher") : undefined;
  const found: { role: PatternRole; path: string; guards: string[]; line: number }[] =
    (matcher ? patterns(source, matcher, constants) : ["/:path*"])
      .map((path) => ({ role: "matcher", path, guards, line: config ? source.lineAt(config.index) : 1 }));
  for (const m of source.code.matchAll(ROUTE_MATCHER)) {
    const list = callArguments(source.code, m.index + m[0].length - 1).args[0];
    const role: PatternRole = /public/i.test(m[1]!) ? "public" : "protected";
    for (const path of list ? patterns(source, list, constants) : []) {
      found.push({ role, path, guards, line: source.lineAt(m.index) });
    }
  }
  return found;
}

/** A pattern or a list of them; list items may be objects (`{ source: "/api/:path*", has: [...] }`). */
function patterns(source: RouteSource, span: Span, constants: Map<string, string>): string[] {
  const strings = stringList(source, span, constants);
  if (source.code[span.start] !== "[") return strings;
  const objects = [...source.code.slice(span.start, span.end).matchAll(/\{/g)].map((m) =>
    objectProperties(source, span.start + m.index).get("source")
  );
  return [...strings, ...objects.flatMap((s) => (s ? stringList(source, s, constants) : []))];
}
