/**
 * Whether a Rails route reaches an action: `resources :tags` draws all seven routes, but a
 * request for one whose controller has no such method (and no view to render in its place) ends
 * in ActionNotFound, a 404, so an API controller with `index` alone serves `GET /tags` alone.
 * Nor is a route to a controller the app does not have in a namespace of its own. Undecided
 * cases count as served: a controller of the top level or of a namespace the app does not have
 * (a gem's), a parent controller not found, or a module included not found in the repository
 * (the action may come from it).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { controllerChain, type ControllerRoot, controllerRoot, snake } from "./controllers.ts";

const INCLUDE = /^[ \t]*include[ \t]+([A-Z][\w:]*)/gm;
const VISIBILITY = /^[ \t]*(private|protected|public)[ \t]*$/;
// Modules of Rails and of widely used gems that a controller includes for helpers, never actions.
const NO_ACTIONS = /^(?:Pundit(?:::Authorization)?|CanCan::ControllerAdditions|Devise::Controllers::\w+|(?:ActionController|AbstractController|ActiveSupport|ActionView|ActiveStorage|ActionText|ActionCable)::[\w:]+|Pagy::\w+|Turbo::[\w:]+|Clearance::Controller|FastGettext::\w+|GetText|Rails::Pagination|Kaminari::\w+|Sentry::\w+)$/;

export function railsActionServed(
  handler: string,
  text: (path: string) => string | undefined,
  hasView: (controller: string, action: string) => boolean,
  moduleFile: (name: string) => string | undefined,
  where?: ControllerRoot,
  hasFolder: (folder: string) => boolean = () => false,
): boolean {
  const match = /^([\w/]+)#(\w+)$/.exec(handler);
  if (!match) return true;
  const [, controller, action] = match;
  const def = new RegExp(`^[ \\t]*def[ \\t]+${action}\\b`);
  // A method defined after a bare `private` (or `protected`), until a bare `public`, is no action: Rails will not call it.
  const defines = (source: string) => {
    let visible = true;
    for (const line of source.split("\n")) {
      const keyword = VISIBILITY.exec(line)?.[1];
      if (keyword) visible = keyword === "public";
      else if (visible && def.test(line)) return true;
    }
    return false;
  };
  const { sources, complete } = controllerChain(controller!, text, where);
  for (const source of sources) {
    if (defines(source)) return true;
    for (const m of source.matchAll(INCLUDE)) {
      if (NO_ACTIONS.test(m[1]!)) continue;
      const parts = m[1]!.split("::");
      const name = parts.at(-1)!;
      const declares = (body: string) => new RegExp(`^[ \\t]*module[ \\t]+(?:[\\w:]+::)?${name}\\b`, "m").test(body);
      // A module the controller's own file declares (`module DefaultURLOptions` in
      // application_controller.rb) was read with it.
      if (sources.some(declares)) continue;
      // Else its file by its name, or the file of the module it is declared in (`HSTS::Concern` in hsts.rb).
      const body = [moduleFile(snake(name)), ...parts.slice(0, -1).map((outer) => moduleFile(snake(outer)))].map((file) => (file === undefined ? undefined : text(file))).find((b) => b !== undefined && declares(b));
      if (body === undefined || defines(body)) return true;
    }
  }
  // No such controller in a namespace whose controllers are the app's (`resources :subscriptions`
  // under `boards`, with app/controllers/boards/ but no Boards::SubscriptionsController): the
  // route ends in a routing error, a 404. A controller of a namespace the app does not have
  // (Devise's `devise/sessions`) may come from a gem: undecided, as one at the top level.
  const namespace = controller!.includes("/") ? `${where?.root ?? "app/controllers/"}${where?.namespace ?? ""}${controller!.slice(0, controller!.lastIndexOf("/") + 1)}` : undefined;
  if (!sources.length && namespace !== undefined && hasFolder(namespace)) return false;
  // A parent not in the repository may define the action: undecided.
  if (!complete) return true;
  return hasView(`${where?.namespace ?? ""}${controller}`, action!);
}

/** A filter that keeps the Rails routes that reach an action, reading the project's files; all routes without them. */
export function railsActionsServed(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined): (route: { framework: string; handler: string; file: string }) => boolean {
  if (!project) return () => true;
  let views: Set<string> | undefined;
  const hasView = (controller: string, action: string) =>
    (views ??= new Set([...project.listed].flatMap((p) => /(?:^|\/)app\/views\/(.+)\/([^/.]+)\.[^/]+$/.exec(p)?.slice(1, 3).join("#") ?? []))).has(`${controller}#${action}`);
  let modules: Map<string, string> | undefined;
  const moduleFile = (name: string) => (modules ??= rubyFiles(project.listed)).get(name);
  const text = (path: string) => (project.has(path) ? project.text(path) : undefined);
  // The folders holding controllers, by path with a trailing slash.
  let folders: Set<string> | undefined;
  const hasFolder = (folder: string) => (folders ??= new Set([...project.listed].flatMap((p) => (/_controller\.rb$/.test(p) ? [p.slice(0, p.lastIndexOf("/") + 1)] : [])))).has(folder);
  return (route) => route.framework !== "rails" || railsActionServed(route.handler, text, hasView, moduleFile, controllerRoot(route.file, text, project.listed), hasFolder);
}

/** The Ruby files of the project by base name (`json_web_token` -> lib/json_web_token.rb; the first wins). */
function rubyFiles(listed: Iterable<string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of listed) {
    const m = /(?:^|\/)(\w+)\.rb$/.exec(path);
    if (m && !files.has(m[1]!) && !/(^|\/)(spec|test|vendor)\//.test(path)) files.set(m[1]!, path);
  }
  return files;
}
