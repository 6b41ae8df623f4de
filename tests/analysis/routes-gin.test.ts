import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const gin = suite("Gin routes");

gin("groups with a constant prefix, groups passed to functions in another package and in another file of the same package, Use guarding only later routes", () => {
  assert.equal(routeLines("routes-gin"), [
    "DELETE /api/v1/admin/users/{id} main.go:18 api.DeleteUser [api.AuthRequired]",
    "GET /api/v1/orders orders.go:12 listOrders",
    "POST /api/v1/orders orders.go:14 createOrder [requireLogin]",
    "ALL /api/v1/orders/legacy/{path} orders.go:15 legacyOrders [requireLogin]",
    "POST /api/v1/users internal/api/users.go:9 CreateUser [AuthRequired]",
    "GET /api/v1/users/{id} internal/api/users.go:8 GetUser",
    "PATCH /api/v1/users/{id} internal/api/users.go:10 UpdateUser",
    "PUT /api/v1/users/{id} internal/api/users.go:10 UpdateUser",
    "GET /health main.go:12 (inline)",
  ]);
});

gin.run();
