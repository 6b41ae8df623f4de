import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const orpc = suite("oRPC routes");

/** A Next.js app whose API is oRPC, as Typebot's: routers of plain objects, an OpenAPI handler at /api and an RPC handler at /api/orpc. */
function app(): string {
  const root = tempDir("tool-orpc-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "bots", dependencies: { next: "^15.0.0", "@orpc/server": "^1.13.0", "@orpc/openapi": "^1.13.0" } }),
    "src/orpc/middlewares.ts": [
      'import { os as baseOs, ORPCError } from "@orpc/server";',
      "export const os = baseOs.$context<Context>();",
      "const requireAuth = os.middleware(async ({ next, context }) => {",
      "  const user = await context.authenticate();",
      '  if (!user) throw new ORPCError("UNAUTHORIZED");',
      "  return next({ context: { ...context, user } });",
      "});",
      "export const publicProcedure = os;",
      "export const authenticatedProcedure = publicProcedure.use(requireAuth);",
    ].join("\n"),
    "src/features/billing/router.ts": [
      'import { z } from "zod";',
      'import { authenticatedProcedure, publicProcedure } from "../../orpc/middlewares";',
      "",
      "export const billingRouter = {",
      "  webhook: publicProcedure",
      '    .route({ method: "POST", path: "/stripe/webhook" })',
      "    .input(z.object({ body: z.unknown() }))",
      "    .handler(async ({ input }) => handleWebhook(input)),",
      "  getUsage: authenticatedProcedure",
      '    .route({ method: "GET", path: "/v1/billing/usage" })',
      "    .handler(async ({ context }) => usageOf(context.user)),",
      "  createCheckoutSession: authenticatedProcedure.input(z.object({ plan: z.string() })).handler(async ({ input }) => checkout(input)),",
      "};",
    ].join("\n"),
    "src/features/typebots/getLinkedTypebots.ts": [
      'import { authenticatedProcedure } from "../../orpc/middlewares";',
      "export const getLinkedTypebots = authenticatedProcedure",
      '  .route({ method: "GET", path: "/v1/typebots/{typebotId}/linkedTypebots" })',
      "  .handler(async ({ input }) => linked(input.typebotId));",
    ].join("\n"),
    "src/features/forge/fetchSelectItems.ts": [
      'import { authenticatedProcedure } from "../../orpc/middlewares";',
      "export const fetchSelectItems = authenticatedProcedure.handler(async ({ input }) => items(input));",
    ].join("\n"),
    "src/features/forge/router.ts": 'import { fetchSelectItems } from "./fetchSelectItems";\n\nexport const forgeRouter = {\n  fetchSelectItems,\n};\n',
    "src/features/unused/router.ts": [
      'import { publicProcedure } from "../../orpc/middlewares";',
      "export const unusedRouter = { ping: publicProcedure.handler(() => \"pong\") };",
    ].join("\n"),
    "src/app/api/router.ts": [
      'import { publicProcedure } from "../../orpc/middlewares";',
      'import { billingRouter } from "../../features/billing/router";',
      'import { getLinkedTypebots } from "../../features/typebots/getLinkedTypebots";',
      'import { forgeRouter } from "../../features/forge/router";',
      "",
      "const healthz = publicProcedure.handler(async () => ({ status: \"ok\" }));",
      "",
      "export const appRouter: AppRouter = {",
      "  getLinkedTypebots,",
      "  billing: billingRouter,",
      "  forge: forgeRouter,",
      "  healthz,",
      "};",
    ].join("\n"),
    "src/app/api/[[...rest]]/route.ts": [
      'import { OpenAPIHandler } from "@orpc/openapi/fetch";',
      'import { appRouter } from "../router";',
      "const handler = new OpenAPIHandler(appRouter, { plugins: [] });",
      "async function handleRequest(request: Request) {",
      '  const { response } = await handler.handle(request, { prefix: "/api", context: {} });',
      '  return response ?? new Response("Not found", { status: 404 });',
      "}",
      "export const GET = handleRequest;",
      "export const POST = handleRequest;",
      "export const DELETE = handleRequest;",
    ].join("\n"),
    "src/app/api/orpc/[[...rest]]/route.ts": [
      'import { RPCHandler } from "@orpc/server/fetch";',
      'import { appRouter } from "../../router";',
      "const handler = new RPCHandler(appRouter);",
      "async function handleRequest(request: Request) {",
      "  const { response } = await handler.handle(request, { context: {} });",
      '  return response ?? new Response("Not found", { status: 404 });',
      "}",
      "export const POST = handleRequest;",
    ].join("\n"),
  });
  commitAll(root);
  return root;
}

orpc("an OpenAPI handler serves each procedure at the path its .route() declares (else its keys, POST), an RPC handler every procedure at its keys, POST; a builder named like a check guards; the catch-alls that dispatch them are no routes; a router no handler serves is none", () => {
  const report = analyze(app());
  const lines = report.routes.items.map((r) => `${r.method} ${r.path} ${r.file}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  assert.equal(lines, [
    "POST /api/billing/createCheckoutSession src/features/billing/router.ts [authenticatedProcedure]",
    "POST /api/forge/fetchSelectItems src/features/forge/fetchSelectItems.ts [authenticatedProcedure]",
    "POST /api/healthz src/app/api/router.ts",
    "POST /api/orpc/billing/createCheckoutSession src/features/billing/router.ts [authenticatedProcedure]",
    "POST /api/orpc/billing/getUsage src/features/billing/router.ts [authenticatedProcedure]",
    "POST /api/orpc/billing/webhook src/features/billing/router.ts",
    "POST /api/orpc/forge/fetchSelectItems src/features/forge/fetchSelectItems.ts [authenticatedProcedure]",
    "POST /api/orpc/getLinkedTypebots src/features/typebots/getLinkedTypebots.ts [authenticatedProcedure]",
    "POST /api/orpc/healthz src/app/api/router.ts",
    "POST /api/stripe/webhook src/features/billing/router.ts",
    "GET /api/v1/billing/usage src/features/billing/router.ts [authenticatedProcedure]",
    "GET /api/v1/typebots/{typebotId}/linkedTypebots src/features/typebots/getLinkedTypebots.ts [authenticatedProcedure]",
  ]);
  assert.ok(report.routes.items.every((r) => r.framework === "orpc"), "the Next.js catch-alls that hand requests to oRPC are no routes of their own");
  // The webhook is public by design and a health check changes nothing (oRPC answers POST for a procedure declaring no method); the rest of the writes are guarded.
  const writes = report.findings.filter((f) => f.rule === "unguarded-write");
  // One procedure served by both handlers is one write, its other path named beside it.
  assert.equal(writes.map((f) => `${f.severity} ${f.title}`).sort(), ["low POST /api/healthz has no route-level guard", "low POST /api/orpc/billing/webhook has no route-level guard"]);
  assert.match(writes.find((f) => f.title.includes("webhook"))!.evidence[0]!.detail!, /the same handler is served at \/api\/stripe\/webhook/);
});

orpc.run();
