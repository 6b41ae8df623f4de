import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const kit = suite("SvelteKit routes");

kit("+page pages, +server handlers, form actions, groups and matcher parameters, exactly", () => {
  assert.equal(routeLines("routes-sveltekit"), [
    "GET / src/routes/+page.svelte:1 (page)",
    "DELETE /api/items/{id} src/routes/api/items/[id=integer]/+server.ts:8 DELETE [requireUser]",
    "GET /api/items/{id} src/routes/api/items/[id=integer]/+server.ts:4 GET",
    "GET /blog/{slug} src/routes/blog/[slug]/+page.svelte:1 (page)",
    "GET /dashboard src/routes/(app)/dashboard/+page.svelte:1 (page)",
    "GET /login src/routes/login/+page.svelte:1 (page)",
    "POST /login src/routes/login/+page.server.ts:4 actions.default",
    "POST /login?/reset src/routes/login/+page.server.ts:8 actions.reset",
  ]);
});

kit("layouts, load functions and $lib modules are not routes", () => {
  const items = analyze(fixtureRepo("routes-sveltekit")).routes.items;
  assert.not.ok(items.some((r) => r.file.includes("+layout") || r.file.startsWith("src/lib/")));
  assert.equal(new Set(items.map((r) => r.framework)), new Set(["sveltekit"]));
});

kit.run();
