import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, tempDir, writeFiles, git } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

const next = suite("Next.js routes");

next("app router pages and handlers, pages router, groups, slots, private folders, middleware guards, exactly", () => {
  assert.equal(routeLines("routes-next"), [
    "GET / app/(marketing)/page.tsx:1 (page)",
    "GET /about pages/about.tsx:1 (page)",
    "GET /api/legacy pages/api/legacy.ts:5 handler",
    "POST /api/legacy pages/api/legacy.ts:7 handler",
    "GET /api/projects app/api/projects/route.ts:3 GET",
    "POST /api/projects app/api/projects/route.ts:7 POST [withAuth]",
    "PATCH /api/projects/{id} app/api/projects/[id]/route.ts:3 update [auth]",
    "PUT /api/projects/{id} app/api/projects/[id]/route.ts:3 update [auth]",
    "GET /dashboard/{teamId}/settings app/dashboard/[teamId]/settings/page.tsx:1 (page) [auth]",
    "GET /docs/{slug} app/docs/[[...slug]]/page.tsx:1 (page)",
    "GET /robots.txt app/robots.ts:1 default",
  ]);
});

next("Payload's generated REST and GraphQL routes are guarded by its collection access (signed-in users by default); a same-named factory of another package is not", () => {
  const root = tempDir();
  const generated = (names: string, body: string) =>
    `/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */\nimport config from '@payload-config'\nimport { ${names} } from '@payloadcms/next/routes'\n\n${body}`;
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "cms", dependencies: { next: "^15.0.0", payload: "^3.0.0" } }),
    "app/(payload)/api/[...slug]/route.ts": generated("REST_DELETE, REST_GET, REST_POST", "export const GET = REST_GET(config)\nexport const POST = REST_POST(config)\nexport const DELETE = REST_DELETE(config)\n"),
    "app/(payload)/api/graphql/route.ts": generated("GRAPHQL_POST", "export const POST = GRAPHQL_POST(config)\n"),
    "app/api/import/route.ts": "import { REST_POST } from 'our-rest-kit'\nexport const POST = REST_POST({ table: 'imports' })\n",
  });
  commitAll(root);
  const report = analyze(root);
  const guarded = Object.fromEntries(report.routes.items.map((r) => [`${r.method} ${r.path}`, r.guards]));
  for (const route of ["GET /api/{slug}", "POST /api/{slug}", "DELETE /api/{slug}", "POST /api/graphql"]) assert.match(guarded[route]!.join(), /Payload collection access/, route);
  assert.equal(guarded["POST /api/import"], [], "REST_POST of another package is no guard");
  assert.equal(report.findings.filter((f) => f.rule === "unguarded-write").map((f) => f.title), ["POST /api/import has no route-level guard"]);
});

next("a handler made by a wrapper of the app's that refuses a caller it looks up (export const GET = withAdmin(async ...), a curried arrow re-exported by a barrel) is guarded by it; a module passing on another's handlers (export * from \"../../workspaces/route\") serves them", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "links", dependencies: { next: "^15.0.0" } }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
    "lib/auth/index.ts": 'export * from "./admin";\nexport * from "./utils";\n',
    "lib/auth/utils.ts": "export const getSession = async () => readCookie();\n",
    "lib/auth/admin.ts": [
      'import { getSession } from "./utils";',
      "export const withAdmin =",
      "  (handler: Handler, { requiredRoles = [] }: { requiredRoles?: string[] } = {}) =>",
      "  async (req: Request, { params }: { params: Promise<Record<string, string>> }) => {",
      "    const session = await getSession();",
      "    if (!session?.user) {",
      '      return new Response("Unauthorized: Login required.", { status: 401 });',
      "    }",
      "    return handler({ req, session });",
      "  };",
      "export const withLogging = (handler: Handler) => async (req: Request) => {",
      "  console.log(req.url);",
      "  return handler({ req });",
      "};",
    ].join("\n"),
    "app/api/admin/analytics/route.ts": 'import { withAdmin } from "@/lib/auth";\nexport const GET = withAdmin(async ({ req }) => Response.json({}));\n',
    "app/api/events/route.ts": 'import { withLogging } from "@/lib/auth/admin";\nexport const POST = withLogging(async ({ req }) => Response.json({}));\n',
    "app/api/workspaces/route.ts": 'import { withAdmin } from "@/lib/auth";\nexport const GET = withAdmin(async () => Response.json([]));\nexport const POST = withAdmin(async () => Response.json({}));\n',
    "app/api/(old)/projects/route.ts": 'export * from "../../workspaces/route";\n',
  });
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/admin/analytics [withAdmin]",
    "GET /api/projects [withAdmin]",
    "GET /api/workspaces [withAdmin]",
    "POST /api/events",
    "POST /api/projects [withAdmin]",
    "POST /api/workspaces [withAdmin]",
  ]);
});

next("pages are kind fs, handlers kind http; the framework comes from the manifest", () => {
  const section = analyze(fixtureRepo("routes-next")).routes;
  assert.equal(section.frameworks, ["next"]);
  assert.equal(section.items.filter((r) => r.kind === "fs").length, 4);
  assert.equal(section.unguardedWrites.map((r) => `${r.method} ${r.path}`), ["POST /api/legacy"]);
});

next("without next in a manifest, an app/ or pages/ folder is no route", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "docs-site", dependencies: { vite: "6" } }),
    "pages/index.tsx": "export default function Index() { return null; }\n",
    "app/api/route.ts": "export async function GET() { return new Response(); }\n",
  });
  assert.equal(analyze(root).routes.items, []);
});

next("a monorepo app is detected from its own manifest, paths relative to its folder", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["apps/*"] }),
    "apps/web/package.json": JSON.stringify({ name: "web", dependencies: { next: "15" } }),
    "apps/web/src/app/users/[id]/page.tsx": "export default function User() { return null; }\n",
    "apps/docs/package.json": JSON.stringify({ name: "docs" }),
    "apps/docs/pages/index.tsx": "export default function Index() { return null; }\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "GET /users/{id} apps/web/src/app/users/[id]/page.tsx",
  ]);
});

next("a handler guarded inside its request helper (parseRequest -> checkAuth); one that skips it is public on purpose; a helper verifying some other token guards nothing; another route's handler whose answer is dropped guards nothing; saving a session after sign-in is no check", () => {
  const root = tempDir("tool-next-helper-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { next: "15.0.0" } }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["src/*"] } } }),
    "src/lib/request.ts": [
      'import { checkAuth } from "@/lib/auth";',
      "export async function parseRequest(request: Request, schema?: any, options?: { skipAuth: boolean }) {",
      "  let auth = null;",
      "  if (!options?.skipAuth) auth = await checkAuth(request);",
      "  return { auth, error: auth ? undefined : () => new Response(null, { status: 401 }) };",
      "}",
      "export function readCache(request: Request) {",
      '  return jwt.verify(request.headers.get("x-cache") ?? "", secret());',
      "}",
    ].join("\n"),
    "src/lib/auth.ts": "export async function checkAuth(request: Request) { return null; }\n",
    "src/app/api/teams/join/route.ts": 'import { parseRequest } from "@/lib/request";\nexport async function POST(request: Request) {\n  const { auth, error } = await parseRequest(request, schema);\n  if (error) return error();\n  return Response.json(auth);\n}\n',
    "src/app/api/send/route.ts": 'import { parseRequest, readCache } from "@/lib/request";\nexport async function POST(request: Request) {\n  const cache = readCache(request);\n  const { body } = await parseRequest(request, schema, { skipAuth: true });\n  return Response.json(body);\n}\n',
    "src/app/api/cache/route.ts": 'import { readCache } from "@/lib/request";\nexport async function DELETE(request: Request) {\n  return Response.json(readCache(request));\n}\n',
    // Another route's handler, called with a request the pixel builds: its answer is dropped, so its check refuses no one.
    "src/app/p/[slug]/route.ts": 'import { POST } from "@/lib/request-forward";\nexport async function GET(request: Request) {\n  await POST(new Request(request.url, { method: "POST" }));\n  return new Response("gif");\n}\n',
    "src/lib/request-forward.ts": 'import { checkAuth } from "@/lib/auth";\nexport async function POST(request: Request) {\n  const auth = await checkAuth(request);\n  return Response.json(auth);\n}\n',
    // Saving a session once the password is checked is signing in, no check of the caller.
    "src/app/api/auth/login/route.ts": 'import { saveAuth } from "@/lib/session";\nexport async function POST(request: Request) {\n  const { username, password } = await request.json();\n  const user = await getUserByUsername(username);\n  if (!user || !checkPassword(password, user.password)) return unauthorized({ code: "incorrect-username-password" });\n  const token = await saveAuth({ userId: user.id });\n  return Response.json({ token });\n}\n',
  });
  commitAll(root);
  const report = analyze(root);
  assert.equal(report.routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.public ? " public" : ""}`), [
    "POST /api/auth/login",
    "DELETE /api/cache",
    "POST /api/send public",
    "POST /api/teams/join [checkAuth]",
    "GET /p/{slug}",
  ]);
  const writes = report.findings.filter((f) => f.rule === "unguarded-write").map((f) => [f.severity, f.title.split(" has")[0]]);
  assert.equal(writes, [["high", "DELETE /api/cache"], ["low", "POST /api/send"], ["low", "POST /api/auth/login"]]);
});

next("a pages/api handler that verifies the caller first is guarded; one that verifies the credentials a sign-in posts (verifyByCredentials, verifyGoogleIdentityToken) is not", () => {
  const root = tempDir("tool-next-sign-in-checks-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { next: "15.0.0" } }),
    "lib/api/verifyUser.ts": "export default async function verifyUser({ req, res }: any) {\n  const user = await getUser(req);\n  if (!user) { res.status(401).send({ response: 'You must be logged in.' }); return null; }\n  return user;\n}\n",
    "lib/api/verifyByCredentials.ts": "export default async function verifyByCredentials({ username, password }: any) {\n  const user = await findUser(username);\n  return user && (await compare(password, user.password)) ? user : null;\n}\n",
    "pages/api/v1/tags/index.ts": 'import verifyUser from "@/lib/api/verifyUser";\nexport default async function tags(req: any, res: any) {\n  const user = await verifyUser({ req, res });\n  if (!user) return;\n  if (req.method === "GET") return res.json(await getTags(user.id));\n}\n',
    "pages/api/v1/session/index.ts": 'import verifyByCredentials from "@/lib/api/verifyByCredentials";\nexport default async function session(req: any, res: any) {\n  const user = await verifyByCredentials(req.body);\n  if (!user) return res.status(400).json({ response: "Invalid credentials." });\n  if (req.method === "POST") return res.json(await createSession(user));\n}\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "POST /api/v1/session",
    "GET /api/v1/tags [verifyUser]",
  ]);
});

next("a top folder named for a host (app/app.dub.co, under a group too), where the middleware rewrites that host's requests, adds nothing to its routes' paths; without such a middleware it stays", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0" } }),
    "middleware.ts": 'import { NextResponse } from "next/server";\nexport default function middleware(req) {\n  const host = req.headers.get("host");\n  return NextResponse.rewrite(new URL(`/${host}${req.nextUrl.pathname}`, req.url));\n}\n',
    "app/app.dub.co/(dashboard)/account/settings/page.tsx": "export default function Page() { return null; }\n",
    "app/(ee)/partners.dub.co/api/payouts/route.ts": "export async function GET() { return Response.json([]); }\n",
    "app/api/links/route.ts": "export async function GET() { return Response.json([]); }\n",
  });
  commitAll(root);
  const paths = () => analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort();
  assert.equal(paths(), ["GET /account/settings", "GET /api/links", "GET /api/payouts"]);
  writeFiles(root, { "middleware.ts": 'export default function middleware(req) { return undefined; }\n' });
  commitAll(root);
  assert.equal(paths(), ["GET /api/links", "GET /app.dub.co/account/settings", "GET /partners.dub.co/api/payouts"]);
});

next("a pages-router API module whose default export is made from handlers keyed by method (withMiddlewares({ GET: ..., POST: ... })) answers those methods, each guarded by a wrapper named like a check", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^14.0.0" } }),
    "src/pages/api/public/score-configs/index.ts": [
      'import { createAuthedProjectAPIRoute } from "@/features/public-api/createAuthedProjectAPIRoute";',
      'import { withMiddlewares } from "@/features/public-api/withMiddlewares";',
      "",
      "export default withMiddlewares({",
      "  POST: createAuthedProjectAPIRoute({ name: \"Create Score Config\", fn: async ({ body, auth }) => createScoreConfig(auth, body) }),",
      "  GET: createAuthedProjectAPIRoute({ name: \"Get Score Configs\", fn: async ({ query, auth }) => listScoreConfigs(auth, query) }),",
      "});",
    ].join("\n"),
    "src/pages/api/health.ts": "export default async function handler(req, res) { res.json({ status: \"ok\" }); }\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "ALL /api/health",
    "GET /api/public/score-configs [createAuthedProjectAPIRoute]",
    "POST /api/public/score-configs [createAuthedProjectAPIRoute]",
  ]);
});

next("middleware that sends a caller without a session to sign in itself (if (!token && path !== \"/login\") return NextResponse.redirect(...)) guards the pages it runs for but the paths its condition leaves open; one that redirects elsewhere, or checks no caller (reads a sign-in setting: resolveRuntimeAuthUiMode), guards nothing", () => {
  const root = tempDir("tool-next-redirect-middleware-");
  const page = "export default function Page() { return null; }\n";
  const middleware = (check: string) => [
    'import { NextResponse, type NextRequest } from "next/server";',
    'import { getToken } from "next-auth/jwt";',
    'const publicPaths = ["/register", "/pricing"];',
    "export async function middleware(req: NextRequest) {",
    "  const token = await getToken({ req });",
    "  const path = req.nextUrl.pathname;",
    check,
    "  return NextResponse.next();",
    "}",
    'export const config = { matcher: ["/((?!api/|_next/|favicon.ico).*)"] };',
    "",
  ].join("\n");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0", "next-auth": "^4" } }),
    "middleware.ts": middleware([
      '  if (!token && path !== "/login" && !path.startsWith("/share/") && !publicPaths.includes(path)) {',
      '    const url = new URL("/login", req.url);',
      '    url.searchParams.set("next", path);',
      "    return NextResponse.redirect(url);",
      "  }",
    ].join("\n")),
    "app/dashboard/page.tsx": page,
    "app/login/page.tsx": page,
    "app/register/page.tsx": page,
    "app/share/[id]/page.tsx": page,
    "app/api/links/route.ts": "export async function GET() { return Response.json([]); }\n",
  });
  commitAll(root);
  const guarded = () => analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`).sort();
  assert.equal(guarded(), ["GET /api/links", "GET /dashboard guarded", "GET /login", "GET /register", "GET /share/{id}"]);
  // A redirect to a locale, or a check of something other than the caller, refuses nobody.
  writeFiles(root, { "middleware.ts": middleware('  if (!path.startsWith("/en")) return NextResponse.redirect(new URL(`/en${path}`, req.url));\n  if (!token) return NextResponse.redirect(new URL("/en", req.url));') });
  commitAll(root);
  assert.equal(guarded(), ["GET /api/links", "GET /dashboard", "GET /login", "GET /register", "GET /share/{id}"]);
  // A check limited to the paths its condition names guards those; one limited by a test the analysis cannot read guards none.
  writeFiles(root, { "middleware.ts": middleware('  if ((!token || !token.sub) && path.startsWith("/dashboard")) return NextResponse.redirect(new URL("/login", req.url));') });
  commitAll(root);
  assert.equal(guarded(), ["GET /api/links", "GET /dashboard guarded", "GET /login", "GET /register", "GET /share/{id}"]);
  writeFiles(root, { "middleware.ts": middleware('  if (!token && isPrivatePage(path)) return NextResponse.redirect(new URL("/login", req.url));') });
  commitAll(root);
  assert.equal(guarded(), ["GET /api/links", "GET /dashboard", "GET /login", "GET /register", "GET /share/{id}"]);
  // A call that reads a setting about sign-in (the mode the sign-in page shows) checks nobody.
  writeFiles(root, { "middleware.ts": middleware('  const response = NextResponse.next();\n  response.cookies.set("auth-type", resolveRuntimeAuthUiMode(process.env.AUTH_TYPE));\n  return response;') });
  commitAll(root);
  assert.equal(guarded(), ["GET /api/links", "GET /dashboard", "GET /login", "GET /register", "GET /share/{id}"]);
});

next("a module the middleware hands a host's requests to (AppMiddleware, rewriting to /app.example.com${path}) that sends a caller without a session to sign in guards that host folder's pages, but the paths it leaves open; a host whose module limits its check by a test the analysis cannot read is not guarded", () => {
  const root = tempDir("tool-next-host-middleware-");
  const page = "export default function Page() { return null; }\n";
  const hostModule = (name: string, host: string, condition: string) => [
    'import { NextRequest, NextResponse } from "next/server";',
    'import { getUserViaToken } from "./utils/get-user-via-token";',
    `export async function ${name}(req: NextRequest) {`,
    "  const path = req.nextUrl.pathname;",
    "  const user = await getUserViaToken(req);",
    `  if (${condition}) {`,
    '    return NextResponse.redirect(new URL(`/login?next=${encodeURIComponent(path)}`, req.url));',
    "  }",
    `  return NextResponse.rewrite(new URL(\`/${host}\${path}\`, req.url));`,
    "}",
    "",
  ].join("\n");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0" } }),
    "middleware.ts": [
      'import { NextRequest, NextResponse } from "next/server";',
      'import { AppMiddleware } from "./lib/middleware/app";',
      'import { PartnersMiddleware } from "./lib/middleware/partners";',
      "export default async function middleware(req: NextRequest) {",
      '  const host = req.headers.get("host");',
      '  if (host === "app.example.com") return AppMiddleware(req);',
      '  if (host === "partners.example.com") return PartnersMiddleware(req);',
      "  return NextResponse.rewrite(new URL(`/${host}${req.nextUrl.pathname}`, req.url));",
      "}",
      "",
    ].join("\n"),
    "lib/middleware/app.ts": hostModule("AppMiddleware", "app.example.com", '!user && path !== "/login" && !path.startsWith("/share/")'),
    "lib/middleware/partners.ts": hostModule("PartnersMiddleware", "partners.example.com", "!user && isPrivatePage(path)"),
    "app/app.example.com/(dashboard)/settings/page.tsx": page,
    "app/app.example.com/(auth)/login/page.tsx": page,
    "app/app.example.com/share/[id]/page.tsx": page,
    "app/(ee)/partners.example.com/(dashboard)/payouts/page.tsx": page,
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`).sort(), ["GET /login", "GET /payouts", "GET /settings guarded", "GET /share/{id}"]);
});

next("a module the middleware hands every other path to (if (!path.startsWith(\"/view/\")) return AppMiddleware(req), imported through @/), whose check sends a caller without a session to its LOGIN_PATH constant, guards the pages the matcher covers but the paths either leaves open", () => {
  const root = tempDir("tool-next-delegated-middleware-");
  const page = "export default function Page() { return null; }\n";
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "docs", dependencies: { next: "^14.0.0" } }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
    "middleware.ts": [
      'import { NextRequest, NextResponse } from "next/server";',
      'import AppMiddleware from "@/lib/middleware/app";',
      'import PostHogMiddleware from "@/lib/middleware/posthog";',
      "export const config = {",
      '  matcher: ["/((?!api/|_next/|favicon.ico).*)"],',
      "};",
      "export default async function middleware(req: NextRequest) {",
      "  const path = req.nextUrl.pathname;",
      "  if (isAnalyticsPath(path)) {",
      "    return PostHogMiddleware(req);",
      "  }",
      '  if (!path.startsWith("/view/") && !path.startsWith("/verify")) {',
      "    return AppMiddleware(req);",
      "  }",
      "  return NextResponse.next();",
      "}",
      "",
    ].join("\n"),
    "lib/middleware/app.ts": [
      'import { NextRequest, NextResponse } from "next/server";',
      'import { getToken } from "next-auth/jwt";',
      'const LOGIN_PATH = "/login";',
      "export default async function AppMiddleware(req: NextRequest) {",
      "  const path = req.nextUrl.pathname;",
      "  const token = await getToken({ req });",
      "  if (!token?.email && path !== LOGIN_PATH) {",
      "    const loginUrl = new URL(LOGIN_PATH, req.url);",
      "    return NextResponse.redirect(loginUrl);",
      "  }",
      "  return NextResponse.next();",
      "}",
      "",
    ].join("\n"),
    "lib/middleware/posthog.ts": 'import { NextResponse } from "next/server";\nexport default function PostHogMiddleware(req) { return NextResponse.rewrite(new URL("https://eu.posthog.com", req.url)); }\n',
    "pages/dashboard.tsx": page,
    "pages/login.tsx": page,
    "pages/view/[linkId].tsx": page,
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`).sort(), ["GET /dashboard guarded", "GET /login", "GET /view/{linkId}"]);
});

next("next.config's basePath serves every route under it, and its pageExtensions make only files so named pages (the extension left out of the path); without them, every module of pages/ is one", () => {
  const root = tempDir("tool-next-config-");
  const page = "export default function Page() { return null; }\n";
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "dashboard", dependencies: { next: "^14.0.0" } }),
    "next.config.js": 'module.exports = {\n  basePath: "/dashboard",\n  pageExtensions: ["page.tsx", "page.ts"],\n  async redirects() { return [{ source: "/", destination: "/journeys", permanent: false, basePath: false }]; },\n};\n',
    "src/pages/journeys.page.tsx": page,
    "src/pages/journeys/[id].page.tsx": page,
    "src/pages/journeys/journeyLayout.tsx": page,
    "src/pages/api/health.page.ts": "export default function handler(req, res) { res.json({ ok: true }); }\n",
  });
  commitAll(root);
  const paths = () => analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort();
  assert.equal(paths(), ["ALL /dashboard/api/health", "GET /dashboard/journeys", "GET /dashboard/journeys/{id}"]);
  writeFiles(root, { "next.config.js": "module.exports = {};\n" });
  commitAll(root);
  assert.equal(paths(), ["ALL /api/health.page", "GET /journeys.page", "GET /journeys/journeyLayout", "GET /journeys/{id}.page"]);
});

next("a top dynamic folder the middleware fills in (newUrl.pathname = `/${locale}${pathname}`, then rewritten) adds nothing to its pages' paths; one the middleware does not fill stays a parameter", () => {
  const root = tempDir("tool-next-locale-rewrite-");
  const page = "export default function Page() { return null; }\n";
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^16.0.0" } }),
    "src/proxy.ts": [
      'import { NextResponse, type NextRequest } from "next/server";',
      "export const proxy = async (req: NextRequest) => {",
      "  const newUrl = req.nextUrl.clone();",
      "  const pathname = newUrl.pathname;",
      "  const locale = getLocaleFromRequest(req);",
      "  newUrl.pathname = `/${locale}${pathname}`;",
      "  return NextResponse.rewrite(newUrl);",
      "};",
      'export const config = { matcher: ["/((?!api|_next/static|_next/image|static|.*\\\\.).*)"] };',
      "",
    ].join("\n"),
    "src/app/[locale]/(space)/polls/page.tsx": page,
    "src/app/[locale]/poll/[urlId]/page.tsx": page,
    "src/app/api/status/route.ts": "export async function GET() { return Response.json({}); }\n",
  });
  commitAll(root);
  const paths = () => analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort();
  assert.equal(paths(), ["GET /api/status", "GET /poll/{urlId}", "GET /polls"]);
  writeFiles(root, { "src/proxy.ts": 'import { NextResponse } from "next/server";\nexport const proxy = (req) => NextResponse.rewrite(new URL("/maintenance", req.url));\n' });
  commitAll(root);
  assert.equal(paths(), ["GET /api/status", "GET /{locale}/poll/{urlId}", "GET /{locale}/polls"]);
});

next("a catch-all route module that hands every request to a Hono app (export const GET = handle(app)) serves the app's routes, not one of its own; another catch-all stays", () => {
  const root = tempDir("tool-next-hono-catch-all-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0", hono: "^4" } }),
    "src/app/api/private/[...route]/route.ts": [
      'import { Hono } from "hono";',
      'import { handle } from "hono/vercel";',
      'const app = new Hono().basePath("/api/private");',
      'app.get("/polls", (c) => c.json([]));',
      'app.delete("/polls/:pollId", (c) => c.json({}));',
      "export const GET = handle(app);",
      "export const DELETE = handle(app);",
      "",
    ].join("\n"),
    "src/app/api/auth/[...all]/route.ts": 'import { toNextJsHandler } from "better-auth/next-js";\nimport { auth } from "@/lib/auth";\nexport const { GET, POST } = toNextJsHandler(auth);\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["ALL /api/auth/{all}", "DELETE /api/private/polls/{pollId}", "GET /api/private/polls"]);
});

next("a layout that sends a caller without a session away (if (!session) redirect(\"/\"), await requireAdmin()) guards every page below it, not the route handlers, as does a page's own such check; one that checks something else does not", () => {
  const root = tempDir("tool-next-layout-guards-");
  const page = "export default function Page() { return null; }\n";
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0" } }),
    "app/dashboard/layout.tsx": 'import { redirect } from "next/navigation";\nimport { getServerAuthSession } from "@/server/auth";\nexport default async function Layout({ children }) {\n  const session = await getServerAuthSession();\n  if (!session) {\n    redirect("/");\n  }\n  return children;\n}\n',
    "app/dashboard/bookmarks/page.tsx": page,
    "app/dashboard/lists/[listId]/page.tsx": page,
    "app/dashboard/export/route.ts": "export async function GET() { return Response.json([]); }\n",
    "app/control-panel/layout.tsx": 'export default async function Layout({ children }) {\n  const [locale, user] = await Promise.all([getLocale(), requireAdmin()]);\n  return children;\n}\n',
    "app/control-panel/users/page.tsx": page,
    "app/poll/[urlId]/layout.tsx": 'import { notFound } from "next/navigation";\nexport default async function Layout({ children, params }) {\n  const poll = await getPoll(params.urlId);\n  if (!poll) {\n    notFound();\n  }\n  return children;\n}\n',
    "app/poll/[urlId]/page.tsx": page,
    "app/(auth)/login/page.tsx": page,
    "app/manage/apps/page.tsx": 'import { redirect } from "next/navigation";\nexport default async function AppsPage() {\n  const session = await auth();\n  if (!session) {\n    redirect("/auth/login");\n  }\n  return null;\n}\n',
    "app/manage/apps/new/page.tsx": 'import { notFound } from "next/navigation";\nexport default async function NewAppPage() {\n  const session = await auth();\n  if (!session?.user.permissions.includes("app-create") || !session?.user.permissions.includes("board-modify-all")) {\n    notFound();\n  }\n  return null;\n}\n',
    "app/manage/widgets/page.tsx": 'import { redirect } from "next/navigation";\nexport default async function WidgetsPage() {\n  const session = await auth();\n  if (!session || !session.user.permissions.includes("admin")) {\n    redirect(session ? "/" : "/auth/login");\n  }\n  return null;\n}\n',
    "app/manage/about/page.tsx": 'export default async function AboutPage() {\n  const session = await auth();\n  return session ? null : null;\n}\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /control-panel/users [requireAdmin]",
    "GET /dashboard/bookmarks [(layout sends callers without a session away)]",
    "GET /dashboard/export",
    "GET /dashboard/lists/{listId} [(layout sends callers without a session away)]",
    "GET /login",
    "GET /manage/about",
    "GET /manage/apps [(page sends callers without a session away)]",
    "GET /manage/apps/new [(page sends callers without a session away)]",
    "GET /manage/widgets [(page sends callers without a session away)]",
    "GET /poll/{urlId}",
  ]);
});

next("a pages-router page whose server props a wrapper of the app's makes, redirecting a caller it cannot place (requestContext: case Unauthorized: return { redirect }), or a guard-named one, or its own redirect of a caller without a session, is guarded; server props taken from another module are judged there; a wrapper that only loads data guards nothing", () => {
  const root = tempDir("tool-next-server-props-");
  const body = "export default function Page() { return null; }\n";
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "dashboard", dependencies: { next: "^14.0.0" } }),
    "src/lib/requestContext.ts": [
      "export const requestContext = (gssp) => async (context) => {",
      "  const rc = await getRequestContext(context.req.headers);",
      "  if (rc.isErr()) {",
      "    switch (rc.error.type) {",
      "      case BackendRequestContextErrorType.Unauthorized:",
      "        return { redirect: { destination: rc.error.action.url, permanent: false } };",
      "    }",
      "  }",
      "  return gssp(context, rc.value);",
      "};",
    ].join("\n"),
    "src/lib/withData.ts": "export const withData = (gssp) => async (context) => gssp(context, await load());\n",
    "src/pages/events.page.tsx": 'import { requestContext } from "../lib/requestContext";\nexport const getServerSideProps: GetServerSideProps<\n  Props\n> = requestContext(async (ctx, dfContext) => ({ props: {} }));\n' + body,
    "src/pages/segments/[id]/getSegmentServerSideProps.tsx": 'import { requestContext } from "../../../lib/requestContext";\nconst getSegmentServerSideProps: GetServerSideProps<Props> =\n  requestContext(async (ctx) => ({ props: {} }));\nexport default getSegmentServerSideProps;\n',
    "src/pages/segments/v1.page.tsx": 'import getSegmentServerSideProps from "./[id]/getSegmentServerSideProps";\nexport const getServerSideProps = getSegmentServerSideProps;\n' + body,
    "src/pages/settings.page.tsx": 'export const getServerSideProps = withAuth(async () => ({ props: {} }));\n' + body,
    "src/pages/account.page.tsx": 'export async function getServerSideProps(ctx) {\n  const session = await getSession(ctx);\n  if (!session) {\n    return { redirect: { destination: "/login", permanent: false } };\n  }\n  return { props: { session } };\n}\n' + body,
    "src/pages/public.page.tsx": 'import { withData } from "../lib/withData";\nexport const getServerSideProps = withData(async () => ({ props: {} }));\n' + body,
    "next.config.js": 'module.exports = { pageExtensions: ["page.tsx"] };\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /account [(getServerSideProps sends callers without a session away)]",
    "GET /events [requestContext]",
    "GET /public",
    "GET /segments/v1 [requestContext]",
    "GET /settings [withAuth]",
  ]);
});

next("a route handler made by a wrapper of the app's is guarded by what the wrapper does: one that verifies the scheduler's signature (withCron: verifyQstashSignature), one whose body is a call that refuses a caller without a session (withSession = (handler) => withAxiom(async (req) => { ... 401 })); one that only logs guards nothing", () => {
  const root = tempDir("tool-next-wrapped-handlers-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0" } }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
    "lib/cron/with-cron.ts": [
      'import { verifyQstashSignature } from "./verify-qstash";',
      "export const withCron = (handler: Handler) => {",
      "  return withAxiomBodyLog(async (req) => {",
      "    const rawBody = await req.clone().text();",
      "    await verifyQstashSignature({ req, rawBody });",
      "    return handler({ req, rawBody });",
      "  });",
      "};",
    ].join("\n"),
    "lib/auth/session.ts": [
      "export const withSession = (handler: Handler) =>",
      "  withAxiom(async (req) => {",
      "    const session = await getSession();",
      '    if (!session?.user) return new Response("Unauthorized: Login required.", { status: 401 });',
      "    return handler({ req, session });",
      "  });",
    ].join("\n"),
    "lib/auth/index.ts": 'export * from "./session";\n',
    "lib/logging.ts": "export const withLogging = (handler: Handler) =>\n  withAxiom(async (req) => handler({ req }));\n",
    "app/api/cron/aggregate/route.ts": 'import { withCron } from "@/lib/cron/with-cron";\nexport const POST = withCron(async () => Response.json({}));\n',
    "app/api/user/route.ts": 'import { withSession } from "@/lib/auth";\nexport const GET = withSession(async ({ session }) => Response.json(session.user));\n',
    "app/api/health/route.ts": 'import { withLogging } from "@/lib/logging";\nexport const GET = withLogging(async () => Response.json({ ok: true }));\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/health",
    "GET /api/user [withSession]",
    "POST /api/cron/aggregate [verifyQstashSignature]",
  ]);
});

next("middleware whose sign-in check a predicate of the app's limits (isAuthProtectedRoute(pathname) && !session, the predicate testing a list of prefixes) guards those paths alone; route modules passing on another module's handlers (export { GET }) are guarded as there, an arrow's body on its next line and a typed wrapper's body read", () => {
  const root = tempDir("tool-next-predicate-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^16.0.0" } }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
    "proxy.ts": [
      'import { NextRequest, NextResponse } from "next/server";',
      'import { isAuthProtectedRoute } from "@/app/middleware/endpoint-validator";',
      'import { getProxySession } from "@/modules/auth/proxy-session";',
      "const handleAuth = async (request: NextRequest) => {",
      "  const session = await getProxySession(request);",
      "  if (isAuthProtectedRoute(request.nextUrl.pathname) && !session) {",
      "    const loginUrl = `${WEBAPP_URL}/auth/login?callbackUrl=${encodeURIComponent(request.nextUrl.pathname)}`;",
      "    return NextResponse.redirect(loginUrl);",
      "  }",
      "  return null;",
      "};",
      "export const proxy = async (request: NextRequest) => (await handleAuth(request)) ?? NextResponse.next();",
      'export const config = { matcher: ["/((?!_next/static).*)"] };',
      "",
    ].join("\n"),
    "app/middleware/endpoint-validator.ts": 'export const isAuthProtectedRoute = (url: string): boolean => {\n  const protectedRoutes = ["/environments", "/organizations"];\n  return protectedRoutes.some((route) => url.startsWith(route));\n};\n',
    "modules/auth/proxy-session.ts": "export const getProxySession = async (request) => null;\n",
    "app/environments/[id]/page.tsx": "export default function Page() { return null; }\n",
    "app/auth/login/page.tsx": "export default function Page() { return null; }\n",
    // A route module passing on handlers defined elsewhere, one whose body starts on the next line.
    "app/api/v2/webhooks/route.ts": 'import { GET, POST } from "@/modules/api/v2/webhooks/route";\n\nexport { GET, POST };\n',
    "modules/api/v2/webhooks/route.ts": [
      'import { authenticatedApiClient } from "@/modules/api/v2/auth/authenticated-api-client";',
      "export const GET = async (request: NextRequest) =>",
      "  authenticatedApiClient({ request, handler: async () => Response.json([]) });",
      "export const POST = async (request: NextRequest) => Response.json({ ok: true });",
      "",
    ].join("\n"),
    // A wrapper with generic parameters and a function type returned, which authenticates.
    "app/api/v3/lib/api-wrapper.ts": [
      'import { authenticateV3RequestOrRespond } from "./auth";',
      "export const withV3ApiWrapper = <S extends Schemas | undefined, TProps = unknown>(",
      "  params: Params<S, TProps>",
      "): ((req: NextRequest, props: TProps) => Promise<Response>) => {",
      "  return async (req: NextRequest, props: TProps) => {",
      "    const authResult = await authenticateV3RequestOrRespond(req, params.auth);",
      "    if (authResult.response) return authResult.response;",
      "    return params.handler({ req });",
      "  };",
      "};",
      "",
    ].join("\n"),
    "app/api/v3/workflows/route.ts": 'import { withV3ApiWrapper } from "@/app/api/v3/lib/api-wrapper";\n\nexport const GET = withV3ApiWrapper({\n  auth: "both",\n  handler: async ({ req }) => Response.json([]),\n});\n',
    // Methods exported as the module's own handler (`export const POST = handler`), which hands the request to a helper that authorizes.
    "app/api/v3/records/[[...path]]/route.ts": 'import { proxyRecordsRequest } from "@/modules/hub/records-proxy";\n\nconst handler = async (request: NextRequest): Promise<Response> => {\n  return await proxyRecordsRequest(request);\n};\n\nexport const GET = handler;\nexport const POST = handler;\n',
    "modules/hub/records-proxy.ts": "export async function proxyRecordsRequest(request) {\n  const authorized = await authorizeGatewayRequest(request);\n  if (!authorized.ok) return new Response(null, { status: 401 });\n  return fetch(upstream(request));\n}\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`).sort(), [
    "GET /api/v2/webhooks guarded",
    "GET /api/v3/records/{path} guarded",
    "GET /api/v3/workflows guarded",
    "GET /auth/login",
    "GET /environments/{id} guarded",
    "POST /api/v2/webhooks",
    "POST /api/v3/records/{path} guarded",
  ]);
});

next("below app/ and pages/api/ a folder is a URL's segment: a route module under a folder named test or e2e is served; a test's app above the routing root is not", () => {
  const root = tempDir();
  writeFiles(root, {
    "apps/web/package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0" } }),
    "apps/web/app/api/workflows/[workflowId]/test/route.ts": "export async function POST(req: Request) {\n  return Response.json({ ran: true });\n}\n",
    "apps/web/app/e2e/page.tsx": "export default function Page() {\n  return null;\n}\n",
    "apps/web/pages/api/test/ping.ts": "export default function handler(req, res) {\n  res.json({ ok: true });\n}\n",
    // Decoys: an app a test builds (above the routing root), and a test file beside the routes.
    "apps/web/tests/app/api/fake/route.ts": "export async function GET() {\n  return Response.json({});\n}\n",
    "apps/web/app/api/workflows/route.test.ts": "export async function GET() {\n  return Response.json({});\n}\n",
  });
  commitAll(root);
  const report = analyze(root);
  assert.equal(report.routes.items.map((r) => `${r.method} ${r.path}`).sort(), [
    "ALL /api/test/ping",
    "GET /e2e",
    "POST /api/workflows/{workflowId}/test",
  ]);
  assert.equal(report.files.find((f) => f.path.endsWith("test/route.ts"))?.role, "source");
  assert.equal(report.files.find((f) => f.path === "apps/web/tests/app/api/fake/route.ts")?.role, "test");
});

next("a handler that refuses a caller without credentials at its top is guarded: a session looked up, a method's branch of a page route, a key compared with the app's secret; a route module handing its requests to another module's handler answers its methods", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "docs", dependencies: { next: "^14.0.0", "next-auth": "^4.0.0" } }),
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
    "app/api/chats/[chatId]/route.ts": [
      'import { getServerSession } from "next-auth";',
      "export async function DELETE(req: NextRequest, { params }) {",
      "  try {",
      "    const { chatId } = params;",
      "    const session = await getServerSession(authOptions);",
      "    if (!session) {",
      '      return NextResponse.json({ error: "Unauthorized" }, { status: 401 });',
      "    }",
      "    await removeChat(chatId);",
      "  } catch (e) {",
      "    return NextResponse.json({ error: String(e) }, { status: 500 });",
      "  }",
      "}",
      // A decoy: a check of the body, answered 400.
      "export async function POST(req: NextRequest) {",
      "  const body = await req.json();",
      "  if (!body) {",
      '    return NextResponse.json({ error: "Bad request" }, { status: 400 });',
      "  }",
      "  return NextResponse.json(await createChat(body));",
      "}",
      "",
    ].join("\n"),
    "pages/api/account.ts": [
      "export default async function handle(req, res) {",
      '  if (req.method === "PATCH") {',
      "    const session = await getServerSession(req, res, authOptions);",
      "    if (!session) {",
      '      res.status(401).end("Unauthorized");',
      "      return;",
      "    }",
      "    return res.json(await updateUser(session.user, req.body));",
      '  } else if (req.method === "GET") {',
      "    return res.json(await publicProfile(req.query.id));",
      "  }",
      "}",
      "",
    ].join("\n"),
    "pages/api/jobs/notify.ts": [
      "export default async function handle(req, res) {",
      '  if (req.method !== "POST") {',
      "    return res.status(405).end();",
      "  }",
      "  const authHeader = req.headers.authorization;",
      '  const token = authHeader?.split(" ")[1];',
      "  if (token !== process.env.INTERNAL_API_KEY) {",
      '    return res.status(401).json({ message: "Unauthorized" });',
      "  }",
      "  await notify(req.body);",
      "}",
      "",
    ].join("\n"),
    // Route modules handing their requests to handlers of other modules, and one exporting a function it declared before.
    "pages/api/teams/[teamId]/limits.ts": 'import limitsHandler from "@/ee/limits/handler";\n\nexport default limitsHandler;\n',
    "pages/api/teams/[teamId]/cancel.ts": 'import { handleRoute } from "@/ee/billing/cancel-route";\n\nexport default async function handle(req: NextApiRequest, res: NextApiResponse) {\n  return handleRoute(req, res);\n}\n',
    "pages/api/teams/[teamId]/template.ts": 'export { default } from "@/ee/templates/apply-template";\n',
    "pages/api/teams/[teamId]/annotations/[annotationId].ts": [
      "export default async function handle(req, res) {",
      "  const {",
      "    teamId,",
      "    annotationId,",
      "  } = req.query as {",
      "    teamId: string;",
      "    documentId: string;",
      "    versionId: string;",
      "    annotationId: string;",
      "  };",
      "",
      "  const session = await getServerSession(req, res, authOptions);",
      "  if (!session) {",
      '    return res.status(401).end("Unauthorized");',
      "  }",
      '  if (req.method === "DELETE") {',
      "    return res.json(await remove(teamId, annotationId));",
      "  }",
      "}",
      "",
    ].join("\n"),
    "pages/api/teams/[teamId]/advanced.ts": [
      "export default async function handle(req, res) {",
      '  if (req.method !== "PATCH") {',
      "    return res.status(405).end();",
      "  }",
      "  try {",
      "    const session = (await getServerSession(",
      "      req,",
      "      res,",
      "      authOptions,",
      "    )) as CustomSession | null;",
      "    if (!session?.user?.id) {",
      '      return res.status(401).json({ error: "Unauthorized" });',
      "    }",
      "    return res.json(await enable(req.query.teamId));",
      "  } catch (error) {",
      "    return res.status(500).end();",
      "  }",
      "}",
      "",
    ].join("\n"),
    "pages/api/teams/[teamId]/block-list.ts": 'async function handler(req, res) {\n  if (req.method === "GET") {\n    return res.json([]);\n  }\n  if (req.method === "PUT") {\n    return res.json({});\n  }\n}\n\nexport default handler;\n',
    "ee/limits/handler.ts": 'export default async function handle(req, res) {\n  const session = await getServerSession(req, res, authOptions);\n  if (!session) {\n    return res.status(401).end("Unauthorized");\n  }\n  if (req.method === "GET") {\n    return res.json(await limits(req.query.teamId));\n  }\n}\n',
    "ee/billing/cancel-route.ts": 'export async function handleRoute(req, res) {\n  if (req.method === "POST") {\n    return res.json(await cancel(req.query.teamId));\n  }\n  return res.status(405).end();\n}\n',
    "ee/templates/apply-template.ts": 'export default async function handler(req, res) {\n  if (req.method !== "POST") {\n    return res.status(405).end();\n  }\n  return res.json(await apply(req.body));\n}\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).filter((r) => r.includes("/api/")).sort(), [
    "DELETE /api/chats/{chatId} [401 without credentials]",
    "DELETE /api/teams/{teamId}/annotations/{annotationId} [401 without credentials]",
    "GET /api/account",
    "GET /api/teams/{teamId}/block-list",
    "GET /api/teams/{teamId}/limits [401 without credentials]",
    "PATCH /api/account [401 without credentials]",
    "PATCH /api/teams/{teamId}/advanced [401 without credentials]",
    "POST /api/chats/{chatId}",
    "POST /api/jobs/notify [401 without credentials]",
    "POST /api/teams/{teamId}/cancel",
    "POST /api/teams/{teamId}/template",
    "PUT /api/teams/{teamId}/block-list",
  ]);
});

next("next-intl's [locale] folder is in no URL under localePrefix \"never\" (set in a workspace package the app keeps its routing in, not one it does not use), in both forms under \"as-needed\", and as written when no prefix mode is set", () => {
  const routesOf = (files: Record<string, string>) => {
    const root = tempDir("tool-next-intl-");
    writeFiles(root, files);
    commitAll(root);
    return analyze(root).routes.items.filter((r) => r.framework === "next").map((r) => `${r.method} ${r.path}`).sort();
  };
  const app = (prefix: string) => ({
    "package.json": JSON.stringify({ name: "mono", private: true, workspaces: ["apps/*", "packages/*"] }),
    "apps/web/package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0", "@acme/translation": "workspace:*" } }),
    "apps/web/src/app/[locale]/manage/page.tsx": "export default function Manage() { return null; }\n",
    "apps/web/src/app/[locale]/(home)/page.tsx": "export default function Home() { return null; }\n",
    "apps/web/src/app/api/health/route.ts": "export async function GET() { return Response.json({ ok: true }); }\n",
    "apps/web/src/middleware.ts": 'import { createI18nMiddleware } from "@acme/translation/middleware";\nexport default createI18nMiddleware("en");\n',
    "packages/translation/package.json": JSON.stringify({ name: "@acme/translation", dependencies: { "next-intl": "^4.0.0" } }),
    "packages/translation/src/routing.ts": `import { defineRouting } from "next-intl/routing";\nexport const routing = defineRouting({ locales: ["en", "de"], defaultLocale: "en"${prefix} });\n`,
  });
  assert.equal(routesOf(app(', localePrefix: { mode: "never" }')), ["GET /", "GET /api/health", "GET /manage"]);
  assert.equal(routesOf(app(', localePrefix: "as-needed"')), ["GET /", "GET /api/health", "GET /manage", "GET /{locale}", "GET /{locale}/manage"]);
  assert.equal(routesOf(app("")), ["GET /api/health", "GET /{locale}", "GET /{locale}/manage"]);
  // A decoy: a package the app does not use.
  const unused = app(', localePrefix: "never"');
  unused["apps/web/package.json"] = JSON.stringify({ name: "web", dependencies: { next: "^15.0.0" } });
  assert.equal(routesOf(unused), ["GET /api/health", "GET /{locale}", "GET /{locale}/manage"]);
  // Nor one the app uses that does not depend on next-intl: its files (a snippet mentioning the setting) are not read at all.
  const snippets = app(', localePrefix: "never"');
  snippets["packages/translation/package.json"] = JSON.stringify({ name: "@acme/translation", dependencies: { "date-fns": "^4.0.0" } });
  assert.equal(routesOf(snippets), ["GET /api/health", "GET /{locale}", "GET /{locale}/manage"]);
});

next("pages under app/[locale] are served without the segment when the i18n middleware keeps the locale out of the URL (next-international's rewrite, next-intl's localePrefix never); with the locale in the URL they keep it", () => {
  const cases = [
    ['import { createI18nMiddleware } from "next-international/middleware";\nconst I18n = createI18nMiddleware({ locales: ["en", "sv"], defaultLocale: "en", urlMappingStrategy: "rewrite" });\nexport function proxy(req) { return I18n(req); }\n', "src/proxy.ts", ["GET /", "GET /account"]],
    ['import createMiddleware from "next-intl/middleware";\nexport default createMiddleware({ locales: ["en", "de"], defaultLocale: "en", localePrefix: "never" });\n', "src/middleware.ts", ["GET /", "GET /account"]],
    ['import createMiddleware from "next-intl/middleware";\nexport default createMiddleware({ locales: ["en", "de"], defaultLocale: "en", localePrefix: "always" });\n', "src/middleware.ts", ["GET /{locale}", "GET /{locale}/account"]],
  ] as const;
  for (const [middleware, file, expected] of cases) {
    const root = tempDir("tool-next-locale-");
    writeFiles(root, {
      "package.json": JSON.stringify({ dependencies: { next: "^16.0.0" } }),
      "src/app/[locale]/page.tsx": "export default function Home() { return null; }\n",
      "src/app/[locale]/(app)/account/page.tsx": "export default function Account() { return null; }\n",
      [file]: middleware,
    });
    commitAll(root);
    assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), [...expected], file);
  }
});

next("a route handler made by a wrapper that hands it on with a middleware of its module refusing callers (withEmailAccount(scope, handler) returning withMiddleware(handler, emailAccountMiddleware)) is guarded, and so is one refusing with 401 when a check handed the request fails, other statements first; one a plain wrapper makes is not", () => {
  const root = tempDir("tool-next-wrapped-middleware-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { next: "15" } }),
    "utils/middleware.ts": [
      "function withMiddleware(handler, middleware, scope) {",
      "  return async (req, context) => {",
      "    const result = middleware ? await middleware(req) : req;",
      "    if (result instanceof Response) return result;",
      "    return handler(result, context);",
      "  };",
      "}",
      "",
      "async function emailAccountMiddleware(req) {",
      "  const session = await auth(req.headers);",
      "  if (!session?.user) {",
      "    return NextResponse.json({ error: 'Unauthorized' }, { status: 401 });",
      "  }",
      "  return Object.assign(req, { auth: { userId: session.user.id } });",
      "}",
      "",
      "export function withEmailAccount(scope, handler) {",
      "  return withMiddleware(handler, emailAccountMiddleware, scope);",
      "}",
      "",
      "export function withError(scope, handler) {",
      "  return withMiddleware(handler, undefined, scope);",
      "}",
    ].join("\n"),
    "app/api/chats/route.ts": "import { withEmailAccount } from '../../../utils/middleware';\nexport const GET = withEmailAccount('chats', async (request) => {\n  return NextResponse.json(await getChats(request.auth.userId));\n});\n",
    "app/api/cron/route.ts": [
      "import { withError } from '../../../utils/middleware';",
      "export const POST = withError('cron', async (request) => {",
      "  if (!(await hasPostCronSecret(request))) {",
      "    captureException(new Error('Unauthorized cron request'));",
      "    return new Response('Unauthorized', { status: 401 });",
      "  }",
      "  return NextResponse.json(await runJobs());",
      "});",
    ].join("\n"),
    "app/api/stats/route.ts": "import { withError } from '../../../utils/middleware';\nexport const GET = withError('stats', async (request) => {\n  return NextResponse.json(await countUsers());\n});\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /api/chats [emailAccountMiddleware]", "GET /api/stats", "POST /api/cron [hasPostCronSecret]"]);
});

next("a pages/api handler exported through a wrapper that names the methods it lets through (withZipline(handler, { methods: ['GET', 'DELETE'], user: true })) answers those methods, guarded where its options ask for a signed-in caller; one without methods answers every method", () => {
  const root = tempDir("tool-next-wrapper-methods-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { next: "13" } }),
    "src/pages/api/user/files.ts": "import { withZipline } from '../../../middleware/withZipline';\nasync function handler(req, res) {\n  return res.json(await listFiles(req.user));\n}\nexport default withZipline(handler, {\n  methods: ['GET', 'DELETE'],\n  user: true,\n});\n",
    "src/pages/api/auth/login.ts": "import { withZipline } from '../../../middleware/withZipline';\nasync function handler(req, res) {\n  return res.json(await login(req.body));\n}\nexport default withZipline(handler, { methods: ['POST'] });\n",
    "src/pages/api/version.ts": "export default function handler(req, res) {\n  res.json({ version: '1' });\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["ALL /api/version", "DELETE /api/user/files [withZipline(user)]", "GET /api/user/files [withZipline(user)]", "POST /api/auth/login"]);
});

next("NextAuth.js's catch-all route ([...nextauth]) is the actions of its REST API under its folder, per method where the App Router exports one handler per method; another catch-all stays one route", () => {
  const root = tempDir("tool-next-nextauth-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { next: "15.0.0", "next-auth": "4.24.0" } }),
    "pages/api/v1/auth/[...nextauth].ts": 'import NextAuth from "next-auth/next";\nexport default NextAuth({ providers: [] });\n',
    "pages/api/v1/files/[...path].ts": "export default function handler(req: any, res: any) {\n  res.end();\n}\n",
    "app/api/auth/[...nextauth]/route.ts": 'import NextAuth from "next-auth";\nconst handler = NextAuth({ providers: [] });\nexport { handler as GET };\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.filter((r) => r.kind === "http").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`).sort(), [
    "ALL /api/v1/files/{path}",
    "GET /api/auth/callback/{provider}",
    "GET /api/auth/csrf",
    "GET /api/auth/error",
    "GET /api/auth/providers",
    "GET /api/auth/session",
    "GET /api/auth/signin",
    "GET /api/auth/signout",
    "GET /api/auth/verify-request",
    "GET /api/v1/auth/callback/{provider}",
    "GET /api/v1/auth/csrf",
    "GET /api/v1/auth/error",
    "GET /api/v1/auth/providers",
    "GET /api/v1/auth/session",
    "GET /api/v1/auth/signin",
    "GET /api/v1/auth/signout",
    "GET /api/v1/auth/verify-request",
    "POST /api/v1/auth/_log",
    "POST /api/v1/auth/callback/{provider}",
    "POST /api/v1/auth/session",
    "POST /api/v1/auth/signin/{provider}",
    "POST /api/v1/auth/signout",
  ]);
});

next("a custom App whose getInitialProps sends a caller it cannot look up to /login guards every page but those its test of the path lets through; an App that only loads settings guards none", () => {
  const root = tempDir("tool-next-app-sign-in-");
  const app = (catchBody: string) => [
    "import App from 'next/app';",
    "import axios from 'axios';",
    "const CoreApp = ({ Component, pageProps }) => <Component {...pageProps} />;",
    "CoreApp.getInitialProps = async (initialProps) => {",
    "  const { ctx, router } = initialProps;",
    "  let user = undefined;",
    "  if (ctx.res) {",
    "    try {",
    "      const response = await axios.get(`http://localhost:5055/api/v1/auth/me`, { headers: { cookie: ctx.req.headers.cookie } });",
    "      user = response.data;",
    "    } catch (e) {",
    catchBody,
    "    }",
    "  }",
    "  const appInitialProps = await App.getInitialProps(initialProps);",
    "  return { ...appInitialProps, user };",
    "};",
    "export default CoreApp;",
  ].join("\n");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { next: "14.0.0" } }),
    "src/pages/_app.tsx": app([
      "      if (!router.pathname.match(/(login|setup|resetpassword)/)) {",
      "        ctx.res.writeHead(307, { Location: '/login' });",
      "        ctx.res.end();",
      "      }",
    ].join("\n")),
    "src/pages/index.tsx": "export default function Home() { return null; }\n",
    "src/pages/login/index.tsx": "export default function Login() { return null; }\n",
    "src/pages/login/plex.tsx": "export default function Plex() { return null; }\n",
    "src/pages/movie/[movieId]/index.tsx": "export default function Movie() { return null; }\n",
    "src/pages/resetpassword/[guid]/index.tsx": "export default function Reset() { return null; }\n",
  });
  commitAll(root);
  const pages = () => analyze(root).routes.items.filter((r) => r.kind === "fs").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`).sort();
  assert.equal(pages(), [
    "GET / [(_app sends a caller not signed in to sign in)]",
    "GET /login",
    "GET /login/plex",
    "GET /movie/{movieId} [(_app sends a caller not signed in to sign in)]",
    "GET /resetpassword/{guid}",
  ]);
  writeFiles(root, { "src/pages/_app.tsx": app("      console.error(e);") });
  commitAll(root);
  assert.equal(pages(), ["GET /", "GET /login", "GET /login/plex", "GET /movie/{movieId}", "GET /resetpassword/{guid}"]);
});

next("a pages API route exporting a next-connect router (export default apiHandler().use(cors).get(...).post(...), or handler.use(requireAuth); handler.get(...)) answers the methods it chains, behind the checks it uses first; a plain handler answers every method", () => {
  const root = tempDir("tool-next-connect-");
  writeFiles(root, {
    "package.json": '{ "name": "comments", "dependencies": { "next": "13.4.0", "next-connect": "^0.13.0" } }\n',
    "utils.server.ts": 'import nc from "next-connect";\n\nexport const apiHandler = () => nc({ onError(e, req, res) { res.status(500).end() } });\n',
    "pages/api/open/comments.ts": [
      'import { apiHandler } from "../../../utils.server";',
      'import Cors from "cors";',
      "",
      "export default apiHandler()",
      '  .use(Cors({ methods: ["GET", "POST", "OPTIONS"] }))',
      "  .get(async (req, res) => {",
      "    res.json({ data: [] });",
      "  })",
      "  .post(async (req, res) => {",
      "    res.json({ data: {} });",
      "  });",
      "",
    ].join("\n"),
    "pages/api/projects.ts": [
      'import nc from "next-connect";',
      'import { requireAuth } from "../../lib/auth";',
      "",
      "const handler = nc();",
      "handler.use(requireAuth);",
      "handler.get(async (req, res) => res.json([]));",
      "handler.delete(async (req, res) => res.status(204).end());",
      "",
      "export default handler;",
      "",
    ].join("\n"),
    "pages/api/hello.ts": 'export default function handler(req, res) {\n  res.json({ hello: "world" });\n}\n',
  });
  assert.equal(analyze(root).routes.items.filter((r) => r.kind === "http").map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "ALL /api/hello []",
    "GET /api/open/comments []",
    "POST /api/open/comments []",
    "DELETE /api/projects [requireAuth]",
    "GET /api/projects [requireAuth]",
  ]);
});

next.run();
