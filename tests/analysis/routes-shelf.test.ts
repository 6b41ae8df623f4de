import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const shelf = suite("shelf_router routes");

shelf("cascades, a class router mounted from another file, regex parameters, a Pipeline guarding a mounted router", () => {
  assert.equal(routeLines("routes-shelf"), [
    "DELETE /admin/cache bin/server.dart:15 _clearCache [checkAuth]",
    "ALL /api/v1/echo lib/src/api.dart:10 (inline)",
    "GET /api/v1/notes lib/src/api.dart:7 _list",
    "POST /api/v1/notes lib/src/api.dart:9 _create",
    "GET /api/v1/notes/{id} lib/src/api.dart:8 _show",
    "GET /health bin/server.dart:11 (inline)",
  ]);
});

shelf.run();
