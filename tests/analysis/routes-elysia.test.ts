import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const elysia = suite("Elysia routes");

elysia("plugins mounted in groups, constructor prefixes, beforeHandle checks per route, per guard block and after onBeforeHandle", () => {
  assert.equal(routeLines("routes-elysia"), [
    "GET / src/main.ts:6 (inline)",
    "GET /admin/stats src/plugins/admin.ts:6 (inline) [beforeHandle]",
    "POST /api/accounts/login src/plugins/accounts.ts:7 (inline)",
    // loadUser reads the caller and turns no one away: not a guard by its name.
    "GET /api/accounts/me src/plugins/accounts.ts:8 (inline)",
    // After onBeforeHandle(requireLogin), outside the group.
    "PUT /api/accounts/me src/plugins/accounts.ts:11 (inline) [requireLogin]",
    "GET /api/orders src/plugins/orders.ts:7 listOrders",
    "POST /api/orders src/plugins/orders.ts:9 (inline) [requireLogin]",
    "DELETE /api/orders/{id} src/plugins/orders.ts:13 (inline) [requireLogin]",
    "GET /api/orders/{id} src/plugins/orders.ts:8 (inline)",
    "PUT /api/orders/{id} src/plugins/orders.ts:12 (inline) [requireLogin]",
    "PATCH /api/orders/{id}/notes src/plugins/orders.ts:15 (inline) [requireLogin]",
  ]);
});

elysia.run();
