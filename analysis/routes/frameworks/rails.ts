import { RUBY_BLOCKS, type Span, type Statement, statements } from "../blocks.ts";
import type { Framework } from "../framework.ts";
import { plural, singular } from "../inflect.ts";
import { isGuardName, optionalSegmentForms } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { restActions } from "../resources.ts";
import { type DslArguments, dslArguments, dslList, dslValue } from "../dsl-arguments.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { ENGINE_DRAW, snake } from "../ruby/controllers.ts";
import { LOCALIZED } from "../ruby/route-translator.ts";
import { configuredPlaceholder } from "../common/configured.ts";
import { environmentKey } from "../common/switched-off.ts";

const FRAMEWORK = "rails";
const ROUTER = "routes";
// The app's route files, not an engine's (engines/dfc_provider/config/routes.rb).
const APP_ROUTES_FILE = /^config\/routes(?:\/[\w/]+)?\.rb$/;
const VERBS = new Set(["get", "post", "put", "patch", "delete", "options", "head", "match", "root"]);
const ROUTES_FILE = /(?:^|\/)config\/routes(?:\.rb|\/.+\.rb)$/;

/** The resource a block belongs to: where its member and collection routes go, and its controller. */
type Resource = { controller: string; member: string; collection: string };

/** Where a statement sits: the path so far, the controller module, guards, and the resource around it. */
type Scope = {
  path: string;
  /** The action a `scope action:` gives routes that name none. */
  action?: string;
  module: string;
  controller: string | undefined;
  guards: string[];
  resource: Resource | undefined;
  /** `member do`/`collection do` blocks place routes on the resource's member or collection path. */
  on: "member" | "collection" | undefined;
  /** Under `shallow: true`, member routes of nested resources leave the parent's path: this is where they go. */
  shallow: string | undefined;
  /** The path the enclosing resource was declared at, where a nested `shallow: true` resource puts its members. */
  outside?: string;
  /** In a `shallow do ... end` block every resource is declared `shallow: true`. */
  shallowBlock?: boolean;
  /** The names a loop over a literal list binds in its block (`%w(browse show).each do |action|`). */
  bindings?: ReadonlyMap<string, string>;
  /** `format: true`: the format segment is required, `photos/:id.:format`, here and in the block. */
  format?: boolean;
};

type Context = { source: RouteSource; concerns: Map<string, Span>; found: Registration[] };

/**
 * Rails: `config/routes.rb` and the files it draws (`draw :admin`): `resources`/`resource`
 * with only/except, param, path, controller, module, shallow and nested blocks, `member` and
 * `collection`, `namespace`, `scope` (path, module), `controller` blocks, verbs with `to:`
 * or `"path" => "c#a"`, `match ... via:`, `root`, `concern`/`concerns`, and `mount`. Guards
 * are devise's `authenticate`/`authenticated` blocks and object or lambda `constraints`.
 */
export const rails: Framework = {
  id: FRAMEWORK,
  name: "Rails",
  languages: ["ruby"],
  hint: /\broutes\.draw\b|\b(?:resources?|namespace|root|get|post|scope|draw|match)\b/,
  scan(source) {
    if (!ROUTES_FILE.test(source.path)) return [];
    const context: Context = { source, concerns: new Map(), found: [] };
    const scope: Scope = { path: "", module: "", controller: undefined, guards: [], resource: undefined, on: undefined, shallow: undefined };
    visit(context, statements(source.code, { start: 0, end: source.code.length }, RUBY_BLOCKS), scope);
    if (!context.found.length) return [];
    // A route with optional segments serves each of its forms, those without a segment giving way
    // to a route written for their path (`match '/search'` before `match '/search(/*combined)'`);
    // a mount's prefix takes the longest.
    const found = context.found.flatMap((r): Registration[] => {
      if (r.type === "use") return [{ ...r, prefix: r.prefix.replace(/[()]/g, "") }];
      if (r.type !== "route") return [r];
      const forms = optionalSegmentForms(r.path, "()");
      return forms.map((path, i) => ({ ...r, path, ...(i < forms.length - 1 ? { shortened: true } : {}) }));
    });
    return [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line: 1 }, ...found];
  },
};

function visit(context: Context, list: readonly Statement[], scope: Scope): void {
  const { source } = context;
  for (const st of list) {
    // A statement under a trailing modifier (`get "debug", to: "debug#show" if Rails.env.development?`,
    // `resources :renewal_requests, only: :create if ENV["FEATURE_RENEWAL_REQUESTS"] == "on"`): not drawn
    // outside development; drawn under an environment setting as a block under it is.
    const modifier = st.block ? undefined : trailingModifier(source, st.args);
    if (modifier) {
      if (DEV_ONLY[modifier.kind].test(modifier.condition)) continue;
      const from = context.found.length;
      visit(context, [{ ...st, args: { start: st.args.start, end: modifier.at } }], scope);
      const setting = environmentSwitch(modifier.condition);
      if (setting) switchOn(context, from, setting.negated !== (modifier.kind === "unless") ? `!${setting.key}` : setting.key);
      continue;
    }
    const args = dslArguments(source, st.args);
    const block = (inner: Scope) => st.block && visit(context, statements(source.code, st.block, RUBY_BLOCKS), inner);
    const first = args.positional[0] ? dslValue(source, args.positional[0]) : undefined;
    // `path: nil` (`namespace :api, path: nil`) is no path at all: the namespace names a module only.
    const option = (key: string) => (args.keywords.has(key) ? (/^\s*nil\s*$/.test(source.code.slice(args.keywords.get(key)!.start, args.keywords.get(key)!.end)) ? "" : dslValue(source, args.keywords.get(key)!)) : undefined);
    const name = st.name.split(".").at(-1)!;
    // In a `collection do` (or `member do`) block, a namespace or scope goes under the collection's (or the member's) path.
    const here = scope.resource && scope.on === "collection" ? scope.resource.collection : scope.resource && scope.on === "member" ? scope.resource.member : scope.path;
    const format = scope.format || requiresFormat(source, args);
    // Routes drawn outside production only (`unless Rails.env.production?`, `if Rails.env.development?`): not served.
    if ((name === "if" || name === "unless") && DEV_ONLY[name].test(source.code.slice(st.args.start, st.args.end))) continue;
    // `if ActiveModel::Type::Boolean.new.cast(ENV["ENABLE_MARKETING_REDESIGN"]) ... else ... end`: each branch drawn
    // under the setting, on or off, which the example env file decides before linking (common/switched-off.ts).
    const setting = (name === "if" || name === "unless") && st.block ? environmentSwitch(source.text.slice(st.args.start, st.args.end)) : undefined;
    if (setting && st.block) {
      const inner = statements(source.code, st.block, RUBY_BLOCKS);
      const split = inner.findIndex((s) => s.name === "else" || s.name === "elsif");
      const on = (setting.negated !== (name === "unless")) ? `!${setting.key}` : setting.key;
      const drawn = (list: readonly Statement[], key: string) => {
        const from = context.found.length;
        visit(context, list, scope);
        switchOn(context, from, key);
      };
      drawn(split === -1 ? inner : inner.slice(0, split), on);
      // An `elsif` branch has a test of its own: what follows it is drawn as before, unswitched.
      if (split !== -1) (inner[split]!.name === "else" ? drawn(inner.slice(split + 1), on.startsWith("!") ? on.slice(1) : `!${on}`) : visit(context, inner.slice(split + 1), scope));
      continue;
    }
    if (VERBS.has(name)) verb(context, st, args, scope);
    else if (name === "resources" || name === "resource") resources(context, st, args, scope, name === "resource");
    else if (name === "namespace" && first !== undefined) {
      block({ ...scope, path: join(here, option("path") ?? first), module: join(scope.module, option("module") ?? first), resource: undefined, on: undefined, guards: [...scope.guards, ...optionGuards(source, args)], format });
    } else if (name === "scope") {
      const module = option("module");
      const path = join(here, first ?? option("path") ?? "");
      // A path the code computes (`scope path: ApplicationResource.endpoint_namespace`): the routes
      // in the block are at an unknown prefix, not at the root (where they would pose as duplicates).
      const computed = (args.positional[0] && first === undefined) || (args.keywords.has("path") && option("path") === undefined);
      const inner: Scope = { ...scope, path, module: module ? join(scope.module, module) : scope.module, controller: option("controller") ?? scope.controller ?? (scope.on ? scope.resource?.controller : undefined), action: option("action") ?? scope.action, guards: [...scope.guards, ...optionGuards(source, args)], format, ...(scope.resource && scope.on ? { resource: undefined, on: undefined } : {}) };
      if (computed && st.block) {
        const unknown: Context = { ...context, found: [] };
        visit(unknown, statements(source.code, st.block, RUBY_BLOCKS), inner);
        context.found.push(...unknown.found.map((r) => (r.type === "route" ? { ...r, prefixUnknown: true } : r)));
      } else block(inner);
    } else if (name === "api_version") {
      // The versionist gem: `api_version(module: "Api::V1", path: {value: "api/v1"})` is a scope of that path and module.
      const written = args.keywords.get("path");
      const path = written && /\bvalue\s*(?::|=>)\s*["']([^"']+)["']/.exec(source.text.slice(written.start, written.end))?.[1];
      const module = option("module");
      block({ ...scope, path: path ? join(here, path) : here, module: module ? join(scope.module, snake(module)) : scope.module, guards: [...scope.guards, ...optionGuards(source, args)], format });
    } else if (name === "controller" && first !== undefined) block({ ...scope, controller: first });
    else if ((name === "member" || name === "collection") && scope.resource) block({ ...scope, on: name });
    else if (name === "shallow") block({ ...scope, shallowBlock: true });
    else if (name === "each" && st.params?.length === 1) {
      // Routes drawn from data: once per value of the literal list, with the block's name bound to it.
      for (const value of dslList(source, st.args)) block({ ...scope, bindings: new Map([...(scope.bindings ?? []), [st.params[0]!, value]]) });
    }
    else if (name === "concern" && first !== undefined && st.block) context.concerns.set(first, st.block);
    else if (name === "concerns") for (const c of args.positional.flatMap((p) => dslList(source, p))) concern(context, c, scope);
    else if (name === "mount") mount(context, st, args, scope);
    else if (name === "devise_for" && first !== undefined) devise(context, st, args, scope, first);
    else if (name === "use_doorkeeper") doorkeeper(context, st, args, scope);
    else if (name === "draw" && first !== undefined && !st.block) drawn(context, st, first, scope);
    // `Spree::Core::Engine.routes.draw do` in the app's own route files: the engine's routes, whose
    // controllers are in the namespace it isolates (Spree::Admin::UsersController for `admin/users`).
    // An engine's own route file is placed by its controllers' folder instead (ruby/controllers.ts).
    else if (name === "draw" && st.block && APP_ROUTES_FILE.test(source.path) && ENGINE_DRAW.test(st.name)) {
      block({ ...scope, module: join(scope.module, snake(ENGINE_DRAW.exec(st.name)![1]!)) });
    }
    // route_translator's routes of every locale, the locale first in the path where its configuration forces it (ruby/route-translator.ts).
    else if (name === "localized" && st.block) block({ ...scope, path: join(configuredPlaceholder("rails", LOCALIZED), here) });
    else if (name === "authenticate" || name === "authenticated") block({ ...scope, guards: [...scope.guards, `${name}${first ? `(${first})` : ""}`] });
    else if (name === "constraints") block({ ...scope, guards: [...scope.guards, ...constraintGuards(source, args)] });
    else if (name !== "concern") block(scope);
  }
}

// A setting of the environment read as a boolean: `ActiveModel::Type::Boolean.new.cast(ENV["X"])` (or `serialize`),
// `ENV["X"] == "true"`, `ENV.fetch("X", "false") == "true"`, `ENV["X"] == "on"`, perhaps negated. Plain `if ENV["X"]` is not one: "false" is truthy.
const ENV_READ = String.raw`ENV\s*(?:\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\]|\.fetch\s*\(\s*["']([A-Z][A-Z0-9_]*)["'][^()]*\))`;
const ENV_BOOLEAN = new RegExp(String.raw`^\s*\(?\s*(!\s*)?(?:(?:::)?ActiveModel::Type::Boolean\.new\.(?:cast|serialize)\s*\(\s*${ENV_READ}\s*\)|${ENV_READ}(?:\.to_s)?(?:\.downcase)?\s*==\s*["'](\w+)["'])\s*\)?\s*$`);

/** The environment setting a condition tests, as common/switched-off.ts decides it: the variable and the value it must hold (`env:FEATURE_X=on`). */
function environmentSwitch(condition: string): { key: string; negated: boolean } | undefined {
  const m = ENV_BOOLEAN.exec(condition);
  const name = m && (m[2] ?? m[3] ?? m[4] ?? m[5]);
  return name ? { key: environmentKey(name, m![6] ?? "true"), negated: !!m![1] } : undefined;
}

/** Marks what was drawn since `from` as drawn under a setting. */
function switchOn(context: Context, from: number, key: string): void {
  for (let i = from; i < context.found.length; i++) {
    const r = context.found[i]!;
    if (r.type !== "export") context.found[i] = { ...r, switchedOn: [...(r.switchedOn ?? []), key] };
  }
}

/** A trailing `if`/`unless` of a statement's arguments (the code's strings are blanked): where it starts, and its condition as written. */
function trailingModifier(source: RouteSource, args: Span): { kind: "if" | "unless"; at: number; condition: string } | undefined {
  const code = source.code.slice(args.start, args.end);
  let depth = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    const m = depth === 0 && /\s/.test(c) ? /^\s(if|unless)\s/.exec(code.slice(i)) : null;
    if (m) return { kind: m[1] as "if" | "unless", at: args.start + i, condition: source.text.slice(args.start + i + m[0].length, args.end) };
  }
  return undefined;
}

const DEV_ONLY = {
  unless: /^\s*\(?\s*Rails\s*\.\s*env\s*\.\s*production\?\s*\)?\s*$/,
  if: /^\s*\(?\s*Rails\s*\.\s*env\s*\.\s*(?:development|test)\?(?:\s*(?:\|\||or)\s*Rails\s*\.\s*env\s*\.\s*(?:development|test)\?)*\s*\)?\s*$/,
};

const CANONICAL_ACTIONS = new Set(["index", "create", "new", "show", "update", "destroy"]);

/** A verb route: `get "photos/:id", to: "photos#show"`, `get :search, on: :collection`, `root "pages#home"`. */
function verb(context: Context, st: Statement, args: DslArguments, scope: Scope): void {
  const { source } = context;
  const name = st.name;
  const pair = args.pairs[0];
  const firstSpan = args.positional[0];
  const symbol = firstSpan && /^\s*:/.test(source.code.slice(firstSpan.start, firstSpan.end));
  let path = name === "root" ? "" : pair ? dslValue(source, pair.key, scope.bindings) : firstSpan ? dslValue(source, firstSpan, scope.bindings) : undefined;
  if (path === undefined) return;
  const to = args.keywords.get("to") ?? pair?.value ?? (name === "root" ? firstSpan : undefined);
  const via = args.keywords.get("via");
  const methods = name === "root" ? ["GET"] : name === "match" ? (via ? dslList(source, via).map((m) => m.toUpperCase()) : ["ALL"]) : [name.toUpperCase()];
  const on = (args.keywords.has("on") ? dslValue(source, args.keywords.get("on")!) : undefined) ?? scope.on;
  let base = scope.path;
  if (scope.resource && on === "member") base = scope.resource.member;
  else if (scope.resource && on === "collection") base = scope.resource.collection;
  else if (scope.resource && on === "new") base = join(scope.resource.collection, "new");
  const handler = handlerOf(context, to, args, scope, symbol ? path : undefined, path);
  // `get :hiring_content, path: "hiring/content-2"`: the action's name, served at the path given.
  const given = symbol && args.keywords.has("path") ? dslValue(source, args.keywords.get("path")!, scope.bindings) : undefined;
  if (given !== undefined) path = given;
  const guards = [...scope.guards, ...optionGuards(source, args)];
  // A canonical action named in a member or collection block (`collection { patch :update }`) is
  // served at the resource's own path, as Rails does, not under a segment of its name.
  const canonical = symbol && scope.resource && on && CANONICAL_ACTIONS.has(path) && !args.keywords.has("path");
  const format = scope.format || requiresFormat(source, args) ? ".:format" : "";
  context.found.push(route(methods.map((m) => (m === "ANY" ? "ALL" : m)), literalConstraints(source, args, (canonical ? base : join(base, path)) + format), handler, guards, source.lineAt(st.start)));
}

/** A segment constrained to one literal value is that value: `get "robots.:format", constraints: { format: "txt" }` is `/robots.txt`. */
function literalConstraints(source: RouteSource, args: DslArguments, path: string): string {
  const span = args.keywords.get("constraints");
  const text = span ? source.text.slice(span.start, span.end) : "";
  return path.replace(/:(\w+)/g, (segment, name: string) => {
    const value = new RegExp(`(?:\\b${name}:|:${name}\\s*=>)\\s*["']([\\w.-]+)["']`).exec(text)?.[1];
    return value ?? segment;
  });
}

/** The handler of a verb route: "controller#action" with the scope's module, or what `to:` names (a redirect, a Rack app). */
function handlerOf(context: Context, to: Span | undefined, args: DslArguments, scope: Scope, symbol: string | undefined, path: string): string {
  const { source } = context;
  const target = to ? dslValue(source, to, scope.bindings) : undefined;
  if (to && target === undefined) return /^\s*([A-Za-z_][\w:.]*)/.exec(source.code.slice(to.start, to.end))?.[1] ?? "(inline)";
  const option = (key: string) => (args.keywords.has(key) ? dslValue(source, args.keywords.get(key)!, scope.bindings) : undefined);
  let controller = option("controller");
  let action = option("action");
  if (target?.includes("#")) [controller, action] = target.split("#") as [string, string];
  else if (target) action = target;
  // `to: "/rubygems/transfers#new"` names a controller outside the scope's module.
  if (controller?.startsWith("/")) return `${controller.slice(1)}#${action ?? "index"}`;
  action ??= scope.action;
  const segments = path.split("/").filter((s) => s && !s.startsWith(":") && !s.startsWith("*") && !s.startsWith("("));
  controller ??= scope.resource?.controller ?? scope.controller ?? (segments.length > 1 ? segments[0] : undefined);
  action ??= symbol ?? segments.at(-1) ?? "index";
  // Rails makes the scope's module the controller where nothing else names one (`namespace :webhooks do post "plaid" end` is webhooks#plaid).
  // `to: "#create_text_chunks"` names an empty one: the module's own `Controller` class (`course/material/#...`, Course::Material::Controller).
  if (!controller) return scope.module && scope.module !== "/" ? `${scope.module.slice(1)}${controller === "" ? "/" : ""}#${action}` : action;
  return `${scope.resource && controller === scope.resource.controller ? controller : join(scope.module, controller).slice(1)}#${action}`;
}

/**
 * The routes Devise's modules draw, by controller: a route, its path under the resource's (path
 * names in braces, `{sign_in}` -> `sign_in` or what `path_names:` says), and whether Devise
 * requires a signed-in user there (`authenticate_scope!` on editing and deleting the account).
 */
// Each route: method, path (path names in braces), action, and the filter guarding it. devise_invitable's
// invitations (inviting needs a signed-in inviter; accepting takes the invitation's token) and
// omniauthable's provider routes (OmniAuth 2 starts a sign-in by POST; `{provider}` is each of the
// model's `omniauth_providers`, ruby/devise-modules.ts) are drawn too, kept only where the model enables them.
const DEVISE: Record<string, [method: string, path: string, action: string, guard?: string][]> = {
  sessions: [["GET", "{sign_in}", "new"], ["POST", "{sign_in}", "create"], ["DELETE", "{sign_out}", "destroy"]],
  passwords: [["GET", "{password}/new", "new"], ["GET", "{password}/edit", "edit"], ["PATCH", "{password}", "update"], ["PUT", "{password}", "update"], ["POST", "{password}", "create"]],
  registrations: [
    ["GET", "{registration}/{cancel}", "cancel"], ["GET", "{registration}/{sign_up}", "new"], ["GET", "{registration}/{edit}", "edit", "authenticate_scope!"],
    ["PATCH", "{registration}", "update", "authenticate_scope!"], ["PUT", "{registration}", "update", "authenticate_scope!"], ["DELETE", "{registration}", "destroy", "authenticate_scope!"], ["POST", "{registration}", "create"],
  ],
  confirmations: [["GET", "{confirmation}/new", "new"], ["GET", "{confirmation}", "show"], ["POST", "{confirmation}", "create"]],
  unlocks: [["GET", "{unlock}/new", "new"], ["GET", "{unlock}", "show"], ["POST", "{unlock}", "create"]],
  invitations: [
    ["GET", "{invitation}/new", "new", "authenticate_inviter!"], ["POST", "{invitation}", "create", "authenticate_inviter!"],
    ["PATCH", "{invitation}", "update"], ["PUT", "{invitation}", "update"], ["GET", "{invitation}/{accept}", "edit"], ["GET", "{invitation}/{remove}", "destroy"],
  ],
  omniauth_callbacks: [["POST", "auth/:provider", "passthru"], ["GET", "auth/:provider/callback", ":provider"], ["POST", "auth/:provider/callback", ":provider"]],
};
/** Every module's routes are drawn; those of modules the resource's model does not enable go before linking (ruby/devise-modules.ts). */
const DEVISE_ALL = ["sessions", "passwords", "registrations", "confirmations", "unlocks", "invitations", "omniauth_callbacks"];
const DEVISE_PATH_NAMES: Record<string, string> = { sign_in: "sign_in", sign_out: "sign_out", password: "password", registration: "", sign_up: "sign_up", cancel: "cancel", edit: "edit", confirmation: "confirmation", unlock: "unlock", invitation: "invitation", accept: "accept", remove: "remove" };

/**
 * `devise_for :users, path: "auth", path_names: { sign_in: :login }, controllers: { sessions:
 * :sessions }, skip: [:passwords]`: the sign-in, password and registration routes of the
 * modules the generated model enables (`only:` names others: confirmations, unlocks).
 */
function devise(context: Context, st: Statement, args: DslArguments, scope: Scope, resource: string): void {
  const { source } = context;
  const hash = (key: string) => {
    const span = args.keywords.get(key);
    const open = span && source.code.indexOf("{", span.start);
    if (span === undefined || open === undefined || open < 0 || open >= span.end) return new Map<string, string>();
    const inner = dslArguments(source, { start: open + 1, end: callArguments(source.code, open).end - 1 });
    return new Map([...inner.keywords].flatMap(([k, v]) => { const value = dslValue(source, v); return value === undefined ? [] : [[k, value] as [string, string]]; }));
  };
  const list = (key: string) => (args.keywords.has(key) ? dslList(source, args.keywords.get(key)!) : undefined);
  const names = { ...DEVISE_PATH_NAMES, ...Object.fromEntries(hash("path_names")) };
  const controllers = hash("controllers");
  // Devise singularizes what `skip:` and `only:` name (`skip: [:password, :registration]` skips passwords and registrations); `skip: :all` draws nothing.
  const skip = new Set((list("skip") ?? []).map((m) => singular(m)));
  const only = list("only");
  const onlyNamed = only && new Set(only.map((m) => singular(m)));
  const modules = skip.has("all") ? [] : DEVISE_ALL.filter((m) => DEVISE[m] && !skip.has(singular(m)) && (!onlyNamed || onlyNamed.has(singular(m))));
  // `path_prefix: :user` goes before the resource's path.
  const prefix = args.keywords.has("path_prefix") ? dslValue(source, args.keywords.get("path_prefix")!) ?? "" : "";
  const base = join(scope.path, prefix, args.keywords.has("path") ? dslValue(source, args.keywords.get("path")!) ?? resource : resource);
  // `sign_out_via: [:post, :delete]`: the methods signing out takes (DELETE by default).
  const signOut = list("sign_out_via")?.map((m) => m.toUpperCase());
  // The model a `class_name:` names (`Spree::User`: app/models/spree/user.rb), whose modules decide the routes.
  const model = args.keywords.has("class_name") ? dslValue(source, args.keywords.get("class_name")!) : undefined;
  const modelKey = model ? snake(model.replace(/^::/, "")) : resource;
  for (const module of modules) {
    // Devise draws its routes outside the scope's module: a controller named is used as written,
    // its own controllers are in the scope's module instead of `devise` when there is one.
    const controller = controllers.get(module) ?? `${scope.module ? scope.module.replace(/^\//, "") : "devise"}/${module}`;
    for (const [method, path, action, guard] of DEVISE[module]!) {
      const full = join(base, path.replace(/\{(\w+)\}/g, (_, name: string) => names[name] ?? name));
      const guards = [...scope.guards, ...(guard ? [guard] : [])];
      const methods = action === "destroy" && module === "sessions" && signOut?.length ? signOut : [method];
      const drawn = route(methods, full, `${controller.replace(/^\//, "")}#${action}`, guards, source.lineAt(st.start));
      // Devise's own steps for a caller not signed in (signing in or up, resetting a password, confirming, unlocking,
      // accepting an invitation) are public by its design: its controllers skip the app's `authenticate_user!`.
      const open = drawn.type === "route" && !guards.length && action !== "destroy" ? { anonymous: true } : {};
      // Routes `only:` names are marked too, as named: Devise draws them where the model enables their module,
      // but a model not found leaves them drawn (ruby/devise-modules.ts).
      context.found.push(drawn.type !== "route" ? { ...drawn, ...open } : { ...drawn, ...open, deviseModule: `${modelKey}:${module}${only ? ":named" : ""}` });
    }
  }
}

// Doorkeeper's `use_doorkeeper`: its OAuth provider's routes under /oauth, by controller, each
// with the check its controller makes (the signed-in resource owner, the admin, or an access token).
const DOORKEEPER: Record<string, [string, string, string, string?][]> = {
  authorizations: [["GET", "authorize/native", "show", "authenticate_resource_owner!"], ["GET", "authorize", "new", "authenticate_resource_owner!"], ["DELETE", "authorize", "destroy", "authenticate_resource_owner!"], ["POST", "authorize", "create", "authenticate_resource_owner!"]],
  tokens: [["POST", "token", "create"], ["POST", "revoke", "revoke"], ["POST", "introspect", "introspect", "doorkeeper_authorize!"]],
  applications: [
    ["GET", "applications", "index", "authenticate_admin!"], ["POST", "applications", "create", "authenticate_admin!"], ["GET", "applications/new", "new", "authenticate_admin!"],
    ["GET", "applications/:id/edit", "edit", "authenticate_admin!"], ["GET", "applications/:id", "show", "authenticate_admin!"], ["PATCH", "applications/:id", "update", "authenticate_admin!"],
    ["PUT", "applications/:id", "update", "authenticate_admin!"], ["DELETE", "applications/:id", "destroy", "authenticate_admin!"],
  ],
  authorized_applications: [["GET", "authorized_applications", "index", "authenticate_resource_owner!"], ["DELETE", "authorized_applications/:id", "destroy", "authenticate_resource_owner!"]],
  token_info: [["GET", "token/info", "show", "doorkeeper_authorize!"]],
};

/** `use_doorkeeper` (`scope: "api/oauth"`, a block's `skip_controllers :applications`): Doorkeeper's routes. */
function doorkeeper(context: Context, st: Statement, args: DslArguments, scope: Scope): void {
  const { source } = context;
  const path = args.keywords.has("scope") ? dslValue(source, args.keywords.get("scope")!) ?? "oauth" : "oauth";
  const skipped = new Set(st.block ? [...source.code.slice(st.block.start, st.block.end).matchAll(/\bskip_controllers\b([^\n]*)/g)].flatMap((m) => [...m[1]!.matchAll(/:(\w+)/g)].map((c) => c[1]!)) : []);
  for (const [controller, actions] of Object.entries(DOORKEEPER)) {
    if (skipped.has(controller)) continue;
    for (const [method, segment, action, guard] of actions) {
      context.found.push(route([method], join(scope.path, path, segment), `doorkeeper/${controller}#${action}`, [...scope.guards, ...(guard ? [guard] : [])], source.lineAt(st.start)));
    }
  }
}

/** `resources :photos, only: [...]` and `resource :profile`: the REST routes, then the block under the resource. */
function resources(context: Context, st: Statement, args: DslArguments, scope: Scope, isSingular: boolean): void {
  const { source } = context;
  const list = (key: string) => (args.keywords.has(key) ? dslList(source, args.keywords.get(key)!) : undefined);
  const option = (key: string) => (args.keywords.has(key) ? dslValue(source, args.keywords.get(key)!) : undefined);
  const line = source.lineAt(st.start);
  const guards = [...scope.guards, ...optionGuards(source, args)];
  const shallowSpan = args.keywords.get("shallow");
  const shallow = (shallowSpan !== undefined && source.code.slice(shallowSpan.start, shallowSpan.end).trim() === "true") || !!scope.shallowBlock;
  const format = scope.format || requiresFormat(source, args);
  for (const name of args.positional.map((p) => dslValue(source, p)).filter((n): n is string => n !== undefined)) {
    const module = option("module") ? join(scope.module, option("module")!) : scope.module;
    const controller = join(module, option("controller") ?? (isSingular ? plural(name) : name)).slice(1);
    const param = option("param") ?? "id";
    const segment = option("path") ?? name;
    // Inside a `collection do` (or `member do`) block a resource nests under the collection's (or the member's) path.
    const base = scope.resource && scope.on === "collection" ? scope.resource.collection : scope.resource && scope.on === "member" ? scope.resource.member : scope.path;
    const collection = join(base, segment);
    // Nested in a shallow resource, members (and what nests under them) leave the parent's path.
    const shallowBase = scope.shallow ?? (shallow && scope.resource ? scope.outside : undefined);
    const memberBase = shallowBase === undefined ? collection : join(shallowBase, segment);
    const member = isSingular ? collection : join(memberBase, `:${param}`);
    const actions = restActions("rails", { only: list("only"), except: list("except"), singular: isSingular });
    for (const a of actions) {
      context.found.push(route(a.methods, join(a.member ? member : collection, a.suffix) + (format ? ".:format" : ""), `${controller}#${a.action}`, guards, line));
    }
    const nested = isSingular ? collection : join(memberBase, `:${singular(name)}_${param}`);
    // `module:` is no option of the resource itself: Rails scopes the call in it, so what nests takes it too.
    const inner: Scope = { ...scope, module, guards, outside: scope.path, path: nested, controller: undefined, resource: { controller, member, collection }, on: undefined, shallow: shallow || scope.shallow !== undefined ? scope.shallow ?? scope.path : undefined, format };
    for (const c of list("concerns") ?? []) concern(context, c, inner);
    if (st.block) visit(context, statements(source.code, st.block, RUBY_BLOCKS), inner);
  }
}

function concern(context: Context, name: string, scope: Scope): void {
  const body = context.concerns.get(name);
  if (body) visit(context, statements(context.source.code, body, RUBY_BLOCKS), scope);
}

/** `mount Sidekiq::Web => "/sidekiq"`, `mount Api::Engine, at: "/api"`: every method under the path goes to the mounted app. */
function mount(context: Context, st: Statement, args: DslArguments, scope: Scope): void {
  const { source } = context;
  const pair = args.pairs[0];
  const app = pair?.key ?? args.positional[0];
  const at = pair ? dslValue(source, pair.value) : args.keywords.has("at") ? dslValue(source, args.keywords.get("at")!) : undefined;
  const name = app ? /^\s*([A-Za-z_][\w:.]*)/.exec(source.code.slice(app.start, app.end))?.[1] : undefined;
  if (at === undefined || !name) return;
  context.found.push(route(["ALL"], join(scope.path, at), name, scope.guards, source.lineAt(st.start)));
}

/** `draw :admin` loads config/routes/admin.rb in place. */
function drawn(context: Context, st: Statement, name: string, scope: Scope): void {
  const { source } = context;
  const depth = source.path.replace(/^.*?config\/routes(?:\.rb)?/, "").split("/").length - 2;
  const specifier = (depth < 0 ? "./routes/" : "./" + "../".repeat(depth)) + `${name}.rb`;
  context.found.push({ type: "use", framework: FRAMEWORK, owner: ROUTER, prefix: scope.path, args: [], specifiers: [specifier], guards: scope.guards, mountOnly: true, line: source.lineAt(st.start) });
}

/** `format: true`: a route (or a block's routes) whose format segment is required, not optional. */
const requiresFormat = (source: RouteSource, args: DslArguments): boolean => {
  const span = args.keywords.get("format");
  return !!span && source.code.slice(span.start, span.end).trim() === "true";
};

/** The guard a `constraints:` option names: an object or a lambda, not a hash of segment patterns. */
const optionGuards = (source: RouteSource, args: DslArguments): string[] => (args.keywords.has("constraints") ? constraintGuards(source, dslArguments(source, args.keywords.get("constraints")!)) : []);

/** Constraints that decide who may call (an object or a lambda), not what a segment looks like (a hash). */
function constraintGuards(source: RouteSource, args: DslArguments): string[] {
  const first = args.positional[0];
  if (!first) return [];
  const text = source.code.slice(first.start, first.end).trim();
  // A value a class method computes (`Site.constraints_for_public`: the host, protocol and port to serve) is a hash of
  // segment and request patterns like any other, unless it is named for a check (`Constraints.admin_only`).
  const computed = /^[A-Z][\w:]*\s*\.\s*([a-z_]\w*[?!]?)\s*$/.exec(text)?.[1];
  if (computed && computed !== "new" && !isGuardName(computed)) return [];
  const lambda = /^(?:->|lambda|proc)\b/.test(text);
  // A lambda matching the request by what it asks for (`req.path.exclude? 'rails/active_storage'`, `req.format.html?`), not by who asks, checks no caller.
  if (lambda && !CALLER_READ.test(text)) return [];
  const name = lambda ? "lambda" : /^([A-Z][\w:]*)/.exec(text)?.[1];
  // A constraint named for what it matches in the path or the host (`SlugConstraint.new(Trail)`: a record by its slug) checks no caller.
  if (name && ROUTING_CONSTRAINT.test(name)) return [];
  return name ? [`constraints(${name})`] : [];
}

// What a constraint reads of the caller: the session, cookies, Warden's user, a token.
const CALLER_READ = /\b(?:session|cookies|cookie_jar|warden|current_user|user_signed_in\?|signed_in\?|authenticated\?|admin\?|token|authorization|api_key)\b/i;
const ROUTING_CONSTRAINT = /(?:Slug|Subdomain|Domain|Host|Format|Version|Locale|Language|Path|Param|Id|Page|Username|Handle|Format)Constraints?$/;

/** Joins Rails path pieces: `(.:format)` is dropped; other optional segments `(...)` stay for `optionalSegmentForms`. */
function join(...parts: string[]): string {
  const path = parts.filter(Boolean).map((p) => p.replace(/\(\.:format\)/g, "").replace(/^\/+|\/+$/g, "")).filter(Boolean).join("/");
  return "/" + path;
}


const route = (methods: string[], path: string, handler: string, guards: string[], line: number): Registration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards: [...new Set(guards)], owner: ROUTER, line });
