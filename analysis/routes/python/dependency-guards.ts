/**
 * FastAPI dependencies of the project that guard whatever they are called: one that depends on a
 * guard (`def get_current_profile(user: User = Depends(get_current_user))` turns away whoever
 * get_current_user turns away), one whose body refuses the caller (`raise
 * HTTPException(status_code=401)`), one made by a call of a guard (`_BenefitsRead =
 * Authenticator(...)`), a type alias carrying one (`BenefitsRead = Annotated[..., Depends(_BenefitsRead)]`),
 * and one returning what a function that refuses returns (`return await _org_for_token_types(...)`).
 * Followed through any number of such steps; a dependency named optional
 * (`get_current_profile_optional`) or made optional by its arguments (`required=False`,
 * `auto_error=False`, `allowed_subjects={Anonymous, ...}`) never guards. Dependencies are matched
 * by name across the project's Python files outside tests, as FastAPI code imports them by name.
 */
import { python } from "../../languages/python.ts";
import { closing } from "../../languages/curly.ts";
import { strip } from "../../languages/strip.ts";
import { callArguments } from "../source.ts";
import { optionalByArguments } from "../paths.ts";
import { blockEnd, width } from "./definitions.ts";
import { dependencyGuards, isNamedNotGuard, isPythonGuard, otherDependencies } from "./guards.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DEF = /^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm;

/**
 * A function telling whether a dependency of the project (by name) guards the routes that take
 * it, read once on first use. A type alias of the project carrying one (`BenefitsRead =
 * Annotated[AuthSubject[User], Depends(_BenefitsRead)]`, a parameter's `auth.BenefitsRead`) is
 * asked by its name too.
 */
export function guardingDependencies(project: Project | undefined): (name: string) => boolean {
  let names: Set<string> | undefined;
  return (name) => (names ??= read(project)).has(name.split(".").at(-1)!);
}

// A dependency that turns the caller away itself: `raise HTTPException(status_code=401)`,
// `status.HTTP_403_FORBIDDEN`, `raise Unauthorized(...)`.
const REFUSES = /\braise\s+(?:[\w.]*HTTPException\s*\(\s*(?:status_code\s*=\s*)?(?:40[13]\b|[\w.]*HTTP_40[13]_)|[\w.]*(?:Unauthori[sz]ed|NotAuthenticated|Forbidden|PermissionDenied|NotPermitted)\w*\s*\()/;
// `return await _get_current_org_for_token_types(x_api_key, ...)`: the function whose answer is returned.
const RETURNS_CALL = /^[ \t]*return[ \t]+(?:await[ \t]+)?([A-Za-z_][\w.]*)[ \t]*\(/gm;
// `BenefitsRead = Annotated[AuthSubject[User], Depends(_BenefitsRead)]`: the alias and its dependency.
const ALIAS = /^([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.]+[ \t]*)?=[ \t]*(?:typing\.)?Annotated\[/gm;
const ALIAS_DEPENDENCY = /\b(?:Depends|Security)\s*\(\s*([A-Za-z_][\w.]*)/;
// `_BenefitsRead = Authenticator(required_scopes={...}, allowed_subjects={User})`: a dependency made by a call.
const MADE = /^([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_][\w.]*)[ \t]*\(/gm;

function read(project: Project | undefined): Set<string> {
  const dependsOn = new Map<string, string[]>();
  const guarding = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)(tests?|migrations)\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    // A dependency may refuse the caller in a module that declares no other (`org_auth_service.get_current_org`).
    if (!text.includes("Depends(") && !text.includes("Security(") && !REFUSES.test(text)) continue;
    const { code } = strip(text, python.syntax);
    for (const m of code.matchAll(DEF)) {
      const name = m[1]!;
      if (isNamedNotGuard(name)) continue;
      const open = m.index + m[0].length - 1;
      const params = { start: open + 1, end: callArguments(code, open).end - 1 };
      const body = bodyOf(code, m.index, params.end);
      if (dependencyGuards(code, params).length || REFUSES.test(body)) guarding.add(name);
      // It depends on its dependencies, and on a function whose answer it returns (`return await _get_current_org_for_token_types(...)`): that one's refusal is its own.
      else dependsOn.set(name, [...(dependsOn.get(name) ?? []), ...otherDependencies(code, params).map((d) => d.split(".").at(-1)!), ...[...body.matchAll(RETURNS_CALL)].map((r) => r[1]!.split(".").at(-1)!)]);
    }
    // The dependencies made by a call guard as what makes them does (`Authenticator(...)`), unless
    // its arguments let anonymous callers in (`allowed_subjects={Anonymous, User}`, `required=False`).
    for (const m of code.matchAll(MADE)) {
      const open = m.index + m[0].length - 1;
      const args = code.slice(open + 1, callArguments(code, open).end - 1);
      if (!/\bAnonymous\b/.test(args) && !optionalByArguments(args)) dependsOn.set(m[1]!, [...(dependsOn.get(m[1]!) ?? []), m[2]!.split(".").at(-1)!]);
    }
    for (const m of code.matchAll(ALIAS)) {
      const open = m.index + m[0].length - 1;
      const on = ALIAS_DEPENDENCY.exec(code.slice(open, closing(code, open)))?.[1];
      if (on) dependsOn.set(m[1]!, [...(dependsOn.get(m[1]!) ?? []), on.split(".").at(-1)!]);
    }
  }
  // What makes a dependency may be a guard by its name alone (`Authenticator`).
  for (const on of dependsOn.values()) for (const d of on) if (isPythonGuard(d) && !isNamedNotGuard(d)) guarding.add(d);
  // Until nothing changes: a dependency on one that guards guards.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, on] of dependsOn) {
      if (guarding.has(name) || !on.some((d) => guarding.has(d))) continue;
      guarding.add(name);
      changed = true;
    }
  }
  return guarding;
}

/** The body of the function whose `def` is at `at` (its parameters ending at `from`): the lines indented deeper than the `def`. */
function bodyOf(code: string, at: number, from: number): string {
  return code.slice(from, blockEnd(code, from, width(/^[ \t]*/.exec(code.slice(at))![0])));
}
