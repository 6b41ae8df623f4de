import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const warp = suite("warp routes");

warp("filter chains from path! or path() to their handler, joined with or; a credentials header or an auth-like filter guards, an optional header does not", () => {
  assert.equal(routeLines("routes-warp"), [
    "ALL / src/routes.rs:9 handlers::index",
    "GET /api/orders src/routes.rs:11 handlers::list_orders",
    "DELETE /api/orders/{u64} src/routes.rs:15 handlers::delete_order [header(authorization)]",
    "POST /api/reports/{param} src/routes.rs:19 handlers::rebuild_report [with_auth]",
  ]);
});

warp.run();
