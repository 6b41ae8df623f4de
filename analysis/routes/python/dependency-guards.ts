/**
 * FastAPI dependencies of the project that guard because they depend on a guard: `def
 * get_current_profile(user: User = Depends(get_current_user))` turns away whoever
 * get_current_user turns away, so a route taking `Depends(get_current_profile)` is guarded
 * whatever the dependency is called. Followed through any number of such steps; a dependency
 * named optional (`get_current_profile_optional`) or made optional by its arguments
 * (`required=False`, `auto_error=False`) never guards. Dependencies are matched by name across
 * the project's Python files outside tests, as FastAPI code imports them by name.
 */
import { python } from "../../languages/python.ts";
import { strip } from "../../languages/strip.ts";
import { callArguments } from "../source.ts";
import { dependencyGuards, isNamedNotGuard, otherDependencies } from "./guards.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const DEF = /^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm;

/** A function telling whether a dependency of the project (by name) guards the routes that take it, read once on first use. */
export function guardingDependencies(project: Project | undefined): (name: string) => boolean {
  let names: Set<string> | undefined;
  return (name) => (names ??= read(project)).has(name.split(".").at(-1)!);
}

function read(project: Project | undefined): Set<string> {
  const dependsOn = new Map<string, string[]>();
  const guarding = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)(tests?|migrations)\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("Depends(") && !text.includes("Security(")) continue;
    const { code } = strip(text, python.syntax);
    for (const m of code.matchAll(DEF)) {
      const name = m[1]!;
      if (isNamedNotGuard(name)) continue;
      const open = m.index + m[0].length - 1;
      const params = { start: open + 1, end: callArguments(code, open).end - 1 };
      if (dependencyGuards(code, params).length) guarding.add(name);
      else dependsOn.set(name, [...(dependsOn.get(name) ?? []), ...otherDependencies(code, params).map((d) => d.split(".").at(-1)!)]);
    }
  }
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
