import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const remix = suite("Remix routes");

remix("flat routes: params, splats, index, pathless layouts and their guards, escapes, folders, exactly", () => {
  assert.equal(routeLines("routes-remix"), [
    "GET / app/routes/_index.tsx:1 (page)",
    "GET /{lang}/about app/routes/($lang).about.tsx:1 (page)",
    "GET /admin app/routes/admin/route.tsx:1 (page)",
    "GET /api/health app/routes/api.health.ts:1 loader",
    "GET /files/* app/routes/files.$.tsx:1 (page)",
    "GET /notes/{noteId} app/routes/notes.$noteId.tsx:1 (page)",
    "POST /notes/{noteId} app/routes/notes.$noteId.tsx:6 action [requireUserId]",
    "GET /notes/{noteId}/edit app/routes/notes_.$noteId.edit.tsx:1 (page)",
    "GET /settings app/routes/_auth.settings.tsx:1 (page) [requireUserId]",
    "GET /sitemap.xml app/routes/sitemap[.]xml.ts:1 loader",
  ]);
});

remix("resource routes are http, pages fs", () => {
  const items = analyze(fixtureRepo("routes-remix")).routes.items;
  assert.equal(items.filter((r) => r.kind === "http").map((r) => r.path), [
    "/api/health",
    "/notes/{noteId}",
    "/sitemap.xml",
  ]);
});

remix("Remix 1 nested folders, and React Router's app/routes.ts config instead of file routes", () => {
  const root = tempDir();
  writeFiles(root, {
    "v1/package.json": JSON.stringify({ dependencies: { "@remix-run/react": "^1.19.3" } }),
    "v1/app/routes/index.tsx": "export default function Index() { return null; }\n",
    "v1/app/routes/users/$userId.tsx": "export default function User() { return null; }\n",
    "v1/app/routes/__app/projects/index.tsx": "export default function Projects() { return null; }\n",
    "v7/package.json": JSON.stringify({ devDependencies: { "@react-router/dev": "^7.1.0" } }),
    "v7/app/routes.ts": [
      'import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";',
      "export default [",
      '  index("routes/home.tsx"),',
      '  layout("routes/auth/layout.tsx", [route("login", "routes/auth/login.tsx")]),',
      '  ...prefix("concerts", [index("routes/concerts/home.tsx"), route(":city", "routes/concerts/city.tsx")]),',
      "] satisfies RouteConfig;",
    ].join("\n"),
    "v7/app/routes/home.tsx": "export default function Home() { return null; }\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.path} ${r.file}:${r.line} ${r.handler}`), [
    "/ v1/app/routes/index.tsx:1 (page)",
    "/ v7/app/routes.ts:3 routes/home.tsx",
    "/concerts v7/app/routes.ts:5 routes/concerts/home.tsx",
    "/concerts/{city} v7/app/routes.ts:5 routes/concerts/city.tsx",
    "/login v7/app/routes.ts:4 routes/auth/login.tsx",
    "/projects v1/app/routes/__app/projects/index.tsx:1 (page)",
    "/users/{userId} v1/app/routes/users/$userId.tsx:1 (page)",
  ]);
});

remix("remix-flat-routes' hybrid routes, from React Router's app/routes.ts: `+` folders flatten into the name, a folder's `_layout` is its route and guards what is below it", () => {
  const root = tempDir();
  const page = (guard = "") => `${guard ? `import { ${guard} } from "~/auth.server";\nexport async function loader({ request }) { await ${guard}(request); return null; }\n` : ""}export default function Page() { return null; }\n`;
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "react-router": "7.16.0" }, devDependencies: { "@react-router/dev": "7.16.0", "@react-router/remix-routes-option-adapter": "7.16.0", "remix-flat-routes": "^0.8.5" } }),
    "app/routes.ts": [
      'import { remixRoutesOptionAdapter } from "@react-router/remix-routes-option-adapter";',
      'import { flatRoutes } from "remix-flat-routes";',
      'export default remixRoutesOptionAdapter((defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*"] }));',
    ].join("\n"),
    "app/routes/_index.tsx": page(),
    "app/routes/_auth+/login.tsx": page(),
    "app/routes/_layout+/_layout.tsx": page("requireAuthSession"),
    "app/routes/_layout+/assets._index.tsx": page(),
    "app/routes/_layout+/assets.$assetId.tsx": page(),
    "app/routes/_layout+/settings.models.index.tsx": page(),
    "app/routes/_layout+/admin-dashboard+/_layout.tsx": page("requireAdmin"),
    "app/routes/_layout+/admin-dashboard+/users.tsx": page(),
    "app/routes/_layout+/admin-dashboard+/qrs.codes[.zip].ts": "export async function loader() { return new Response(null); }\n",
    "app/routes/_layout+/reports+/$reportId/route.tsx": page(),
    // Not routes: a component beside a route in a plain folder, server-only code, a test.
    "app/routes/_layout+/reports+/$reportId/chart.tsx": "export default function Chart() { return null; }\n",
    "app/routes/_layout+/assets.helpers.server.ts": "export const x = 1;\n",
    "app/routes/_layout+/assets.start.test.ts": "export const y = 1;\n",
    "app/routes/api+/health.ts": "export async function loader() { return Response.json({ ok: true }); }\n",
    "app/routes/_layout+/reports.export.$fileName[.csv].tsx": "export async function loader() { return new Response(''); }\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET / app/routes/_index.tsx",
    "GET /admin-dashboard app/routes/_layout+/admin-dashboard+/_layout.tsx [requireAuthSession,requireAdmin]",
    // A resource route is not rendered in its layouts: their loaders do not run for it.
    "GET /admin-dashboard/qrs/codes.zip app/routes/_layout+/admin-dashboard+/qrs.codes[.zip].ts",
    "GET /admin-dashboard/users app/routes/_layout+/admin-dashboard+/users.tsx [requireAuthSession,requireAdmin]",
    "GET /api/health app/routes/api+/health.ts",
    "GET /assets app/routes/_layout+/assets._index.tsx [requireAuthSession]",
    "GET /assets/{assetId} app/routes/_layout+/assets.$assetId.tsx [requireAuthSession]",
    "GET /login app/routes/_auth+/login.tsx",
    "GET /reports/{reportId} app/routes/_layout+/reports+/$reportId/route.tsx [requireAuthSession]",
    "GET /reports/export/{fileName}.csv app/routes/_layout+/reports.export.$fileName[.csv].tsx",
    "GET /settings/models app/routes/_layout+/settings.models.index.tsx [requireAuthSession]",
  ]);
});

remix("the app's own server in front of its routes (react-router-hono-server) guards them with a middleware named like a check, but for the paths its options let through", () => {
  const root = tempDir();
  const page = "export default function Page() { return null; }\n";
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "react-router": "7.16.0", "react-router-hono-server": "^2.25.2" }, devDependencies: { "@react-router/dev": "7.16.0", "@react-router/fs-routes": "7.16.0" } }),
    "app/routes.ts": 'import { flatRoutes } from "@react-router/fs-routes";\nexport default flatRoutes();\n',
    "app/routes/_index.tsx": page,
    "app/routes/login.tsx": page,
    "app/routes/assets.$assetId.tsx": page,
    "app/routes/qr.$qrId.tsx": page,
    "app/routes/invite.$token.accept.tsx": page,
    "app/routes/api.health.ts": "export async function loader() { return Response.json({ ok: true }); }\n",
    "server/index.ts": [
      'import { createHonoServer } from "react-router-hono-server/node";',
      'import { protect, rateLimit } from "./middleware";',
      "export default createHonoServer<ServerEnv>({",
      "  configure: (server) => {",
      '    server.use("/api/*", rateLimit({ skipPaths: ["/api/health"] }));',
      "    server.use(",
      '      "*",',
      "      protect({",
      '        onFailRedirectTo: "/login",',
      '        publicPaths: ["/", "/login", "/qr/:qrId", "/invite/*path", "/api/health"],',
      "      })",
      "    );",
      "  },",
      "});",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /",
    "GET /api/health",
    "GET /assets/{assetId} [protect]",
    "GET /invite/{token}/accept",
    "GET /login",
    "GET /qr/{qrId}",
  ]);
});

remix("an action that tells the request's methods apart answers each of them: a switch on the method, a helper testing it beside form posts, or only the one it asserts", () => {
  const root = tempDir();
  const page = "export default function Page() { return null; }\n";
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@remix-run/react": "^2.15.0" } }),
    "app/routes/notes.tsx": page + [
      "export async function action({ request }) {",
      "  const method = getActionMethod(request);",
      "  switch (method) {",
      '    case "POST": return createNote(request);',
      '    case "DELETE": return deleteNote(request);',
      "    default: throw notAllowedMethod(method);",
      "  }",
      "}",
    ].join("\n"),
    "app/routes/tags.tsx": page + "export async function action({ request }) {\n  assertIsDelete(request);\n  return deleteTags(request);\n}\n",
    "app/routes/users.$userId.tsx": page + [
      "export const action = async ({ request }) => {",
      "  const { intent } = await parseIntent(request);",
      "  switch (intent) {",
      '    case "rename": return rename(request);',
      '    case "remove": if (isDelete(request)) return remove(request); break;',
      "  }",
      "};",
    ].join("\n"),
    "app/routes/settings.tsx": page + 'export async function action({ request }) {\n  const form = await request.formData();\n  if (form.get("intent") === "save") return save(form);\n}\n',
  });
  assert.equal(analyze(root).routes.items.filter((r) => r.handler === "action").map((r) => `${r.method} ${r.path}`), [
    "DELETE /notes",
    "POST /notes",
    "POST /settings",
    "DELETE /tags",
    "DELETE /users/{userId}",
    "POST /users/{userId}",
  ]);
});

remix.run();
