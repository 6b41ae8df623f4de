import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const astro = suite("Astro routes");

astro("pages in every format, endpoints with their methods, rest parameters, private files, exactly", () => {
  assert.equal(routeLines("routes-astro"), [
    "GET / src/pages/index.astro:1 (page)",
    "GET /about src/pages/about.md:1 (page)",
    "DELETE /api/items/{id} src/pages/api/items/[id].ts:6 DELETE [verifySession]",
    "GET /api/items/{id} src/pages/api/items/[id].ts:4 GET",
    "GET /blog/{slug} src/pages/blog/[slug].astro:1 (page)",
    "GET /docs/{path} src/pages/docs/[...path].mdx:1 (page)",
    "GET /rss.xml src/pages/rss.xml.ts:1 GET",
  ]);
});

astro("endpoints are http, pages fs; components and _-prefixed files are not routes", () => {
  const items = analyze(fixtureRepo("routes-astro")).routes.items;
  assert.equal(items.filter((r) => r.kind === "http").length, 3);
  assert.not.ok(items.some((r) => r.file.includes("/_") || r.file.startsWith("src/components/")));
});

astro.run();
