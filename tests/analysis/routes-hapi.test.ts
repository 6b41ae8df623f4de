import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const hapi = suite("hapi routes");

hapi("route objects in the plugin and in a module it mounts, plugins registered with a prefix, each route's auth and the server's default strategy; a client's table of calls is no route", () => {
  assert.equal(routeLines("routes-hapi"), [
    // mode: "try" lets everyone in.
    "GET /api/articles api/routes.js:6 handlers.list",
    "POST /api/articles api/routes.js:12 handlers.create [auth(jwt)]",
    "DELETE /api/articles/{slug} api/routes.js:18 handlers.remove [auth(jwt)]",
    "PATCH /api/me api/index.js:9 handlers.updateMe [auth(jwt)]",
    "PUT /api/me api/index.js:9 handlers.updateMe [auth(jwt)]",
    // auth: false declares it public.
    "GET /health server.js:11 (inline)",
  ]);
});

hapi.run();
