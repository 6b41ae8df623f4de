import { ELIXIR_BLOCKS, type Span, type Statement, statements } from "../blocks.ts";
import { type DslArguments, dslArguments, dslList, dslValue } from "../dsl-arguments.ts";
import type { Framework } from "../framework.ts";
import { functionPlugRefuses, isAuthCheck, isAuthPlug } from "../elixir/plugs.ts";
import { isOptionalGuardName, joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { restActions } from "../resources.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "phoenix";
// A condition that never holds in production: an environment other than :prod (`Mix.env() == :test`,
// `Mix.env() in [:dev, :test, :hex]`), or the generator's `dev_routes` setting.
const DEV_ONLY = /^\s*\(?\s*(?:Mix\s*\.\s*env\s*(?:\(\s*\))?\s*(?:==\s*:(?!prod\b)\w+\b|in\s*\[(?![^\]]*:prod\b)\s*:\w+(?:\s*,\s*:\w+)*\s*\])|Application\s*\.\s*compile_env\s*\(\s*:\w+\s*,\s*:dev_routes\s*\))/;
const VERBS = new Set(["get", "post", "put", "patch", "delete", "options", "head", "connect", "trace"]);

/** Where a route sits: the path so far, the module alias its controllers are named under, the plugs it goes through. */
/** `bindings`: the names a comprehension over a literal list binds (`for path <- ["/logs", "/api/logs"] do`). */
type Scope = { path: string; alias: string; guards: string[]; plugs: string[]; bindings?: ReadonlyMap<string, string>; host?: string };
// A pipeline: whether it checks the caller, and the module plugs of the app's that decide it (`MyAppWeb.APIAuthPlug`).
type Pipeline = { guards: boolean; plugs: string[] };
type Context = { source: RouteSource; pipelines: Map<string, Pipeline>; found: Registration[] };

/**
 * Phoenix routers: `scope "/api", MyAppWeb.Api do` (nested, with module aliasing for handler
 * names), `get "/x", PageController, :index` and the other verbs, `match`, `live`,
 * `resources` (only, except, param, singleton, nested), `forward`. Guards are what a scope's
 * `pipe_through` brings (pipelines or function plugs that check auth, such as
 * `:require_authenticated_user`) and `live_session`s that mount an auth check.
 */
export const phoenix: Framework = {
  id: FRAMEWORK,
  name: "Phoenix",
  languages: ["elixir"],
  hint: /\bPhoenix\.Router\b|:router\b|\bpipe_through\b/,
  scan(source) {
    const top = statements(source.code, { start: 0, end: source.code.length }, ELIXIR_BLOCKS);
    const context: Context = { source, pipelines: pipelines(source, top), found: [] };
    visit(context, top, { path: "", alias: "", guards: [], plugs: [] });
    return context.found;
  },
};

/** Every `pipeline :name do plug ... end` of the router, and whether it checks auth. */
function pipelines(source: RouteSource, top: readonly Statement[]): Map<string, Pipeline> {
  const found = new Map<string, Pipeline>();
  const aliases = moduleAliases(source.code);
  // `plug Plug.Authenticate` under `alias ChangelogWeb.Plug` is ChangelogWeb.Plug.Authenticate.
  const expanded = (plug: string) => {
    const head = plug.split(".")[0]!;
    return aliases.has(head) ? aliases.get(head)! + plug.slice(head.length) : plug;
  };
  const walk = (list: readonly Statement[]) => {
    for (const st of list) {
      if (st.name === "pipeline" && st.block) {
        const name = dslValue(source, dslArguments(source, st.args).positional[0] ?? st.args);
        const plugs = statements(source.code, st.block, ELIXIR_BLOCKS).filter((p) => p.name === "plug").map((p) => expanded(source.code.slice(p.args.start, p.args.end).replace(/^[\s(]+/, "").split(/[\s,()]/)[0]!.replace(/^:/, "")));
        // A pipeline guards when a plug of it checks: its name decides only when it plugs nothing
        // to judge. Guardian's VerifyHeader/VerifySession and LoadResource read a token when there
        // is one; only EnsureAuthenticated (or a check of the app's) turns callers away. A pipeline
        // named optional (`:opt_auth`) loads the caller without requiring one.
        const checks = plugs.filter((p) => !/^:?accepts$|^Guardian\.Plug\.Pipeline$/.test(p));
        // The plugs that decide it are judged by their code after linking (guards-away.ts): Pow's base
        // plug only fetches the caller; a function plug (`:basic_auth`) may check only when configured to.
        // A function plug of the router's own that halts (`plug :force_current_user`) checks whatever its name.
        const deciding = checks.filter((p) => isAuthPlug(p) || (!p.includes(".") && functionPlugRefuses(source.code, p)));
        if (name) found.set(name, { guards: !isOptionalGuardName(name) && (checks.length ? deciding.length > 0 : isAuthCheck(name)), plugs: deciding.map((p) => (p.includes(".") ? p : `:${p}`)) });
      } else if (st.block) walk(statements(source.code, st.block, ELIXIR_BLOCKS));
    }
  };
  walk(top);
  return found;
}

/** The module aliases a file declares: `alias MyAppWeb.Plug` (Plug), `alias MyApp.{Accounts, Repo}`, `alias MyApp.Auth, as: A`. */
function moduleAliases(code: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of code.matchAll(/^[ \t]*alias[ \t]+([A-Z][\w.]*)(?:\.\{([^}]*)\}|[ \t]*,[ \t]*as:[ \t]*([A-Z]\w*))?/gm)) {
    if (m[2] !== undefined) for (const name of m[2].split(",").map((n) => n.trim()).filter((n) => /^[A-Z][\w.]*$/.test(n))) found.set(name.split(".")[0]!, `${m[1]}.${name.split(".")[0]}`);
    else found.set(m[3] ?? m[1]!.split(".").at(-1)!, m[1]!);
  }
  return found;
}

function visit(context: Context, list: readonly Statement[], outer: Scope): void {
  const { source } = context;
  const scope = { ...outer, guards: [...outer.guards], plugs: [...outer.plugs] };
  for (const st of list) {
    const args = dslArguments(source, st.args);
    const inner = (next: Scope) => st.block && visit(context, statements(source.code, st.block, ELIXIR_BLOCKS), next);
    if (st.name === "pipe_through") pipeThrough(context, args, scope);
    else if (st.name === "scope") inner(nested(source, args, scope));
    else if (st.name === "for" && st.block) {
      // `for path <- ["/logs", "/api/logs"] do scope path, ... end`, `for subpage <- ~w(popular archive)a do`:
      // the block once per element of a literal list or word sigil.
      // (Read in the text: stripping blanks a sigil whole.)
      const m = /^\s*\(?\s*([a-z_]\w*)\s*<-\s*(?=\[|~[wW][(\[{<"'|/])/.exec(source.text.slice(st.args.start, st.args.end));
      if (!m) continue;
      const list = { start: st.args.start + m[0].length, end: st.args.end };
      for (const element of source.text[list.start] === "~" ? wordSigil(source.text.slice(list.start, list.end)) : dslList(source, list)) {
        inner({ ...scope, bindings: new Map([...(scope.bindings ?? []), [m[1]!, element]]) });
      }
    }
    else if (VERBS.has(st.name) || st.name === "match" || st.name === "live" || st.name === "forward") verb(context, st, args, scope);
    else if (st.name === "resources") resources(context, st, args, scope);
    else if (st.name === "live_session") {
      const name = args.positional[0] ? dslValue(source, args.positional[0]) : undefined;
      const mount = args.keywords.get("on_mount");
      const checks = mount ? (source.code.slice(mount.start, mount.end).match(/:\w+/g) ?? []).map((a) => a.slice(1)) : [];
      const guard = name && (isAuthCheck(name) || checks.some(isAuthCheck)) ? [name] : [];
      inner({ ...scope, guards: [...scope.guards, ...guard] });
    } else if (st.name === "if" && DEV_ONLY.test(source.code.slice(st.args.start, st.args.end))) {
      // Routes for development only (`if Mix.env() in [:dev, :test] do`, `if Application.compile_env(:app, :dev_routes) do`): not served in production.
      // Its `else` is what production runs (`else pipe_through([:browser, :admin_basic_auth]) end`), for the statements after it in this scope.
      const otherwise = st.block ? /\n([ \t]*)else[ \t]*\n/.exec(source.code.slice(st.block.start, st.block.end)) : null;
      if (otherwise) {
        const from = st.block!.start + otherwise.index + otherwise[0].length;
        for (const branch of statements(source.code, { start: from, end: st.block!.end }, ELIXIR_BLOCKS)) {
          if (branch.name === "pipe_through") pipeThrough(context, dslArguments(source, branch.args), scope);
        }
      }
    } else if (st.name === "live_dashboard") {
      // Phoenix LiveDashboard's pages under its path: its home, a page, and a page of a node.
      const path = args.positional[0] ? bound(source, args.positional[0], scope) : undefined;
      if (path !== undefined) {
        for (const sub of ["", "/:page", "/:node/:page"]) context.found.push(route(["GET"], joinPaths(scope.path, path, sub), "Phoenix.LiveDashboard.PageLive", scope, source.lineAt(st.start)));
      }
    } else if (st.name !== "pipeline" && st.name !== "def" && st.name !== "defp") inner(scope);
  }
}

/** `pipe_through [:browser, :auth]`: the scope takes the guards of the pipelines (or plugs) that check, and the plugs deciding them. */
function pipeThrough(context: Context, args: DslArguments, scope: Scope): void {
  for (const plug of args.positional.flatMap((p) => dslList(context.source, p))) {
    const pipeline = context.pipelines.get(plug);
    if (pipeline ? pipeline.guards : isAuthCheck(plug)) scope.guards.push(plug);
    if (pipeline?.guards) scope.plugs.push(...pipeline.plugs.map((module) => `${plug}=${module}`));
  }
}

/** A nested scope: `scope "/admin", Admin, as: :admin`, `scope path: "/x", alias: X`, `scope "/" do`. */
function nested(source: RouteSource, args: DslArguments, scope: Scope): Scope {
  const [first, second] = args.positional;
  const path = (first && bound(source, first, scope)) ?? (args.keywords.has("path") ? bound(source, args.keywords.get("path")!, scope) : undefined);
  const moduleSpan = (path !== undefined && first && bound(source, first, scope) !== undefined ? second : first) ?? args.keywords.get("alias");
  const module = moduleSpan ? /^\s*([A-Z][\w.]*|false)/.exec(source.code.slice(moduleSpan.start, moduleSpan.end))?.[1] : undefined;
  const alias = module === "false" ? "" : module ? [scope.alias, module].filter(Boolean).join(".") : scope.alias;
  // `host: "preview."` serves the scope's routes for that host (a prefix of it) alone.
  const host = args.keywords.has("host") ? dslValue(source, args.keywords.get("host")!) : undefined;
  return { ...scope, path: joinPaths(scope.path, path ?? ""), alias, guards: [...scope.guards], plugs: [...scope.plugs], ...(host ? { host } : {}) };
}

const moduleAt = (source: RouteSource, args: DslArguments, index: number): string | undefined => {
  const span = args.positional[index];
  return span ? /^\s*([A-Z][\w.]*)/.exec(source.code.slice(span.start, span.end))?.[1] : undefined;
};

/** `get "/x", PageController, :index`, `match :*, "/x", C, :a`, `live "/x", PageLive, :index`, `forward "/x", Plug`. */
function verb(context: Context, st: Statement, args: DslArguments, scope: Scope): void {
  const { source } = context;
  const shift = st.name === "match" ? 1 : 0;
  const path = args.positional[shift] ? bound(source, args.positional[shift]!, scope) : undefined;
  const module = moduleAt(source, args, shift + 1);
  if (path === undefined || !module) return;
  const action = args.positional[shift + 2] ? bound(source, args.positional[shift + 2]!, scope) : undefined;
  let methods = [st.name.toUpperCase()];
  if (st.name === "live") methods = ["GET"];
  if (st.name === "forward") methods = ["ALL"];
  if (st.name === "match") methods = dslList(source, args.positional[0]!).map((m) => (m === "*" ? "ALL" : m.toUpperCase()));
  if (st.name === "match" && /^\s*:\*/.test(source.code.slice(args.positional[0]!.start, args.positional[0]!.end))) methods = ["ALL"];
  const handler = [qualified(scope, module), action].filter(Boolean).join(".");
  context.found.push(route(methods, joinPaths(scope.path, path), handler, scope, source.lineAt(st.start)));
}

const qualified = (scope: Scope, module: string) => [scope.alias, module].filter(Boolean).join(".");

/** `resources "/users", UserController, only: [...], param: "slug"`, nested resources in its block, `singleton: true`. */
function resources(context: Context, st: Statement, args: DslArguments, scope: Scope): void {
  const { source } = context;
  const path = args.positional[0] ? bound(source, args.positional[0], scope) : undefined;
  const module = moduleAt(source, args, 1);
  if (path === undefined || !module) return;
  const list = (key: string) => (args.keywords.has(key) ? dslList(source, args.keywords.get(key)!) : undefined);
  const param = (args.keywords.has("param") ? dslValue(source, args.keywords.get("param")!) : undefined) ?? "id";
  const singleton = /singleton:\s*true/.test(source.code.slice(st.args.start, st.args.end));
  const collection = joinPaths(scope.path, path);
  const member = singleton ? collection : joinPaths(collection, `:${param}`);
  const controller = qualified(scope, module);
  for (const a of restActions("phoenix", { only: list("only"), except: list("except"), singular: singleton })) {
    context.found.push(route(a.methods, joinPaths(a.member ? member : collection, a.suffix), `${controller}.${a.action}`, scope, source.lineAt(st.start)));
  }
  if (!st.block) return;
  const name = (args.keywords.has("name") ? dslValue(source, args.keywords.get("name")!) : undefined) ?? underscore(module.split(".").at(-1)!.replace(/Controller$/, ""));
  const base = singleton ? collection : joinPaths(collection, `:${name}_${param}`);
  visit(context, statements(source.code, st.block, ELIXIR_BLOCKS), { ...scope, path: base });
}

/** A literal, or a name the scope binds, or a string interpolating only such names (`"#{path}/cloudflare"`). */
function bound(source: RouteSource, span: Span, scope: Scope): string | undefined {
  const known = dslValue(source, span);
  if (known !== undefined || !scope.bindings?.size) return known;
  const text = source.text.slice(span.start, span.end).trim();
  if (/^[a-z_]\w*$/.test(text)) return scope.bindings.get(text);
  const interpolated = /^"((?:[^"\\#]|#(?!\{)|#\{\s*[a-z_]\w*\s*\})*)"$/.exec(text);
  if (!interpolated) return undefined;
  let missing = false;
  const value = interpolated[1]!.replace(/#\{\s*([a-z_]\w*)\s*\}/g, (_, name: string) => scope.bindings!.get(name) ?? ((missing = true), ""));
  return missing ? undefined : value;
}

/** The words of an Elixir word sigil: `~w(popular recommended archive)a`, `~w[a b]`. */
function wordSigil(text: string): string[] {
  const open = text[2]!;
  const close = ({ "(": ")", "[": "]", "{": "}", "<": ">" } as Record<string, string>)[open] ?? open;
  const end = text.indexOf(close, 3);
  return end === -1 ? [] : text.slice(3, end).split(/\s+/).filter(Boolean);
}

const underscore = (name: string) => name.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase();

// The pipelines' deciding plugs ride along as helpers (`api=MyAppWeb.APIAuthPlug`), read after linking.
const route = (methods: string[], path: string, handler: string, scope: Scope, line: number): Registration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards: [...new Set(scope.guards)], owner: "", line, ...(scope.plugs.length ? { helpers: [...new Set(scope.plugs)] } : {}), ...(scope.host ? { host: scope.host } : {}) });
