import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const actix = suite("Actix Web routes");

actix("attribute handlers mounted with service, scopes, resources, configure functions in another module and wrap middleware", () => {
  assert.equal(routeLines("routes-actix"), [
    "GET /api/admin/stats src/main.rs:20 handlers::stats [HttpAuthentication::bearer]",
    "GET /api/posts src/handlers/posts.rs:14 list",
    "POST /api/posts src/handlers/posts.rs:17 create [RequireAuth]",
    "DELETE /api/posts/{id} src/handlers/posts.rs:20 remove",
    "GET /api/posts/{id}/comments src/handlers/posts.rs:10 comments",
    "POST /api/posts/{id}/comments src/handlers/posts.rs:10 add_comment",
    "GET /health src/handlers/mod.rs:5 health",
    "GET /version src/main.rs:23 handlers::version",
  ]);
});

actix.run();
