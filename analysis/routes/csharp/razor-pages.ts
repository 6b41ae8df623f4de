/**
 * Pages ASP.NET serves from markup files rather than controllers. A Blazor component is a route
 * for each `@page "/channels/{Id:int}"` directive it declares; a Razor Page (`Pages/**.cshtml`
 * opening with `@page`) is a route at its file's path below `Pages/`, `Index` being its folder,
 * with the template its directive adds (`@page "{id?}"`), for GET and the methods its code-behind
 * handles (`OnPostAsync`). Guards: `@attribute [Authorize]` in the file or in an `_Imports.razor`
 * of a folder above it (`[AllowAnonymous]` lifts them), and the app's conventions
 * (`options.Conventions.AuthorizeFolder("/")`, `AuthorizePage("/_Host")`): a Blazor Server
 * app's components are all served through its host page (`MapFallbackToPage("/_Host")`), so a
 * convention covering that page covers them. A Blazor WebAssembly project's components are the
 * browser's routes, not the server's.
 */
import { ancestors, dirOf } from "../../project.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { template } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const ROUTER = "(razor pages)";
const PAGE = /^[ \t\uFEFF]*@page(?:[ \t]+"([^"]*)")?[ \t]*$/gm;
// Written bare or with its namespace (`@attribute [Microsoft.AspNetCore.Authorization.Authorize]`, as the .NET 8 templates do).
const AUTHORIZE = /^[ \t\uFEFF]*@attribute[ \t]+\[[ \t]*(?:Microsoft\.AspNetCore\.Authorization\.)?(Authorize|AllowAnonymous)\b([^\]]*)\]/m;
const CONVENTION = /\bConventions\s*\.\s*(AuthorizeFolder|AuthorizePage|AuthorizeAreaFolder|AuthorizeAreaPage)\s*\(\s*(?:"([^"]*)"\s*,\s*)?"([^"]*)"/g;
const HOST_PAGE = /\bMapFallbackToPage\s*\(\s*"([^"]*)"/;
const HANDLER = /\bOn(Get|Post|Put|Delete|Patch)\w*\s*\(/g;
const WEBASSEMBLY_SDK = /<Project\s+Sdk\s*=\s*"Microsoft\.NET\.Sdk\.BlazorWebAssembly"/;
const ADDITIONAL_ASSEMBLIES = /\.\s*AddAdditionalAssemblies\s*\(/;
const NAMED_HANDLER = /\bOn(Get|Post|Put|Delete|Patch)(\w*?)(?:Async)?\s*\(/g;

// A form of a component (`<form method="post" @formname="add-to-cart">`, `<EditForm ... FormName="checkout">`),
// and a component's property bound to posted form data.
const FORM = /<(?:form|EditForm)\b[^>]*>/gi;
const POSTS = /\bmethod\s*=\s*"post"|\bFormName\s*=|@formname\b/i;
const FORM_PARAMETER = /\[SupplyParameterFromForm\b/;

/** The routes of the repository's Blazor components and Razor Pages, per file. */
export function razorPageRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const listed = [...(project?.listed ?? [])].filter((p) => !/(?:^|\/)(?:bin|obj|node_modules|tests?)\//i.test(p));
  // `_Host.cshtml`, `_Layout.cshtml`: a Blazor app's host and layouts, whose routes are its components'.
  const markup = listed.filter((p) => !/(?:^|\/)_[^/]*$/.test(p) && (p.endsWith(".razor") || (p.endsWith(".cshtml") && /(?:^|\/)Pages\//.test(p))));
  if (!markup.length) return [];
  // Each project (the folder of its .csproj) has conventions of its own.
  const projects = new Set(listed.filter((p) => p.endsWith(".csproj")).map(dirOf));
  const projectOf = (file: string) => ancestors(dirOf(file)).find((d) => projects.has(d)) ?? "";
  const byProject = new Map<string, (pagePath: string | undefined) => string | undefined>();
  const conventions = (file: string) => {
    const dir = projectOf(file);
    let found = byProject.get(dir);
    if (!found) byProject.set(dir, (found = appConventions(project!, listed.filter((p) => projectOf(p) === dir))));
    return found;
  };
  const imports = new Map(listed.filter((p) => p.endsWith("/_Imports.razor") || p === "_Imports.razor").map((p) => [dirOf(p), project!.text(p) ?? ""]));
  // A Blazor WebAssembly project's components route in the browser (Blogifier's admin, served as files
  // behind a fallback to its index.html), unless a server renders them too: a Blazor Web App hands
  // its client project's assembly to `MapRazorComponents<App>()...AddAdditionalAssemblies(...)`.
  const csproj = listed.filter((p) => p.endsWith(".csproj"));
  const browserOnly = new Set(csproj.filter((p) => WEBASSEMBLY_SDK.test(project!.text(p) ?? "")).map(dirOf));
  if (browserOnly.size && listed.some((p) => p.endsWith(".cs") && ADDITIONAL_ASSEMBLIES.test(project!.text(p) ?? ""))) browserOnly.clear();
  // Forms that post to a page of their project from elsewhere (`<form method="post" action="user/logout">` in a layout).
  const postedTo = new Set<string>();
  for (const file of markup.filter((f) => f.endsWith(".razor"))) {
    for (const m of (project!.text(file) ?? "").matchAll(FORM)) {
      const action = /\baction\s*=\s*"([^"@]*)"/i.exec(m[0])?.[1];
      if (action !== undefined && POSTS.test(m[0])) postedTo.add(`${projectOf(file)}\0/${action.replace(/^\/+|\/+$/g, "")}`);
    }
  }
  const found: { file: string; registrations: Registration[] }[] = [];
  for (const file of markup) {
    if (file.endsWith(".razor") && browserOnly.has(projectOf(file))) continue;
    const text = project!.text(file) ?? "";
    const directives = [...text.matchAll(PAGE)];
    if (!directives.length) continue;
    const name = file.slice(file.lastIndexOf("/") + 1).replace(/\.(?:razor|cshtml)$/, "");
    const own = AUTHORIZE.exec(text);
    const inherited = own ? undefined : ancestors(dirOf(file)).map((d) => imports.get(d)).map((t) => (t ? AUTHORIZE.exec(t) : null)).find((m) => m);
    const attribute = own ?? inherited;
    const razorPage = file.endsWith(".cshtml");
    const pagePath = razorPage ? pageRoute(file) : undefined;
    const convention = attribute?.[1] === "AllowAnonymous" ? undefined : conventions(file)(razorPage ? pagePath! : undefined);
    const guards = attribute?.[1] === "Authorize" ? [`Authorize${attribute[2]!.trim() ? `(${attribute[2]!.replace(/^\s*\(|\)\s*$/g, "").trim()})` : ""}`] : convention ? [convention] : [];
    const codeBehind = razorPage ? project!.text(`${file}.cs`) ?? "" : "";
    const methods = razorPage ? ["GET", ...new Set([...codeBehind.matchAll(HANDLER)].map((m) => m[1]!.toUpperCase()).filter((m) => m !== "GET"))] : ["GET"];
    // Named handlers (`OnPostUpdate`) answer at the `{handler}` segment of a page's template, and only those.
    const named = [...new Set([...codeBehind.matchAll(NAMED_HANDLER)].filter((m) => m[2] && m[2] !== "Async").map((m) => m[1]!.toUpperCase()))];
    // A component with a form of its own (static server rendering, .NET 8) is posted to at its path.
    const ownForm = !razorPage && (FORM_PARAMETER.test(text) || [...text.matchAll(FORM)].some((m) => POSTS.test(m[0]) && !/\baction\s*=/i.test(m[0])));
    const registrations: Registration[] = [];
    for (const d of directives) {
      const written = d[1] ?? "";
      // Joined as written: the optional marks (`{handler?}`) are read below. A template starting with
      // `/` or `~/` is the page's whole route (`@page "~/manager/aliases"`), not one below its path.
      const absolute = written.startsWith("~/") ? written.slice(1) : written.startsWith("/") ? written : undefined;
      const path = razorPage ? absolute ?? (written ? `${pagePath!.replace(/\/$/, "")}/${written}` : pagePath!) : written;
      if (!path.startsWith("/")) continue;
      const line = text.slice(0, d.index).split("\n").length;
      const posted = ownForm || (!razorPage && postedTo.has(`${projectOf(file)}\0${path.replace(/\/+$/, "") || "/"}`));
      // A template's optional segments (`{id?}`, `{handler?}`) are served without them as well.
      for (const variant of optionalForms(template(path))) {
        const forHandler = razorPage && /\{handler\}/.test(variant);
        const served = forHandler ? named : posted ? ["GET", "POST"] : methods;
        if (served.length) registrations.push({ type: "route", framework: razorPage ? "razor-pages" : "blazor", kind: "http", methods: served, path: variant, handler: name, guards, owner: ROUTER, line });
      }
    }
    if (registrations.length) found.push({ file, registrations: [{ type: "router", framework: razorPage ? "razor-pages" : "blazor", name: ROUTER, prefix: "", guards: [], line: 1 }, ...registrations] });
  }
  return found;
}

/** `/Basket/{handler?}` -> `/Basket`, `/Basket/{handler}`: each trailing optional parameter left out, then put in; constraints dropped. */
function optionalForms(path: string): string[] {
  const segments = path.split("/");
  let required = segments.length;
  while (required > 1 && /^\{\w+(?::[^}]*)?\?\}$/.test(segments[required - 1]!)) required--;
  const plain = (parts: string[]) => joinPaths("/", parts.join("/").replace(/\{(\w+)(?::[^}]*)?\??\}/g, "{$1}"));
  return Array.from({ length: segments.length - required + 1 }, (_, i) => plain(segments.slice(0, required + i)));
}

/** `Pages/Admin/Index.cshtml` -> `/Admin`; `Areas/Shop/Pages/Cart.cshtml` -> `/Shop/Cart`. */
function pageRoute(file: string): string {
  const m = /(?:^|\/)(?:Areas\/([^/]+)\/)?Pages\/(.*)\.cshtml$/.exec(file)!;
  const segments = m[2]!.split("/");
  if (segments.at(-1) === "Index") segments.pop();
  return `/${[...(m[1] ? [m[1]] : []), ...segments].join("/")}`;
}

/**
 * The convention guarding a Razor Page at `pagePath` (or, given none, a Blazor component served
 * through the app's host page), named as written: `AuthorizeFolder(/)`.
 */
function appConventions(project: Project, listed: readonly string[]): (pagePath: string | undefined) => string | undefined {
  const rules: { folder: boolean; path: string; name: string }[] = [];
  let host: string | undefined;
  for (const file of listed) {
    if (!file.endsWith(".cs")) continue;
    const text = project.text(file) ?? "";
    if (!text.includes("Conventions") && !text.includes("MapFallbackToPage")) continue;
    for (const m of text.matchAll(CONVENTION)) {
      const area = m[2] ? `/${m[2]}` : "";
      rules.push({ folder: m[1]!.endsWith("Folder"), path: `${area}${m[3]!.startsWith("/") ? "" : "/"}${m[3]}`.replace(/\/+$/, "") || "/", name: `${m[1]}(${m[2] ? `${m[2]}, ` : ""}${m[3]})` });
    }
    host ??= HOST_PAGE.exec(text)?.[1];
  }
  const covering = (page: string) => rules.find((r) => (r.folder ? r.path === "/" || page === r.path || page.startsWith(`${r.path}/`) : page === r.path))?.name;
  return (pagePath) => (pagePath !== undefined ? covering(pagePath) : host ? covering(host.startsWith("/") ? host : `/${host}`) : undefined);
}
