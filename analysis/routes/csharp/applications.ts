/**
 * A .NET repository holding several applications (eShop's Catalog.API, WebApp and
 * WebhookClient, each a project of its own): each serves its own paths, so `GET /` in two of them
 * is no conflict. An application is a project (.csproj, .fsproj) built as a web app
 * (`Sdk="Microsoft.NET.Sdk.Web"`) or as an executable (`<OutputType>Exe</OutputType>`: a MAUI
 * Blazor app); a library's routes are served by every application that references it, so they
 * stay shared ("").
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const PROJECT_FILE = /(?:^|\/)[^/]+\.[cf]sproj$/;
const APPLICATION = /\bSdk\s*=\s*"Microsoft\.NET\.Sdk\.Web"|<OutputType>\s*(?:Win)?Exe\s*</i;

/** The frameworks whose routes a .NET project serves. */
export const DOTNET_FRAMEWORKS = new Set(["aspnet", "minimal-api", "blazor", "razor-pages", "fastendpoints"]);

/** The folder of the application a file is in, or "" for a library's file or a repository of one application; read on first use. */
export function dotnetApplicationOf(project: Project | undefined): (file: string) => string {
  let roots: string[] | undefined;
  return (file) => {
    roots ??= project ? [...project.listed].filter((p) => PROJECT_FILE.test(p) && APPLICATION.test(project.text(p) ?? "")).map((p) => p.replace(/\/?[^/]+$/, "")) : [];
    if (roots.length < 2) return "";
    return roots.filter((root) => root === "" || file.startsWith(`${root}/`)).sort((a, b) => b.length - a.length)[0] ?? "";
  };
}
