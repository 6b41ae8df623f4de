/**
 * A guard decorator of the project's that lets every caller through while a setting is off
 * (Alerta's `@permission(...)`: `if not current_app.config['AUTH_REQUIRED']: return f(*args,
 * **kwargs)`), where the project's configuration modules turn it off by default
 * (`AUTH_REQUIRED = False`): as deployed, the routes it decorates take anonymous callers, so it
 * is no guard. One turned on by default, or whose setting is not found, stays one.
 */
import { CONFIG_MODULE, SKIPPED } from "./config-values.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// `if not current_app.config['AUTH_REQUIRED']:`, `if not app.config.get("LOGIN_REQUIRED"):`, `if not settings.AUTH_REQUIRED:`.
const SWITCH = /^([ \t]*)if[ \t]+not[ \t]+(?:[\w.]*config\s*(?:\[\s*["'](\w+)["']\s*\]|\.get\s*\(\s*["'](\w+)["'][^)\n]*\))|settings\.(\w+))[ \t]*:[ \t]*\n/gm;

/** Whether a guard (a decorator, by its last name) is one such, switched off by default. */
export function settingSwitchedGuards(project: Project | undefined): (guard: string) => boolean {
  let definitions: Map<string, string> | undefined;
  let configs: string[] | undefined;
  const memo = new Map<string, boolean>();
  return (guard) => {
    const name = guard.replace(/\(.*$/s, "").split(".").at(-1)!;
    if (!project || !/^[A-Za-z_]\w*$/.test(name)) return false;
    let switched = memo.get(name);
    if (switched === undefined) {
      definitions ??= moduleFunctions(project);
      const body = definitions.get(name);
      const setting = body === undefined ? undefined : lettingThrough(body);
      configs ??= setting === undefined ? undefined : [...project.listed].filter((p) => CONFIG_MODULE.test(p) && !SKIPPED.test(p)).map((p) => project.text(p) ?? "");
      switched = setting !== undefined && configs!.some((text) => new RegExp(String.raw`^${setting}[ \t]*(?::[^=\n]+)?=[ \t]*False\b`, "m").test(text));
      memo.set(name, switched);
    }
    return switched;
  };
}

const MODULE_FUNCTION = /^def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm;

/**
 * The text of every module-level function of the project's Python files, by name (the first of
 * a name wins), read in one pass: each runs to the next line of code as little indented.
 */
function moduleFunctions(project: Project): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of project.listed) {
    if (!path.endsWith(".py") || SKIPPED.test(path)) continue;
    const text = project.text(path) ?? "";
    for (const m of text.matchAll(MODULE_FUNCTION)) {
      if (found.has(m[1]!)) continue;
      let end = text.indexOf("\n", m.index);
      while (end !== -1 && end + 1 < text.length) {
        const next = text.indexOf("\n", end + 1);
        const line = text.slice(end + 1, next === -1 ? text.length : next);
        // A line of code at the margin ends the function (a comment or a blank line does not).
        if (/^[^\s#]/.test(line)) break;
        end = next;
      }
      found.set(m[1]!, text.slice(m.index, end === -1 ? text.length : end));
    }
  }
  return found;
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
