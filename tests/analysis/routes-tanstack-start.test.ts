import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { tempDir, writeFiles } from "../helpers/repo.ts";

const tanstack = suite("TanStack Start routes");

const lines = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

tanstack("file routes by the ID each module declares: pathless layouts and their index routes, unnested segments, parameters, splats; a layout's beforeLoad sending a caller without a session (or without what a session lookup gave) to sign in guards the routes under it, one sending signed-in callers away does not; server handlers serve their methods; server functions are served at /_serverFn/*", () => {
  const root = tempDir("tool-tanstack-start-");
  const route = (id: string, body: string) => `import { createFileRoute, redirect } from '@tanstack/react-router';\n\nexport const Route = createFileRoute('${id}')({\n${body}\n});\n`;
  writeFiles(root, {
    "apps/web/package.json": JSON.stringify({ name: "web", dependencies: { "@tanstack/react-start": "^1.132.0", "@tanstack/react-router": "^1.132.0" } }),
    "apps/web/src/routes/__root.tsx": "import { createRootRoute } from '@tanstack/react-router';\nexport const Route = createRootRoute({ component: Root });\n",
    "apps/web/src/routes/_app.tsx": route("/_app", "  beforeLoad: async ({ context }) => {\n    if (!context.session?.session) {\n      throw redirect({ to: '/login' });\n    }\n  },\n  component: AppLayout,"),
    "apps/web/src/routes/_app.$orgId.index.tsx": route("/_app/$orgId/", "  component: Overview,"),
    "apps/web/src/routes/_app.$orgId.events._tabs.tsx": route("/_app/$orgId/events/_tabs", "  component: Tabs,"),
    "apps/web/src/routes/_app.$orgId.events._tabs.index.tsx": route("/_app/$orgId/events/_tabs/", "  component: Events,"),
    "apps/web/src/routes/_app.$orgId.events._tabs.stats.tsx": route("/_app/$orgId/events/_tabs/stats", "  component: Stats,"),
    "apps/web/src/routes/_app.$orgId.cohorts_.$cohortId.tsx": route("/_app/$orgId/cohorts_/$cohortId", "  component: Cohort,"),
    "apps/web/src/routes/_portal.tsx": route("/_portal", "  beforeLoad: async () => {\n    const result = await getSessionWithConfig();\n    if (!result) {\n      throw redirect({ to: '/' });\n    }\n    return { session: result.session };\n  },"),
    "apps/web/src/routes/_portal.keys.tsx": route("/_portal/keys", "  component: Keys,"),
    "apps/web/src/routes/_login.tsx": route("/_login", "  beforeLoad: async ({ context }) => {\n    if (context.session?.session) {\n      throw redirect({ to: '/' });\n    }\n  },\n  component: AuthLayout,"),
    "apps/web/src/routes/_login.login.tsx": route("/_login/login", "  component: Login,"),
    "apps/web/src/routes/share.$shareId.tsx": "import { createFileRoute } from '@tanstack/react-router';\n\nexport const Route = createFileRoute(\n  '/share/$shareId',\n)({\n  component: Share,\n});\n",
    "apps/web/src/routes/docs.$.tsx": route("/docs/$", "  component: Docs,"),
    "apps/web/src/routes/api/health.ts": route("/api/health", "  server: {\n    handlers: {\n      GET: async () => new Response('ok'),\n      POST: async ({ request }) => new Response(await request.text()),\n    },\n  },"),
    // A test of a route is no route.
    "apps/web/src/routes/share.test.tsx": route("/share-preview", "  component: Preview,"),
    "apps/web/src/server/envs.ts": "import { createServerFn } from '@tanstack/react-start';\n\nexport const getEnvs = createServerFn().handler(() => ({}));\nexport const setTheme = createServerFn({ method: 'POST' }).handler(() => null);\n",
    // The same modules in an app that is no TanStack Start app serve nothing.
    "apps/other/package.json": JSON.stringify({ name: "other", dependencies: { react: "^19.0.0" } }),
    "apps/other/src/routes/about.tsx": route("/about", "  component: About,"),
  });
  assert.equal(lines(root), [
    "GET /_serverFn/* apps/web/src/server/envs.ts createServerFn",
    "POST /_serverFn/* apps/web/src/server/envs.ts createServerFn",
    "GET /{orgId} apps/web/src/routes/_app.$orgId.index.tsx (page) [beforeLoad]",
    "GET /{orgId}/cohorts/{cohortId} apps/web/src/routes/_app.$orgId.cohorts_.$cohortId.tsx (page) [beforeLoad]",
    "GET /{orgId}/events apps/web/src/routes/_app.$orgId.events._tabs.index.tsx (page) [beforeLoad]",
    "GET /{orgId}/events/stats apps/web/src/routes/_app.$orgId.events._tabs.stats.tsx (page) [beforeLoad]",
    "GET /api/health apps/web/src/routes/api/health.ts GET",
    "POST /api/health apps/web/src/routes/api/health.ts POST",
    "GET /docs/* apps/web/src/routes/docs.$.tsx (page)",
    "GET /keys apps/web/src/routes/_portal.keys.tsx (page) [beforeLoad]",
    "GET /login apps/web/src/routes/_login.login.tsx (page)",
    "GET /share/{shareId} apps/web/src/routes/share.$shareId.tsx (page)",
  ]);
});

tanstack.run();
