import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

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

minimalApi("a static method that is its class's first member, called with a group (UserHandlers.MapMethods(api)), mounts under that group", () => {
  const root = tempDir("tool-minimal-first-member-");
  writeFiles(root, {
    "src/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\nvar api = app.MapGroup(\"/api\");\nUserHandlers.MapMethods(api);\napp.Run();\n",
    "src/handlers/User.cs": "public class UserHandlers\n{\n  public static void MapMethods(IEndpointRouteBuilder app)\n  {\n    app.MapPost(\"/users/login\", login);\n  }\n}\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["POST /api/users/login"]);
});

minimalApi.run();
