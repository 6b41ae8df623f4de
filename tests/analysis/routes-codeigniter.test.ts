import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const codeigniter = suite("CodeIgniter 4 routes");

codeigniter("verbs, add, match, nested groups with filters, resource, placeholders, handlers in each spelling, routes in a required file", () => {
  assert.equal(routeLines("routes-codeigniter"), [
    "GET / app/Config/Routes.php:11 Home::index",
    "GET /api/feed app/Config/Routes.php:19 Orders::feed",
    "POST /api/login app/Config/Routes.php:14 Home::login",
    "GET /api/orders/{num} app/Config/Routes.php:16 Orders::show [auth:api]",
    "PATCH /api/orders/{num}/notes app/Config/Routes.php:17 Orders::notes [auth:api]",
    "PUT /api/orders/{num}/notes app/Config/Routes.php:17 Orders::notes [auth:api]",
    "GET /api/photos app/Config/Routes.php:20 Photos::index [jwt]",
    "POST /api/photos app/Config/Routes.php:20 Photos::create [jwt]",
    "DELETE /api/photos/{id} app/Config/Routes.php:20 Photos::delete [jwt]",
    "GET /api/photos/{id} app/Config/Routes.php:20 Photos::show [jwt]",
    "PATCH /api/photos/{id} app/Config/Routes.php:20 Photos::update [jwt]",
    "PUT /api/photos/{id} app/Config/Routes.php:20 Photos::update [jwt]",
    "GET /api/photos/{id}/edit app/Config/Routes.php:20 Photos::edit [jwt]",
    "GET /api/photos/new app/Config/Routes.php:20 Photos::new [jwt]",
    "ALL /legacy/{segment} routes/extra.php:3 Legacy::any",
  ]);
});

codeigniter.run();
