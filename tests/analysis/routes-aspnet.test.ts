import { suite } from "uvu";
import * as assert from "uvu/assert";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const aspnet = suite("ASP.NET Core controller routes");

aspnet("attribute routes with [controller]/[action] tokens, constants, API versions, [Authorize] lifted by [AllowAnonymous], and conventional MVC routes", () => {
  assert.equal(routeLines("routes-aspnet"), [
    "GET /api/Users src/Shop.Api/Controllers/UsersController.cs:13 UsersController.GetAll [Authorize]",
    "POST /api/Users src/Shop.Api/Controllers/UsersController.cs:19 UsersController.Create [Authorize,Authorize(Roles=Admin)]",
    "GET /api/Users/{id} src/Shop.Api/Controllers/UsersController.cs:16 UsersController.GetById [Authorize]",
    "PATCH /api/Users/{id} src/Shop.Api/Controllers/UsersController.cs:23 UsersController.UpdateAsync [Authorize]",
    "PUT /api/Users/{id} src/Shop.Api/Controllers/UsersController.cs:23 UsersController.UpdateAsync [Authorize]",
    "GET /api/Users/count src/Shop.Api/Controllers/UsersController.cs:27 UsersController.Count",
    "GET /api/v1/Orders src/Shop.Api/Controllers/V2/OrdersController.cs:12 OrdersController.List",
    "GET /api/v2/Orders src/Shop.Api/Controllers/V2/OrdersController.cs:12 OrdersController.List",
    "GET /api/v2/Orders/{orderId} src/Shop.Api/Controllers/V2/OrdersController.cs:15 OrdersController.Get",
    "POST /Home/Contact src/Shop.Api/Controllers/HomeController.cs:11 HomeController.Contact",
    "ALL /Home/Details/{id} src/Shop.Api/Controllers/HomeController.cs:9 HomeController.Details",
    "ALL /Home/Index src/Shop.Api/Controllers/HomeController.cs:7 HomeController.Index",
    "GET /orders/Legacy src/Shop.Api/Controllers/V2/OrdersController.cs:19 OrdersController.Legacy",
    "POST /orders/Legacy src/Shop.Api/Controllers/V2/OrdersController.cs:19 OrdersController.Legacy",
  ]);
});

aspnet("MapControllers().RequireAuthorization() guards every action but those marked [AllowAnonymous]", () => {
  const root = tempDir();
  writeFiles(root, {
    "Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "Api/Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapControllers().RequireAuthorization();\napp.Run();\n",
    "Api/Controllers/ArticlesController.cs": [
      "[ApiController]",
      '[Route("api/articles")]',
      "public class ArticlesController : ControllerBase",
      "{",
      "    [HttpGet]",
      "    [AllowAnonymous]",
      "    public IActionResult List() => Ok();",
      "",
      "    [HttpPost]",
      "    public IActionResult Create() => Ok();",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/articles",
    "POST /api/articles [RequireAuthorization]",
  ]);
});

aspnet.run();
