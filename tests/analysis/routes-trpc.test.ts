import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

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
  const routes = analyze(root).routes.items.filter((r) => r.framework === "trpc").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  assert.equal(routes, [
    "POST /api/trpc/admin.purge [adminProcedure]",
    "GET /api/trpc/traces.byId [protectedProcedure]",
    "POST /api/trpc/traces.delete [protectedProcedure]",
    "GET /api/trpc/traces.publicStats",
  ]);
});

trpc.run();
