import { RUBY_BLOCKS, type Statement, statements } from "../blocks.ts";
import type { Framework } from "../framework.ts";
import { isGuardName, joinPaths } from "../paths.ts";
import type { Registration, RouteRegistration } from "../registration.ts";
import { dslArguments, dslValue } from "../dsl-arguments.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "sinatra";
const VERBS = new Set(["get", "post", "put", "patch", "delete", "options", "head", "link", "unlink"]);
// Checks a filter or a route body makes: `authenticate!`, `protected!`, `halt 401 unless logged_in?`.
const CHECK = /^(?:authenticate\w*!?|authorize\w*!?|protected!|require_\w+!?|ensure_\w+!?|login_required!?|logged_in\?|signed_in\?|current_user!|admin_only!|must_be_\w+!?)$/;

type Scope = { path: string; handler: string };
type Filter = { pattern: string | undefined; guard: string };

/**
 * Sinatra: classic and modular apps (`class Api < Sinatra::Base`), verb blocks (`get "/x" do`),
 * sinatra-contrib `namespace "/api" do`, and `before` filters that check auth (a call such
 * as `authenticate!` or `halt 401 unless logged_in?`) as guards of the routes they cover: all
 * routes of their class or namespace, or those their pattern matches (`before "/admin/*"`).
 * A route whose body starts with such a check is guarded too.
 */
export const sinatra: Framework = {
  id: FRAMEWORK,
  name: "Sinatra",
  languages: ["ruby"],
  hint: /\bsinatra\b/i,
  scan(source) {
    const found: RouteRegistration[] = [];
    visit(source, statements(source.code, { start: 0, end: source.code.length }, RUBY_BLOCKS), { path: "", handler: "(inline)" }, found);
    return found as Registration[];
  },
};

/** Reads the statements of one scope (the file, a class, a namespace) and applies its filters to the routes it holds. */
function visit(source: RouteSource, list: readonly Statement[], scope: Scope, found: RouteRegistration[]): void {
  const from = found.length;
  const filters: Filter[] = [];
  for (const st of list) {
    const name = st.name.split(".").at(-1)!;
    const args = dslArguments(source, st.args);
    const first = args.positional[0] ? dslValue(source, args.positional[0]) : undefined;
    const inner = (next: Scope) => st.block && visit(source, statements(source.code, st.block, RUBY_BLOCKS), next, found);
    if (VERBS.has(name) && st.block && first !== undefined) {
      const conditions = [...args.keywords.keys()].filter(isGuardName).map((key) => `${key}(${dslValue(source, args.keywords.get(key)!) ?? ""})`);
      const body = bodyCheck(source, st);
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [name.toUpperCase()], path: joinPaths(scope.path, first), handler: scope.handler, guards: [...conditions, ...(body ? [body] : [])], owner: "", line: source.lineAt(st.start) });
    } else if (name === "namespace" && first !== undefined) inner({ ...scope, path: joinPaths(scope.path, first) });
    else if (name === "class" || name === "module") inner({ path: scope.path, handler: /^\s*([A-Z][\w:]*)/.exec(source.code.slice(st.args.start, st.args.end))?.[1] ?? scope.handler });
    else if (name === "before" && st.block) {
      const guard = bodyCheck(source, st, true);
      if (guard) filters.push({ pattern: first === undefined ? undefined : joinPaths(scope.path, first), guard });
    } else if (name === "def") {
      // An extension registers its routes on the app it is given: `def self.registered(app) app.get "/x" do`.
      if (/^\s*(?:self\.)?registered\b/.test(source.code.slice(st.args.start, st.args.end))) inner(scope);
    } else if (name !== "helpers" && name !== "configure") inner(scope);
  }
  for (const route of found.slice(from)) {
    for (const f of filters) if (!f.pattern || glob(f.pattern).test(route.path)) route.guards = [...new Set([f.guard, ...route.guards])];
  }
}

/** The auth check a block makes: anywhere in a filter, or as the first statement of a route. */
function bodyCheck(source: RouteSource, st: Statement, anywhere = false): string | undefined {
  const body = statements(source.code, st.block!, RUBY_BLOCKS);
  for (const inner of anywhere ? body : body.slice(0, 1)) {
    const words = [inner.name.split(".").at(-1)!, ...(source.code.slice(inner.args.start, inner.args.end).match(/[A-Za-z_]\w*[!?]?/g) ?? [])];
    const check = words.find((w) => CHECK.test(w));
    if (check) return check;
  }
  return undefined;
}

/** A filter pattern (`/admin/*`, `/users/{id}`, as joined paths write it) as a test over route paths. */
function glob(pattern: string): RegExp {
  const parts = pattern.split("*").map((p) => p.replace(/[.+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+"));
  return new RegExp(`^${parts.join(".*")}$`);
}
