/**
 * A guard decorator of the project's that lets every caller through while a setting is off
 * (Alerta's `@permission(...)`: `if not current_app.config['AUTH_REQUIRED']: return f(*args,
 * **kwargs)`), where the project's configuration modules turn it off by default
 * (`AUTH_REQUIRED = False`): as deployed, the routes it decorates take anonymous callers, so it
 * is no guard. One turned on by default, or whose setting is not found, stays one. So with credentials
 * the environment gives (whoogle's `WHOOGLE_USER`, read with an empty default): unset in every
 * example env file, they leave the check off.
 */
import { functionBodies } from "../function-bodies.ts";
import { CONFIG_MODULE, SKIPPED } from "./config-values.ts";
import { blockEnd, width } from "./definitions.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// `if not current_app.config['AUTH_REQUIRED']:`, `if not app.config.get("LOGIN_REQUIRED"):`, `if not settings.AUTH_REQUIRED:`.
const SWITCH = /^([ \t]*)if[ \t]+not[ \t]+(?:[\w.]*config\s*(?:\[\s*["'](\w+)["']\s*\]|\.get\s*\(\s*["'](\w+)["'][^)\n]*\))|settings\.(\w+))[ \t]*:[ \t]*\n/gm;

/** Whether a guard (a decorator, by its last name) is one such, switched off by default. */
export function settingSwitchedGuards(project: Project | undefined): (guard: string) => boolean {
  const definitions = functionBodies(project, "python");
  let configs: string[] | undefined;
  let env: Set<string> | undefined;
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
      // Or credentials the environment gives, empty unless set (`whoogle_user = os.getenv('WHOOGLE_USER', '')`,
      // `if (not whoogle_user or not whoogle_pass) or (...): return f(*args, **kwargs)`), which no example env file sets.
      if (!switched && body !== undefined) switched = unsetCredentials(body).some((variable) => !(env ??= exampleEnvSet(project)).has(variable));
      memo.set(name, switched);
    }
    return switched;
  };
}

// `name = os.getenv("NAME", "")`, `os.environ.get("NAME")`: a variable of the environment, empty unless set.
const ENV_READ = /^[ \t]*([a-z_]\w*)[ \t]*=[ \t]*os\.(?:getenv|environ\.get)\(\s*["'](\w+)["']\s*(?:,\s*(?:["']{2}|None)\s*)?\)[ \t]*$/gm;

/**
 * The variables of the environment under whose absence (`if not user or not password:`, `if (not a or
 * not b) or (...)`) the decorator calls the function it wraps and returns: the check is off until they are set.
 */
function unsetCredentials(body: string): string[] {
  const read = new Map([...body.matchAll(ENV_READ)].map((m) => [m[1]!, m[2]!]));
  if (!read.size) return [];
  for (const m of body.matchAll(/^([ \t]*)if[ \t]+\(?\s*not[ \t]+([a-z_]\w*)(?:[ \t]+or[ \t]+not[ \t]+([a-z_]\w*))?\b/gm)) {
    const names = [m[2]!, ...(m[3] ? [m[3]] : [])];
    if (!names.every((n) => read.has(n))) continue;
    // The condition may go on over lines (`or (\n auth and ...):`): the block starts after its colon.
    let depth = 0;
    let colon = -1;
    for (let i = m.index + m[0].length; i < body.length && colon === -1; i++) {
      const c = body[i]!;
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") depth--;
      else if (c === ":" && depth <= 0) colon = i;
    }
    const eol = colon === -1 ? -1 : body.indexOf("\n", colon);
    if (eol !== -1 && returnsWrapped(body, eol, m[1]!)) return names.map((n) => read.get(n)!);
  }
  return [];
}

// Example env files: `.env.example`, `.env.sample`, `whoogle.template.env`, `.sample.env`.
const EXAMPLE_ENV = /(?:^|\/)(?:[\w.-]*\.)?env\.(?:example|sample|dist|template)$|(?:^|\/)(?:[\w-]+\.)?(?:template|sample|example)\.env$/;

/** The variables an example env file of the project gives a value (a line not commented out). */
function exampleEnvSet(project: Project): Set<string> {
  const set = new Set<string>();
  for (const path of project.listed) {
    if (!EXAMPLE_ENV.test(path) || SKIPPED.test(path)) continue;
    for (const m of (project.text(path) ?? "").matchAll(/^[ \t]*(?:export[ \t]+)?([A-Z][A-Z0-9_]*)[ \t]*=[ \t]*["']?([^"'\s#]+)/gm)) set.add(m[1]!);
  }
  return set;
}

/** The setting under whose `if not` the decorator calls the function it wraps and returns (lets the caller through). */
function lettingThrough(body: string): string | undefined {
  for (const m of body.matchAll(SWITCH)) if (returnsWrapped(body, m.index + m[0].length - 1, m[1]!)) return m[2] ?? m[3] ?? m[4];
  return undefined;
}

/** Whether the block after a header line (`eol` its end, `indent` its own) returns the function the decorator wraps: `return f(*args, **kwargs)`. */
function returnsWrapped(body: string, eol: number, indent: string): boolean {
  return /^[ \t]*return[ \t]+\w+\s*\(\s*\*args/m.test(body.slice(eol, blockEnd(body, eol, width(indent))));
}
