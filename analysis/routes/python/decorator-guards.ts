/**
 * Decorators of the project's own that guard the Flask views they wrap, whatever their name:
 * Mailu's `@access.global_admin`, made by `@permissions_wrapper`, whose wrapper aborts with 403
 * and is returned through `flask_login.login_required(wrapper)`. A module-level function of the
 * project guards when its body (its inner wrapper's included) refuses the caller (`abort(401)`,
 * `abort(403)`, `raise Forbidden()`, `login_manager.unauthorized()`) or calls a guard
 * (`login_required(wrapper)`, `verify_jwt_in_request()`), or when a decorator of the project that
 * guards makes it. The Flask scanner hands the unknown decorators below a route's as candidates
 * (`?access.global_admin`); they are matched by their last name across the project's Python
 * files outside tests, as Flask code imports them by name or through their module.
 */
import { python } from "../../languages/python.ts";
import { strip } from "../../languages/strip.ts";
import { isNamedNotGuard, isPythonGuard } from "./guards.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// A top-level function with the decorators above it: `@permissions_wrapper\ndef global_admin(args, kwargs):`.
const TOP_DEF = /^((?:@[^\n]*\n)*)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm;
// A check that a setting decides (CTFd's `check_account_visibility`: `v = get_config(...)`, public by default) guards
// only where the deployment turns it on: what it refuses is not the code's to say.
const READS_SETTING = /\bget_(?:config|setting)\s*\(|\bconfig\s*(?:\[|\.\s*get\s*\()|\bsettings\s*\.\s*[A-Z]/;
const REFUSES = /\babort\s*\(\s*40[13]\b|\braise\s+(?:[\w.]*\.)?(?:Unauthorized|Forbidden|NotAuthenticated|PermissionDenied)\b|\blogin_manager\s*\.\s*unauthorized\s*\(/;
// The names a body calls: `flask_login.login_required(wrapper)` calls login_required.
const CALLED = /([A-Za-z_][\w.]*)\s*\(/g;

/** A function telling whether a decorator of the project (by its dotted name) guards, read once on first use. */
export function projectDecoratorGuards(project: Project | undefined): (name: string) => boolean {
  let guarding: Set<string> | undefined;
  return (name) => (guarding ??= read(project)).has(name.split(".").at(-1)!);
}

function read(project: Project | undefined): Set<string> {
  const madeBy = new Map<string, string[]>();
  const guarding = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)(tests?|migrations)\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!/^def |^@/m.test(text)) continue;
    const { code } = strip(text, python.syntax);
    for (const m of code.matchAll(TOP_DEF)) {
      const name = m[2]!;
      if (isNamedNotGuard(name)) continue;
      // The body runs to the next top-level statement (a header's parameters may go on over lines, indented or closing).
      const start = m.index + m[0].length;
      const next = /\n(?=[^\s)])/.exec(code.slice(start));
      const body = code.slice(start, next ? start + next.index : code.length);
      const calls = [...body.matchAll(CALLED)].map((c) => c[1]!.split(".").at(-1)!);
      if (!READS_SETTING.test(body) && (REFUSES.test(body) || calls.some((c) => c !== name && isPythonGuard(c) && !isNamedNotGuard(c)))) guarding.add(name);
      const decorators = [...m[1]!.matchAll(/^@([A-Za-z_][\w.]*)/gm)].map((d) => d[1]!.split(".").at(-1)!);
      if (decorators.length) madeBy.set(name, [...(madeBy.get(name) ?? []), ...decorators]);
    }
  }
  // A function a guarding decorator of the project makes guards too, through any number of such steps.
  for (let grown = true; grown; ) {
    grown = false;
    for (const [name, decorators] of madeBy) {
      if (!guarding.has(name) && decorators.some((d) => guarding.has(d))) {
        guarding.add(name);
        grown = true;
      }
    }
  }
  return guarding;
}
