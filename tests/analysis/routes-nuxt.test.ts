import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const nuxt = suite("Nuxt routes");

nuxt("pages, server/api with method suffixes, server/routes, groups, guards in handlers, exactly", () => {
  assert.equal(routeLines("routes-nuxt"), [
    "GET / pages/index.vue:1 (page)",
    "ALL /api/health server/api/health.ts:1 eventHandler",
    "GET /api/users server/api/users/index.get.ts:1 defineEventHandler",
    "POST /api/users server/api/users/index.post.ts:1 defineEventHandler [requireUserSession]",
    "DELETE /api/users/{id} server/api/users/[id].delete.ts:1 defineEventHandler [requireUserSession]",
    "GET /settings pages/(account)/settings.vue:1 (page)",
    "ALL /sitemap.xml server/routes/sitemap.xml.ts:1 defineEventHandler",
    "GET /users pages/users/index.vue:1 (page)",
    "GET /users/{id} pages/users/[id].vue:1 (page)",
  ]);
});

nuxt("server middleware and components are not routes", () => {
  const items = analyze(fixtureRepo("routes-nuxt")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("server/middleware/") || r.file.startsWith("components/")));
});

nuxt.run();
