import type { Framework } from "../framework.ts";
import { constantRouters, jvmFile, STRING_CONSTANT_HINT } from "../jvm/constants.ts";
import { annotationGuards, classRouters, memberGuards, memberPaths } from "../jvm/controllers.ts";
import { declarations, find } from "../jvm/declarations.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "blade";
const VERBS: Record<string, string> = { GetRoute: "GET", PostRoute: "POST", PutRoute: "PUT", DeleteRoute: "DELETE" };
const IGNORE = new Set(["Path", "Route", "JSON", ...Object.keys(VERBS)]);
// `@Route(value = "x", method = HttpMethod.POST)`; without a method it answers every one.
const ROUTE_METHOD = /\bHttpMethod\s*\.\s*([A-Z]+)\b/g;

/**
 * Blade (lets-blade, Java): `@Path("admin")` classes whose methods carry `@GetRoute("login")`,
 * `@PostRoute`, `@PutRoute`, `@DeleteRoute` or `@Route(value = ..., method = HttpMethod.X)`; a
 * value may list several paths (`{"/", "index"}`), none is the class's own path, and segments join
 * with slashes whether written or not. `:cid` is a parameter, also before a suffix (`:cid.html`).
 */
export const blade: Framework = {
  id: FRAMEWORK,
  name: "Blade",
  languages: ["java", "kotlin"],
  hint: new RegExp(String.raw`\bcom\.blade\.mvc\b|${STRING_CONSTANT_HINT}`),
  scan(source) {
    const file = jvmFile(source);
    const registrations: Registration[] = [...constantRouters(file, FRAMEWORK)];
    if (!/\bimport\s+com\.blade\.mvc\.annotation\b/.test(source.text)) return registrations;
    for (const cls of declarations(source)) {
      const path = find(cls.annotations, "Path");
      if (!path) continue;
      const classGuards = annotationGuards(source, cls.annotations, IGNORE);
      const routers = classRouters(source, file, FRAMEWORK, cls, path.args[0] ?? path.named.get("value"));
      registrations.push(...routers.registrations.map((r) => (r.type === "router" ? { ...r, prefix: bladePath(r.prefix) } : r)));
      for (const member of cls.members) {
        const verb = member.annotations.find((a) => VERBS[a.name] || a.name === "Route");
        if (!verb) continue;
        const paths = memberPaths(source, file, verb.args[0] ?? verb.named.get("value"));
        if (!paths) continue;
        const method = verb.name === "Route" ? verb.named.get("method") : undefined;
        const written = method ? source.code.slice(method.start, method.end) : "";
        const methods = verb.name === "Route" ? [...new Set([...written.matchAll(ROUTE_METHOD)].map((m) => m[1]!))] : [VERBS[verb.name]!];
        const guards = memberGuards(source, classGuards, member.annotations, IGNORE);
        for (const owner of routers.names) {
          for (const p of paths) {
            registrations.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: methods.length ? methods : ["ALL"], ...p, path: bladePath(p.path), handler: `${cls.name}.${member.name}`, guards, owner, line: source.lineAt(verb.start) });
          }
        }
      }
    }
    return registrations;
  },
};

/** A Blade path as a route's: a leading slash, `:name` as `{name}`; the class's own path (`/`) as nothing below it. */
const bladePath = (path: string): string => {
  const joined = path === "" || path === "/" ? "" : `/${path.replace(/^\/+/, "")}`;
  return joined.replace(/:(\w+)/g, "{$1}");
};
