/**
 * ASP.NET Core apps that set `LowercaseUrls = true` (`services.AddRouting(o => o.LowercaseUrls =
 * true)`) write their URLs in lower case: a `[controller]` token gives `/api/articles`, not
 * `/api/Articles` (matching ignores case either way). Applied after linking, to the literal
 * segments of the ASP.NET routes, when a C# file of the project sets it.
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";

const SETS_LOWERCASE = /\bLowercaseUrls\s*=\s*true\b/;
const FRAMEWORKS = new Set(["aspnet", "minimal-api"]);

export function lowercaseUrls(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined): <R extends LinkedRoute>(route: R) => R {
  if (!project) return (route) => route;
  let lower: boolean | undefined;
  const applies = () => (lower ??= [...project.listed].some((p) => p.endsWith(".cs") && project.has(p) && SETS_LOWERCASE.test(project.text(p) ?? "")));
  return (route) => {
    if (!FRAMEWORKS.has(route.framework) || !/[A-Z]/.test(route.path) || !applies()) return route;
    return { ...route, path: route.path.replace(/(^|\/)([^/{]+)(?=\/|$)/g, (_, slash: string, segment: string) => slash + segment.toLowerCase()) };
  };
}
