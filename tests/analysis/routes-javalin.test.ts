import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const javalin = suite("Javalin routes");

javalin("ApiBuilder blocks in Kotlin and Java, crud, verbs on an instance, roles that let anyone in or not, before guards, a contextPath read from a properties file", () => {
  assert.equal(routeLines("routes-javalin"), [
    "GET /api/health src/main/java/shop/App.java:24 (inline)",
    "GET /api/items src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "POST /api/items src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "DELETE /api/items/{item-id} src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "GET /api/items/{item-id} src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "PATCH /api/items/{item-id} src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "POST /api/login src/main/java/shop/App.java:25 AuthController::login",
    "GET /api/orders src/main/kotlin/shop/Router.kt:14 orders::list",
    "POST /api/orders src/main/kotlin/shop/Router.kt:15 orders::create [roles(Role.USER)]",
    "DELETE /api/orders/{id} src/main/kotlin/shop/Router.kt:18 orders::delete [roles(Role.ADMIN)]",
    "GET /api/orders/{id} src/main/kotlin/shop/Router.kt:17 orders::show",
    "GET /api/reports src/main/java/shop/App.java:20 ReportController::list [AuthHandler::requireAuth]",
  ]);
});

javalin.run();
