/**
 * A Django project serves the URLconf its settings name (`ROOT_URLCONF = "server.urls"`, and any
 * other setting naming one: django-tenants' `PUBLIC_SCHEMA_URLCONF`), and every URLconf included
 * from it. A module's `urlpatterns` that nothing the analysis reads includes is served under a
 * prefix it cannot know (zentral includes each app's URLconfs in a loop over its configuration:
 * `include(f"{app_name}.urls")`), or not at all, never at the site's root as written. So, where
 * the repository's settings name a root URLconf, every other module's `urlpatterns` is a router
 * served under whatever includes it, and when nothing does, its routes say their prefix is
 * unknown (`handed`, as link.ts reads it).
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { FileRoutes } from "../registration.ts";
import { djangoSettings } from "./django-settings.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

// `ROOT_URLCONF = "server.urls"`, `PUBLIC_SCHEMA_URLCONF = 'app.urls_public'`.
const URLCONF_SETTING = /^[ \t]*[A-Z_]*URLCONF[ \t]*=[ \t]*["']([\w.]+)["']/gm;

export function withRootUrlconfs(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  const urlconfs = [...files].filter(([file, routes]) => file.endsWith(".py") && routes.registrations.some(isUrlpatterns));
  if (!project || urlconfs.length === 0) return files;
  const named = djangoSettings(project, (text) => {
    const modules = [...text.matchAll(URLCONF_SETTING)].map((m) => m[1]!);
    return modules.length ? modules : undefined;
  });
  const roots = new Set(named.flatMap(({ root, value }) => value.flatMap((module) => modulePaths(project, root, module))));
  // A root URLconf of the tests alone (Modoboa's test_project, which includes the package's
  // URLconf) is no product's: what the deployed project includes is not known here.
  if (!urlconfs.some(([file]) => roots.has(file))) return files;
  const result = new Map(files);
  for (const [file, routes] of urlconfs) {
    if (roots.has(file)) continue;
    result.set(file, { ...routes, registrations: routes.registrations.map((r) => (isUrlpatterns(r) ? { ...r, handed: true } : r)) });
  }
  return result;
}

function isUrlpatterns(r: FileRoutes["registrations"][number]): r is Extract<FileRoutes["registrations"][number], { type: "router" }> {
  return r.type === "router" && r.framework === "django" && r.name === "urlpatterns";
}

/**
 * The files a dotted module name may be: under the project's folder first, else any file of the
 * repository whose path ends so (a project whose settings sit in another source root).
 */
function modulePaths(project: Project, root: string, module: string): string[] {
  const stem = module.replace(/\./g, "/");
  const forms = [`${stem}.py`, `${stem}/__init__.py`];
  const under = forms.map((f) => (root ? `${root}/${f}` : f)).filter((p) => project.has(p));
  if (under.length) return under;
  return [...project.listed].filter((p) => forms.some((f) => p === f || p.endsWith(`/${f}`)));
}
