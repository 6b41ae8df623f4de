import { isGuardName, optionalByArguments } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { staticValue } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import type { RouteSource } from "../source.ts";
import { foreignPrefix, type JvmFile } from "./constants.ts";
import { type Annotation, type Declared, elements, find } from "./declarations.ts";

// Annotations that restrict who may call (Spring Security, JSR-250, Quarkus); `@PermitAll` lifts the class's.
const GUARDS = new Set(["PreAuthorize", "Secured", "RolesAllowed", "DenyAll", "Authenticated", "PostAuthorize"]);

/** The statically known values of a path annotation argument (one value, or an array of them); undefined when one is unknown. */
export function pathValues(source: RouteSource, file: JvmFile, span: Span | undefined): string[] | undefined {
  if (!span) return [""];
  const values = elements(source, span).map((e) => staticValue(source, e.start, e.end, file.constants, file.syntax));
  return values.every((v) => v !== undefined) ? (values as string[]) : undefined;
}

/** A method's path: its value, or a constant of another file (`pathFrom`) and the known rest after it. */
export type MemberPath = { path: string; pathFrom?: string; pathRest?: string };

/**
 * The paths of a method's mapping annotation. An element that starts with a constant of another
 * file (`@Path(USERS_PATH)`, `"$USERS_PATH/login"`, `Paths.API + "/x"`) takes that constant's
 * value when linking; undefined when an element is not known at all.
 */
export function memberPaths(source: RouteSource, file: JvmFile, span: Span | undefined): MemberPath[] | undefined {
  if (!span) return [{ path: "" }];
  const paths: MemberPath[] = [];
  for (const element of elements(source, span)) {
    const known = staticValue(source, element.start, element.end, file.constants, file.syntax);
    const foreign = known === undefined ? foreignPrefix(source, element, file) : undefined;
    if (known === undefined && !foreign) return undefined;
    paths.push(foreign ? { path: "", pathFrom: foreign.constant, pathRest: foreign.rest } : { path: known! });
  }
  return paths;
}

// Annotations that let anyone call, lifting every check above them: JSR-250's `@PermitAll`,
// Vaadin's `@AnonymousAllowed`, Sa-Token's `@SaIgnore`, and an app's or framework's own
// (Alpine's `@AuthenticationNotRequired`, `@IgnoreAuth`, `@Public`, `@NoAuth`, `@SkipAuth`).
const LIFTS = /^(?:PermitAll|AnonymousAllowed|SaIgnore|AuthenticationNotRequired|NoAuthenticationRequired|IgnoreAuth\w*|SkipAuth\w*|NoAuth|Public|PublicApi|PublicEndpoint|AllowAnonymous|Anonymous)$/;

/** The annotation among these that lets anyone call, if any. */
export const liftingAnnotation = (annotations: readonly Annotation[]): Annotation | undefined => annotations.find((a) => LIFTS.test(a.name));

/**
 * The guards a list of annotations puts on a route: security annotations (with their rule:
 * `PreAuthorize(hasRole('ADMIN'))`) and any annotation with an auth-like name (`@IsAdmin`).
 */
export function annotationGuards(source: RouteSource, annotations: readonly Annotation[], ignore: ReadonlySet<string>): string[] {
  // `@Secured(optional = true)` reads the caller when there is one and lets everyone through.
  const optional = (a: Annotation) => optionalByArguments([...a.named].map(([key, s]) => `${key} = ${source.code.slice(s.start, s.end)}`).join(", "));
  return annotations.filter((a) => !ignore.has(a.name) && !LIFTS.test(a.name) && (GUARDS.has(a.name) || isGuardName(a.name)) && !optional(a)).map((a) => {
    const rule = [...a.args, ...a.named.values()].flatMap((s) => elements(source, s)).map((s) => source.stringAt(s.start)?.value ?? source.code.slice(s.start, s.end).replace(/\s+/g, ""));
    return rule.length ? `${a.name}(${rule.join(",")})` : a.name;
  });
}

/**
 * The guards of a method: its own, and those of its class that it does not override. A method
 * annotation replaces a class annotation of the same kind (`@RolesAllowed("admin")` on the method
 * wins over the class's), and `@PermitAll` (and its likes: `LIFTS`) lifts them all.
 */
export function memberGuards(source: RouteSource, classGuards: readonly string[], annotations: readonly Annotation[], ignore: ReadonlySet<string>): string[] {
  if (liftingAnnotation(annotations)) return annotationGuards(source, annotations, ignore);
  const own = annotationGuards(source, annotations, ignore);
  const kind = (guard: string) => guard.replace(/\(.*$/, "");
  const jsr250 = (guard: string) => /^(?:RolesAllowed|DenyAll)$/.test(kind(guard));
  return [...classGuards.filter((g) => !own.some((o) => kind(o) === kind(g) || (jsr250(o) && jsr250(g)))), ...own];
}

/**
 * The routers a controller class makes, one per class path: named `package::Class` (and
 * `#2`... for more paths). A class path that starts with a constant of another file mounts the
 * router on that constant's router (constants.ts). Class guards go on each route, since a
 * method may lift them (`@PermitAll`).
 */
export function classRouters(source: RouteSource, file: JvmFile, framework: string, cls: Declared, path: Span | readonly Span[] | undefined): { names: string[]; registrations: Registration[] } {
  const registrations: Registration[] = [];
  const names: string[] = [];
  const line = source.lineAt(cls.start);
  // Several paths: an array (`{"/a", "/b"}`, `["/a"]`), or Kotlin's vararg written out (`@RequestMapping("/a", "/b")`).
  const spans = Array.isArray(path) ? path : path ? elements(source, path as Span) : [undefined];
  spans.forEach((span, i) => {
    const name = `${file.pkg}::${cls.name}${i ? `#${i + 1}` : ""}`;
    const known = span ? staticValue(source, span.start, span.end, file.constants, file.syntax) : "";
    const foreign = known === undefined && span ? foreignPrefix(source, span, file) : undefined;
    if (known === undefined && !foreign) return;
    names.push(name);
    registrations.push({ type: "router", framework, name, prefix: known ?? foreign!.rest, guards: [], line });
    if (foreign) registrations.push({ type: "use", framework, owner: foreign.constant, prefix: "", args: [name], specifiers: [], guards: [], mountOnly: true, line });
  });
  return { names, registrations };
}
