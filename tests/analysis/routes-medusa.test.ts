import { suite } from "uvu";
import * as assert from "uvu/assert";
import { tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const medusa = suite("Medusa routes");

const handler = (method: string) => `export const ${method} = async (req: MedusaRequest, res: MedusaResponse) => {\n  res.json({ ok: true })\n}\n`;

medusa("src/api route modules serve their exports; /admin is authenticated unless a module opts out, /store needs a publishable key, middlewares put guards back", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "shop", dependencies: { "@medusajs/framework": "^2.0.0", "@medusajs/medusa": "^2.0.0" } }),
    "medusa-config.ts": "module.exports = defineConfig({})\n",
    "src/api/admin/brands/route.ts": 'import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"\n' + handler("GET") + handler("POST"),
    "src/api/admin/brands/[id]/route.ts": handler("GET") + handler("DELETE"),
    "src/api/admin/invites/accept/route.ts": handler("POST") + "export const AUTHENTICATE = false\n",
    "src/api/admin/me/route.ts": handler("GET") + "export const AUTHENTICATE = false\n",
    "src/api/store/brands/route.ts": handler("GET"),
    "src/api/store/customers/me/route.ts": handler("GET"),
    "src/api/hooks/payment/[provider]/route.ts": handler("POST"),
    "src/api/middlewares.ts": [
      'import { defineMiddlewares, authenticate } from "@medusajs/framework/http"',
      "export default defineMiddlewares({",
      "  routes: [",
      '    { matcher: "/store/customers/me*", middlewares: [authenticate("customer", ["session", "bearer"])] },',
      '    { method: ["GET"], matcher: "/store/brands", middlewares: [authenticate("customer", ["session"], { allowUnauthenticated: true })] },',
      '    { method: ["POST"], matcher: "/admin/invites/accept", middlewares: [authenticate("user", ["session", "bearer"], { allowUnregistered: true })] },',
      "  ],",
      "})",
      "",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /admin/brands/{id} [authenticate]",
    "GET /admin/brands [authenticate]",
    "GET /admin/brands/{id} [authenticate]",
    "GET /admin/me",
    "GET /store/brands [ensurePublishableApiKey]",
    "GET /store/customers/me [ensurePublishableApiKey,authenticate]",
    "POST /admin/brands [authenticate]",
    "POST /admin/invites/accept [authenticate]",
    "POST /hooks/payment/{provider}",
  ]);
});

medusa("a Next.js app beside it keeps its own routes: src/api is Medusa's only where Medusa is declared", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "site", dependencies: { next: "^15.0.0" } }),
    "src/api/admin/route.ts": handler("GET"),
    "src/app/api/ping/route.ts": handler("GET"),
  });
  assert.equal(guardedRoutes(root), ["GET /api/ping"]);
});

medusa.run();
