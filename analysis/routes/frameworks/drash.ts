import type { Framework } from "../framework.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { arrayElements, objectProperties } from "../js/objects.ts";
import { pathConstants, stringList } from "../js/values.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "drash";
const CLASS = /\bclass\s+([A-Za-z_$][\w$]*)\s*(?:<[^>{]*>\s*)?extends\s+[\w$.]+(?:<[^>{]*>)?\s*(?:implements\s+[^{]+)?\{/g;
// `paths = [...]` (Drash 2), `public static paths = [...]` (Drash 1).
const PATHS = /(?:^|[;{}\n])\s*(?:(?:public|static|readonly|override)\s+)*paths\s*(?::[^=]+)?=\s*\[/;
const SERVICES = /(?:^|[;{}\n])\s*(?:(?:public|static|readonly|override)\s+)*services\s*(?::[^=]+)?=\s*\{/;
const VERB = /(?:^|[;{}\n])\s*(?:(?:public|async)\s+)*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s*\(/g;

/**
 * Drash (Deno): a resource is a class (extending `Drash.Resource`, or a base resource of the
 * project) with `paths` and methods named after HTTP verbs; it serves every method it defines
 * on every path it lists (`:id` is a parameter). Its `services` run before the methods they are
 * listed under (`{ POST: [auth], ALL: [...] }`): one named like an authentication check guards them.
 */
export const drash: Framework = {
  id: FRAMEWORK,
  name: "Drash",
  languages: ["javascript", "typescript"],
  contains: "paths",
  hint: /\bpaths\s*(?::[^=]+)?=\s*\[/,
  scan(source) {
    if (!/\bDrash\b|\/drash[@/]/.test(source.text)) return [];
    const { code } = source;
    const constants = pathConstants(source);
    const found: Registration[] = [];
    for (const m of code.matchAll(CLASS)) {
      const open = m.index + m[0].length - 1;
      const body = code.slice(open, callArguments(code, open).end);
      const paths = PATHS.exec(body);
      if (!paths) continue;
      const list = open + paths.index + paths[0].length - 1;
      const served = arrayElements(source, list).flatMap((span) => stringList(source, span, constants)).filter((p) => p.startsWith("/"));
      const services = servicesOf(source, body, open);
      for (const verb of body.matchAll(VERB)) {
        const method = verb[1]!;
        const guards = [...(services.get("ALL") ?? []), ...(services.get(method) ?? [])];
        for (const path of served) {
          found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path, handler: `${m[1]}.${method}`, guards, owner: "", line: source.lineAt(open + verb.index + verb[0].length - 1) });
        }
      }
    }
    return found;
  },
};

/** The guard-like services of a resource, by the method they run before (`ALL` for every one). */
function servicesOf(source: RouteSource, body: string, offset: number): Map<string, string[]> {
  const services = new Map<string, string[]>();
  const m = SERVICES.exec(body);
  if (!m) return services;
  for (const [key, span] of objectProperties(source, offset + m.index + m[0].length - 1)) {
    const names = arrayElements(source, span.start).map((s) => source.code.slice(s.start, s.end).trim().replace(/^new\s+/, "").replace(/\(.*$/s, ""));
    services.set(key.toUpperCase(), names.filter(isGuardName));
  }
  return services;
}
