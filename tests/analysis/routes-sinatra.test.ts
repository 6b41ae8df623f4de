import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const sinatra = suite("Sinatra routes");

sinatra("modular app routes, namespaces, before filters guarding the routes they cover", () => {
  assert.equal(list(fixtureRepo("routes-sinatra")), [
    "GET / app.rb:10 App",
    "GET /admin/stats app.rb:22 App [authenticate!]",
    "POST /api/v1/users app.rb:35 App [logged_in?]",
    "GET /api/v1/users/{id} app.rb:31 App [logged_in?]",
    "GET /health app.rb:14 App",
    "DELETE /sessions/{id} app.rb:40 App [protected!]",
  ]);
});

sinatra("routes in specs, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-sinatra")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("spec/") || /commented|not-a-route|fake/.test(r.path)));
});

sinatra.run();
