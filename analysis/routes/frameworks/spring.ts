import type { Framework } from "../framework.ts";
import { routerFunctionRoutes } from "../jvm/router-functions.ts";
import { constantRouters, jvmFile, STRING_CONSTANT_HINT } from "../jvm/constants.ts";
import { annotationGuards, classRouters, memberGuards, memberPaths, pathValues } from "../jvm/controllers.ts";
import { type Annotation, type Declared, declarations, elements, find, type Member } from "../jvm/declarations.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { springGlobals } from "./spring-security.ts";
import { springInterceptors } from "../jvm/interceptors.ts";
import { saTokenRules } from "../jvm/sa-token-router.ts";

const MAPPINGS: Record<string, string | undefined> = { GetMapping: "GET", PostMapping: "POST", PutMapping: "PUT", DeleteMapping: "DELETE", PatchMapping: "PATCH", RequestMapping: undefined };
// Spring's HTTP interfaces: a client's calls, and since Spring 6.1 a controller's routes when it implements one.
const EXCHANGES: Record<string, string | undefined> = { GetExchange: "GET", PostExchange: "POST", PutExchange: "PUT", DeleteExchange: "DELETE", PatchExchange: "PATCH", HttpExchange: undefined };
// A mapping of the app's composed on one of Spring's (`@AnonymousGetMapping` meta-annotated with `@GetMapping`).
const COMPOSED_MAPPING = /^\w+((?:Get|Post|Put|Delete|Patch|Request)Mapping)$/;
const IGNORE = new Set([...Object.keys(MAPPINGS), ...Object.keys(EXCHANGES), "RestController", "Controller", "PermitAll"]);
// The types a class header names after `implements` (Java) or `:` (Kotlin).
const IMPLEMENTS = /\bimplements\s+([^{]+)|\)?\s*:\s*([^{=]+)\{?\s*$/;

/**
 * Spring MVC and WebFlux controllers, in Java and Kotlin: `@RestController`/`@Controller`
 * classes (and mapped interfaces) with a class `@RequestMapping`, the mapped methods of the
 * interfaces a controller implements (`@GetExchange` HTTP interfaces, `@GetMapping` on an
 * API interface), method mappings with one or
 * several paths and methods (`@RequestMapping(method = {GET, POST})`, none is any method),
 * paths from constants of the file or of another file, `@PreAuthorize`/`@Secured`/`@RolesAllowed`
 * on the class and the method, a Kotlin handler's non-null `@AuthenticationPrincipal` parameter
 * (no anonymous call can fill it; `User?` makes it optional); and the app's global guard and
 * path prefix (spring-security.ts), its handler interceptors (jvm/interceptors.ts) and Sa-Token's
 * route rules (jvm/sa-token-router.ts).
 * Feign clients declare calls, not routes.
 */
export const spring: Framework = {
  id: "spring",
  name: "Spring",
  languages: ["java", "kotlin"],
  hint: new RegExp(String.raw`\bRouterFunctions?\b|\bcoRouter\s*\{|SpringdocRouteBuilder|@(?:Rest)?Controller\b|@RequestMapping\b|@(?:Get|Post|Put|Delete|Patch)Mapping\b|@(?:Get|Post|Put|Delete|Patch|Http)Exchange\b|HttpSecurity|InterceptorRegistry|@EnableResourceServer\b|ShiroFilterFactoryBean|ShiroFilterChainDefinition|\bSaRouter\b|addPathPrefix|\bRequestMappingHandlerMapping\b|${STRING_CONSTANT_HINT}`),
  scan(source) {
    const file = jvmFile(source);
    const registrations: Registration[] = [
      ...constantRouters(file, "spring"), ...springGlobals(source, file), ...springInterceptors(source, file), ...saTokenRules(source), ...routerFunctionRoutes(source),
      ...stereotypeRouters(source, file),
    ];
    for (const cls of declarations(source)) {
      if (find(cls.annotations, "FeignClient")) continue;
      if (cls.kind === "interface" && !find(cls.annotations, "RequestMapping")) {
        registrations.push(...interfaceRoutes(source, file, cls));
        continue;
      }
      if (find(cls.annotations, "HttpExchange")) continue;
      const mapping = find(cls.annotations, "RequestMapping");
      // An annotation of the app's composed of @RestController and @RequestMapping (ShenYu's `@RestApi("/appAuth")`):
      // on a class whose methods are mapped, a path given to it is the controller's.
      const composed = mapping ? undefined : cls.annotations.find((a) => /^["']\//.test(source.text.slice(a.args[0]?.start ?? 0, a.args[0]?.end ?? 0).trim()) && cls.members.some((m) => m.annotations.some((x) => x.name in MAPPINGS || COMPOSED_MAPPING.test(x.name))));
      const controller = find(cls.annotations, "RestController", "Controller") ?? composed;
      const mapped = cls.members.some((m) => m.annotations.some((a) => a.name in MAPPINGS || COMPOSED_MAPPING.test(a.name)));
      // Marked only by annotations of the app's: a controller where one of them is a stereotype (stereotypeRouters), mounted there.
      const marks = controller || mapping || !mapped ? [] : cls.annotations.filter((a) => /^[A-Z]/.test(a.name));
      // A class no controller annotation marks whose methods are mapped (an abstract base controller): the
      // controllers extending it serve its routes under their paths (below), each its own copy.
      const inherited = !controller && !mapping && cls.kind !== "interface" && mapped;
      if (!controller && !mapping && !inherited) continue;
      const classGuards = annotationGuards(source, cls.annotations, IGNORE);
      // An interface mapped on its own (`@RestController @RequestMapping({Url.APPS, NewUrl.APPS}) interface AppEndpoints`)
      // serves its methods under its own paths, and the controller implementing it inherits them: its routers take
      // a name that controller's mount of the interface (`pkg::AppEndpoints`, below) does not reach, which would
      // serve them a second time under the controller's path.
      const routed = cls.kind === "interface" ? { ...cls, name: `${cls.name}@mapped` } : cls;
      const routers = marks.length ? markedRouters(source, file, cls, marks) : inherited ? { names: [], registrations: [] } : classRouters(source, file, "spring", routed, mapping ? (mapping.args.length > 1 ? mapping.args : mapping.args[0] ?? mapping.named.get("value") ?? mapping.named.get("path")) : composed?.args[0]);
      if (inherited) {
        const base = classRouters(source, file, "spring", { ...cls, name: `${cls.name}${INHERITED}` }, undefined);
        routers.names.push(...base.names);
        routers.registrations.push(...base.registrations.map((r) => (r.type === "router" ? { ...r, mountedOnly: true } : r)));
      }
      registrations.push(...routers.registrations);
      // The classes it extends serve their mapped methods under its path.
      for (const name of superclasses(source, cls)) {
        const parent = `${file.imports.get(name) ? file.imports.get(name)!.replace(/\.[^.]+$/, "") : file.pkg}::${name}${INHERITED}`;
        for (const owner of routers.names) registrations.push({ type: "use", framework: "spring", owner, prefix: "", args: [parent], specifiers: [], guards: classGuards, mountOnly: true, line: source.lineAt(cls.start) });
      }
      // The interfaces a controller implements serve their mapped methods under its path.
      if (controller) {
        for (const name of implemented(source, cls)) {
          const iface = `${file.imports.get(name) ? file.imports.get(name)!.replace(/\.[^.]+$/, "") : file.pkg}::${name}`;
          for (const owner of routers.names) registrations.push({ type: "use", framework: "spring", owner, prefix: "", args: [iface], specifiers: [], guards: classGuards, mountOnly: true, line: source.lineAt(cls.start) });
        }
      }
      for (const member of cls.members) {
        const annotation = member.annotations.find((a) => a.name in MAPPINGS || COMPOSED_MAPPING.test(a.name));
        if (!annotation) continue;
        const paths = memberPaths(source, file, annotation.args[0] ?? annotation.named.get("value") ?? annotation.named.get("path"));
        if (!paths) continue;
        const verb = MAPPINGS[annotation.name] ?? MAPPINGS[COMPOSED_MAPPING.exec(annotation.name)?.[1] ?? ""];
        const listed = annotation.named.get("method");
        const methods = verb ? [verb] : listed ? elements(source, listed).map((s) => source.code.slice(s.start, s.end).replace(/.*\./, "").trim().toUpperCase()) : ["ALL"];
        const guards = [...memberGuards(source, classGuards, member.annotations, IGNORE), ...principalGuard(source, member)];
        // An annotation of the app's for anonymous access (`@AnonymousAccess`, `@AnonymousGetMapping`), whose
        // handlers the security configuration lets through, lifts the global guards.
        const anonymous = member.annotations.some((a) => /^Anonymous[A-Z]\w*$/.test(a.name));
        for (const owner of routers.names) {
          for (const path of paths) {
            registrations.push({ type: "route", framework: "spring", kind: "http", methods, ...path, handler: `${cls.name}.${member.name}`, guards, owner, line: source.lineAt(annotation.start), ...(anonymous ? { anonymous } : {}) });
          }
        }
      }
    }
    return registrations;
  },
};

/**
 * An interface's mapped methods (`@GetExchange("/tags")`, `@GetMapping`), under its own
 * `@HttpExchange` path: a router that serves them only where a controller implementing the
 * interface mounts it (alone it is a client's declaration).
 */
function interfaceRoutes(source: RouteSource, file: ReturnType<typeof jvmFile>, cls: ReturnType<typeof declarations>[number]): Registration[] {
  const mapped = cls.members.filter((m) => m.annotations.some((a) => a.name in EXCHANGES || a.name in MAPPINGS));
  if (!mapped.length) return [];
  const name = `${file.pkg}::${cls.name}`;
  const exchange = find(cls.annotations, "HttpExchange");
  const prefix = pathValues(source, file, exchange && (exchange.args[0] ?? exchange.named.get("value") ?? exchange.named.get("url")))?.[0] ?? "";
  const found: Registration[] = [{ type: "router", framework: "spring", name, prefix, guards: [], mountedOnly: true, line: source.lineAt(cls.start) }];
  for (const member of mapped) {
    const annotation = member.annotations.find((a) => a.name in EXCHANGES || a.name in MAPPINGS)!;
    const paths = memberPaths(source, file, annotation.args[0] ?? annotation.named.get("value") ?? annotation.named.get("url") ?? annotation.named.get("path"));
    if (!paths) continue;
    const verb = EXCHANGES[annotation.name] ?? MAPPINGS[annotation.name];
    const listed = annotation.named.get("method");
    const methods = verb ? [verb] : listed ? elements(source, listed).map((s) => source.code.slice(s.start, s.end).replace(/.*\./, "").replace(/["\s]/g, "").toUpperCase()) : ["ALL"];
    const guards = memberGuards(source, [], member.annotations, IGNORE);
    for (const path of paths) found.push({ type: "route", framework: "spring", kind: "http", methods, ...path, handler: `${cls.name}.${member.name}`, guards, owner: name, line: source.lineAt(annotation.start) });
  }
  return found;
}

// An annotation type of the app's, with the annotations on it: `@RestController @RequestMapping("/api") public @interface ApiController` (Java), `annotation class` (Kotlin).
const ANNOTATION_TYPE = /((?:@[\w.]+(?:\s*\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*)*)(?:(?:public|internal)\s+)?(?:@interface|annotation\s+class)\s+([A-Za-z_]\w*)/g;
const HANDLER_MAPPING = /\bextends\s+RequestMappingHandlerMapping\b|:\s*RequestMappingHandlerMapping\s*\(/;
const IS_HANDLER = /\bisHandler\s*\([^)]*\)[^{]*\{([^}]*)\}/;

/**
 * A class marked only by annotations of the app's: a router per mark, mounted on the router that
 * stands for it as a stereotype (served only where the mark is one), under the path the mark is
 * given (`@InternalController(["internal/time"])`, its value an alias of the stereotype's `@RequestMapping`).
 */
function markedRouters(source: RouteSource, file: ReturnType<typeof jvmFile>, cls: Declared, marks: readonly Annotation[]): { names: string[]; registrations: Registration[] } {
  const names: string[] = [];
  const registrations: Registration[] = [];
  for (const mark of marks) {
    const routers = classRouters(source, file, "spring", { ...cls, name: `${cls.name}@${mark.name}` }, mark.args[0] ?? mark.named.get("value") ?? mark.named.get("path"));
    names.push(...routers.names);
    registrations.push(...routers.registrations.map((r) => (r.type === "router" ? { ...r, mountedOnly: true } : r)));
    for (const owner of routers.names) registrations.push({ type: "use", framework: "spring", owner: stereotypeName(file, mark.name), prefix: "", args: [owner], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(cls.start) });
  }
  return { names, registrations };
}

/** The router standing for an annotation of the app's as a controller stereotype, by the package that declares it. */
function stereotypeName(file: ReturnType<typeof jvmFile>, annotation: string): string {
  const imported = file.imports.get(annotation);
  return `${imported ? imported.replace(/\.[^.]+$/, "") : file.pkg}::@${annotation}`;
}

/**
 * The app's own controller stereotypes, each a router its marked classes mount on (above): an
 * annotation type meta-annotated `@RestController`/`@Controller` (its `@RequestMapping` path, a
 * literal, prefixes theirs), and one a `RequestMappingHandlerMapping` of the app's accepts in
 * `isHandler` (`AnnotatedElementUtils.hasAnnotation(beanType, AdminController.class)`), whose
 * classes Spring then maps as controllers.
 */
function stereotypeRouters(source: RouteSource, file: ReturnType<typeof jvmFile>): Registration[] {
  const found: Registration[] = [];
  for (const m of source.code.matchAll(ANNOTATION_TYPE)) {
    // Read from the text, where the strings are still written (the code has them blanked).
    const meta = source.text.slice(m.index, m.index + m[1]!.length);
    if (!/@(?:Rest)?Controller\b/.test(meta)) continue;
    const mapping = /@RequestMapping\b\s*(\(([^)]*)\))?/.exec(meta);
    const path = mapping?.[2]?.trim() ? /^(?:(?:value|path)\s*=\s*)?[{[]?\s*"([^"]*)"\s*[}\]]?$/.exec(mapping[2].trim())?.[1] : "";
    if (path === undefined) continue;
    found.push({ type: "router", framework: "spring", name: `${file.pkg}::@${m[2]}`, prefix: path, guards: [], line: source.lineAt(m.index + m[0].indexOf("@interface") + 1) });
  }
  if (HANDLER_MAPPING.test(source.code)) {
    const body = IS_HANDLER.exec(source.code);
    const at = body ? source.lineAt(body.index) : 0;
    for (const accepted of body?.[1]!.matchAll(/\b([A-Z]\w*)(?:\.class|::class(?:\.java)?)\b/g) ?? []) {
      found.push({ type: "router", framework: "spring", name: stereotypeName(file, accepted[1]!), prefix: "", guards: [], line: at });
    }
  }
  return found;
}

/** What the router of a class other classes inherit mapped methods from is named after: `pkg::BaseController@inherited`. */
const INHERITED = "@inherited";

/** The classes a class extends: Java's `extends Base<T>` (its type parameters' bounds aside), and Kotlin's supertypes, any of which may be one. */
function superclasses(source: RouteSource, cls: Declared): string[] {
  if (source.path.endsWith(".kt")) return implemented(source, cls);
  let header = source.code.slice(cls.start, cls.body.start).replace(/@\w+(?:\s*\([^)]*\))?/g, "");
  for (let before = ""; before !== header; ) [before, header] = [header, header.replace(/<[^<>]*>/g, "")];
  const base = /\bextends\s+([\w.]+)/.exec(header)?.[1];
  return base ? [base.split(".").at(-1)!] : [];
}

/** The simple names of the types a class declares it implements. */
function implemented(source: RouteSource, cls: ReturnType<typeof declarations>[number]): string[] {
  let header = source.code.slice(cls.start, cls.body.start).replace(/@\w+(?:\s*\([^)]*\))?/g, "");
  // Without parentheses: a Kotlin primary constructor's parameters (`(private val c: ConfigurationController)`) are not supertypes.
  for (let before = ""; before !== header; ) [before, header] = [header, header.replace(/\([^()]*\)/g, "")];
  const m = IMPLEMENTS.exec(header);
  const list = m?.[1] ?? m?.[2];
  return list ? list.split(",").map((t) => t.replace(/<.*$/, "").replace(/\(.*$/, "").trim().split(".").at(-1)!).filter((t) => /^[A-Z]\w*$/.test(t)) : [];
}

const PRINCIPAL = /@AuthenticationPrincipal\b(?:\s*\([^)]*\))?\s+(?:\w+\s+)*\w+\s*:\s*([^=]+?)\s*(?:=[\s\S]*)?$/;

/**
 * `AuthenticationPrincipal` when a Kotlin handler takes the signed-in principal as a non-null
 * parameter: an anonymous request cannot call it. In Java every parameter may be null, so the
 * annotation alone says nothing there.
 */
function principalGuard(source: RouteSource, member: Member): string[] {
  if (!source.path.endsWith(".kt")) return [];
  const header = new RegExp(String.raw`\bfun\s+(?:<[^>]*>\s*)?(?:[\w.]+\.)?${member.name}\s*\(`, "g");
  header.lastIndex = member.start;
  const found = header.exec(source.code);
  if (!found) return [];
  const { args } = callArguments(source.code, found.index + found[0].length - 1);
  const required = args.some((arg) => {
    const type = PRINCIPAL.exec(source.code.slice(arg.start, arg.end))?.[1];
    return type !== undefined && !type.trim().endsWith("?");
  });
  return required ? ["AuthenticationPrincipal"] : [];
}
