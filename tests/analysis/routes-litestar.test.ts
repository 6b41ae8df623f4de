import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const litestar = suite("Litestar routes");

litestar("controllers, function handlers and routers mounted by name across modules; guards at every level; the JWT backend but its exclude patterns and exclude_from_auth", () => {
  assert.equal(routeLines("routes-litestar"), [
    // The backend's exclude pattern finds the sign-in; /me stays behind it.
    "POST /api/accounts/login shop/controllers/accounts.py:4 login",
    "GET /api/accounts/me shop/controllers/accounts.py:9 me [JWTAuth]",
    "GET /api/orders shop/controllers/orders.py:9 OrderController.list_orders",
    "POST /api/orders shop/controllers/orders.py:17 OrderController.create_order [JWTAuth]",
    "DELETE /api/orders/{order_id} shop/controllers/orders.py:21 OrderController.delete_order [JWTAuth,requires_admin]",
    "GET /api/orders/{order_id} shop/controllers/orders.py:13 OrderController.show_order",
    "PATCH /api/orders/{order_id}/memo shop/controllers/orders.py:25 OrderController.notes [JWTAuth]",
    "PUT /api/orders/{order_id}/memo shop/controllers/orders.py:25 OrderController.notes [JWTAuth]",
    "PATCH /api/orders/{order_id}/notes shop/controllers/orders.py:25 OrderController.notes [JWTAuth]",
    "PUT /api/orders/{order_id}/notes shop/controllers/orders.py:25 OrderController.notes [JWTAuth]",
    "GET /api/reports/monthly shop/controllers/orders.py:34 ReportController.monthly [JWTAuth,requires_admin]",
    "GET /health shop/app.py:8 health",
  ]);
});

litestar("handlers marked exclude_from_auth are declared public", () => {
  const open = analyze(fixtureRepo("routes-litestar")).routes.items.filter((r) => r.public).map((r) => `${r.method} ${r.path}`);
  assert.equal(open.sort(), ["GET /api/orders", "GET /api/orders/{order_id}", "GET /health"]);
});

litestar.run();
