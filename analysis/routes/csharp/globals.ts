import { openingBrace } from "../../languages/curly.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { authorization, csharpValue } from "./source.ts";

/**
 * What Program.cs or Startup.cs says about every endpoint of `framework` ("aspnet" for
 * controllers, "aspnet-minimal" for minimal APIs): an authorization fallback policy guards
 * every endpoint without its own; `MapControllers().RequireAuthorization()` and a global
 * `AuthorizeFilter` guard every controller action; `UsePathBase("/api")` prefixes them all.
 */
export function aspnetGlobals(source: RouteSource, constants: ReadonlyMap<string, string>, framework: string): Registration[] {
  const { code } = source;
  const found: Registration[] = [];
  const guard = (at: number, name: string) => found.push({ type: "global", framework, guard: name, line: source.lineAt(at) });
  for (const m of code.matchAll(/\bFallbackPolicy\s*=|\bSetFallbackPolicy\s*\(/g)) guard(m.index, "FallbackPolicy");
  for (const m of code.matchAll(/\bUsePathBase\s*\(/g)) {
    // `if (globalSettings.SelfHosted) { app.UsePathBase("/identity"); }`: a base only under a setting.
    if (conditional(code, m.index)) continue;
    const prefix = csharpValue(source, constants, callArguments(code, m.index + m[0].length - 1).args[0]);
    if (prefix) found.push({ type: "global", framework, prefix, line: source.lineAt(m.index) });
  }
  if (framework !== "aspnet") return found;
  for (const m of code.matchAll(/\bMapControllers\s*\(\s*\)\s*\.\s*RequireAuthorization\s*\(/g)) {
    guard(m.index, authorization(source, constants, "RequireAuthorization", callArguments(code, m.index + m[0].length - 1).args));
  }
  for (const m of code.matchAll(/\bFilters\s*\.\s*Add\s*(?:<\s*AuthorizeFilter\s*>\s*\(|\(\s*new\s+AuthorizeFilter\b)/g)) guard(m.index, "AuthorizeFilter");
  return found;
}

/**
 * Whether the statement at `at` runs only under a condition: inside the braces of an `if` or
 * `else` (the innermost block that holds it), or after an `if (...)` without braces.
 */
function conditional(code: string, at: number): boolean {
  const before = code.slice(0, at);
  if (/\bif\s*\([^;{}]*\)\s*[\w.]*$/.test(before)) return true;
  const open = openingBrace(code, at);
  return open !== -1 && /(?:\bif\s*\([^;{}]*\)|\belse)\s*$/.test(code.slice(Math.max(0, open - 300), open));
}
