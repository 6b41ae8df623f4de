import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const http4k = suite("http4k routes");

http4k("nested routes trees, methods bound inside a bound routes, a routes value mounted by name, filters in front guarding what they wrap", () => {
  assert.equal(routeLines("routes-http4k"), [
    "GET /admin/stats src/main/kotlin/shop/Api.kt:25 orders.stats [tokenAuth.required]",
    "PUT /api/{id}/notes src/main/kotlin/shop/Api.kt:18 orders.notes [tokenAuth.required]",
    // tokenAuth.optional() lets everyone through.
    "GET /api/orders src/main/kotlin/shop/Api.kt:13 orders.list",
    "DELETE /api/orders/{id} src/main/kotlin/shop/Api.kt:16 orders.delete [ServerFilters.BearerAuth]",
    "GET /api/orders/{id} src/main/kotlin/shop/Api.kt:15 orders.show",
    "GET /health src/main/kotlin/shop/Api.kt:22 (inline)",
  ]);
});

http4k.run();
