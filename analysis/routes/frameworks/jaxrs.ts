import type { Framework } from "../framework.ts";
import { staticValue } from "../common/values.ts";
import { constantRouters, jvmFile, STRING_CONSTANT_HINT } from "../jvm/constants.ts";
import { annotationGuards, classRouters, memberGuards, memberPaths } from "../jvm/controllers.ts";
import { declarations, find } from "../jvm/declarations.ts";
import type { Registration } from "../registration.ts";

const VERBS = new Set(["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]);
const IGNORE = new Set(["Path", "PermitAll", ...VERBS]);

/**
 * JAX-RS and Jakarta REST (also Quarkus and Dropwizard resources), in Java and Kotlin: `@Path`
 * classes, methods with `@GET`/`@POST`/... and an optional `@Path`, `@RolesAllowed`/`@DenyAll`/
 * `@Authenticated` on the class and the method (`@PermitAll` lifts the class's), and
 * `@ApplicationPath("/api")`, the prefix of every resource. Paths may come from constants.
 */
export const jaxrs: Framework = {
  id: "jaxrs",
  name: "JAX-RS",
  languages: ["java", "kotlin"],
  hint: new RegExp(String.raw`@Path\b|@ApplicationPath\b|${STRING_CONSTANT_HINT}`),
  scan(source) {
    if (!/\b(?:javax|jakarta)\.ws\.rs\b|@ApplicationPath\b|@Path\b[\s\S]*@(?:GET|POST|PUT|DELETE|PATCH)\b/.test(source.text)) return constantRouters(jvmFile(source), "jaxrs");
    const file = jvmFile(source);
    const registrations: Registration[] = [...constantRouters(file, "jaxrs")];
    for (const cls of declarations(source)) {
      const application = find(cls.annotations, "ApplicationPath");
      const prefix = application?.args[0] && staticValue(source, application.args[0].start, application.args[0].end, file.constants, file.syntax);
      if (prefix) registrations.push({ type: "global", framework: "jaxrs", prefix, line: source.lineAt(application!.start) });
      const path = find(cls.annotations, "Path");
      // A MicroProfile REST client declares calls to another service, not routes.
      if (!path || find(cls.annotations, "RegisterRestClient")) continue;
      const classGuards = annotationGuards(source, cls.annotations, IGNORE);
      const routers = classRouters(source, file, "jaxrs", cls, path.args[0] ?? path.named.get("value"));
      registrations.push(...routers.registrations);
      for (const member of cls.members) {
        const verb = member.annotations.find((a) => VERBS.has(a.name));
        if (!verb) continue;
        const own = find(member.annotations, "Path");
        const paths = memberPaths(source, file, own && (own.args[0] ?? own.named.get("value")));
        if (!paths) continue;
        const guards = memberGuards(source, classGuards, member.annotations, IGNORE);
        for (const owner of routers.names) {
          for (const p of paths) registrations.push({ type: "route", framework: "jaxrs", kind: "http", methods: [verb.name], ...p, handler: `${cls.name}.${member.name}`, guards, owner, line: source.lineAt(verb.start) });
        }
      }
    }
    return registrations;
  },
};
