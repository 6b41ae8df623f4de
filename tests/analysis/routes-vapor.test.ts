import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const vapor = suite("Vapor routes");

vapor("grouped builders, group closures, RouteCollections registered from another file, middleware groups as guards; tests skipped", () => {
  assert.equal(routeLines("routes-vapor"), [
    "GET / Sources/App/routes.swift:4 (inline)",
    "GET /api/v1/me Sources/App/Controllers/AccountController.swift:5 AccountController.me [User.authenticator,User.guardMiddleware]",
    "PUT /api/v1/me Sources/App/Controllers/AccountController.swift:6 AccountController.update [User.authenticator,User.guardMiddleware]",
    "GET /api/v1/todos Sources/App/Controllers/TodoController.swift:6 TodoController.index",
    "POST /api/v1/todos Sources/App/Controllers/TodoController.swift:7 TodoController.create",
    "DELETE /api/v1/todos/{todoID} Sources/App/Controllers/TodoController.swift:10 TodoController.delete",
    "GET /api/v1/todos/{todoID} Sources/App/Controllers/TodoController.swift:9 TodoController.show",
    "GET /hello/{name} Sources/App/routes.swift:7 (inline)",
    "PATCH /status Sources/App/routes.swift:15 updateStatus",
  ]);
});

vapor.run();
