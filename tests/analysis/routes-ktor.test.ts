import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const ktor = suite("Ktor routes");

ktor("routing blocks, nested route and authenticate blocks, route extension functions called through an import and within the package", () => {
  assert.equal(routeLines("routes-ktor"), [
    "GET / src/main/kotlin/com/example/plugins/Routing.kt:13 (inline)",
    "GET /api/v1/customers src/main/kotlin/com/example/routes/CustomerRoutes.kt:9 (inline)",
    "POST /api/v1/customers src/main/kotlin/com/example/routes/CustomerRoutes.kt:12 (inline) [authenticate(admin)]",
    "DELETE /api/v1/customers/{id} src/main/kotlin/com/example/routes/CustomerRoutes.kt:13 (inline) [authenticate(admin)]",
    "GET /api/v1/customers/{id} src/main/kotlin/com/example/routes/CustomerRoutes.kt:10 (inline)",
    "GET /api/v1/me src/main/kotlin/com/example/plugins/Routing.kt:21 (inline) [authenticate(auth-jwt)]",
    "GET /api/v1/orders src/main/kotlin/com/example/plugins/Orders.kt:11 (inline) [authenticate(auth-jwt)]",
    "DELETE /api/v1/orders/{id} src/main/kotlin/com/example/plugins/Orders.kt:15 (inline) [authenticate(auth-jwt)]",
  ]);
});

ktor("typed routes take their resource class's path under their block; a block's prefix may be a constant of another file", () => {
  assert.equal(routeLines("routes-ktor-resources"), [
    "GET /api/v1/orders src/main/kotlin/com/shop/orders/OrderRoutes.kt:19 (inline)",
    "POST /api/v1/orders src/main/kotlin/com/shop/orders/OrderRoutes.kt:25 (inline) [authenticate(auth-jwt)]",
    "GET /api/v1/orders/{id} src/main/kotlin/com/shop/orders/OrderRoutes.kt:24 (inline) [authenticate(auth-jwt)]",
    "GET /api/v1/users/{name} src/main/kotlin/com/shop/users/UserRoutes.kt:12 (inline)",
  ]);
});

ktor.run();
