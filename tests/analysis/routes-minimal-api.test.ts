import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const minimalApi = suite("ASP.NET Core minimal API routes");

minimalApi("MapGet and MapMethods, groups in variables and chains, RequireAuthorization on groups and routes, AllowAnonymous, extension methods in other files", () => {
  assert.equal(routeLines("routes-minimal-api"), [
    "GET / src/Todo.Api/Program.cs:9 (inline)",
    "DELETE /api/admin/cache src/Todo.Api/Program.cs:15 ClearCache [RequireAuthorization(admin)]",
    "GET /api/admin/health src/Todo.Api/Program.cs:16 (inline)",
    "GET /api/todos src/Todo.Api/Endpoints/TodoEndpoints.cs:7 GetAll [RequireAuthorization]",
    "POST /api/todos src/Todo.Api/Endpoints/TodoEndpoints.cs:9 Create [RequireAuthorization]",
    "GET /api/todos/{id} src/Todo.Api/Endpoints/TodoEndpoints.cs:8 GetById [RequireAuthorization]",
    "GET /ping src/Todo.Api/Program.cs:17 (inline)",
    "HEAD /ping src/Todo.Api/Program.cs:17 (inline)",
    "PUT /users/{id} src/Todo.Api/Endpoints/UserEndpoints.cs:7 UpdateUser [RequireAuthorization]",
    "POST /users/login src/Todo.Api/Endpoints/UserEndpoints.cs:8 (inline)",
    // Extension methods called in a chain on a group (`v2.AddTagRoutes().AddNoteRoutes()`).
    "POST /v2/notes src/Todo.Api/Endpoints/Versions.cs:22 (inline) [RequireAuthorization]",
    "GET /v2/tags src/Todo.Api/Endpoints/Versions.cs:16 (inline)",
  ]);
});

minimalApi.run();
