import type { FsApp, FsFramework, FsRoute } from "./framework.ts";
import { matcherPattern } from "./matcher.ts";
import { appModule, handlerRoutes, nearestLayoutCheck, page, routePath } from "./segments.ts";
import { posix } from "node:path";
import { closing } from "../../languages/curly.ts";
import { DELEGATE, moduleSignInCheck, PREDICATE } from "../frameworks/next-middleware.ts";
import { isGuardName } from "../paths.ts";

const PAGE = /^page\.(?:[jt]sx?|mdx)$/;
const ROUTE = /^route\.[cm]?[jt]sx?$/;
const METADATA: Record<string, string> = {
  robots: "robots.txt",
  sitemap: "sitemap.xml",
  manifest: "manifest.webmanifest",
};
const PAGES_SPECIAL = /^_(?:app|document|error|middleware)\./;
const SCRIPT = /\.(?:[jt]sx?|mdx)$/;

/**
 * Next.js: the app router (`app/` or `src/app/`: `page.tsx` pages and `route.ts` handlers;
 * groups `(x)` and slots `@x` add nothing, `_private` folders and intercepting `(.)x` routes
 * are not routes; `robots.ts`, `sitemap.ts` and `manifest.ts` serve their files; a top folder named
 * for a host, where the middleware rewrites that host's requests, adds nothing) and the pages
 * router (`pages/`, with `pages/api/` handlers). Middleware that runs an auth check guards the
 * routes its matcher covers, and a module it hands a host's requests to guards that host's folder.
 */
export const next: FsFramework = {
  id: "next",
  name: "Next.js",
  packages: /^next$/,
  configs: /^next\.config\.[cm]?[jt]s$/,
  routes(app) {
    const routes: FsRoute[] = [];
    // The app's middleware module (`proxy.ts` since Next 16), at its root or in `src/`.
    const module = app.files.find((f) => /^(?:src\/)?(?:middleware|proxy)\.[cm]?[jt]s$/.test(f));
    const byHost = rewritesByHost(app, module);
    const byPrefix = byHost && rewritesWithPrefix(app, module);
    const { basePath, pageExtensions } = nextConfig(app);
    const locales = localePrefix(app);
    for (const file of app.files) {
      const segments = file.split("/");
      const root = segments[0] === "src" ? 1 : 0;
      const folders = segments.slice(root + 1, -1);
      const name = segments.at(-1)!;
      if (segments[root] === "app" && (PAGE.test(name) || ROUTE.test(name))) {
        if (folders.some((f) => f.startsWith("_") || f.startsWith("(."))) continue;
        // A folder named for a host (`app.dub.co`), outside every other, is where the middleware
        // rewrites that host's requests: its pages are served at the host's paths, without it.
        // So is a dynamic one (`[locale]`) the middleware fills in (`pathname = `/${locale}${pathname}``).
        const top = byHost ? folders.findIndex((f) => !f.startsWith("(")) : -1;
        const filled = top !== -1 && (HOST.test(folders[top]!) || (byPrefix && DYNAMIC_FOLDER.test(folders[top]!)));
        const served = filled ? folders.filter((_, i) => i !== top) : folders;
        // next-intl's `[locale]` folder, which its middleware fills in: in no URL under `localePrefix: "never"`,
        // in those of every locale but the default under "as-needed" (both forms are served).
        const locale = locales === "never" || locales === "as-needed" ? served.findIndex((f) => !f.startsWith("(")) : -1;
        const forms = locale === -1 || !LOCALE_FOLDER.test(served[locale]!) ? [served] : locales === "never" ? [served.filter((_, i) => i !== locale)] : [served, served.filter((_, i) => i !== locale)];
        for (const form of forms) {
          const path = routePath(form.filter((f) => !f.startsWith("@")));
          if (PAGE.test(name)) {
            // A layout's check, or the page's own (`if (!session) { redirect("/auth/login"); }` before it renders).
            const guard = layoutGuard(app, segments.slice(0, -1), root) ?? (REDIRECT_CHECK.test(app.text(file) ?? "") ? "(page sends callers without a session away)" : undefined);
            routes.push(guard ? { ...page(file, path), guards: [guard] } : page(file, path));
          } else routes.push(...handlerRoutes(app, file, path));
        }
      } else if (segments[root] === "app" && /^(?:robots|sitemap|manifest)\.[jt]s$/.test(name)) {
        const served = routePath([...folders, METADATA[name.replace(/\.[jt]s$/, "")]!]);
        routes.push({ method: "GET", path: served, file, line: 1, handler: "default", guards: [], kind: "http" });
      } else if (
        segments[root] === "pages" && pageExtensions.test(name) && !/\.d\.ts$/.test(name) && !PAGES_SPECIAL.test(name)
      ) {
        const path = routePath([...folders, name.replace(pageExtensions, "")]);
        if (folders[0] === "api") routes.push(...handlerRoutes(app, file, path));
        else {
          const guard = serverSidePropsGuard(app, file);
          routes.push(guard ? { ...page(file, path), guards: [guard] } : page(file, path));
        }
      }
    }
    const guarded = middleware(app, module);
    const hosts = byHost ? hostChecks(app, module!) : new Map<string, HostCheck>();
    return routes.map((r) => {
      const host = hosts.size ? r.file.split("/").find((folder) => hosts.has(folder)) : undefined;
      const check = host === undefined ? undefined : hosts.get(host)!;
      const guards = [
        ...(guarded && guarded.covers(r.path) ? guarded.guards : []),
        ...(check && !check.open.some((p) => p.test(r.path)) ? [check.guard] : []),
      ];
      // The middleware's matcher and checks speak of paths without the base path; the app serves them under it.
      const path = !basePath ? r.path : r.path === "/" ? basePath : basePath + r.path;
      return { ...r, path, guards: [...new Set([...guards, ...r.guards])] };
    });
  },
};

// A host name: labels joined by dots, the last one letters (`app.dub.co`, `partners.example.com`).
const HOST = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/;

/** Whether the app's middleware rewrites requests (`NextResponse.rewrite(new URL(`/app.dub.co${path}`, req.url))`). */
function rewritesByHost(app: FsApp, file: string | undefined): boolean {
  return !!file && /\bNextResponse\s*\.\s*rewrite\s*\(/.test(app.text(file) ?? "");
}

type HostCheck = { guard: string; open: RegExp[] };

const LAYOUTS = ["layout.tsx", "layout.jsx", "layout.ts", "layout.js"];
// `await requireUser()`, `requireAdmin()` in a layout: a check of the project's that sends callers away.
const REQUIRE_CALL = /\b((?:require|ensure|protect|assert|must)[A-Z_]\w*)\s*\(/g;
// `if (!session) { redirect("/login"); }`, `if (!user) notFound();`, and with more refused after
// (`if (!session || !session.user.isAdmin)`), or a permission a caller without a session lacks
// (`if (!session?.user.permissions.includes("admin"))`).
const REDIRECT_CHECK = /\bif\s*\(\s*!\s*(?:await\s+)?[\w$.?]*(?:session|user|auth|token)\b[\w$.?]*(?:\([^()]*\))?\s*(?:\|\|[^{};]{0,200}?)?\)\s*\{?\s*(?:return\s+)?(?:redirect|permanentRedirect|notFound|unauthorized|forbidden)\s*\(/i;

/**
 * The check a layout above a page makes (`app/dashboard/layout.tsx`: `if (!session) redirect("/")`,
 * `await requireUser()`): a layout wraps every page below it, so its check guards them all.
 * `folders` are the page's folders from the app's root, `root` where app/ is among them.
 */
function layoutGuard(app: FsApp, folders: readonly string[], root: number): string | undefined {
  return nearestLayoutCheck(app, folders, root + 1, LAYOUTS, (text) =>
    [...text.matchAll(REQUIRE_CALL)].map((m) => m[1]!).find(isGuardName) ?? (REDIRECT_CHECK.test(text) ? "(layout sends callers without a session away)" : undefined));
}

// `export const getServerSideProps: GetServerSideProps<...> = requestContext(async (ctx) => ...)`: server props
// made by a wrapper of the app's; or taken from another module (`= getSegmentServerSideProps;`).
const propsMadeBy = (name: string) => new RegExp(String.raw`\b${name.replace(/\$/g, "\\$")}\b\s*(?::[^=;]*?)?=\s*([A-Za-z_$][\w$]*)\s*(?:<[^>()]*>)?\s*([(;\n])`);
// `if (!session) return { redirect: { destination: "/login" } }` in the page's own getServerSideProps.
const PROPS_REDIRECT = /\bif\s*\(\s*!\s*(?:await\s+)?[\w$.?]*(?:session|user|auth|token)\b[\w$.?]*\s*\)\s*\{?\s*return\s*\{\s*redirect\s*:/i;
// What a wrapper's module does to a caller it cannot place: a redirect on an unauthorised or sessionless branch.
const SENDS_AWAY = /\bredirect\s*:\s*\{/;
const ABOUT_CALLER = /Unauthori[sz]ed|Unauthenticated|\bif\s*\(\s*!\s*[\w$.?]*(?:session|user)\b/i;

/**
 * The check a pages-router page's server props make before it renders: a wrapper named for one
 * (`withAuth(...)`), or one of the app's whose module redirects a caller it cannot place
 * (dittofeed's `requestContext`: `case Unauthorized: return { redirect: ... }`), or a redirect of
 * a caller without a session in its own getServerSideProps. Server props taken from another
 * module are judged there.
 */
function serverSidePropsGuard(app: FsApp, file: string, name = "getServerSideProps", depth = 0): string | undefined {
  const text = app.text(file) ?? "";
  if (!text.includes(name)) return undefined;
  const made = propsMadeBy(name).exec(text);
  const wrapper = made?.[1];
  if (wrapper && made![2] === "(") {
    if (isGuardName(wrapper)) return wrapper;
    const source = importedModule(app, file, text, wrapper);
    const module = source ? app.text(source) ?? "" : "";
    if (SENDS_AWAY.test(module) && ABOUT_CALLER.test(module)) return wrapper;
  } else if (wrapper && depth === 0) {
    const source = importedModule(app, file, text, wrapper);
    if (source) return serverSidePropsGuard(app, source, wrapper, depth + 1);
  }
  return PROPS_REDIRECT.test(text) ? "(getServerSideProps sends callers without a session away)" : undefined;
}

/** The app's file a name is imported from by a relative path (`import { requestContext } from "../lib/requestContext"`, or its default). */
function importedModule(app: FsApp, file: string, text: string, name: string): string | undefined {
  const escaped = name.replace(/\$/g, "\\$");
  const specifier = new RegExp(String.raw`\bimport\s+(?:${escaped}\b|(?:[\w$]+\s*,\s*)?\{[^}]*\b${escaped}\b[^}]*\})\s*from\s*(["'])(\.[^"']+)\1`).exec(text)?.[2];
  const base = specifier ? posix.normalize(posix.join(posix.dirname(file), specifier)) : undefined;
  return base === undefined ? undefined : MODULE_SUFFIXES.map((suffix) => base + suffix).find((f) => app.files.includes(f));
}

const MODULE_SUFFIXES = [".ts", ".tsx", ".js", ".jsx", "/index.ts", "/index.tsx", "/index.js"];

const CONFIG_FILE = /^next\.config\.[cm]?[jt]s$/;

/**
 * What the app's next.config says of its paths: `basePath: "/dashboard"` serves every route under
 * it, and `pageExtensions: ["page.tsx", "page.ts"]` makes only files so named pages (the rest of
 * pages/ are their components), the extension left out of the path.
 */
function nextConfig(app: FsApp): { basePath: string; pageExtensions: RegExp } {
  const file = app.files.find((f) => CONFIG_FILE.test(f));
  const text = file ? app.text(file) ?? "" : "";
  const basePath = /\bbasePath\s*:\s*(["'`])(\/[^"'`]*)\1/.exec(text)?.[2]?.replace(/\/$/, "") ?? "";
  const listed = /\bpageExtensions\s*:\s*\[([^\]]*)\]/.exec(text)?.[1];
  const extensions = listed ? [...listed.matchAll(/["'`]([\w.]+)["'`]/g)].map((m) => m[1]!.replace(/\./g, "\\.")) : [];
  return { basePath, pageExtensions: extensions.length ? new RegExp(`\\.(?:${extensions.join("|")})$`) : SCRIPT };
}

// `NextResponse.rewrite(new URL(`/app.dub.co${fullPath}`, req.url))`: the host folder a module sends requests to.
const HOST_REWRITE = /\brewrite\s*\(\s*new\s+URL\s*\(\s*`\/((?:[a-z0-9-]+\.)+[a-z]{2,})(?=[$/`])/;
const RELATIVE_IMPORT = /\bimport\s+[^;]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The sign-in checks of the modules the middleware hands a host's requests to, by host folder:
 * dub's middleware calls `AppMiddleware(req)` (lib/middleware/app.ts), which sends a caller
 * without a session to /login (but for the paths it leaves open) and rewrites the rest to
 * `/app.dub.co${path}`, so it guards the pages of app/app.dub.co/.
 */
function hostChecks(app: FsApp, file: string): Map<string, HostCheck> {
  const checks = new Map<string, HostCheck>();
  const listed = new Set(app.files);
  for (const m of (app.text(file) ?? "").matchAll(RELATIVE_IMPORT)) {
    const base = posix.join(posix.dirname(file), m[1]!);
    const module = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.js"].map((e) => base + e).find((f) => listed.has(f));
    const text = module && app.text(module);
    const host = text && HOST_REWRITE.exec(text)?.[1];
    const check = host && !checks.has(host) ? moduleSignInCheck(module!, text!) : undefined;
    // A check a predicate limits covers paths these host checks do not tell apart: none is read.
    if (check && !check.predicates.length) checks.set(host!, { guard: check.guard, open: check.open.map(matcherPattern) });
  }
  return checks;
}

const DYNAMIC_FOLDER = /^\[[A-Za-z_]\w*\]$/;
// The folder next-intl's routing fills with the locale.
const LOCALE_FOLDER = /^\[(?:locale|lang|lng)\]$/;
// `defineRouting({ localePrefix: "never" })`, `localePrefix: { mode: "as-needed", ... }`.
const LOCALE_PREFIX = /\blocalePrefix\s*:\s*(?:\{\s*mode\s*:\s*)?["'`](never|as-needed|always)["'`]/;

/**
 * How next-intl's routing shows the locale in URLs: the `localePrefix` its routing sets, read in
 * the app or in a workspace package it keeps its routing in (and depends on next-intl through);
 * "always" when the app uses next-intl and sets none.
 */
function localePrefix(app: FsApp): string | undefined {
  const own = app.version("next-intl") === undefined ? [] : app.files.filter((f) => /\.[cm]?[jt]sx?$/.test(f)).map((f) => app.text(f) ?? "").filter((t) => t.includes("localePrefix"));
  const texts = own.length ? own : app.elsewhere("localePrefix", "next-intl").filter((t) => t.includes("next-intl"));
  const modes = new Set(texts.flatMap((t) => LOCALE_PREFIX.exec(t)?.[1] ?? []));
  if (modes.size) return modes.size === 1 ? [...modes][0] : undefined;
  return app.version("next-intl") === undefined ? undefined : "always";
}
// `newUrl.pathname = `/${locale}${pathname}``, `new URL(`/${locale}${req.nextUrl.pathname}`, req.url)`.
const PREFIX_REWRITE = /`\/\$\{\s*[\w$.]+\s*\}\$\{\s*[\w$.]*(?:pathname|path|fullPath)\s*\}/i;

/** Whether the app's middleware rewrites every path it runs for under a value of its own (the locale): a top dynamic folder takes it. */
function rewritesWithPrefix(app: FsApp, file: string | undefined): boolean {
  return !!file && PREFIX_REWRITE.test(app.text(file) ?? "");
}

/** The guards the app's middleware runs and which paths they cover; undefined when it runs none. */
function middleware(app: FsApp, file: string | undefined): { guards: string[]; covers(path: string): boolean } | undefined {
  const patterns = file ? app.exports(file).filter((r) => r.kind === "http") : [];
  if (patterns.length === 0) return undefined;
  // A predicate's paths where its definition lists them. One it cannot read covers paths the analysis
  // cannot tell: a check it limits guards none (as a condition the scanner cannot read, next-middleware.ts).
  let unread = false;
  const paths = (p: { path: string }) => {
    if (!p.path.startsWith(PREDICATE)) return [p.path];
    const listed = predicatePaths(app, file!, p.path.slice(PREDICATE.length));
    if (!listed) unread = true;
    return listed ?? [];
  };
  const role = (name: string) => patterns.filter((p) => p.handler === name).flatMap(paths).map(matcherPattern);
  const [matcher, protect, open] = [role("matcher"), role("protected"), role("public")];
  if (unread) return undefined;
  // A function the middleware hands requests to: its sign-in check, and the paths it leaves open too.
  let guards = patterns[0]!.guards;
  const delegate = guards[0]?.startsWith(DELEGATE) ? guards[0].slice(DELEGATE.length) : undefined;
  if (delegate) {
    const own = app.text(file!) ?? "";
    const specifier = new RegExp(String.raw`\bimport\s+${delegate}\s+from\s*(["'])([^"']+)\1`).exec(own)?.[2];
    const module = specifier === undefined ? undefined : appModule(app, file!, specifier);
    const check = module ? moduleSignInCheck(module, app.text(module) ?? "") : undefined;
    if (!check || check.predicates.length) return undefined;
    guards = [check.guard];
    open.push(...check.open.map(matcherPattern));
  }
  return {
    guards,
    covers: (path) =>
      matcher.some((m) => m.test(path)) && (protect.length === 0 || protect.some((m) => m.test(path))) &&
      !open.some((m) => m.test(path)),
  };
}

/**
 * The paths a predicate of the app's on a request's path picks, read where it is defined (its
 * module, imported relatively or through the `@/`/`~/` alias of the app's root): the strings of
 * the lists it tests the path against, as prefixes when it tests with `startsWith`
 * (`["/environments", "/organizations"].some((route) => url.startsWith(route))`). Undefined when
 * it cannot be read.
 */
function predicatePaths(app: FsApp, file: string, name: string): string[] | undefined {
  const own = app.text(file) ?? "";
  const defined = (text: string) => new RegExp(String.raw`\b(?:function\s+${name}\s*\(|(?:const|let|var)\s+${name}\s*(?::[^=]+)?=)`).exec(text);
  let text = defined(own) ? own : undefined;
  if (!text) {
    const specifier = new RegExp(String.raw`\bimport\s+(?:[\w$]+\s*,\s*)?\{[^}]*\b${name}\b[^}]*\}\s*from\s*(["'])([^"']+)\1`).exec(own)?.[2];
    const module = specifier === undefined ? undefined : appModule(app, file, specifier);
    text = module ? app.text(module) : undefined;
  }
  const at = text ? defined(text) : null;
  if (!text || !at) return undefined;
  const open = text.indexOf("{", at.index + at[0].length);
  if (open === -1) return undefined;
  const body = text.slice(open, closing(text, open));
  const listed = [...body.matchAll(/\[([^\]]*)\]/g)].flatMap((m) => [...m[1]!.matchAll(/(["'`])(\/[^"'`]*)\1/g)].map((s) => s[2]!));
  if (!listed.length) return undefined;
  return /\.startsWith\s*\(/.test(body) ? listed.flatMap((p) => [p, `${p.replace(/\/$/, "")}/:path*`]) : listed;
}
