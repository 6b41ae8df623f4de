/**
 * ASP.NET Core apps that transform the `[controller]` and `[action]` tokens of their routes
 * (`options.Conventions.Add(new RouteTokenTransformerConvention(new SlugifyParameterTransformer()))`
 * in AddMvc or AddControllers) with a transformer that puts a hyphen between a lower-case
 * letter and an upper-case one (`Regex.Replace(value, "([a-z])([A-Z])", "$1-$2").ToLower()`):
 * `ManageController.ChangePassword` is served at `/manage/change-password`. Applied after
 * linking to the controllers' routes (Razor pages take another convention), when the project's
 * transformer does so.
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";

const CONVENTION = /\bRouteTokenTransformerConvention\s*\(\s*new\s+([A-Za-z_]\w*)\s*\(/;
// The transformer's body: a hyphen put before each upper-case letter that follows a lower-case one.
const HYPHENATES = /\$1-\$2/;

export function tokenTransformer(project: Pick<ContractProject, "listed" | "has" | "text"> | undefined): <R extends LinkedRoute>(route: R) => R {
  if (!project) return (route) => route;
  let hyphenates: boolean | undefined;
  const applies = () => (hyphenates ??= transformerHyphenates(project));
  return (route) => {
    if (route.framework !== "aspnet" || !route.file.endsWith(".cs") || !/[a-z][A-Z]/.test(route.path) || !applies()) return route;
    return { ...route, path: route.path.replace(/(^|\/)([^/{]+)(?=\/|$)/g, (_, slash: string, segment: string) => slash + segment.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase()) };
  };
}

function transformerHyphenates(project: Pick<ContractProject, "listed" | "has" | "text">): boolean {
  const files = [...project.listed].filter((p) => p.endsWith(".cs") && project.has(p));
  const named = files.map((p) => CONVENTION.exec(project.text(p) ?? "")?.[1]).find((n) => n !== undefined);
  if (!named) return false;
  const declares = new RegExp(String.raw`\bclass\s+${named}\b`);
  return files.some((p) => {
    const text = project.text(p) ?? "";
    return declares.test(text) && HYPHENATES.test(text);
  });
}
