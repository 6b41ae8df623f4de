/**
 * Filament's admin panels, whose routes no route file holds: a `PanelProvider`'s `panel()` (in a
 * file named `...PanelProvider.php`, as Filament's installer names it)
 * (`$panel->path('admin')->login()->discoverPages(in: app_path('Filament/Pages'), ...)`) serves,
 * under the panel's path,
 * - each page: the ones in the folders it discovers (and below) and those it lists
 *   (`->pages([Dashboard::class])`), at the page's `$slug` or its class name in kebab case
 *   (`ListOoklaServers` at `list-ookla-servers`); a dashboard (Filament's `Dashboard` extended)
 *   at the panel's root;
 * - each resource's pages (`getPages()`: `'edit' => EditUser::route('/{record}/edit')`) under the
 *   resource's `$slug` or its model's name in the plural, kebab case (`ApiTokenResource` at
 *   `api-tokens`);
 * - each cluster it discovers, a page at its slug, under which the pages and resources it groups
 *   (`$cluster = Settings::class`) are served;
 * - the sign-in pages it turns on: `login()` (and signing out), `registration()`,
 *   `passwordReset()`, `emailVerification()`, `profile()`.
 * Pages are Livewire components: each is a GET; what they post goes to Livewire's endpoint.
 * The panel's `authMiddleware([...])` guards all but the pages for signing in.
 */
import { strip } from "../../languages/strip.ts";
import { php } from "../../languages/php/mod.ts";
import { plural } from "../inflect.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";
import { phpClassFile, phpFilesByClass } from "./actions.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const FRAMEWORK = "filament";
const PROVIDER = /\bclass\s+\w+\s+extends\s+[\w\\]*PanelProvider\b/;
const FILAMENT_PROVIDER = /^(?:Filament\\)?PanelProvider$/;
// A service provider registering a panel it builds itself: `Filament::registerPanel($this->panel(Panel::make()))`.
const REGISTERS_PANEL = /\bFilament\s*::\s*registerPanel\s*\(/;
const CLASS = /^(abstract\s+)?(?:final\s+)?class\s+(\w+)\s+extends\s+([\w\\]+)/m;
// What the panel switches on for signing in: its routes, whether they take a signed-in caller.
const SIGN_IN: { call: string; routes: { method: string; path: string; signedIn: boolean }[] }[] = [
  { call: "login", routes: [{ method: "GET", path: "login", signedIn: false }, { method: "POST", path: "logout", signedIn: true }] },
  { call: "registration", routes: [{ method: "GET", path: "register", signedIn: false }] },
  { call: "passwordReset", routes: [{ method: "GET", path: "password-reset/request", signedIn: false }, { method: "GET", path: "password-reset/reset", signedIn: false }] },
  { call: "emailVerification", routes: [{ method: "GET", path: "email-verification/prompt", signedIn: true }, { method: "GET", path: "email-verification/verify/{id}/{hash}", signedIn: true }] },
  { call: "profile", routes: [{ method: "GET", path: "profile", signedIn: true }] },
];

/** The routes of every Filament panel of the project, in the files that declare them. */
export function filamentPanelRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  if (!project) return [];
  const listed = [...project.listed].filter((p) => p.endsWith(".php") && !/(^|\/)(tests?|vendor)\//.test(p));
  const code = (file: string) => strip(project.text(file) ?? "", php.syntax);
  // Named so by Filament's installer (`app/Providers/Filament/AdminPanelProvider.php`), or a service
  // provider of the app's registering one (`app/Providers/WebServiceProvider.php`): only those are read.
  const classes = phpFilesByClass(listed);
  // The app's own base of a provider (`class AdminPanelProvider extends BasePanelProvider`, an abstract
  // class extending Filament's): a panel provider too, built on what the base turns on.
  // The class a file declares: whether abstract, and its parent as the file's imports name it.
  const declared = (file: string) => {
    const cls = CLASS.exec(code(file).code);
    return cls ? { abstract: !!cls[1], parent: resolvedName(project.text(file) ?? "", cls[3]!) } : undefined;
  };
  const appBase = (file: string): string | undefined => {
    const parent = declared(file)?.parent;
    const base = parent && !FILAMENT_PROVIDER.test(parent) ? phpClassFile(classes, parent) : undefined;
    return base && FILAMENT_PROVIDER.test(declared(base)?.parent ?? "") ? base : undefined;
  };
  const isProvider = (file: string) => {
    const cls = declared(file);
    return !!cls && !cls.abstract && (FILAMENT_PROVIDER.test(cls.parent) || appBase(file) !== undefined);
  };
  const providers = listed.filter((p) => (/PanelProvider\.php$/.test(p) && PROVIDER.test(project.text(p) ?? "") && isProvider(p)) || (/(?:^|\/)app\/Providers\/[\w/]+\.php$/.test(p) && REGISTERS_PANEL.test(project.text(p) ?? "")));
  if (!providers.length) return [];
  const byFile = new Map<string, Registration[]>();
  const add = (file: string, registration: Registration) => byFile.set(file, [...(byFile.get(file) ?? []), registration]);
  for (const provider of providers) {
    const text = project.text(provider) ?? "";
    const stripped = code(provider);
    // A provider that builds on the app's own base (`$panel = parent::panel($panel)->id('admin')->path('admin')`,
    // or `$this->applyConsoleChrome($panel)`, a method of its base) takes what the base turns on, its
    // sign-in pages and middleware, unless it says otherwise.
    const base = /\bparent\s*::\s*panel\s*\(/.test(stripped.code) ? phpClassFile(classes, resolvedName(text, CLASS.exec(stripped.code)?.[3] ?? "")) : appBase(provider);
    const sources = [{ file: provider, text, code: stripped.code }, ...(base ? [{ file: base, text: project.text(base) ?? "", code: code(base).code }] : [])];
    const call = (name: string) => {
      for (const source of sources) {
        const at = new RegExp(String.raw`->\s*${name}\s*\(`).exec(source.code);
        if (at) return { source, at };
      }
      return undefined;
    };
    const argument = (name: string) => {
      const found = call(name);
      return found ? found.source.text.slice(found.at.index + found.at[0].length, callArguments(found.source.code, found.at.index + found.at[0].length - 1).end - 1) : undefined;
    };
    const panelPath = /^\s*['"]([^'"]*)['"]/.exec(argument("path") ?? "")?.[1] ?? "";
    // A panel of tenants (`->tenant(Server::class)`) serves its pages and resources under the tenant's key.
    const tenant = call("tenant") && !/^\s*(?:false|null)\s*$/.test(argument("tenant") ?? "") ? "{tenant}" : "";
    const guards = [...(argument("authMiddleware") ?? "").matchAll(/([\w\\]+)::class/g)].map((m) => m[1]!.split("\\").at(-1)!);
    const line = (at: number, source = text) => source.slice(0, at).split("\n").length;
    for (const { call: name, routes } of SIGN_IN) {
      const found = call(name);
      if (!found || /^\s*false\s*\)/.test(found.source.code.slice(found.at.index + found.at[0].length))) continue;
      for (const r of routes) add(found.source.file, route(r.method, joinPaths("/", panelPath, r.path), name, r.signedIn ? guards : [], line(found.at.index, found.source.text)));
    }
    // The folders it discovers pages and resources in, and the classes it lists.
    const folders = (name: string) => [...stripped.code.matchAll(new RegExp(String.raw`->\s*${name}\s*\(`, "g"))].flatMap((m) => {
      const args = text.slice(m.index + m[0].length, callArguments(stripped.code, m.index + m[0].length - 1).end - 1);
      const folder = /app_path\s*\(\s*['"]([^'"]+)['"]\s*\)/.exec(args)?.[1];
      return folder ? [`app/${folder.replace(/^\/+|\/+$/g, "")}/`] : [];
    });
    const listedClasses = (name: string) => [...(argument(name) ?? "").matchAll(/([\w\\]+)::class/g)].flatMap((m) => {
      const file = phpClassFile(classes, resolvedName(text, m[1]!));
      return file ? [file] : [];
    });
    const [pageFolders, resourceFolders, clusterFolders] = [folders("discoverPages"), folders("discoverResources"), folders("discoverClusters")];
    const pages = new Set([...listed.filter((p) => pageFolders.some((f) => p.startsWith(f))), ...listedClasses("pages")]);
    const resources = new Set([...listed.filter((p) => resourceFolders.some((f) => p.startsWith(f))), ...listedClasses("resources")]);
    // A cluster (`class Settings extends Cluster`) is a page of its own, and the pages and resources that name it
    // (`protected static ?string $cluster = Settings::class`) are served under its slug.
    const clusterSlug = (file: string): string => {
      const named = /\bstatic\s+(?:\??string\s+)?\$cluster\s*=\s*([\w\\]+)::class/.exec(code(file).code)?.[1];
      const cluster = named && phpClassFile(classes, resolvedName(project.text(file) ?? "", named));
      return cluster ? clusterRoute(project.text(cluster) ?? "", code(cluster).code)?.slug ?? "" : "";
    };
    for (const file of listed.filter((p) => clusterFolders.some((f) => p.startsWith(f)))) {
      const cluster = clusterRoute(project.text(file) ?? "", code(file).code);
      if (cluster) add(file, route("GET", joinPaths("/", panelPath, tenant, cluster.slug), cluster.name, guards, cluster.line));
    }
    for (const file of pages) {
      const page = pageRoute(project.text(file) ?? "", code(file).code);
      if (page) add(file, route("GET", joinPaths("/", panelPath, tenant, clusterSlug(file), page.slug), page.name, guards, page.line));
    }
    for (const file of resources) {
      for (const r of resourceRoutes(project.text(file) ?? "", code(file).code)) add(file, route("GET", joinPaths("/", panelPath, tenant, clusterSlug(file), r.path), r.handler, guards, r.line));
    }
  }
  return [...byFile].map(([file, registrations]) => ({ file, registrations }));
}

const route = (method: string, path: string, handler: string, guards: string[], line: number): Registration => ({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path, handler, guards, owner: "", line });

/** A page class's route: its slug (a dashboard's is the panel's root), name and line; none for an abstract class or no page. */
function pageRoute(text: string, code: string): { slug: string; name: string; line: number } | undefined {
  const cls = CLASS.exec(code);
  if (!cls || cls[1]) return undefined;
  const base = resolvedName(text, cls[3]!);
  if (!/^Filament\\Pages\\|Page$|Dashboard$/.test(base) || /\\Resources\\/.test(base)) return undefined;
  const slug = staticString(text, code, "slug") ?? (/^Filament\\Pages\\Dashboard$/.test(base) ? staticString(text, code, "routePath") ?? "" : kebab(cls[2]!));
  return { slug, name: cls[2]!, line: code.slice(0, cls.index).split("\n").length };
}

/** A cluster class's route: its slug (`$slug`, or its name in kebab case without "Cluster": `InvoiceCluster` at `invoice`), name and line. */
function clusterRoute(text: string, code: string): { slug: string; name: string; line: number } | undefined {
  const cls = CLASS.exec(code);
  if (!cls || cls[1] || !/(?:^|\\)Cluster$/.test(resolvedName(text, cls[3]!))) return undefined;
  return { slug: staticString(text, code, "slug") ?? kebab(cls[2]!.replace(/(.)Cluster$/, "$1")), name: cls[2]!, line: code.slice(0, cls.index).split("\n").length };
}

/** A resource class's page routes, from `getPages()` (or a method it merges in, `getDefaultPages()`), under its slug. */
function resourceRoutes(text: string, code: string): { path: string; handler: string; line: number }[] {
  const cls = CLASS.exec(code);
  if (!cls || cls[1] || !/(?:^|\\)Resource$/.test(resolvedName(text, cls[3]!))) return [];
  const slug = staticString(text, code, "slug") ?? kebab(plural(cls[2]!.replace(/Resource$/, "")));
  const pages = [...code.matchAll(/\bfunction\s+get\w*Pages\s*\(/g)].find((m) => /::route\s*\(/.test(text.slice(m.index, code.indexOf("}", code.indexOf("{", m.index)))));
  if (!pages) return [];
  const body = text.slice(pages.index, code.indexOf("}", code.indexOf("{", pages.index)));
  return [...body.matchAll(/(\w+)::route\s*\(\s*['"]([^'"]*)['"]/g)].map((m) => ({
    path: joinPaths(slug, m[2]!),
    handler: m[1]!,
    line: code.slice(0, pages.index + m.index).split("\n").length,
  }));
}

/** A static string property of the class (`protected static ?string $slug = 'tools/list-ookla-servers';`). */
function staticString(text: string, code: string, name: string): string | undefined {
  const m = new RegExp(String.raw`\bstatic\s+(?:\??string\s+)?\$${name}\s*=\s*`).exec(code);
  return m ? /^['"]([^'"]*)['"]/.exec(text.slice(m.index + m[0].length))?.[1] : undefined;
}

/** A class name as the file's `use` statements resolve it (`BasePage` from `use Filament\Pages\Dashboard as BasePage;`). */
function resolvedName(text: string, name: string): string {
  const first = name.replace(/^\\/, "").split("\\")[0]!;
  for (const m of text.matchAll(/^use\s+([\w\\]+)(?:\s+as\s+(\w+))?\s*;/gm)) {
    const alias = m[2] ?? m[1]!.split("\\").at(-1)!;
    if (alias === first) return [m[1]!, ...name.replace(/^\\/, "").split("\\").slice(1)].join("\\");
  }
  return name.replace(/^\\/, "");
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2").toLowerCase();
