/**
 * A guard decorator of the project's that lets every caller through while a setting is off
 * (Alerta's `@permission(...)`: `if not current_app.config['AUTH_REQUIRED']: return f(*args,
 * **kwargs)`), where the project's configuration modules turn it off by default
 * (`AUTH_REQUIRED = False`): as deployed, the routes it decorates take anonymous callers, so it
 * is no guard. One turned on by default, or whose setting is not found, stays one.
 */
import { functionBodies } from "../function-bodies.ts";
import { CONFIG_MODULE, SKIPPED } from "./config-values.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// `if not current_app.config['AUTH_REQUIRED']:`, `if not app.config.get("LOGIN_REQUIRED"):`, `if not settings.AUTH_REQUIRED:`.
const SWITCH = /^([ \t]*)if[ \t]+not[ \t]+(?:[\w.]*config\s*(?:\[\s*["'](\w+)["']\s*\]|\.get\s*\(\s*["'](\w+)["'][^)\n]*\))|settings\.(\w+))[ \t]*:[ \t]*\n/gm;

/** Whether a guard (a decorator, by its last name) is one such, switched off by default. */
export function settingSwitchedGuards(project: Project | undefined): (guard: string) => boolean {
  const definitions = functionBodies(project, "python");
  let configs: string[] | undefined;
  const memo = new Map<string, boolean>();
  return (guard) => {
    const name = guard.replace(/\(.*$/s, "").split(".").at(-1)!;
    if (!project || !/^[A-Za-z_]\w*$/.test(name)) return false;
    let switched = memo.get(name);
    if (switched === undefined) {
      // Of the module-level functions of that name, the first listed: the import that names it is not followed.
      const body = definitions(name)[0];
      const setting = body === undefined ? undefined : lettingThrough(body);
      configs ??= setting === undefined ? undefined : [...project.listed].filter((p) => CONFIG_MODULE.test(p) && !SKIPPED.test(p)).map((p) => project.text(p) ?? "");
      switched = setting !== undefined && configs!.some((text) => new RegExp(String.raw`^${setting}[ \t]*(?::[^=\n]+)?=[ \t]*False\b`, "m").test(text));
      memo.set(name, switched);
    }
    return switched;
  };
}

/** The setting under whose `if not` the decorator calls the function it wraps and returns (lets the caller through). */
function lettingThrough(body: string): string | undefined {
  for (const m of body.matchAll(SWITCH)) {
    const indent = m[1]!.length;
    const block: string[] = [];
    for (const line of body.slice(m.index + m[0].length).split("\n")) {
      if (line.trim() && /^[ \t]*/.exec(line)![0].length <= indent) break;
      block.push(line);
    }
    if (block.some((line) => /^\s*return[ \t]+\w+\s*\(\s*\*args/.test(line))) return m[2] ?? m[3] ?? m[4];
  }
  return undefined;
}
