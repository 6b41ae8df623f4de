import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const pyramid = suite("Pyramid routes");

pyramid("routes declared by name and the views bound to them from other modules: view_config, view_defaults, add_view, static views, permissions and the default permission", () => {
  assert.equal(routeLines("routes-pyramid"), [
    "GET /api/orders shop/orders/views.py:5 list_orders",
    // A view's own permission stands instead of the default one.
    "POST /api/orders shop/orders/views.py:10 create_order [permission(edit)]",
    "DELETE /api/orders/{id} shop/orders/views.py:24 OrderViews.delete [permission(admin)]",
    "GET /api/orders/{id} shop/orders/views.py:20 OrderViews.show [permission(view)]",
    "HEAD /api/orders/{id} shop/orders/views.py:20 OrderViews.show [permission(view)]",
    "GET /health shop/__init__.py:9 health",
    "GET /static shop/__init__.py:10 (static files) [permission(view)]",
  ]);
});

pyramid.run();
