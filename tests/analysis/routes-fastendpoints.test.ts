import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const fastendpoints = suite("FastEndpoints routes");

fastendpoints("endpoint classes' Configure(): verbs, Verbs and Routes, roles, secure by default unless AllowAnonymous, groups and sub-groups with their prefix and anonymity; health checks and the Prometheus scrape", () => {
  assert.equal(routeLines("routes-fastendpoints"), [
    "GET /admin/public/info src/Shop.Api/Endpoints/AdminEndpoints.cs:21 Info",
    "GET /admin/stats src/Shop.Api/Endpoints/AdminEndpoints.cs:10 Stats [authenticated]",
    "GET /api/orders src/Shop.Api/Endpoints/ListOrders.cs:9 ListOrders",
    "POST /api/orders src/Shop.Api/Endpoints/CreateOrder.cs:9 CreateOrder [Roles(Admin)]",
    "GET /api/orders/{id} src/Shop.Api/Endpoints/ListOrders.cs:20 ShowOrder [authenticated]",
    "ALL /health src/Shop.Api/Program.cs:7 (inline)",
    "GET /healthz src/Shop.Api/Endpoints/ListOrders.cs:30 Ping",
    "HEAD /healthz src/Shop.Api/Endpoints/ListOrders.cs:30 Ping",
    "ALL /metrics src/Shop.Api/Program.cs:8 (inline)",
    "GET /ping src/Shop.Api/Endpoints/ListOrders.cs:30 Ping",
    "HEAD /ping src/Shop.Api/Endpoints/ListOrders.cs:30 Ping",
  ]);
});

fastendpoints.run();
