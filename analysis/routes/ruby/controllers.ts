/**
 * A Rails controller and the controllers it inherits from, as the files that hold them: the
 * route's own (`articles` -> app/controllers/articles_controller.rb), then each parent, up to
 * ActionController::Base or ::API, MAX_CHAIN files at most. `complete` is false when a file is not in
 * the repository (a gem's controller, Devise's): the chain ended before its root.
 */
// The parent may stand on the next line: `class Course::Achievement::Condition::AchievementsController <\n  Course::Condition::AchievementsController`.
const PARENT = /^[ \t]*class[ \t]+[\w:]+[ \t]*<\s*([\w:]+)/m;
const ROOT = /^ActionController::(?:Base|API)$/;
// Apps build layers of generic controllers (hitobito: LabelFormats < SimpleCrud < Crud < List <
// Application, whose concern authenticates): five files there, and a few more allowed.
const MAX_CHAIN = 8;

export function controllerChain(controller: string, text: (path: string) => string | undefined, where: ControllerRoot = APP): { sources: string[]; complete: boolean } {
  const sources: string[] = [];
  const roots = [...new Set([where.root, ...(where.others ?? []), "app/controllers/"])];
  // An engine that isolates no namespace (`Fizzy::Saas::Engine` without `isolate_namespace`) keeps its controllers at its root.
  const namespaces = where.namespace ? [where.namespace, ""] : [""];
  // A module's own `Controller` class (`course/material/`, Course::Material::Controller) is its folder's controller.rb.
  const base = controller.endsWith("/") ? `${controller}controller.rb` : `${controller}_controller.rb`;
  let file = namespaces.flatMap((namespace) => roots.map((root) => `${root}${namespace}${base}`)).find((f) => text(f) !== undefined) ?? `app/controllers/${base}`;
  // A folder the app adds to the autoload paths holds controllers at the top level (`app/controllers/entities`).
  if (text(file) === undefined) file = autoloadedControllerDirs(text).map((dir) => `${dir}/${base}`).find((f) => text(f) !== undefined) ?? file;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    const source = text(file);
    if (source === undefined) return { sources, complete: false };
    sources.push(source);
    const parent = PARENT.exec(source)?.[1];
    if (!parent || ROOT.test(parent)) return { sources, complete: true };
    // Ruby looks a constant up from the modules around it outwards: `< BaseController` inside
    // `module Admin` names Admin::BaseController when that file exists, and `< OldElements::RedactionsController`
    // inside `module Api; module OldNodes` names Api::OldElements::RedactionsController.
    // An engine's controller may extend another engine's (Solidus' `Spree::Api::BaseController < Spree::BaseController` of core/).
    const name = snake(parent.replace(/^::/, ""));
    const root = roots.find((r) => file.startsWith(r)) ?? "app/controllers/";
    const dirs: string[] = [];
    for (let dir = file.slice(0, file.lastIndexOf("/")); dir.startsWith(root); dir = dir.slice(0, dir.lastIndexOf("/"))) dirs.push(dir);
    file = (parent.startsWith("::") ? undefined : dirs.map((dir) => `${dir}/${name}.rb`).find((f) => text(f) !== undefined)) ??
      roots.map((r) => `${r}${name}.rb`).find((f) => text(f) !== undefined) ?? `${root}${name}.rb`;
  }
  return { sources, complete: true };
}

/**
 * Where a route's controllers are: the app's app/controllers/, or, for routes an engine of the
 * repository draws in its own config/routes.rb, that engine's app/controllers/ under the namespace
 * it isolates (`Spree::Core::Engine.routes.draw` in backend/config/routes.rb: backend/app/controllers/spree/),
 * the other engines' folders (`others`) holding the controllers they extend.
 */
export type ControllerRoot = { root: string; namespace: string; others?: string[] };
const APP: ControllerRoot = { root: "app/controllers/", namespace: "" };
// `Spree::Core::Engine.routes.draw`, `.routes.prepend`/`.append`, or an engine's own `add_routes`.
export const ENGINE_DRAW = /\b([A-Z]\w*)(?:::[A-Z]\w*)*::Engine\.(?:routes\.(?:draw|prepend|append)|add_routes)\b/;

// Per listing (one analysis of a repository): every `app/controllers/` folder, engines' included,
// and the answer for each engine's route file, asked once per route by two steps.
const byListing = new WeakMap<object, { folders: string[]; roots: Map<string, ControllerRoot> }>();

/** The controllers' folder and namespace of a route drawn in `routeFile`, among the app's and its engines' controller folders (`listed`). */
export function controllerRoot(routeFile: string, text: (path: string) => string | undefined, listed: Iterable<string>): ControllerRoot {
  const engine = /^(.*\/)?config\/routes(?:\/[\w/]+)?\.rb$/.exec(routeFile);
  if (!engine?.[1]) return APP;
  let known = byListing.get(listed);
  if (!known) byListing.set(listed, (known = { folders: controllerFolders(listed), roots: new Map() }));
  let root = known.roots.get(routeFile);
  if (!root) {
    const drawn = ENGINE_DRAW.exec(text(routeFile) ?? "");
    // The namespace its engine class isolates (`isolate_namespace Dradis::Plugins::Echo`: dradis/plugins/echo/),
    // or else the first module its routes are drawn on (`Spree::Core::Engine`, isolating Spree).
    const isolated = drawn ? isolatedNamespace(engine[1], text, listed) : undefined;
    root = { root: `${engine[1]}app/controllers/`, namespace: isolated ?? (drawn ? `${snake(drawn[1]!)}/` : ""), others: known.folders };
    known.roots.set(routeFile, root);
  }
  return root;
}

// `isolate_namespace Dradis::Plugins::Echo` in an engine's class.
const ISOLATE = /^[ \t]*isolate_namespace[ \t(]+([A-Z]\w*(?:::[A-Z]\w*)*)/m;

/** The folders of the namespace an engine's class (in its lib/) isolates: `dradis/plugins/echo/`. */
function isolatedNamespace(engineRoot: string, text: (path: string) => string | undefined, listed: Iterable<string>): string | undefined {
  for (const path of listed) {
    if (!path.startsWith(`${engineRoot}lib/`) || !path.endsWith(".rb")) continue;
    const m = ISOLATE.exec(text(path) ?? "");
    if (m) return `${m[1]!.split("::").map(snake).join("/")}/`;
  }
  return undefined;
}

/** Every `app/controllers/` folder of the repository, engines' included. */
function controllerFolders(listed: Iterable<string>): string[] {
  const set = new Set<string>();
  for (const path of listed) {
    const at = path.indexOf("app/controllers/");
    if (at !== -1 && (at === 0 || path[at - 1] === "/") && path.endsWith(".rb") && !/(^|\/)(spec|test)\//.test(path)) set.add(path.slice(0, at + "app/controllers/".length));
  }
  return [...set];
}

const autoloaded = new WeakMap<object, string[]>();
// `config.autoload_paths += Dir[Rails.root.join("app/controllers/entities")]`, `%W(#{config.root}/app/controllers/entities)`.
// The statement runs on over lines that end in an operator or an open bracket.
const AUTOLOAD = /^[ \t]*config\.(?:autoload|eager_load)_paths\b(?:[^\n]*[+,(\[][ \t]*\n)*[^\n]*/gm;

/** The folders under app/controllers that config/application.rb adds to the autoload or eager-load paths. */
function autoloadedControllerDirs(text: (path: string) => string | undefined): string[] {
  let dirs = autoloaded.get(text);
  if (!dirs) {
    const config = text("config/application.rb") ?? "";
    dirs = [...new Set([...config.matchAll(AUTOLOAD)].flatMap((m) => [...m[0].matchAll(/\bapp\/controllers\/[\w/]+/g)].map((d) => d[0].replace(/\/+$/, ""))))];
    autoloaded.set(text, dirs);
  }
  return dirs;
}

/** `Api::BaseController` -> `api/base_controller`. */
// As ActiveSupport's `underscore`: an acronym ends before the capital that starts the next word (`AITagPolicy` -> `ai_tag_policy`).
export const snake = (name: string) => name.split("::").map((part) => part.replace(/([A-Z\d]+)([A-Z][a-z])/g, "$1_$2").replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase()).join("/");

/** `only: [:index, :show]`, `only: :index`, `except: %i[index show]` (or `%i(...)`, `%w{...}`), and the older `:only => [:id]`. */
export function filterActions(options: string, key: string): Set<string> | undefined {
  const m = new RegExp(`(?:\\b${key}:|:${key}\\s*=>)\\s*(\\[[^\\]]*\\]|%[iw](?:\\[[^\\]]*\\]|\\([^)]*\\)|\\{[^}]*\\}|<[^>]*>)|:\\w+|["']\\w+["'])`).exec(options);
  if (!m) return undefined;
  return new Set(m[1]!.replace(/^%[iw][[({<]|^\[|[\])}>]$/g, "").split(/[\s,]+/).map((s) => s.replace(/^:|^["']|["']$/g, "")).filter(Boolean));
}
