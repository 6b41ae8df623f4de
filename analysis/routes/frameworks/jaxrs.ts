import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { staticValue } from "../common/values.ts";
import { constantRouters, jvmFile, STRING_CONSTANT_HINT } from "../jvm/constants.ts";
import { annotationGuards, classRouters, liftingAnnotation, memberGuards, memberPaths } from "../jvm/controllers.ts";
import { declarations, find, type Member } from "../jvm/declarations.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

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
  hint: new RegExp(String.raw`@Path\b|@ApplicationPath\b|new\s+ServletContainer\b|\b(?:Servlet|Guice)Container\.class\b|ContainerRequestFilter\b|\b(?:javax|jakarta)\.ws\.rs\b|${STRING_CONSTANT_HINT}`),
  scan(source) {
    const mapped = [...servletMappings(source), ...requestFilters(source)];
    if (!/\b(?:javax|jakarta)\.ws\.rs\b|@ApplicationPath\b|@Path\b[\s\S]*@(?:GET|POST|PUT|DELETE|PATCH)\b/.test(source.text)) return [...mapped, ...constantRouters(jvmFile(source), "jaxrs")];
    const file = jvmFile(source);
    const registrations: Registration[] = [...mapped, ...constantRouters(file, "jaxrs")];
    for (const cls of declarations(source, { plain: true })) {
      const application = find(cls.annotations, "ApplicationPath");
      const prefix = application?.args[0] && staticValue(source, application.args[0].start, application.args[0].end, file.constants, file.syntax);
      // `@ApplicationPath("/*")` is the servlet mapping of the root: no prefix (Jersey drops a trailing `/*`).
      const base = prefix?.replace(/\/?\*$/, "");
      if (base) registrations.push({ type: "global", framework: "jaxrs", prefix: base, line: source.lineAt(application!.start) });
      const path = find(cls.annotations, "Path");
      // A MicroProfile REST client declares calls to another service, not routes.
      if (find(cls.annotations, "RegisterRestClient")) continue;
      // A base class's resource methods (`BaseObjectResource<T>` without a @Path) serve under each
      // subclass that has one: a router that serves only where a subclass mounts it.
      const parent = /\bextends\s+([A-Za-z_][\w.]*)/.exec(withoutTypeParameters(source.code.slice(cls.start, cls.body.start)))?.[1];
      // Resource methods, and sub-resource locators (a `@Path` without a verb) that lead on to more.
      const resourceMethods = cls.members.some((m) => m.annotations.some((a) => VERBS.has(a.name) || a.name === "Path"));
      // A subclass of a resource class serves what it inherits where a locator returns it.
      if (!path && !((resourceMethods || parent) && cls.kind === "class")) continue;
      const classGuards = annotationGuards(source, cls.annotations, IGNORE);
      const baseName = `${file.pkg}::${cls.name}`;
      const routers = path
        ? classRouters(source, file, "jaxrs", cls, path.args[0] ?? path.named.get("value"))
        : { names: [baseName], registrations: [{ type: "router", framework: "jaxrs", name: baseName, prefix: "", guards: [], mountedOnly: true, line: source.lineAt(cls.start) } as Registration] };
      registrations.push(...routers.registrations);
      if (parent) {
        for (const owner of routers.names) registrations.push({ type: "use", framework: "jaxrs", owner, prefix: "", args: [qualifiedClass(file, parent)], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(cls.start) });
      }
      for (const member of cls.members) {
        const verb = member.annotations.find((a) => VERBS.has(a.name));
        const own = find(member.annotations, "Path");
        if (!verb) {
          registrations.push(...subresourceLocator(source, file, routers.names, member));
          continue;
        }
        const paths = memberPaths(source, file, own && (own.args[0] ?? own.named.get("value")));
        if (!paths) continue;
        const guards = [...memberGuards(source, classGuards, member.annotations, IGNORE), ...dropwizardAuth(source, member)];
        // `@PermitAll` and its likes lift a request filter's check as well as the class's (a filter that lets such methods through).
        const anonymous = !!liftingAnnotation(member.annotations) || (!!liftingAnnotation(cls.annotations) && !guards.length);
        for (const owner of routers.names) {
          for (const p of paths) registrations.push({ type: "route", framework: "jaxrs", kind: "http", methods: [verb.name], ...p, handler: `${cls.name}.${member.name}`, guards, owner, line: source.lineAt(verb.start), ...(anonymous ? { anonymous } : {}) });
        }
      }
    }
    return registrations;
  },
};

/** The qualified name (`package::Class`) of a class named in a file: imported, or of the file's own package. */
function qualifiedClass(file: ReturnType<typeof jvmFile>, name: string): string {
  const imported = file.imports.get(name.split(".")[0]!);
  return imported ? `${imported.replace(/\.[^.]+$/, "")}::${imported.split(".").at(-1)}` : `${file.pkg}::${name}`;
}

/**
 * A sub-resource locator, a method with a `@Path` and no verb: a request below its path goes on to
 * the resource object it returns (`@Path("users") public DirectoryResource<User> users()`), so the
 * resource methods of the declared return type serve under the locator's path. A locator declared
 * to return `Object` (a resource chosen at run time) leads nowhere the analysis can follow.
 */
function subresourceLocator(source: RouteSource, file: ReturnType<typeof jvmFile>, owners: string[], member: Member): Registration[] {
  const path = find(member.annotations, "Path");
  const type = member.returns && withoutTypeParameters(member.returns).replace(/\?$/, "").trim();
  if (!path || !type || !/^[A-Z][\w.]*$/.test(type) || /^(?:Object|Response|String|Void)$/.test(type)) return [];
  const paths = memberPaths(source, file, path.args[0] ?? path.named.get("value"));
  const known = paths?.filter((p) => p.pathFrom === undefined) ?? [];
  const child = qualifiedClass(file, type);
  const guards = locatorCheck(source, member);
  return owners.flatMap((owner) => known.map((p): Registration => ({ type: "use", framework: "jaxrs", owner, prefix: p.path, args: [child], specifiers: [], guards, mountOnly: true, line: source.lineAt(path.start) })));
}

// A parameter that carries the caller's credential: annotated as one (`@TokenParam String authToken`,
// `@HeaderParam("Authorization")`, `@CookieParam("session")`), its name.
const CREDENTIAL_PARAMETER = /@(?:\w*(?:Token|Auth|Credential|Session)\w*|(?:Header|Cookie|Query)Param\s*\(\s*"(?:Authorization|[\w-]*(?:token|session|auth)[\w-]*)"\s*\))\s+(?:final\s+)?[\w.<>]+\s+(\w+)/gi;

/**
 * The check a locator makes before it hands the request on, which guards every resource below it:
 * its first statements hand a credential parameter to an authentication service
 * (`authenticationService.getGuacamoleSession(authToken)`, which throws for a token it does not
 * know). The guard is that call.
 */
function locatorCheck(source: RouteSource, member: Member): string[] {
  const header = new RegExp(String.raw`\b${member.name}\s*\(`, "g");
  header.lastIndex = member.start;
  const found = header.exec(source.code);
  if (!found) return [];
  const params = callArguments(source.code, found.index + found[0].length - 1);
  const credentials = [...source.text.slice(found.index, params.end).matchAll(CREDENTIAL_PARAMETER)].map((m) => m[1]!);
  const open = source.code.indexOf("{", params.end);
  if (!credentials.length || open === -1 || /;/.test(source.code.slice(params.end, open))) return [];
  const top = source.code.slice(open + 1, closing(source.code, open) - 1).split(";").slice(0, 3).join(";");
  const call = new RegExp(String.raw`\b(\w*[Aa]uth\w*)\s*\.\s*(\w+)\s*\(\s*(?:${credentials.join("|")})\b`).exec(top);
  return call ? [`${call[1]}.${call[2]}`] : [];
}

// Dropwizard's `@Auth` on a parameter: `@Auth AuthenticatedDevice auth` (Java), `@Auth auth: AuthenticatedDevice` (Kotlin);
// the principal as an `Optional<...>` (or Kotlin's nullable type) lets a request without credentials through.
const AUTH_PARAMETER = /@(?:[\w.]+\.)?Auth\b(?!\s*\()\s+(?:final\s+)?(?:(\w+)\s*:\s*)?([\w.]+(?:\s*<[^>]*>)?\??)/;

/** `Auth` when a resource method takes Dropwizard's `@Auth` principal that requests without credentials cannot give (its auth filter answers 401). */
function dropwizardAuth(source: RouteSource, member: Member): string[] {
  const header = new RegExp(String.raw`\b${member.name}\s*\(`, "g");
  header.lastIndex = member.start;
  const found = header.exec(source.code);
  if (!found) return [];
  const { args } = callArguments(source.code, found.index + found[0].length - 1);
  const required = args.some((arg) => {
    const m = AUTH_PARAMETER.exec(source.code.slice(arg.start, arg.end));
    return !!m && !/^Optional\b|\?$/.test(m[2]!.trim());
  });
  return required ? ["Auth"] : [];
}

// Jersey's servlet added at a path in code, in place or held in a variable:
// `addServlet(new ServletHolder(new ServletContainer(config)), "/api/*")`,
// `final var api = new ServletHolder("api", new ServletContainer(config)); ctx.addServlet(api, "/api/*")`.
const ADD_SERVLET = /\baddServlet\s*\(\s*(new\s+ServletHolder\s*\([^;]*?\bnew\s+ServletContainer\s*\([^;]*?\)\s*\)|[A-Za-z_]\w*)\s*,\s*"[^"]*"\s*\)/g;
// Jersey's servlet served by a Guice servlet module: `serve("/api/*").with(ServletContainer.class, params)`.
const GUICE_SERVE = /\bserve\s*\(\s*"[^"]*"\s*\)\s*\.\s*with\s*\(\s*(?:[\w.]+\.)?(?:ServletContainer|GuiceContainer)\.class\b/g;
const CONTAINER = /\bnew\s+ServletContainer\s*\(\s*(?:new\s+([\w.]+)\s*\(\s*\)|([A-Za-z_]\w*))/;

/**
 * The prefix of the resources an app's own Jersey servlet serves (an embedded Jetty), as
 * `@ApplicationPath` gives it. When the app mounts several, each at its own path, a servlet serves
 * the packages its configuration scans (`config.packages("org.acme.api.v1")`, or the package of a
 * `ResourceConfig` subclass of the app's, which scans its own): its prefix is theirs alone.
 */
function servletMappings(source: RouteSource): Registration[] {
  const file = jvmFile(source);
  const guice = [...source.code.matchAll(GUICE_SERVE)].flatMap((m): Registration[] => {
    const prefix = source.stringAt(m.index + m[0].indexOf('"'))?.value.replace(/\/?\*$/, "");
    return prefix ? [{ type: "global", framework: "jaxrs", prefix, line: source.lineAt(m.index) }] : [];
  });
  return [...guice, ...[...source.code.matchAll(ADD_SERVLET)].flatMap((m) => {
    const holder = /^\w+$/.test(m[1]!) ? new RegExp(String.raw`\b${m[1]}\s*=\s*(new\s+ServletHolder\s*\([^;]*)`).exec(source.code)?.[1] : m[1];
    const container = holder && CONTAINER.exec(holder);
    if (!container) return [];
    const packages = container[1] ? configClassPackage(file, container[1]) : scannedPackages(source, container[2]!);
    const close = m[0].lastIndexOf('"');
    const prefix = source.stringAt(m.index + m[0].lastIndexOf('"', close - 1))?.value;
    if (prefix === undefined) return [];
    return [{ type: "global", framework: "jaxrs", prefix: prefix.replace(/\/?\*$/, ""), ...(packages.length ? { in: packages.map((p) => p.replaceAll(".", "/")) } : {}), line: source.lineAt(m.index) } as Registration];
  })];
}

/** The packages a `ResourceConfig` kept in a variable scans: `config.packages("a.b", "c.d")`. */
function scannedPackages(source: RouteSource, config: string): string[] {
  const calls = source.code.matchAll(new RegExp(String.raw`\b${config}\s*\.\s*packages\s*\(`, "g"));
  return [...calls].flatMap((call) => callArguments(source.code, call.index + call[0].length - 1).args.map((a) => source.stringAt(a.start)?.value).filter((p): p is string => !!p && /^[\w.]+$/.test(p)));
}

/** The package of a configuration class of the app's (`org.acme.v2.ResourceConfig`, or one it imports); none for Jersey's own. */
function configClassPackage(file: ReturnType<typeof jvmFile>, name: string): string[] {
  const qualified = name.includes(".") ? name : file.imports.get(name);
  if (!qualified || /^org\.glassfish\.jersey\./.test(qualified)) return [];
  return [qualified.replace(/\.[^.]+$/, "")];
}

// A request filter that turns callers away: `implements ContainerRequestFilter` answering 401/403.
const REQUEST_FILTER = /\bclass\s+(\w+)[^{]*\bimplements\b[^{]*\bContainerRequestFilter\b/;
const REFUSES = /Status\.(?:UNAUTHORIZED|FORBIDDEN)\b|\b40[13]\b|\bNotAuthorizedException\b|\bForbiddenException\b/;

// Annotations that make a filter a provider, not a name binding (`@Secured`) that limits it to the resources that carry it.
const PROVIDER_ANNOTATIONS = new Set(["Provider", "Priority", "PreMatching", "Singleton", "ApplicationScoped", "Dependent", "RequestScoped", "Named", "Component", "Slf4j", "Log4j2", "SuppressWarnings"]);

/**
 * A JAX-RS request filter of the app's that refuses callers: a guard of every resource
 * (`@PermitAll` ones excepted). A filter bound by an annotation of the app's (`@Secured`)
 * applies only where that annotation is, and is left to it.
 */
function requestFilters(source: RouteSource): Registration[] {
  const m = REQUEST_FILTER.exec(source.code);
  if (!m || !REFUSES.test(source.text)) return [];
  const before = source.code.slice(Math.max(source.code.lastIndexOf(";", m.index), source.code.lastIndexOf("}", m.index)) + 1, m.index);
  const bound = [...before.matchAll(/@([A-Za-z_]\w*)/g)].some((a) => !PROVIDER_ANNOTATIONS.has(a[1]!));
  return bound ? [] : [{ type: "global", framework: "jaxrs", guard: m[1]!, line: source.lineAt(m.index) }];
}

/** A declaration without its type parameters and arguments: `class A<T extends B> extends C<T>` -> `class A extends C`. */
function withoutTypeParameters(header: string): string {
  let text = header;
  for (let previous = ""; previous !== text; ) [previous, text] = [text, text.replace(/<[^<>]*>/g, "")];
  return text;
}
