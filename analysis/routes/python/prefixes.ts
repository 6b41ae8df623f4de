import type { Binding, Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { pythonBindings } from "./bindings.ts";
import { pythonString, pythonValue, type Span } from "./values.ts";

/**
 * A URL-prefix constant as it may appear in another module: `API_V1_STR: str = "/api/v1"`, `api_prefix = "/api"`,
 * the environment's value with a default (`API_ROOT_PATH = os.environ.get("API_ROOT_PATH", "/api")`), or
 * a settings field's default (`ROOT_PATH: str = Field("", validation_alias="ROOT")`, empty: none).
 */
export const PREFIX_CONSTANT = /^[ \t]*(?:[A-Z][A-Z0-9_]*|\w*[Pp][Rr][Ee][Ff][Ii][Xx]\w*)[ \t]*(?::[ \t]*str[ \t]*)?=[ \t]*(?:(?:os[ \t]*\.[ \t]*)?(?:getenv|environ[ \t]*\.[ \t]*get)[ \t]*\([ \t]*["'][^"'\n]*["'][ \t]*,[ \t]*|Field[ \t]*\([ \t]*(?:default[ \t]*=[ \t]*)?)?[fr]?["'](?:\/|["'])/m;
const NAME = /^(?:[A-Z][A-Z0-9_]*|\w*prefix\w*)$/i;

/**
 * The URL-prefix constants of a module (upper-case or prefix-like names whose value starts
 * with "/") as routers that serve only where mounted, so a prefix held in another module's
 * settings (`include_router(api_router, prefix=settings.API_V1_STR)`) is followed across files:
 * the mount goes through the constant, which carries the prefix. They are registered under
 * qualified names (`python::API_V1_STR`) and found by the module a reference imports, or by
 * their name alone when it is unique.
 */
export function constantRouters(source: RouteSource, framework: string, constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  for (const [name, value] of constants) {
    // An empty one named for a path (`ROOT_PATH = ""`, set only where the app is served under one) is no prefix, known.
    const empty = value === "" && /PATH|PREFIX|ROOT/i.test(name);
    if (!NAME.test(name) || (name !== name.toUpperCase() && !/prefix/i.test(name)) || !(value.startsWith("/") || empty)) continue;
    const at = new RegExp(`^[ \\t]*${name}[ \\t]*[:=]`, "m").exec(source.code);
    found.push({ type: "router", framework, name: `python::${name}`, prefix: value, guards: [], mountedOnly: true, line: at ? source.lineAt(at.index) : 1 });
  }
  return found;
}

/** How a module refers to a constant of another (`settings.API_V1_STR`): through the module its first name is imported from, else by the name alone. */
export function constantReference(bindings: readonly Binding[], dotted: string): string {
  const head = dotted.slice(0, dotted.indexOf(".") === -1 ? dotted.length : dotted.indexOf("."));
  const name = dotted.slice(dotted.lastIndexOf(".") + 1);
  const binding = bindings.find((b) => b.local === head);
  return `${binding ? binding.specifier : "*"}::${name}`;
}

/**
 * Mounts `child` on `owner` under a prefix held in a constant of another module: through
 * that constant's router. `mounted` keeps one mount of each constant per owner.
 */
export function mountThrough(framework: string, owner: string, constant: string, child: string, line: number, mounted: Set<string>): Registration[] {
  const use = (from: string, arg: string): Registration => ({ type: "use", framework, owner: from, prefix: "", args: [arg], specifiers: [], guards: [], mountOnly: true, line });
  const found = [use(constant, child)];
  if (!mounted.has(`${owner}\0${constant}`)) found.push(use(owner, constant));
  mounted.add(`${owner}\0${constant}`);
  return found;
}

const CONSTANT_NAME = /^[A-Za-z_][\w.]*$/;
const isConstantName = (dotted: string) => CONSTANT_NAME.test(dotted) && /^[A-Z][A-Z0-9_]*$/.test(dotted.split(".").at(-1)!);

/**
 * A path written with constants of other modules, as the parts that make it when linking: a
 * reference for each constant (`@router.get(CONNECTIONS)` with `CONNECTIONS` imported) and the
 * path as written between them (`prefix=f"{V1_URL_PREFIX}/system"` is the constant, then
 * `/system`). Undefined when the path is known here, or is not made of such parts.
 */
export function importedPathParts(source: RouteSource, span: Span, constants: Map<string, string>): string[] | undefined {
  const text = source.code.slice(span.start, span.end).trim();
  if (isConstantName(text)) return pythonValue(source, span, constants) === undefined ? [constantReference(pythonBindings(source), text)] : undefined;
  const start = span.start + source.code.slice(span.start, span.end).search(/\S/);
  const literal = pythonString(source, start);
  if (!literal?.prefix.includes("f") || source.code.slice(literal.end, span.end).trim()) return undefined;
  const parts: string[] = [];
  let written = "";
  let imported = false;
  for (const piece of literal.value.split(/(\{[^{}]*\})/)) {
    const field = /^\{\s*([^{}]*?)\s*\}$/.exec(piece)?.[1];
    const known = field === undefined ? piece : constants.get(field);
    if (known !== undefined) {
      written += known;
      continue;
    }
    // What is written between constants is joined to them as a path: it must start a segment.
    if (!isConstantName(field!) || (written && !written.startsWith("/"))) return undefined;
    if (written) parts.push(written);
    written = "";
    parts.push(constantReference(pythonBindings(source), field!));
    imported = true;
  }
  if (written && !written.startsWith("/")) return undefined;
  if (written) parts.push(written);
  return imported ? parts : undefined;
}
