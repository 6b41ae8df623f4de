import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const egg = suite("Egg.js routes");

egg("the router files: named routes, middleware guards, namespaces with their middleware; nothing outside app/router", () => {
  assert.equal(routeLines("routes-egg"), [
    "GET / app/router.js:5 controller.home.index",
    "DELETE /admin/cache/{key} app/router/admin.js:7 app.controller.cache.remove [app.middleware.requireAdmin]",
    "GET /admin/stats app/router/admin.js:6 (inline) [app.middleware.requireAdmin]",
    "GET /user app/router.js:7 controller.user.get [app.jwt]",
    "POST /users/login app/router.js:6 controller.user.login",
  ]);
});

egg.run();
