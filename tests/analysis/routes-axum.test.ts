import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const axum = suite("Axum routes");

axum("nest and merge across modules, method routers with several methods, layers guarding only the routes added before them; test modules skipped", () => {
  assert.equal(routeLines("routes-axum"), [
    "GET / src/main.rs:11 root",
    "GET /api/v1/admin/stats src/routes/users.rs:12 stats [crate::auth::require_admin]",
    "POST /api/v1/login src/routes/mod.rs:13 users::login",
    "GET /api/v1/notes src/routes/mod.rs:15 users::list [require_auth]",
    "POST /api/v1/notes src/routes/mod.rs:15 users::create [require_auth]",
    "DELETE /api/v1/notes/{id} src/routes/mod.rs:16 users::remove [require_auth]",
    "GET /api/v1/notes/{id} src/routes/mod.rs:16 users::show [require_auth]",
    "GET /health src/routes/health.rs:4 (inline)",
  ]);
});

axum.run();
