/**
 * Spring MVC argument resolvers that refuse anonymous callers: a `HandlerMethodArgumentResolver`
 * whose `supportsParameter` accepts a type or an annotation (`User::class.java.isAssignableFrom(
 * parameter.parameterType)`, `parameter.hasParameterAnnotation(CurrentUser.class)`) and whose
 * `resolveArgument` throws (or answers 401) when the request carries no credentials. A handler
 * that takes such a parameter cannot run for an anonymous caller, however its route is mapped,
 * so the parameter is its guard. A Kotlin parameter declared nullable (`user: User?`) is filled
 * with null instead and guards nothing; so is a resolver that returns null.
 */
import { closing } from "../../languages/curly.ts";
import { callArguments, lineStart } from "../source.ts";
import { isJvmSource } from "./sources.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

const SUPPORTS = /\bsupportsParameter\s*\(/g;
// The names `supportsParameter` compares the parameter with: `User.class`, `User::class.java`.
const CLASS_LITERAL = /\b([A-Z]\w*)\s*(?:::\s*class(?:\s*\.\s*java)?|\.\s*class)\b/g;
// Refusing a caller, not a malformed request (a resolver that reads the JSON body throws too).
const REFUSES = /\b40[13]\b|Unauthori[sz]ed|Forbidden|AccessDenied|Authentication\w*Exception/i;
const THROWS_ON_CREDENTIALS = /\bthrow\b[\s\S]*(?:auth|token|jwt|credential|principal|login)|(?:auth|token|jwt|credential|principal|login)[\s\S]*\bthrow\b/i;
// What the caller sends to be known: a refusal without reading any of it is about something else
// (Shopizer's store resolver refuses a store the signed-in user may not manage, and lets anonymous callers of public paths through).
const READS_CREDENTIALS = /\b(?:getHeader|getUserPrincipal|getRemoteUser|getSession|getCookies?|getAuthentication)\b|\bAuthorization\b|\btoken|jwt|principal|SecurityContext|credential|\bsession\b|currentUser|api[_-]?key/i;
// Types a resolver may name beside the one it fills (`parameterType == String::class.java && ...`).
const PLAIN = new Set(["String", "Object", "Integer", "Long", "Boolean", "Map", "List", "Set", "Optional", "Class", "UUID"]);

/** The names (types or annotations) whose handler parameters a refusing resolver of the project fills. */
export function refusingResolvers(project: Project | undefined): () => ReadonlySet<string> {
  let names: Set<string> | undefined;
  return () => (names ??= read(project));
}

function read(project: Project | undefined): Set<string> {
  const names = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!isJvmSource(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("HandlerMethodArgumentResolver")) continue;
    for (const m of text.matchAll(SUPPORTS)) {
      // What it supports: the function's body, up to the next function; then what it resolves.
      const resolve = text.indexOf("resolveArgument", m.index);
      if (resolve === -1) continue;
      const supports = text.slice(m.index, resolve);
      const open = text.indexOf("{", resolve);
      const resolves = open === -1 ? "" : text.slice(resolve, closing(text, open));
      if ((!REFUSES.test(resolves) && !THROWS_ON_CREDENTIALS.test(resolves)) || !READS_CREDENTIALS.test(resolves)) continue;
      for (const c of supports.matchAll(CLASS_LITERAL)) if (!PLAIN.has(c[1]!)) names.add(c[1]!);
    }
  }
  return names;
}

/**
 * The resolver-filled parameters that guard a Spring handler (`Controller.method`, mapped at
 * `line` of `text`), each named `Type` or `@Annotation` as the resolver accepts it.
 */
export function resolverGuards(text: string, line: number, handler: string, resolved: ReadonlySet<string>): string[] {
  if (resolved.size === 0) return [];
  const guards: string[] = [];
  for (const { param, type, nullable } of handlerParameters(text, line, handler)) {
    if (nullable) continue;
    const annotation = [...param.matchAll(/@([A-Z]\w*)/g)].map((a) => a[1]!).find((a) => resolved.has(a));
    const simple = type?.split(".").at(-1);
    if (annotation) guards.push(`@${annotation}`);
    else if (simple && resolved.has(simple)) guards.push(simple);
  }
  return guards;
}

// `@RequestHeader("Authorization")`, `@RequestHeader(value = HttpHeaders.AUTHORIZATION)`, `@RequestHeader(name = "authorization")`.
const AUTHORIZATION_HEADER = /@RequestHeader\s*\(\s*(?:(?:value|name)\s*=\s*)?(?:"authorization"|(?:HttpHeaders\s*\.\s*)?AUTHORIZATION\b)[^)]*\)/i;

/**
 * A Spring handler that takes the Authorization header as a required parameter: Spring answers a
 * request without it with 400 before the handler runs, so only callers that send credentials
 * reach it (a handler that then reads the token itself, with no Spring Security in the project).
 * `required = false`, a `defaultValue`, `Optional<String>` and a nullable Kotlin type take it
 * when there is one and guard nothing.
 */
export function authorizationHeaderGuards(text: string, line: number, handler: string): string[] {
  const required = handlerParameters(text, line, handler).some(({ param, type, nullable }) => {
    const annotation = AUTHORIZATION_HEADER.exec(param)?.[0];
    return annotation !== undefined && !nullable && type !== "Optional" && !/\brequired\s*=\s*false\b|\bdefaultValue\s*=/.test(annotation);
  });
  return required ? ["@RequestHeader(Authorization)"] : [];
}

/** The parameters of a handler (`Controller.method`, mapped at `line` of `text`): each one's text, its type, and whether a Kotlin type is nullable. */
function handlerParameters(text: string, line: number, handler: string): { param: string; type: string | undefined; nullable: boolean }[] {
  const method = handler.split(".").at(-1)!;
  const header = new RegExp(String.raw`\b${method.replace(/\$/g, "\\$")}\s*\(`, "g");
  header.lastIndex = lineStart(text, line);
  const found = header.exec(text);
  if (!found) return [];
  return callArguments(text, found.index + found[0].length - 1).args.map((arg) => {
    const param = text.slice(arg.start, arg.end).trim();
    // Kotlin `name: Type` (nullable when it ends in `?`), Java `Type name`, after the annotations.
    const bare = param.replace(/@\w+(?:\([^)]*\))?\s*/g, "").replace(/^final\s+/, "");
    const kotlin = /^\w+\s*:\s*([\w.]+)(?:<[^>]*>)?\s*(\?)?/.exec(bare);
    const type = kotlin ? kotlin[1]! : /([\w.]+)(?:<[^>]*>)?\s+\w+$/.exec(bare)?.[1];
    return { param, type, nullable: !!kotlin?.[2] };
  });
}
