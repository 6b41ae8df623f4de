import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const angular = suite("Angular routes");

angular(
  "Routes arrays, lazy loadChildren (route files and NgModules), redirects, canActivate and canMatch, exactly",
  () => {
    assert.equal(routeLines("routes-angular"), [
      "GET / src/app/app.routes.ts:6 HomeComponent",
      "GET /** src/app/app.routes.ts:15 not-found.component",
      "GET /admin/users src/app/admin/admin.routes.ts:7 UsersComponent [authGuard]",
      "GET /admin/users/{id} src/app/admin/admin.routes.ts:8 UserComponent [authGuard,canMatch]",
      "GET /login src/app/app.routes.ts:7 LoginComponent",
      "GET /orders src/app/orders/orders-routing.module.ts:7 OrderListComponent",
      "GET /orders/{orderId} src/app/orders/orders-routing.module.ts:8 OrderDetailComponent",
    ]);
  },
);

angular.run();
