import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const beego = suite("Beego routes");

beego("Router with and without a method mapping, verb and Ctrl functions (NSCtrlPost too), namespaces with NSBefore, InsertFilter before and after the router, a filter not named like a guard judged by its body (a policy decision on the caller that refuses)", () => {
  assert.equal(routeLines("routes-beego"), [
    "GET / controllers/home.go:7 HomeController.Get",
    "POST / controllers/home.go:8 HomeController.Post",
    "ALL /api/admin/users routers/router.go:16 controllers.AdminController.Users [filters.RequireAdmin]",
    "POST /api/login routers/router.go:13 controllers.AccountController.Login",
    "GET /api/logout routers/router.go:14 controllers.AccountController.Logout",
    "POST /api/logout routers/router.go:14 controllers.AccountController.Logout",
    "POST /api/orders routers/router.go:18 controllers.OrderController.Create",
    "DELETE /api/orders/{id} routers/router.go:15 controllers.OrderController.Delete [filters.OrderAccess]",
    "GET /api/orders/{id} routers/router.go:15 controllers.OrderController.Get [filters.OrderAccess]",
    "GET /ping routers/router.go:17 (inline)",
    "GET /v1/cart routers/router.go:22 controllers.CartController.Show [filters.Policy,filters.RequireLogin]",
    "PUT /v1/cart routers/router.go:22 controllers.CartController.Update [filters.Policy,filters.RequireLogin]",
    "GET /v1/shop/items routers/router.go:24 (inline) [filters.Policy,filters.RequireLogin]",
    "POST /v1/shop/orders routers/router.go:25 controllers.OrderController.Create [filters.Policy,filters.RequireLogin]",
  ]);
});

beego.run();
