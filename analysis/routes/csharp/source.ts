import { closing } from "../../languages/curly.ts";
import { DOTTED, staticValue, stringConstants, type ValueSyntax } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import type { RouteSource } from "../source.ts";

/** C# strings: `$"..."` holes name constants (`{{` is a brace); declarations end at `;`. */
export const CSHARP_VALUES: ValueSyntax = {
  name: DOTTED,
  semicolons: true,
  interpolation: (prefix) => (prefix.includes("$") ? /\{\{|\}\}|\{([A-Za-z_][\w.]*)\}/g : undefined),
};

const CONSTANT = /(?<![\w.])(?:const\s+string|static\s+readonly\s+string|readonly\s+static\s+string)\s+([A-Za-z_]\w*)\s*=(?!=)\s*/g;
const TYPE = /(?<![\w.@])(?:class|struct|record|interface)\s+([A-Za-z_]\w*)[^{;]*?\{/g;

/** The namespace a C# file declares (block or file-scoped), "" without one. */
export const namespaceOf = (source: RouteSource): string => /(?<![\w.])namespace\s+([\w.]+)/.exec(source.code)?.[1] ?? "";

/** The string constants of a C# file, also as `Class.NAME`. */
export function csharpConstants(source: RouteSource): Map<string, string> {
  const types = [...source.code.matchAll(TYPE)].map((m) => ({ name: m[1]!, body: { start: m.index + m[0].length - 1, end: closing(source.code, m.index + m[0].length - 1) } }));
  return stringConstants(source, CONSTANT, CSHARP_VALUES, { qualify: (at) => types.filter((t) => t.body.start < at && at < t.body.end).map((t) => t.name) });
}

/** A static string value with the file's constants; `nameof(OrganizationsController.AddMember)` is the member's name. */
export const csharpValue = (source: RouteSource, constants: ReadonlyMap<string, string>, span: Span | undefined): string | undefined =>
  span ? (/^\s*nameof\s*\(\s*(?:[A-Za-z_][\w.]*\.)?([A-Za-z_]\w*)\s*\)\s*$/.exec(source.code.slice(span.start, span.end))?.[1] ?? staticValue(source, span.start, span.end, constants, CSHARP_VALUES)) : undefined;

/** Whether an attribute's argument is named (`Name = "x"`), not positional. */
export const namedArgument = (source: RouteSource, span: Span): boolean => /^\s*\w+\s*=(?!=)/.test(source.code.slice(span.start, span.end));

/** The value of an attribute's first positional argument (`[Route("api/[controller]", Name = "x")]` -> `api/[controller]`). */
export const attributeValue = (source: RouteSource, constants: ReadonlyMap<string, string>, attribute: { args: readonly Span[] }): string | undefined =>
  csharpValue(source, constants, attribute.args.find((span) => !namedArgument(source, span)));

/**
 * A route template written the report's way: catch-alls `{*path}`/`{**path}` (`{*path:nonfile}`) and defaults
 * `{id=5}` as plain parameters, `~/` as `/`, and regular-expression constraints, which may hold
 * slashes and braces of their own (`{**path:regex(^(?!api/).*)}`), left out.
 */
export const template = (path: string): string =>
  withoutRegexConstraints(path).replace(/^~\//, "/").replace(/\{\*{1,2}(\w+)(?::[^}=]*)?\}/g, "{$1}").replace(/\{(\w+)(?::[^}=]*)?=[^}]*\}/g, "{$1}");

function withoutRegexConstraints(path: string): string {
  let out = path;
  for (let at = out.indexOf(":regex("); at !== -1; at = out.indexOf(":regex(", at)) {
    let depth = 0;
    let end = at + ":regex".length;
    for (; end < out.length; end++) {
      if (out[end] === "(") depth++;
      else if (out[end] === ")" && --depth === 0) break;
    }
    out = out.slice(0, at) + out.slice(end + 1);
  }
  return out;
}

/**
 * Authorization a chained call adds (`.RequireAuthorization("admin")`), or that an
 * `[Authorize(Roles = "Admin")]` attribute names: `Authorize(Roles=Admin)`.
 */
export function authorization(source: RouteSource, constants: ReadonlyMap<string, string>, name: string, args: readonly Span[]): string {
  const parts = args.map((a) => {
    const named = /^([A-Za-z_]\w*)\s*=(?!=)\s*/.exec(source.code.slice(a.start, a.end));
    const span = named ? { start: a.start + named[0].length, end: a.end } : a;
    const value = csharpValue(source, constants, span) ?? source.code.slice(span.start, span.end).replace(/\s+/g, "");
    return named ? `${named[1]}=${value}` : value;
  });
  return parts.length ? `${name}(${parts.join(",")})` : name;
}
