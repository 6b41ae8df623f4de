import type { Framework } from "../framework.ts";
import { constantRouters, jvmFile, STRING_CONSTANT_HINT } from "../jvm/constants.ts";
import { annotationGuards, classRouters, memberGuards, memberPaths } from "../jvm/controllers.ts";
import { type Annotation, declarations, elements, find } from "../jvm/declarations.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const VERBS: Record<string, string> = { Get: "GET", Post: "POST", Put: "PUT", Delete: "DELETE", Patch: "PATCH", Head: "HEAD", Options: "OPTIONS", Trace: "TRACE" };
const IGNORE = new Set(["PermitAll", "Controller", ...Object.keys(VERBS)]);
const FRAMEWORK = "micronaut";
/** What Micronaut Security does to a route no rule allows: it answers 401. */
const SECURED_BY_DEFAULT = "micronaut-security";

/**
 * Micronaut, in Java and Kotlin: `@Controller("/path")` classes whose methods carry `@Get`,
 * `@Post`... with a path as their value, `uri` or `uris`. Micronaut Security is secure by
 * default: once a file of the project uses it, every route needs a rule that lets its caller in
 * (a global guard); `@Secured(SecurityRule.IS_ANONYMOUS)` and `@PermitAll` let anyone in, and a
 * rule list with `IS_ANONYMOUS` in it lets anonymous callers through as well as users.
 * `@Client` interfaces call other services and serve nothing.
 */
export const micronaut: Framework = {
  id: FRAMEWORK,
  name: "Micronaut",
  languages: ["java", "kotlin"],
  // Constants that paths name are routers too, wherever they are declared.
  hint: new RegExp(String.raw`\bio\.micronaut\.(?:http\.annotation|security)\b|${STRING_CONSTANT_HINT}`),
  scan(source) {
    const file = jvmFile(source);
    const registrations: Registration[] = [...constantRouters(file, FRAMEWORK)];
    if (/\bimport\s+io\.micronaut\.security\b/.test(source.text)) registrations.push({ type: "global", framework: FRAMEWORK, guard: SECURED_BY_DEFAULT, line: 1 });
    if (!/\bimport\s+io\.micronaut\.http\.annotation\b/.test(source.text)) return registrations;
    for (const cls of declarations(source)) {
      const controller = find(cls.annotations, "Controller");
      if (!controller) continue;
      const classGuards = annotationGuards(source, cls.annotations, IGNORE);
      const routers = classRouters(source, file, FRAMEWORK, cls, controller.args[0] ?? controller.named.get("value"));
      registrations.push(...routers.registrations);
      const classAccess = anonymousAccess(source, cls.annotations);
      for (const member of cls.members) {
        const verb = member.annotations.find((a) => VERBS[a.name]);
        if (!verb) continue;
        const paths = memberPaths(source, file, verb.args[0] ?? verb.named.get("value") ?? verb.named.get("uri") ?? verb.named.get("uris"));
        if (!paths) continue;
        // A method's own @Secured replaces the class's, rule list and all.
        const access = find(member.annotations, "Secured") ? anonymousAccess(source, member.annotations) : find(member.annotations, "PermitAll") ? true : classAccess;
        const guards = access ? [] : memberGuards(source, classGuards, member.annotations, IGNORE);
        for (const owner of routers.names) {
          for (const path of paths) {
            registrations.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [VERBS[verb.name]!], ...withoutQueryVariables(path), handler: `${cls.name}.${member.name}`, guards, owner, line: source.lineAt(verb.start), ...(access ? { anonymous: true } : {}) });
          }
        }
      }
    }
    return registrations;
  },
};

/**
 * A URI template's query variables (`/{executionId}/kill{?isOnKillCascade}`, `{&page}`) match the
 * query string, not the path: the route's path is the template without them.
 */
function withoutQueryVariables<T extends { path: string; pathRest?: string }>(path: T): T {
  const strip = (p: string) => p.replace(/\{[?&][^}]*\}/g, "");
  return { ...path, path: strip(path.path), ...(path.pathRest !== undefined ? { pathRest: strip(path.pathRest) } : {}) };
}

/** Whether annotations let anonymous callers in: `@PermitAll`, or `@Secured` with `IS_ANONYMOUS` among its rules. */
function anonymousAccess(source: RouteSource, annotations: readonly Annotation[]): boolean {
  if (find(annotations, "PermitAll")) return true;
  const secured = find(annotations, "Secured");
  if (!secured) return false;
  const rules = [...secured.args, ...secured.named.values()].flatMap((span) => elements(source, span));
  // The constant, or the expression it stands for written out.
  return rules.some((span) => /\bIS_ANONYMOUS\b/.test(source.code.slice(span.start, span.end)) || source.stringAt(span.start)?.value === "isAnonymous()");
}
