import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const rocket = suite("Rocket routes");

rocket("routes! mounted under prefixes, a stage mounting its own routes, <path..> parameters, query parts dropped, request guards", () => {
  assert.equal(routeLines("routes-rocket"), [
    "GET / src/main.rs:9 index",
    "DELETE /admin/cache/{path} src/routes/admin.rs:4 purge [AdminUser]",
    "GET /admin/stats src/routes/admin.rs:9 stats [AdminUser]",
    "GET /api/todos src/routes/todos.rs:4 list",
    "POST /api/todos src/routes/todos.rs:14 create [AuthUser]",
    "GET /api/todos/{id} src/routes/todos.rs:9 show",
  ]);
});

rocket.run();
