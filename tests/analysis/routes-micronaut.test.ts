import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const micronaut = suite("Micronaut routes");

micronaut("controllers under the configured context path; secure by default once Micronaut Security is used, IS_ANONYMOUS and @PermitAll let callers in; @Client interfaces serve nothing", () => {
  assert.equal(routeLines("routes-micronaut"), [
    "POST /shop/accounts/login src/main/kotlin/shop/web/AccountsController.kt:11 AccountsController.login",
    "PUT /shop/accounts/me src/main/kotlin/shop/web/AccountsController.kt:16 AccountsController.update [micronaut-security]",
    "GET /shop/orders src/main/kotlin/shop/web/OrdersController.kt:15 OrdersController.list [micronaut-security,Secured(SecurityRule.IS_AUTHENTICATED)]",
    "DELETE /shop/orders/{id} src/main/kotlin/shop/web/OrdersController.kt:25 OrdersController.delete [micronaut-security,Secured(ROLE_ADMIN)]",
    "GET /shop/orders/{id} src/main/kotlin/shop/web/OrdersController.kt:18 OrdersController.show",
    "POST /shop/orders/{id}/cancel src/main/kotlin/shop/web/OrdersController.kt:22 OrdersController.cancel [micronaut-security,Secured(SecurityRule.IS_AUTHENTICATED)]",
    "DELETE /shop/orders/{id}/purge src/main/kotlin/shop/web/OrdersController.kt:25 OrdersController.delete [micronaut-security,Secured(ROLE_ADMIN)]",
    "GET /shop/stats src/main/java/shop/admin/StatsController.java:11 StatsController.stats [micronaut-security,RolesAllowed(ADMIN)]",
    "GET /shop/status src/main/java/shop/admin/StatsController.java:14 StatsController.status",
  ]);
});

micronaut.run();
