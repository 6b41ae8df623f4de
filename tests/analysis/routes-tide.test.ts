import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const tide = suite("Tide routes");

tide("routes at a path with their verbs, middleware guards, and handlers that refuse a caller without credentials themselves", () => {
  assert.equal(routeLines("routes-tide"), [
    "GET /admin/stats src/main.rs:12 handlers::stats [require_admin]",
    // A wrong password's 401 reads no credentials: the sign-in stays open.
    "POST /api/login src/main.rs:11 handlers::login",
    "GET /api/orders src/main.rs:8 handlers::list_orders",
    "POST /api/orders src/main.rs:9 handlers::create_order [401 without credentials]",
    // The handler hands the request to a helper that checks.
    "POST /api/orders/{id}/cancel src/main.rs:10 handlers::cancel [401 without credentials]",
  ]);
});

tide.run();
