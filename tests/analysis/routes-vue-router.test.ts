import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const vue = suite("Vue Router routes");

vue("route records, nested children, spread modules, lazy components, beforeEnter and meta guards, exactly", () => {
  assert.equal(routeLines("routes-vue-router"), [
    "GET / src/router/index.ts:7 HomeView",
    "GET /{pathMatch} src/router/index.ts:20 NotFound",
    "GET /admin/audit src/router/modules/admin.js:3 Audit [requireAdmin,beforeEnter]",
    "GET /admin/settings src/router/modules/admin.js:2 Settings [requireAdmin]",
    "GET /login src/router/index.ts:8 LoginView",
    "GET /users/{id} src/router/index.ts:9 UserView [meta.requiresAuth]",
    "GET /users/{id} src/router/index.ts:14 UserOverview [meta.requiresAuth]",
    "GET /users/{id}/posts src/router/index.ts:15 UserPosts [meta.requiresAuth]",
  ]);
});

vue.run();
