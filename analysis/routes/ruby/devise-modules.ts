/**
 * The Devise modules a resource's model enables, filled in before linking: `devise_for :users`
 * draws the routes of every module (sessions, passwords, registrations, confirmations, unlocks),
 * each marked with it; this keeps those the model turns on (`devise :database_authenticatable,
 * :registerable, :recoverable, :lockable`: sessions, registrations, passwords, unlocks). A module
 * enabled only on a condition (`*(:confirmable if ENV[...])`) is not on by default. Without the
 * model (or its `devise` call) the generated model's modules stand: sessions, passwords and
 * registrations.
 */
import { singular } from "../inflect.ts";
import type { FileRoutes, Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const ROUTES_OF: Record<string, string> = { database_authenticatable: "sessions", recoverable: "passwords", registerable: "registrations", confirmable: "confirmations", lockable: "unlocks" };
const GENERATED = new Set(["sessions", "passwords", "registrations"]);

export function withDeviseModules(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  const enabled = new Map<string, Set<string>>();
  const modulesOf = (resource: string) => {
    let found = enabled.get(resource);
    if (!found) enabled.set(resource, (found = modelModules(project, resource) ?? GENERATED));
    return found;
  };
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some((r) => r.type === "route" && r.deviseModule)) {
      result.set(file, routes);
      continue;
    }
    const registrations = routes.registrations.flatMap((r): Registration[] => {
      if (r.type !== "route" || !r.deviseModule) return [r];
      const { deviseModule, ...route } = r;
      const [resource, module] = deviseModule.split(":") as [string, string];
      return modulesOf(resource).has(module) ? [route] : [];
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** The routes' modules of `devise ...` in app/models/<resource>.rb, or undefined when it is not there. */
function modelModules(project: Project | undefined, resource: string): Set<string> | undefined {
  const name = singular(resource.split("/").at(-1)!);
  const path = [...(project?.listed ?? [])].find((p) => p === `app/models/${name}.rb` || p.endsWith(`/app/models/${name}.rb`));
  const text = path === undefined ? undefined : project!.text(path);
  const call = text === undefined ? undefined : /^[ \t]*devise[ \t(]+((?:[^\n]*,[ \t]*\n)*[^\n]*)/m.exec(text)?.[1];
  if (call === undefined) return undefined;
  // A splat on a condition (`*(:confirmable if ENV["X"] == "true")`) is off unless the environment says so.
  const unconditional = call.replace(/\*\s*\([^)]*\bif\b[^)]*\)/g, "");
  return new Set([...unconditional.matchAll(/:(\w+)/g)].map((m) => ROUTES_OF[m[1]!]).filter((m): m is string => !!m));
}
