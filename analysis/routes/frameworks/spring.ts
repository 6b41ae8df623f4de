import type { Framework } from "../framework.ts";
import { constantRouters, jvmFile } from "../jvm/constants.ts";
import { annotationGuards, classRouters, memberGuards, pathValues } from "../jvm/controllers.ts";
import { declarations, elements, find } from "../jvm/declarations.ts";
import type { Registration } from "../registration.ts";
import { springGlobals } from "./spring-security.ts";

const MAPPINGS: Record<string, string | undefined> = { GetMapping: "GET", PostMapping: "POST", PutMapping: "PUT", DeleteMapping: "DELETE", PatchMapping: "PATCH", RequestMapping: undefined };
const IGNORE = new Set([...Object.keys(MAPPINGS), "RestController", "Controller", "PermitAll"]);

/**
 * Spring MVC and WebFlux controllers, in Java and Kotlin: `@RestController`/`@Controller`
 * classes (and mapped interfaces) with a class `@RequestMapping`, method mappings with one or
 * several paths and methods (`@RequestMapping(method = {GET, POST})`, none is any method),
 * paths from constants of the file or of another file, `@PreAuthorize`/`@Secured`/`@RolesAllowed`
 * on the class and the method; and the app's global guard and path prefix (spring-security.ts).
 * Feign clients declare calls, not routes.
 */
export const spring: Framework = {
  id: "spring",
  name: "Spring",
  languages: ["java", "kotlin"],
  hint: /@(?:Rest)?Controller\b|@RequestMapping\b|@(?:Get|Post|Put|Delete|Patch)Mapping\b|HttpSecurity|addPathPrefix|static\s+final\s+String\s+\w+\s*=\s*"|const\s+val\s+\w+\s*(?::\s*String\s*)?=\s*"/,
  scan(source) {
    const file = jvmFile(source);
    const registrations: Registration[] = [...constantRouters(file, "spring"), ...springGlobals(source, file)];
    for (const cls of declarations(source)) {
      if (find(cls.annotations, "FeignClient", "HttpExchange")) continue;
      const mapping = find(cls.annotations, "RequestMapping");
      if (!find(cls.annotations, "RestController", "Controller") && !mapping) continue;
      const classGuards = annotationGuards(source, cls.annotations, IGNORE);
      const routers = classRouters(source, file, "spring", cls, mapping && (mapping.args[0] ?? mapping.named.get("value") ?? mapping.named.get("path")));
      registrations.push(...routers.registrations);
      for (const member of cls.members) {
        const annotation = member.annotations.find((a) => a.name in MAPPINGS);
        if (!annotation) continue;
        const paths = pathValues(source, file, annotation.args[0] ?? annotation.named.get("value") ?? annotation.named.get("path"));
        if (!paths) continue;
        const verb = MAPPINGS[annotation.name];
        const listed = annotation.named.get("method");
        const methods = verb ? [verb] : listed ? elements(source, listed).map((s) => source.code.slice(s.start, s.end).replace(/.*\./, "").trim().toUpperCase()) : ["ALL"];
        const guards = memberGuards(source, classGuards, member.annotations, IGNORE);
        for (const owner of routers.names) {
          for (const path of paths) {
            registrations.push({ type: "route", framework: "spring", kind: "http", methods, path, handler: `${cls.name}.${member.name}`, guards, owner, line: source.lineAt(annotation.start) });
          }
        }
      }
    }
    return registrations;
  },
};
