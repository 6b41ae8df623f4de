import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, git, tempDir, writeFiles } from "../helpers/repo.ts";

const trpc = suite("tRPC routes");

trpc("each procedure of the routers an endpoint serves is a route at <endpoint>/<key>.<procedure>: a query GET, a mutation POST, guarded by a builder named like a check; a router no endpoint serves is none", () => {
  const root = tempDir("tool-trpc-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^14.0.0", "@trpc/server": "^10.45.0" } }),
    "src/server/api/trpc.ts": [
      'import { initTRPC, TRPCError } from "@trpc/server";',
      "const t = initTRPC.create();",
      "export const createTRPCRouter = t.router;",
      "export const publicProcedure = t.procedure;",
      "export const protectedProcedure = t.procedure.use(({ ctx, next }) => {",
      '  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED" });',
      "  return next();",
      "});",
      "export const adminProcedure = protectedProcedure;",
    ].join("\n"),
    "src/server/api/routers/traces.ts": [
      'import { z } from "zod";',
      'import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";',
      "",
      "export const traceRouter = createTRPCRouter({",
      "  byId: protectedProcedure",
      "    .input(z.object({ traceId: z.string() }))",
      "    .query(async ({ input, ctx }) => ctx.db.trace.find(input.traceId)),",
      "  delete: protectedProcedure.input(z.object({ traceId: z.string() })).mutation(async ({ input, ctx }) => ctx.db.trace.delete(input.traceId)),",
      "  publicStats: publicProcedure.query(() => ({ count: 1 })),",
      "});",
    ].join("\n"),
    "src/server/api/routers/admin.ts": [
      'import { createTRPCRouter, adminProcedure } from "../trpc";',
      "export const adminRouter = createTRPCRouter({",
      "  purge: adminProcedure.mutation(async ({ ctx }) => ctx.db.purge()),",
      "});",
    ].join("\n"),
    "src/server/api/routers/unused.ts": [
      'import { createTRPCRouter, publicProcedure } from "../trpc";',
      "export const unusedRouter = createTRPCRouter({ ping: publicProcedure.query(() => \"pong\") });",
    ].join("\n"),
    "src/server/api/root.ts": [
      'import { createTRPCRouter } from "./trpc";',
      'import { traceRouter } from "./routers/traces";',
      'import { adminRouter } from "./routers/admin";',
      "export const appRouter = createTRPCRouter({",
      "  traces: traceRouter,",
      "  admin: adminRouter,",
      "});",
    ].join("\n"),
    "src/pages/api/trpc/[trpc].ts": [
      'import { createNextApiHandler } from "@trpc/server/adapters/next";',
      'import { appRouter } from "../../../server/api/root";',
      "export default createNextApiHandler({ router: appRouter, createContext: () => ({}) });",
    ].join("\n"),
  });
  commitAll(root);
  // The Next.js module's catch-all (`/api/trpc/{trpc}`) only dispatches to those procedures: no route of its own.
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  assert.equal(routes, [
    "POST /api/trpc/admin.purge [adminProcedure]",
    "GET /api/trpc/traces.byId [protectedProcedure]",
    "POST /api/trpc/traces.delete [protectedProcedure]",
    "GET /api/trpc/traces.publicStats",
  ]);
});

trpc("merged routers (mergeRouters(router({ ... }))) serve their procedures at the root, routers written in place under a key too; a module importing only the project's builders is read; a builder whose middleware refuses a context without a user guards, and those made from it, but not one that lets such a caller through", () => {
  const root = tempDir("tool-trpc-merged-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0", "@trpc/server": "^11.0.0" } }),
    "src/trpc/trpc.ts": [
      'import { initTRPC, TRPCError } from "@trpc/server";',
      "const t = initTRPC.create();",
      "export const router = t.router;",
      "export const mergeRouters = t.mergeRouters;",
      "const sessionGuard = t.middleware(async ({ ctx, type, next }) => {",
      '  if (type !== "mutation" || !ctx.user) {',
      "    return next();",
      "  }",
      "  const user = await db.user.find(ctx.user.id);",
      '  if (!user) throw new TRPCError({ code: "UNAUTHORIZED" });',
      "  return next();",
      "});",
      "export const publicProcedure = t.procedure.use(sessionGuard);",
      "export const privateProcedure = publicProcedure.use(async ({ ctx, next }) => {",
      "  if (!ctx.user || ctx.user.isGuest !== false) {",
      '    throw new TRPCError({ code: "UNAUTHORIZED", message: "Login is required" });',
      "  }",
      "  return next();",
      "});",
      "export const spaceProcedure = privateProcedure.use(async ({ ctx, next }) => next());",
      "",
    ].join("\n"),
    "src/trpc/routers/polls.ts": [
      'import { privateProcedure, publicProcedure, router, spaceProcedure } from "../trpc";',
      "export const polls = router({",
      "  get: publicProcedure.query(async () => null),",
      "  close: spaceProcedure.mutation(async () => null),",
      "  comments: router({",
      "    add: privateProcedure.mutation(async () => null),",
      "  }),",
      "});",
      "",
    ].join("\n"),
    "src/trpc/routers/index.ts": 'import { mergeRouters, router } from "../trpc";\nimport { polls } from "./polls";\nexport const appRouter = mergeRouters(\n  router({\n    polls,\n  }),\n);\n',
    "src/app/api/trpc/[trpc]/route.ts": 'import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "@/trpc/routers";\nconst handler = (req: Request) => fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter });\nexport { handler as GET, handler as POST };\n',
    "tsconfig.json": JSON.stringify({ compilerOptions: { paths: { "@/*": ["./src/*"] } } }),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /api/trpc/polls.close [spaceProcedure]",
    "POST /api/trpc/polls.comments.add [privateProcedure]",
    "GET /api/trpc/polls.get",
  ]);
});

trpc("middleware a procedure adds to its builder guards it when it refuses a caller without a user", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@trpc/server": "^11.0.0" } }),
    "src/trpc/middleware.ts": [
      'import { TRPCError } from "@trpc/server";',
      'import { t } from "./init";',
      "export const mustBeMember = t.middleware(async ({ ctx, next }) => {",
      '  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED" });',
      "  return next();",
      "});",
      "// A decoy: it lets every caller through.",
      "export const timing = t.middleware(async ({ ctx, next }) => {",
      "  if (!ctx.user) return next();",
      '  if (ctx.slow) throw new TRPCError({ code: "TIMEOUT" });',
      "  return next();",
      "});",
      "",
    ].join("\n"),
    "src/trpc/init.ts": 'import { initTRPC } from "@trpc/server";\nexport const t = initTRPC.create();\nexport const router = t.router;\nexport const publicProcedure = t.procedure;\n',
    "src/trpc/votes.ts": [
      'import { TRPCError } from "@trpc/server";',
      'import { publicProcedure, router } from "./init";',
      'import { mustBeMember, timing } from "./middleware";',
      "export const votes = router({",
      "  cast: publicProcedure.use(mustBeMember).input(z.string()).mutation(async () => null),",
      "  retract: publicProcedure",
      "    .use(async ({ ctx, next }) => {",
      '      if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED" });',
      "      return next();",
      "    })",
      "    .mutation(async () => null),",
      "  tally: publicProcedure.use(timing).query(async () => 0),",
      "  count: publicProcedure.query(async ({ ctx }) => ctx.db.use(1)),",
      "});",
      "",
    ].join("\n"),
    "src/pages/api/trpc/[trpc].ts": 'import { createNextApiHandler } from "@trpc/server/adapters/next";\nimport { votes } from "../../../trpc/votes";\nexport default createNextApiHandler({ router: votes });\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /api/trpc/cast [mustBeMember]",
    "GET /api/trpc/count",
    "POST /api/trpc/retract [use(middleware)]",
    "GET /api/trpc/tally",
  ]);
});

trpc("procedures defined one by one in their own modules (export const createSecret = workspaceProcedure.input(...).mutation(...)), named under a router's keys, are routes at those keys with their builder's guard; an alias export of a builder is no procedure", () => {
  const root = tempDir("tool-trpc-standalone-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "dashboard", dependencies: { next: "^15.0.0", "@trpc/server": "^10.45.0" } }),
    "lib/trpc/trpc.ts": [
      'import { initTRPC, TRPCError } from "@trpc/server";',
      "export const t = initTRPC.create();",
      "export const publicProcedure = t.procedure;",
      "export const workspaceProcedure = t.procedure.use(({ ctx, next }) => {",
      '  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED" });',
      "  return next();",
      "});",
      "export const defaultProcedure = workspaceProcedure;",
    ].join("\n"),
    "lib/trpc/routers/share/create.ts": [
      'import { z } from "zod";',
      'import { workspaceProcedure } from "../../trpc";',
      "",
      "export const createSharedSecret = workspaceProcedure",
      "  .input(z.object({ secret: z.string() }))",
      "  .mutation(async ({ ctx, input }) => {",
      "    return { id: 1 };",
      "  });",
    ].join("\n"),
    "lib/trpc/routers/share/reveal.ts": 'import { z } from "zod";\nimport { publicProcedure } from "../../trpc";\n\nexport const revealSharedSecret = publicProcedure.input(z.object({ id: z.string() })).mutation(async ({ input }) => input.id);\n',
    "lib/trpc/routers/key/logs.ts": 'import { workspaceProcedure } from "../../trpc";\n\nexport const queryKeyLogs = workspaceProcedure.query(async ({ ctx }) => []);\n',
    "lib/trpc/routers/index.ts": [
      'import { t } from "../trpc";',
      'import { createSharedSecret } from "./share/create";',
      'import { revealSharedSecret } from "./share/reveal";',
      'import { queryKeyLogs } from "./key/logs";',
      "",
      "export const router = t.router({",
      "  share: t.router({",
      "    create: createSharedSecret,",
      "    reveal: revealSharedSecret,",
      "  }),",
      "  key: t.router({",
      "    logs: t.router({",
      "      query: queryKeyLogs,",
      "    }),",
      "  }),",
      "});",
    ].join("\n"),
    "app/api/trpc/[trpc]/route.ts": [
      'import { fetchRequestHandler } from "@trpc/server/adapters/fetch";',
      'import { router } from "@/lib/trpc/routers";',
      "const handler = (req: Request) => fetchRequestHandler({ endpoint: \"/api/trpc\", req, router });",
      "export { handler as GET, handler as POST };",
    ].join("\n"),
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }),
  });
  commitAll(root);
  const routes = analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  assert.equal(routes.sort(), [
    "GET /api/trpc/key.logs.query [workspaceProcedure]",
    "POST /api/trpc/share.create [workspaceProcedure]",
    "POST /api/trpc/share.reveal",
  ]);
});

trpc("routers loaded lazily (lazy(() => import(\"./router/user\").then((mod) => mod.userRouter))) serve under their keys; an endpoint given by another module's constant is the route module's own path", () => {
  const root = tempDir("tool-trpc-lazy-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "homarr", private: true, workspaces: ["apps/*", "packages/*"] }),
    "packages/api/package.json": JSON.stringify({ name: "@acme/api", exports: { ".": "./src/index.ts", "./shared": "./src/shared.ts" }, dependencies: { "@trpc/server": "^11.0.0" } }),
    "packages/api/src/trpc.ts": 'import { initTRPC } from "@trpc/server";\nconst t = initTRPC.create();\nexport const createTRPCRouter = t.router;\nexport const publicProcedure = t.procedure;\nexport const protectedProcedure = t.procedure;\n',
    "packages/api/src/shared.ts": 'export const trpcPath = "/api/trpc";\n',
    "packages/api/src/router/user.ts": 'import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";\n\nexport const userRouter = createTRPCRouter({\n  register: publicProcedure.mutation(async () => 1),\n  getAll: protectedProcedure.query(async () => []),\n});\n',
    "packages/api/src/root.ts": 'import { lazy } from "@trpc/server";\nimport { createTRPCRouter } from "./trpc";\n\nexport const appRouter = createTRPCRouter({\n  user: lazy(() => import("./router/user").then((mod) => mod.userRouter)),\n});\n',
    "packages/api/src/index.ts": 'import type { inferRouterInputs } from "@trpc/server";\nimport { appRouter } from "./root";\n\nexport { appRouter };\n',
    "apps/nextjs/package.json": JSON.stringify({ name: "@acme/nextjs", dependencies: { next: "^15.0.0", "@acme/api": "workspace:*" } }),
    "apps/nextjs/src/app/api/trpc/[trpc]/route.ts": [
      'import { fetchRequestHandler } from "@trpc/server/adapters/fetch";',
      'import { appRouter } from "@acme/api";',
      'import { trpcPath } from "@acme/api/shared";',
      "const handler = async (req: Request) => fetchRequestHandler({ endpoint: trpcPath, router: appRouter, req });",
      "export { handler as GET, handler as POST };",
    ].join("\n"),
  });
  commitAll(root);
  const routes = analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  assert.equal(routes.sort(), ["GET /api/trpc/user.getAll [protectedProcedure]", "POST /api/trpc/user.register"]);
});

trpc("a procedure whose builder a function makes (withPermission(\"project\", \"create\").mutation(...)) has that function's guard: its name's, or the refusing middleware of the builder it returns; a function returning a builder that lets every caller through guards nothing", () => {
  const root = tempDir("tool-trpc-factory-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0", "@trpc/server": "^11.0.0" } }),
    "src/server/api/trpc.ts": [
      'import { initTRPC, TRPCError } from "@trpc/server";',
      "const t = initTRPC.create();",
      "export const createTRPCRouter = t.router;",
      "export const publicProcedure = t.procedure;",
      "export const sessionProcedure = t.procedure.use(({ ctx, next }) => {",
      '  if (!ctx.session) throw new TRPCError({ code: "UNAUTHORIZED" });',
      "  return next();",
      "});",
      "export const withPermission = <R extends Resource>(",
      "  resource: R,",
      "  action: ActionOf<R>,",
      ") =>",
      "  sessionProcedure.use(async ({ ctx, next }) => {",
      "    await checkPermission(ctx, { [resource]: [action] });",
      "    return next();",
      "  });",
      "export const orgScoped = (organization: string) => sessionProcedure.use(async ({ ctx, next }) => next());",
      "// A decoy: the builder it returns admits everyone.",
      "export const traced = (label: string) => publicProcedure.use(async ({ next }) => next());",
    ].join("\n"),
    "src/server/api/routers/project.ts": [
      'import { createTRPCRouter, orgScoped, traced, withPermission } from "../trpc";',
      "export const projectRouter = createTRPCRouter({",
      '  create: withPermission("project", "create")',
      "    .input(apiCreateProject)",
      "    .mutation(async ({ input }) => input),",
      '  all: orgScoped("acme").query(async () => []),',
      '  health: traced("health").query(async () => "ok"),',
      "});",
    ].join("\n"),
    "src/server/api/root.ts": 'import { createTRPCRouter } from "./trpc";\nimport { projectRouter } from "./routers/project";\nexport const appRouter = createTRPCRouter({ project: projectRouter });\n',
    "src/pages/api/trpc/[trpc].ts": 'import { createNextApiHandler } from "@trpc/server/adapters/next";\nimport { appRouter } from "../../../server/api/root";\nexport default createNextApiHandler({ router: appRouter });\n',
  });
  commitAll(root);
  const routes = analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`);
  assert.equal(routes.sort(), ["GET /api/trpc/project.all guarded", "GET /api/trpc/project.health", "POST /api/trpc/project.create guarded"]);
});

trpc("an OpenAPI handler (trpc-openapi's createOpenApiFetchHandler) serves the procedures declaring an OpenAPI path at its endpoint followed by that path, with the method declared, each guarded as its procedure; not those without one or turned off; its catch-all module is no route of its own", () => {
  const root = tempDir("tool-trpc-openapi-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "web", dependencies: { next: "^15.0.0", "@trpc/server": "^11.0.0", "trpc-to-openapi": "^2.0.0" } }),
    "src/server/trpc.ts": 'import { initTRPC } from "@trpc/server";\nconst t = initTRPC.create();\nexport const createTRPCRouter = t.router;\nexport const publicProcedure = t.procedure;\nexport const protectedProcedure = t.procedure;\n',
    "src/server/router/user.ts": [
      'import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";',
      "export const userRouter = createTRPCRouter({",
      "  getById: protectedProcedure",
      '    .meta({ openapi: { method: "GET", path: "/api/users/{userId}", tags: ["users"], protect: true } })',
      "    .input(z.object({ userId: z.string() }))",
      "    .query(async ({ input }) => input),",
      "  changeName: protectedProcedure",
      '    .meta({ openapi: { method: "PATCH", path: "/api/users/{userId}/name" } })',
      "    .mutation(async () => null),",
      '  stats: publicProcedure.meta({ openapi: { method: "GET", path: "/api/users/stats", enabled: false } }).query(async () => 1),',
      "  register: publicProcedure.mutation(async () => 1),",
      "});",
    ].join("\n"),
    "src/server/root.ts": 'import { createTRPCRouter } from "./trpc";\nimport { userRouter } from "./router/user";\nexport const appRouter = createTRPCRouter({ user: userRouter });\n',
    "src/app/api/trpc/[trpc]/route.ts": 'import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "../../../../server/root";\nconst handler = (req: Request) => fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter });\nexport { handler as GET, handler as POST };\n',
    "src/app/api/[...openapi]/route.ts": 'import { createOpenApiFetchHandler } from "trpc-to-openapi";\nimport { appRouter } from "../../../server/root";\nconst handler = (req: Request) => createOpenApiFetchHandler({ req, endpoint: "/", router: appRouter });\nexport { handler as GET, handler as PATCH };\n',
  });
  commitAll(root);
  // The handlers' own catch-all routes are no routes of their own.
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`);
  assert.equal(routes.sort(), [
    "GET /api/trpc/user.getById guarded",
    "GET /api/trpc/user.stats",
    "GET /api/users/{userId} guarded",
    "PATCH /api/users/{userId}/name guarded",
    "POST /api/trpc/user.changeName guarded",
    "POST /api/trpc/user.register",
  ]);
});

trpc("Hono's trpcServer serves its router at /trpc by default, or at its endpoint; a root router that only gathers imported routers (router({ bookmarks: bookmarksRouter, ... })) is read", () => {
  for (const [adapter, prefix] of [['app.use("/trpc/*", trpcServer({ router: appRouter }));', "/trpc"], ['app.use("/*", trpcServer({ endpoint: "/api/trpc", router: appRouter }));', "/api/trpc"]] as const) {
    const root = tempDir("tool-trpc-hono-");
    writeFiles(root, {
      "package.json": JSON.stringify({ dependencies: { hono: "^4.0.0", "@hono/trpc-server": "^0.3.0", "@trpc/server": "^11.0.0" } }),
      "src/trpc/index.ts": 'import { initTRPC, TRPCError } from "@trpc/server";\nconst t = initTRPC.create();\nexport const router = t.router;\nexport const publicProcedure = t.procedure;\nexport const authedProcedure = t.procedure.use(({ ctx, next }) => { if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED" }); return next(); });\n',
      "src/trpc/routers/bookmarks.ts": 'import { authedProcedure, router } from "../index";\nexport const bookmarksRouter = router({\n  list: authedProcedure.query(() => []),\n  create: authedProcedure.mutation(() => null),\n});\n',
      "src/trpc/routers/_app.ts": 'import { router } from "../index";\nimport { bookmarksRouter } from "./bookmarks";\nexport const appRouter = router({\n  bookmarks: bookmarksRouter,\n});\n',
      "src/server.ts": `import { Hono } from "hono";\nimport { trpcServer } from "@hono/trpc-server";\nimport { appRouter } from "./trpc/routers/_app";\nconst app = new Hono();\n${adapter}\nexport default app;\n`,
    });
    commitAll(root);
    const routes = analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`);
    assert.equal(routes.sort(), [`GET ${prefix}/bookmarks.list guarded`, `POST ${prefix}/bookmarks.create guarded`], adapter);
  }
});

trpc("a root router made with createRouter that gathers imported routers is read; a builder declaring its input before its middleware (protectedProcedure.input(...).use(...)) is read, refusing on the user id it takes from the context, and one made from it guards too", () => {
  const root = tempDir("tool-trpc-builders-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { next: "^15.0.0", "@trpc/server": "^11.0.0" } }),
    "trpc/index.ts": [
      'import { initTRPC, TRPCError } from "@trpc/server";',
      "const t = initTRPC.create();",
      "export const createRouter = t.router;",
      "export const baseProcedure = t.procedure;",
      "export const sessionProcedure = baseProcedure",
      "  .input(z.object({ companyId: z.string().nullish() }).optional())",
      "  .use(async (opts) => {",
      "    const userId = opts.ctx.userId;",
      "    if (!userId) {",
      '      throw new TRPCError({ code: "UNAUTHORIZED" });',
      "    }",
      "    return opts.next();",
      "  });",
      "export const companyProcedure = sessionProcedure.input(z.object({ companyId: z.string() })).use(async (opts) => opts.next());",
      "",
    ].join("\n"),
    "trpc/routes/invoices.ts": 'import { baseProcedure, companyProcedure, createRouter } from "..";\nexport const invoicesRouter = createRouter({\n  list: companyProcedure.query(() => []),\n  preview: baseProcedure.query(() => null),\n});\n',
    "trpc/server.ts": 'import { createRouter } from "./";\nimport { invoicesRouter } from "./routes/invoices";\nexport const appRouter = createRouter({\n  invoices: invoicesRouter,\n});\n',
    "app/trpc/[trpc]/route.ts": 'import { fetchRequestHandler } from "@trpc/server/adapters/fetch";\nimport { appRouter } from "../../../trpc/server";\nconst handler = (req: Request) => fetchRequestHandler({ endpoint: "/trpc", req, router: appRouter });\nexport { handler as GET, handler as POST };\n',
  });
  commitAll(root);
  const routes = analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? " guarded" : ""}`);
  assert.equal(routes.sort(), ["GET /trpc/invoices.list guarded", "GET /trpc/invoices.preview"]);
});

trpc("Express's tRPC middleware kept in a name (export const trpcExpressHandler = createExpressMiddleware(...)) serves where an app of another module mounts that name; a module's router exported as its default (export default router({...})) is mounted by whatever name its importer gives it", () => {
  const root = tempDir("tool-trpc-express-mount-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@trpc/server": "11", express: "4" } }),
    "src/trpc/trpc.ts": "import {initTRPC} from '@trpc/server'\nconst t = initTRPC.create()\nexport const router = t.router\nexport const publicProcedure = t.procedure\nexport const privateProcedure = t.procedure.use(isAuthenticated)\n",
    "src/backups/routes.ts": "import {router, privateProcedure} from '../trpc/trpc.js'\n\nexport default router({\n\tgetRepositories: privateProcedure.query(async () => []),\n\tbackup: privateProcedure\n\t\t.input(z.object({id: z.string()}))\n\t\t.mutation(async () => null),\n})\n",
    "src/trpc/index.ts": "import {createExpressMiddleware} from '@trpc/server/adapters/express'\nimport {router} from './trpc.js'\nimport backups from '../backups/routes.js'\n\nconst appRouter = router({\n\tbackups,\n})\n\nexport const trpcExpressHandler = createExpressMiddleware({\n\trouter: appRouter,\n})\n",
    "src/server.ts": "import express from 'express'\nimport {trpcExpressHandler} from './trpc/index.js'\n\nconst app = express()\napp.use('/trpc', trpcExpressHandler)\napp.listen(80)\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "GET /trpc/backups.getRepositories [privateProcedure]",
    "POST /trpc/backups.backup [privateProcedure]",
  ]);
});

trpc("tRPC 11's plain objects under a router's keys are routers in place, at any depth; a module of such routers naming procedures of other modules is read, and so is a procedure module whose builder chain has a comment line; Hono's adapter serves at an endpoint handed through a function of the app's (formatPath(\"/api/trpc\"))", () => {
  const root = tempDir("tool-trpc-nested-objects-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@trpc/server": "11", hono: "4", "@hono/trpc-server": "0.3" } }),
    "packages/trpc/server/trpc.ts": "import { initTRPC } from '@trpc/server';\nconst t = initTRPC.create();\nexport const router = t.router;\nexport const procedure = t.procedure;\nexport const authenticatedProcedure = t.procedure.use(authenticatedMiddleware);\n",
    "packages/trpc/server/org/get-organisation.ts": [
      "import { authenticatedProcedure } from '../trpc';",
      "",
      "export const getOrganisationRoute = authenticatedProcedure",
      "  //   .meta(getOrganisationMeta)",
      "  .input(ZGetOrganisationRequestSchema)",
      "  .query(async ({ input }) => getOrganisation(input));",
    ].join("\n"),
    "packages/trpc/server/org/create-member.ts": "import { authenticatedProcedure } from '../trpc';\nexport const createMemberRoute = authenticatedProcedure.input(Z).mutation(async () => null);\n",
    "packages/trpc/server/org/find-invites.ts": "import { procedure } from '../trpc';\nexport const findInvitesRoute = procedure.query(async () => []);\n",
    "packages/trpc/server/org/router.ts": [
      "import { router } from '../trpc';",
      "import { createMemberRoute } from './create-member';",
      "import { findInvitesRoute } from './find-invites';",
      "import { getOrganisationRoute } from './get-organisation';",
      "",
      "export const organisationRouter = router({",
      "  member: {",
      "    create: createMemberRoute,",
      "    invite: {",
      "      find: findInvitesRoute,",
      "    },",
      "  },",
      "  get: getOrganisationRoute,",
      "});",
    ].join("\n"),
    "packages/trpc/server/router.ts": "import { organisationRouter } from './org/router';\nimport { router } from './trpc';\nexport const appRouter = router({\n  organisation: organisationRouter,\n});\n",
    "apps/web/server/trpc.ts": "import { formatPath } from '../lib/app';\nimport { appRouter } from '../../../packages/trpc/server/router';\nimport { trpcServer } from '@hono/trpc-server';\nexport const reactRouterTrpcServer = trpcServer({\n  router: appRouter,\n  endpoint: formatPath('/api/trpc'),\n});\n",
    "apps/web/server/router.ts": "import { Hono } from 'hono';\nimport { reactRouterTrpcServer } from './trpc';\nconst app = new Hono();\napp.use('/api/trpc/*', reactRouterTrpcServer);\nexport default app;\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "GET /api/trpc/organisation.get [authenticatedProcedure]",
    "GET /api/trpc/organisation.member.invite.find",
    "POST /api/trpc/organisation.member.create [authenticatedProcedure]",
  ]);
});

trpc("a mutation on tRPC's bare builder or one named public (procedure, publicProcedure) is left open on purpose: its unguarded write is low, saying the code declares it public; one on a builder named otherwise is high", () => {
  const root = tempDir("tool-trpc-open-builders-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@trpc/server": "11", next: "14" } }),
    "server/trpc.ts": "import { initTRPC } from '@trpc/server';\nconst t = initTRPC.create();\nexport const router = t.router;\nexport const procedure = t.procedure;\nexport const publicProcedure = t.procedure;\nexport const teamProcedure = t.procedure;\nexport const protectedProcedure = t.procedure.use(isAuthed);\n",
    "server/router.ts": [
      "import { procedure, protectedProcedure, publicProcedure, router, teamProcedure } from './trpc';",
      "export const appRouter = router({",
      "  archive: protectedProcedure.input(Z).mutation(async () => null),",
      "  signField: procedure.input(Z).mutation(async () => null),",
      "  report: publicProcedure.input(Z).mutation(async () => null),",
      "  rename: teamProcedure.input(Z).mutation(async () => null),",
      "});",
    ].join("\n"),
    "pages/api/trpc/[trpc].ts": "import { createNextApiHandler } from '@trpc/server/adapters/next';\nimport { appRouter } from '../../../server/router';\nexport default createNextApiHandler({ router: appRouter });\n",
  });
  git(root, "init", "-q");
  const writes = analyze(root).findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}`).sort();
  assert.equal(writes, ["high POST /api/trpc/rename", "low POST /api/trpc/report", "low POST /api/trpc/signField"]);
});

trpc("Fastify's adapter (register(fastifyTRPCPlugin, { prefix, trpcOptions: { router } })) serves the router's procedures under its prefix; another plugin registered with a prefix serves none of them", () => {
  const root = tempDir("tool-trpc-fastify-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "api", dependencies: { fastify: "^5.0.0", "@trpc/server": "^11.0.0" } }),
    "src/trpc.ts": 'import { initTRPC } from "@trpc/server";\nconst t = initTRPC.create();\nexport const createTRPCRouter = t.router;\nexport const publicProcedure = t.procedure;\nexport const protectedProcedure = t.procedure;\n',
    "src/root.ts": [
      'import { createTRPCRouter, protectedProcedure, publicProcedure } from "./trpc";',
      "export const appRouter = createTRPCRouter({",
      "  chart: createTRPCRouter({",
      "    events: protectedProcedure.query(async () => []),",
      "    save: protectedProcedure.mutation(async () => null),",
      "  }),",
      "  health: publicProcedure.query(async () => 'ok'),",
      "});",
      "export const reportRouter = createTRPCRouter({ list: publicProcedure.query(async () => []) });",
      "",
    ].join("\n"),
    "src/app.ts": [
      'import Fastify from "fastify";',
      'import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";',
      'import { appRouter, reportRouter } from "./root";',
      'import { otherPlugin } from "./other";',
      "const fastify = Fastify();",
      "fastify.register(async (instance) => {",
      "  instance.register(fastifyTRPCPlugin, {",
      "    prefix: '/trpc',",
      "    trpcOptions: { router: appRouter, onError() {} },",
      "  });",
      "  instance.register(otherPlugin, { prefix: '/other', router: reportRouter });",
      "});",
      "fastify.listen({ port: 3000 });",
      "",
    ].join("\n"),
    "src/other.ts": "export async function otherPlugin() {}\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /trpc/chart.events [protectedProcedure]",
    "POST /trpc/chart.save [protectedProcedure]",
    "GET /trpc/health",
  ]);
});

trpc.run();
