/**
 * Whether a Rails route reaches an action: `resources :tags` draws all seven routes, but a
 * request for one whose controller has no such method (and no view to render in its place) ends
 * in ActionNotFound, a 404, so an API controller with `index` alone serves `GET /tags` alone.
 * Undecided cases count as served: a controller not found, or one that includes a module not
 * found in the repository (the action may come from it).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { controllerChain, type ControllerRoot, controllerRoot, snake } from "./controllers.ts";

const INCLUDE = /^[ \t]*include[ \t]+([A-Z][\w:]*)/gm;
// Modules of Rails and of widely used gems that a controller includes for helpers, never actions.
const NO_ACTIONS = /^(?:Pundit(?:::Authorization)?|CanCan::ControllerAdditions|Devise::Controllers::\w+|(?:ActionController|AbstractController|ActiveSupport|ActionView)::[\w:]+|Pagy::\w+|Turbo::[\w:]+|Clearance::Controller)$/;

export function railsActionServed(
  handler: string,
  text: (path: string) => string | undefined,
  hasView: (controller: string, action: string) => boolean,
  moduleFile: (name: string) => string | undefined,
  where?: ControllerRoot,
): boolean {
  const match = /^([\w/]+)#(\w+)$/.exec(handler);
  if (!match) return true;
  const [, controller, action] = match;
  const defines = new RegExp(`^[ \\t]*def[ \\t]+${action}\\b`, "m");
  const { sources, complete } = controllerChain(controller!, text, where);
  for (const source of sources) {
    if (defines.test(source)) return true;
    for (const m of source.matchAll(INCLUDE)) {
      if (NO_ACTIONS.test(m[1]!)) continue;
      const module = moduleFile(snake(m[1]!.split("::").at(-1)!));
      const body = module === undefined ? undefined : text(module);
      if (body === undefined || defines.test(body)) return true;
    }
  }
  // A controller (or a parent) not in the repository may define the action: undecided.
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
  return (route) => route.framework !== "rails" || railsActionServed(route.handler, text, hasView, moduleFile, controllerRoot(route.file, text, project.listed));
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
