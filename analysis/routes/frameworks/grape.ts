import { RUBY_BLOCKS, type Statement, statements } from "../blocks.ts";
import { dslArguments, dslList, dslValue } from "../dsl-arguments.ts";
import type { Framework } from "../framework.ts";
import { isGuardName, joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { configuredPlaceholder } from "../common/configured.ts";

const FRAMEWORK = "grape";
const VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);
// The scopes that add a segment: `resource :users do`, `namespace "admin"`, `group`, `segment`.
const NAMESPACES = new Set(["resource", "resources", "namespace", "group", "segment"]);
const API = /^\s*[A-Z][\w:]*\s*<\s*(?:::)?Grape::API(?:::Instance)?\b/;
// A check of the caller a filter or an endpoint's first statement makes: a helper with the bang that
// raises (`authenticate!`, `doorkeeper_authorize!`), or `error!("401 Unauthorized", 401) unless current_user`.
// Without the bang it is something else (`Pundit.authorize(nil, record, :show?)` asks a policy about no one).
const CHECK = /^(?:authenticate\w*!|authorize\w*!|require_\w+!|ensure_\w+!|doorkeeper_authorize!|current_user!|admin_only!|must_be_\w+!)$/;
const REFUSES = /\berror!\s*\(?[^\n]*\b40[13]\b/;

type Scope = { path: string; owner: string; guards: string[] };
type Api = { name: string; prefix?: string; version?: string };

/**
 * Grape: `class V3 < Grape::API` (its module nesting gives `Api::V3`) with its `prefix` and
 * path `version` (Grape's default strategy), `resource`/`namespace`/`group`/`segment` scopes,
 * `route_param :id`, verb blocks (`get :flavor do`, `get ":id/edit"`), `route :any, "*path"`,
 * `mount Other::API` at the current namespace, and grape-swagger's `add_swagger_documentation`
 * (`GET /swagger_doc` and `/swagger_doc/{name}`). Each API class is a router named by its
 * qualified name; a mount names the class by its last part (`*::Directory`), as Ruby finds a
 * constant from the modules around it; a Rails app's `mount Api::V3 => "/"` serves it
 * (ruby/grape-mounts.ts). A `before` filter, or an endpoint's first statement, that checks the
 * caller (`authenticate!`, `error!(..., 401) unless current_user`) guards what comes after it.
 */
export const grape: Framework = {
  id: FRAMEWORK,
  name: "Grape",
  languages: ["ruby"],
  contains: "Grape::API",
  hint: /\bGrape::API\b/,
  scan(source) {
    const found: Registration[] = [];
    visitModule(source, statements(source.code, { start: 0, end: source.code.length }, RUBY_BLOCKS), [], found);
    return found;
  },
};

/** Modules and classes down to each Grape API class. */
function visitModule(source: RouteSource, list: readonly Statement[], modules: string[], found: Registration[]): void {
  for (const st of list) {
    if ((st.name !== "module" && st.name !== "class") || !st.block) continue;
    const header = source.code.slice(st.args.start, st.args.end);
    const name = /^\s*([A-Z][\w:]*)/.exec(header)?.[1];
    if (!name) continue;
    const inner = statements(source.code, st.block, RUBY_BLOCKS);
    if (st.name === "class" && API.test(header)) visitApi(source, inner, [...modules, name].join("::"), st, found);
    else visitModule(source, inner, [...modules, name], found);
  }
}

function visitApi(source: RouteSource, list: readonly Statement[], qualified: string, st: Statement, found: Registration[]): void {
  const api: Api = { name: qualified.includes("::") ? qualified : `::${qualified}` };
  // The prefix and version are settings of the whole class, wherever they are written.
  for (const s of list) {
    const first = dslArguments(source, s.args).positional[0];
    if (s.name === "prefix" && first) api.prefix = dslValue(source, first);
    if (s.name === "version" && first) {
      const args = dslArguments(source, s.args);
      const using = args.keywords.get("using");
      if (!using || dslValue(source, using) === "path") api.version = dslList(source, first)[0] ?? dslValue(source, first);
    }
  }
  // Settings a module of the app's gives the classes that include it (`include API::V1::Defaults`,
  // whose `included do` says `prefix "api"` and `version "v1"`), unless the class gives its own:
  // found in that module's file before linking (ruby/grape-defaults.ts).
  const included = list.flatMap((s) => (s.name === "include" ? [/^\s*(?:::)?([A-Z][\w:]*)\s*$/.exec(source.code.slice(s.args.start, s.args.end))?.[1]].filter((n): n is string => !!n && !n.startsWith("Grape::")) : []));
  const own = api.prefix === undefined && api.version === undefined ? included.map((name) => configuredPlaceholder("grape", name)).join("") : "";
  found.push({ type: "router", framework: FRAMEWORK, name: api.name, prefix: joinPaths(own, api.prefix ?? "", api.version ?? ""), guards: [], line: source.lineAt(st.start) });
  visit(source, list, { path: "", owner: api.name, guards: [] }, found);
}

/** The statements of one scope of an API class: its filters, endpoints, nested scopes and mounts. */
function visit(source: RouteSource, list: readonly Statement[], scope: Scope, found: Registration[]): void {
  let guards = scope.guards;
  for (const st of list) {
    const args = dslArguments(source, st.args);
    const first = args.positional[0] ? dslValue(source, args.positional[0]) : undefined;
    const inner = (path: string) => st.block && visit(source, statements(source.code, st.block, RUBY_BLOCKS), { ...scope, path: joinPaths(scope.path, path), guards }, found);
    const line = source.lineAt(st.start);
    if (VERBS.has(st.name)) {
      if (args.positional.length && first === undefined) continue; // a path the scanner cannot read
      const check = st.block ? bodyCheck(source, st.block, false) : undefined;
      found.push(route([st.name.toUpperCase()], joinPaths(scope.path, first ?? ""), [...guards, ...(check ? [check] : [])], scope.owner, line));
    } else if (st.name === "route" && args.positional[0]) {
      const methods = dslList(source, args.positional[0]).map((m) => (m === "any" ? "ALL" : m.toUpperCase()));
      const path = args.positional[1] ? dslValue(source, args.positional[1]) : "";
      if (path !== undefined && methods.length) found.push(route(methods, joinPaths(scope.path, path), guards, scope.owner, line));
    } else if (NAMESPACES.has(st.name) && first !== undefined) inner(first);
    else if (st.name === "route_param" && first !== undefined) inner(`{${first}}`);
    else if (st.name === "before") {
      // `before do ... end`, or a brace block (`before { authenticate! }`), which reads as the call's arguments.
      const check = st.block ? bodyCheck(source, st.block, true) : source.code.slice(st.args.start, st.args.end).match(/[A-Za-z_]\w*[!?]?/g)?.find((w) => CHECK.test(w));
      if (check) guards = [...guards, check];
    } else if (st.name === "mount") {
      const pair = args.pairs[0];
      const target = /^\s*(?:::)?([A-Z][\w:]*)/.exec(source.code.slice((pair?.key ?? args.positional[0])?.start ?? 0, (pair?.key ?? args.positional[0])?.end ?? 0))?.[1];
      const at = pair ? dslValue(source, pair.value) : undefined;
      if (target) found.push({ type: "use", framework: FRAMEWORK, owner: scope.owner, prefix: joinPaths(scope.path, at ?? ""), args: [`*::${target.split("::").at(-1)}`], specifiers: [], guards, mountOnly: true, line });
    } else if (st.name === "add_swagger_documentation") {
      const mountPath = args.keywords.get("mount_path");
      const base = joinPaths(scope.path, (mountPath ? dslValue(source, mountPath) : undefined) ?? "swagger_doc");
      found.push(route(["GET"], base, guards, scope.owner, line), route(["GET"], joinPaths(base, "{name}"), guards, scope.owner, line));
    } else if (st.name !== "helpers" && st.name !== "def" && st.block && /^(?:if|unless|with|scope|namespace_setting)$/.test(st.name)) inner("");
  }
}

const route = (methods: string[], path: string, guards: string[], owner: string, line: number): Registration =>
  ({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler: "(inline)", guards: [...new Set(guards)], owner, line });

/** The caller check a block makes: anywhere in a filter, or as an endpoint's first statement. */
function bodyCheck(source: RouteSource, block: { start: number; end: number }, anywhere: boolean): string | undefined {
  const body = statements(source.code, block, RUBY_BLOCKS);
  for (const st of anywhere ? body : body.slice(0, 1)) {
    const text = source.code.slice(st.start, st.args.end);
    const words = [st.name.split(".").at(-1)!, ...(source.code.slice(st.args.start, st.args.end).match(/[A-Za-z_]\w*[!?]?/g) ?? [])];
    const check = words.find((w) => CHECK.test(w) || (w.endsWith("!") && isGuardName(w)));
    if (check) return check;
    if (REFUSES.test(source.text.slice(st.start, st.args.end)) && /\b(?:unless|if)\b/.test(text)) return "error!(401)";
  }
  return undefined;
}
