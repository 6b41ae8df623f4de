import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const aspnet = suite("ASP.NET Core controller routes");

aspnet("attribute routes with [controller]/[action] tokens, constants, API versions, [Authorize] lifted by [AllowAnonymous], and conventional MVC routes (the default route's {id?} served with and without it; HomeController.Index also at / and /Home)", () => {
  assert.equal(routeLines("routes-aspnet"), [
    "ALL / src/Shop.Api/Controllers/HomeController.cs:7 HomeController.Index",
    "GET /api/Users src/Shop.Api/Controllers/UsersController.cs:13 UsersController.GetAll [Authorize]",
    "POST /api/Users src/Shop.Api/Controllers/UsersController.cs:19 UsersController.Create [Authorize,Authorize(Roles=Admin)]",
    "GET /api/Users/{id} src/Shop.Api/Controllers/UsersController.cs:16 UsersController.GetById [Authorize]",
    "PATCH /api/Users/{id} src/Shop.Api/Controllers/UsersController.cs:23 UsersController.UpdateAsync [Authorize]",
    "PUT /api/Users/{id} src/Shop.Api/Controllers/UsersController.cs:23 UsersController.UpdateAsync [Authorize]",
    "GET /api/Users/count src/Shop.Api/Controllers/UsersController.cs:27 UsersController.Count",
    "GET /api/v1/Orders src/Shop.Api/Controllers/V2/OrdersController.cs:12 OrdersController.List",
    "GET /api/v2/Orders src/Shop.Api/Controllers/V2/OrdersController.cs:12 OrdersController.List",
    "GET /api/v2/Orders/{orderId} src/Shop.Api/Controllers/V2/OrdersController.cs:15 OrdersController.Get",
    "ALL /Home src/Shop.Api/Controllers/HomeController.cs:7 HomeController.Index",
    "POST /Home/Contact src/Shop.Api/Controllers/HomeController.cs:11 HomeController.Contact",
    "ALL /Home/Details src/Shop.Api/Controllers/HomeController.cs:9 HomeController.Details",
    "ALL /Home/Details/{id} src/Shop.Api/Controllers/HomeController.cs:9 HomeController.Details",
    "ALL /Home/Index src/Shop.Api/Controllers/HomeController.cs:7 HomeController.Index",
    "GET /orders/Legacy src/Shop.Api/Controllers/V2/OrdersController.cs:19 OrdersController.Legacy",
    "POST /orders/Legacy src/Shop.Api/Controllers/V2/OrdersController.cs:19 OrdersController.Legacy",
  ]);
});

aspnet("MapControllers().RequireAuthorization() guards every action but those marked [AllowAnonymous], on the action or on its controller (an [Authorize] there too gives way)", () => {
  const root = tempDir();
  writeFiles(root, {
    "Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "Api/Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapControllers().RequireAuthorization();\napp.Run();\n",
    "Api/Controllers/AuthenticationController.cs": [
      "[AllowAnonymous]",
      "[ApiController]",
      "public class AuthenticationController : Controller",
      "{",
      '    [HttpPost("login")]',
      "    public IActionResult Login() => Ok();",
      '    [HttpGet("logout")]',
      '    [Authorize(Policy = "UI")]',
      "    public IActionResult Logout() => Ok();",
      "}",
      "",
    ].join("\n"),
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
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/articles",
    "GET /logout",
    "POST /api/articles [RequireAuthorization]",
    "POST /login",
  ]);
});

aspnet("UsePathBase(\"/api\") prefixes every action; one only under a setting (if (settings.SelfHosted) { app.UsePathBase(...) }) prefixes none", () => {
  const app = (startup: string) => {
    const root = tempDir("tool-aspnet-pathbase-");
    writeFiles(root, {
      "Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
      "Api/Startup.cs": startup,
      "Api/Controllers/ConfigController.cs": '[Route("config")]\npublic class ConfigController : Controller\n{\n    [HttpGet("")]\n    public IActionResult Get() => Ok();\n}\n',
    });
    git(root, "init", "-q");
    return guardedRoutes(root);
  };
  assert.equal(app('public class Startup\n{\n    public void Configure(IApplicationBuilder app)\n    {\n        app.UsePathBase("/api");\n        app.UseRouting();\n    }\n}\n'), ["GET /api/config"]);
  assert.equal(app('public class Startup\n{\n    public void Configure(IApplicationBuilder app, GlobalSettings globalSettings)\n    {\n        if (globalSettings.SelfHosted)\n        {\n            app.UsePathBase("/identity");\n        }\n        app.UseRouting();\n    }\n}\n'), ["GET /config"]);
  assert.equal(app('public class Startup\n{\n    public void Configure(IApplicationBuilder app)\n    {\n        if (selfHosted) app.UsePathBase("/identity");\n    }\n}\n'), ["GET /config"]);
});

aspnet("a conventionally routed action under an attribute of the app's with arguments ([RequirePermission(Permission.Org_List_View)]) is an action", () => {
  const root = tempDir("tool-aspnet-permission-");
  writeFiles(root, {
    "Admin/Admin.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "Admin/Startup.cs": "public class Startup\n{\n    public void Configure(IApplicationBuilder app)\n    {\n        app.UseEndpoints(endpoints => endpoints.MapDefaultControllerRoute());\n    }\n}\n",
    "Admin/Controllers/OrganizationsController.cs": [
      "[Authorize]",
      "public class OrganizationsController : Controller",
      "{",
      "    [RequirePermission(Permission.Org_List_View)]",
      "    public async Task<IActionResult> Index(string name = null,",
      "        int page = 1)",
      "    {",
      "        return View();",
      "    }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["ALL /Organizations [Authorize]", "ALL /Organizations/Index [Authorize]"]);
});

aspnet("a controller with a primary constructor taking many services (a header past 800 characters) is read", () => {
  const root = tempDir("tool-aspnet-primary-ctor-");
  const services = Array.from({ length: 20 }, (_, i) => `    IBillingCommandNumber${i} billingCommandNumber${i}`).join(",\n");
  writeFiles(root, {
    "Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "Api/Controllers/AccountBillingController.cs": `[Authorize("Application")]\n[Route("account/billing")]\npublic class AccountBillingController(\n${services}) : Controller\n{\n    [HttpGet("credit")]\n    public async Task<IResult> GetCreditAsync() => TypedResults.Ok();\n}\n`,
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /account/billing/credit [Authorize(Application)]"]);
});

aspnet("a base controller of the app's gives its [Route] template (with the derived controller's name) and its [Authorize]; a controller's own [Route] (after #nullable and a doc comment) replaces it, its [AllowAnonymous] lifts it; a base without a template leaves conventional routes alone", () => {
  const root = tempDir("tool-aspnet-base-controllers-");
  writeFiles(root, {
    "API/API.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "API/Controllers/BaseApiController.cs": "\uFEFFusing Microsoft.AspNetCore.Mvc;\n\nnamespace API.Controllers;\n\n[ApiController]\n[Route(\"api/[controller]\")]\n[Authorize]\npublic class BaseApiController : ControllerBase\n{\n}\n",
    "API/Controllers/AdminBaseController.cs": "namespace API.Controllers;\n\npublic abstract class AdminBaseController : BaseApiController\n{\n}\n",
    "API/Controllers/RatingController.cs": "namespace API.Controllers;\n\npublic class RatingController : BaseApiController\n{\n    [HttpGet(\"overall\")]\n    public ActionResult GetOverallRating(int seriesId) => Ok();\n\n    [HttpPost]\n    public ActionResult Rate() => Ok();\n}\n",
    "API/Controllers/ServerController.cs": "namespace API.Controllers;\n\npublic class ServerController : AdminBaseController\n{\n    [HttpPost(\"backup-db\")]\n    public ActionResult BackupDatabase() => Ok();\n}\n",
    "API/Controllers/WantToReadController.cs": "namespace API.Controllers;\n\n#nullable enable\n\n/// <summary>\n/// Responsible for all things Want To Read\n/// </summary>\n[Route(\"api/want-to-read\")]\npublic class WantToReadController : BaseApiController\n{\n    [HttpGet]\n    public ActionResult List() => Ok();\n}\n",
    "API/Controllers/HealthController.cs": "namespace API.Controllers;\n\n[AllowAnonymous]\npublic class HealthController : BaseApiController\n{\n    [HttpGet]\n    public ActionResult GetHealth() => Ok(\"Ok\");\n}\n",
    "Web/Controllers/BasePublicController.cs": "namespace Web.Controllers;\n\npublic abstract class BasePublicController : Controller\n{\n    protected ActionResult Back() => Redirect(\"/\");\n}\n",
    "Web/Controllers/HomeController.cs": "namespace Web.Controllers;\n\npublic class HomeController : BasePublicController\n{\n    public IActionResult Index() => View();\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "ALL / HomeController.Index",
    "GET /api/Health HealthController.GetHealth",
    "POST /api/Rating RatingController.Rate [Authorize]",
    "GET /api/Rating/overall RatingController.GetOverallRating [Authorize]",
    "POST /api/Server/backup-db ServerController.BackupDatabase [Authorize]",
    "GET /api/want-to-read WantToReadController.List [Authorize]",
    "ALL /Home HomeController.Index",
    "ALL /Home/Index HomeController.Index",
  ]);
});

aspnet("an action nothing authorizes that checks the caller at its top (a key it sent looked up, a refusal of a missing user) is guarded; one that refuses on something else (a sign-in's outcome, a role) is not", () => {
  const root = tempDir("tool-aspnet-handler-checks-");
  writeFiles(root, {
    "API/API.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "API/Controllers/ImageController.cs": [
      "namespace API.Controllers;",
      "",
      "[ApiController]",
      '[Route("api/[controller]")]',
      "[AllowAnonymous]",
      "public class ImageController : ControllerBase",
      "{",
      '    [HttpGet("chapter-cover")]',
      "    public async Task<ActionResult> GetChapterCoverImage(int chapterId, string apiKey)",
      "    {",
      "        var userId = await _unitOfWork.UserRepository.GetUserIdByApiKeyAsync(apiKey);",
      "        if (userId == 0) return BadRequest();",
      "        return PhysicalFile(await Cover(chapterId), \"image/png\");",
      "    }",
      "",
      '    [HttpPost("scan-folder")]',
      "    public async Task<ActionResult> ScanFolder(ScanFolderDto dto)",
      "    {",
      "        var userId = await _unitOfWork.UserRepository.GetUserIdByApiKeyAsync(dto.ApiKey);",
      "        var user = await _unitOfWork.UserRepository.GetUserByIdAsync(userId);",
      "        if (user == null) return Unauthorized();",
      "        return Ok();",
      "    }",
      "",
      '    [HttpGet("series-cover")]',
      "    public async Task<ActionResult> GetSeriesCover(int seriesId)",
      "    {",
      "        var series = await _unitOfWork.SeriesRepository.GetSeriesByIdAsync(seriesId);",
      "        if (series == null) return NotFound();",
      "        return PhysicalFile(series.CoverImage, \"image/png\");",
      "    }",
      "",
      '    [HttpPost("login")]',
      "    public async Task<IActionResult> Login([FromBody] LoginUserRequest request)",
      "    {",
      "        var loginResponse = await Mediator.Send(new LoginUserCommand(request));",
      "        if (!loginResponse.Response.IsAuthenticated)",
      "            return Unauthorized();",
      "        return Ok(loginResponse);",
      "    }",
      "",
      '    [HttpPost("forgot-password")]',
      "    public async Task<ActionResult> ForgotPassword(string email)",
      "    {",
      "        var user = await _unitOfWork.UserRepository.GetUserByEmailAsync(email);",
      "        if (user == null) { return Ok(); }",
      "        var roles = await _userManager.GetRolesAsync(user);",
      "        if (!roles.Any(r => r == \"Admin\"))",
      "            return Unauthorized(await Translate(user.Id, \"permission-denied\"));",
      "        return Ok();",
      "    }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/Image/chapter-cover [(checks the caller's key in the action)]",
    "POST /api/Image/forgot-password",
    "POST /api/Image/login",
    "POST /api/Image/scan-folder [(checks the caller in the action)]",
    "GET /api/Image/series-cover",
  ]);
});

aspnet("attribute classes of the app's: a RouteAttribute subclass gives its template (on the controller or its base), an AuthorizeAttribute subclass guards", () => {
  const root = tempDir("tool-aspnet-custom-attributes-");
  writeFiles(root, {
    "src/Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Api/Attributes/ApiV1Attribute.cs": "using Microsoft.AspNetCore.Mvc;\n\nnamespace Api.Controllers\n{\n    [Route(ApiBase)]\n    public class ApiV1Attribute : RouteAttribute\n    {\n        protected const string ApiBase = \"api/v1/[controller]\";\n\n        public ApiV1Attribute() : base(ApiBase)\n        {\n        }\n    }\n}\n",
    "src/Api/Attributes/ApiV2Attribute.cs": "using Microsoft.AspNetCore.Mvc;\n\nnamespace Api.Controllers\n{\n    public class ApiV2Attribute : RouteAttribute\n    {\n        public ApiV2Attribute() : base(\"api/v2/[controller]\")\n        {\n        }\n    }\n}\n",
    "src/Api/Attributes/AdminAttribute.cs": "using Microsoft.AspNetCore.Authorization;\n\nnamespace Api.Attributes\n{\n    public class AdminAttribute : AuthorizeAttribute\n    {\n        public AdminAttribute() { Roles = \"Admin\"; }\n    }\n}\n",
    "src/Api/Controllers/V1/EmbyController.cs": "namespace Api.Controllers.V1\n{\n    [Admin]\n    [ApiV1]\n    [Produces(\"application/json\")]\n    public class EmbyController : Controller\n    {\n        [HttpPost]\n        [AllowAnonymous]\n        public Task<EmbySettings> SignIn([FromBody] EmbySettings request) => Login(request);\n\n        [HttpPost(\"info\")]\n        public Task<EmbyInfo> GetServerInfo([FromBody] EmbyServer server) => Info(server);\n    }\n}\n",
    "src/Api/Controllers/V2/V2Controller.cs": "namespace Api.Controllers.V2\n{\n    [ApiV2]\n    [Authorize]\n    [ApiController]\n    public class V2Controller : ControllerBase\n    {\n    }\n}\n",
    "src/Api/Controllers/V2/FeaturesController.cs": "namespace Api.Controllers.V2\n{\n    public class FeaturesController : V2Controller\n    {\n        [HttpGet]\n        public Task<List<Feature>> GetFeatures() => Features();\n    }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/v1/Emby",
    "POST /api/v1/Emby/info [Admin]",
    "GET /api/v2/Features [Authorize]",
  ]);
});

aspnet("a route template attribute class of the app's (IRouteTemplateProvider) gives the template it builds from its arguments, through the base it hands them to; verb attribute classes of the app's give their method and template; a controller serves the actions of the app's abstract controllers it extends (through other bases), but for those it declares itself or switches off", () => {
  const root = tempDir("tool-aspnet-template-provider-");
  writeFiles(root, {
    "src/Movies.Api/Movies.Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Movies.Http/VersionedApiControllerAttribute.cs": [
      "using System;",
      "using Microsoft.AspNetCore.Mvc.Routing;",
      "namespace Movies.Http",
      "{",
      "    public class VersionedApiControllerAttribute : Attribute, IRouteTemplateProvider",
      "    {",
      "        public const string CONTROLLER_RESOURCE = \"[controller]\";",
      "        public VersionedApiControllerAttribute(int version, string resource = CONTROLLER_RESOURCE)",
      "        {",
      "            Resource = resource;",
      "            Template = $\"api/v{version}/{resource}\";",
      "        }",
      "        public string Resource { get; }",
      "        public string Template { get; }",
      "    }",
      "    public class V3ApiControllerAttribute : VersionedApiControllerAttribute",
      "    {",
      "        public V3ApiControllerAttribute(string resource = \"[controller]\")",
      "            : base(3, resource)",
      "        {",
      "        }",
      "    }",
      "}",
    ].join("\n"),
    "src/Movies.Http/REST/RestController.cs": "namespace Movies.Http.REST\n{\n    public abstract class RestController<TResource> : Controller\n    {\n        [RestGetById]\n        public virtual ActionResult<TResource> GetResourceByIdWithErrorHandler(int id) => Found(id);\n\n        public override void OnActionExecuting(ActionExecutingContext context) { }\n    }\n}\n",
    "src/Movies.Api/Config/ConfigController.cs": "namespace Movies.Api.Config\n{\n    public abstract class ConfigController<TResource> : RestController<TResource>\n    {\n        [HttpGet]\n        public TResource GetConfig() => Read();\n\n        [RestPutById]\n        public virtual ActionResult<TResource> SaveConfig([FromBody] TResource resource) => Save(resource);\n    }\n}\n",
    "src/Movies.Api/Providers/ProviderControllerBase.cs": "namespace Movies.Api.Providers\n{\n    public abstract class ProviderControllerBase<TResource> : RestController<TResource>\n    {\n        [HttpGet(\"schema\")]\n        public List<TResource> GetTemplates() => Templates();\n\n        [RestPutById]\n        public ActionResult<TResource> UpdateProvider([FromRoute] int id, [FromBody] TResource resource, [FromQuery] bool forceSave = false) => Save(resource);\n\n        [HttpPut(\"bulk\")]\n        public virtual ActionResult<TResource> UpdateProvider([FromBody] Dictionary<int, TResource> resources) => SaveAll(resources);\n    }\n}\n",
    // Its NonAction override switches off the bulk overload of UpdateProvider, not the one by id.
    "src/Movies.Api/Providers/NotificationController.cs": "namespace Movies.Api.Providers\n{\n    [V3ApiController]\n    public class NotificationController : ProviderControllerBase<NotificationResource>\n    {\n        [NonAction]\n        public override ActionResult<NotificationResource> GetResourceByIdWithErrorHandler(int id) => NotFound();\n\n        [NonAction]\n        public override ActionResult<NotificationResource> UpdateProvider([FromBody] Dictionary<int, NotificationResource> resources) => NotFound();\n    }\n}\n",
    // An abstract base between a controller and RestController whose NonAction override hides the action for every controller under it.
    "src/Movies.Api/Releases/ReleaseControllerBase.cs": "namespace Movies.Api.Releases\n{\n    public abstract class ReleaseControllerBase : RestController<ReleaseResource>\n    {\n        [NonAction]\n        public override ActionResult<ReleaseResource> GetResourceByIdWithErrorHandler(int id) => NotFound();\n    }\n}\n",
    "src/Movies.Api/Releases/ReleaseController.cs": "namespace Movies.Api.Releases\n{\n    [V3ApiController]\n    public class ReleaseController : ReleaseControllerBase\n    {\n        [HttpGet]\n        public List<ReleaseResource> GetReleases() => All();\n    }\n}\n",
    "src/Movies.Api/Config/HostConfigController.cs": "namespace Movies.Api.Config\n{\n    [V3ApiController(\"config/host\")]\n    public class HostConfigController : ConfigController<HostConfigResource>\n    {\n        public override ActionResult<HostConfigResource> SaveConfig([FromBody] HostConfigResource resource) => Save(resource);\n    }\n}\n",
    "src/Movies.Api/AlternativeTitleController.cs": "namespace Movies.Api\n{\n    [V3ApiController(\"alttitle\")]\n    public class AlternativeTitleController : RestController<AlternativeTitleResource>\n    {\n        [HttpGet]\n        public List<AlternativeTitleResource> GetAltTitles(int? movieId) => Titles(movieId);\n    }\n}\n",
    "src/Movies.Api/IndexerController.cs": "namespace Movies.Api\n{\n    [V3ApiController]\n    public class IndexerController : Controller\n    {\n        [HttpGet(\"schema\")]\n        public List<IndexerResource> GetSchema() => Schema();\n\n        [HttpDelete(\"{id:int}\")]\n        public void Delete(int id) => Remove(id);\n    }\n}\n",
    "src/Movies.Http/REST/RestPutByIdAttribute.cs": "using Microsoft.AspNetCore.Mvc;\nnamespace Movies.Http.REST\n{\n    public class RestPutByIdAttribute : HttpPutAttribute\n    {\n        public RestPutByIdAttribute()\n            : base(\"{id:int?}\")\n        {\n        }\n    }\n    public class RestPostByIdAttribute : HttpPostAttribute\n    {\n    }\n}\n",
    "src/Movies.Http/REST/RestGetByIdAttribute.cs": "using Microsoft.AspNetCore.Mvc.Routing;\nnamespace Movies.Http.REST\n{\n    public class RestGetByIdAttribute : Attribute, IActionHttpMethodProvider, IRouteTemplateProvider\n    {\n        public IEnumerable<string> HttpMethods => new[] { \"GET\" };\n        public string Template => \"{id:int}\";\n    }\n}\n",
    // A decoy: an attribute named like a verb that is none.
    "src/Movies.Http/GetCachedAttribute.cs": "namespace Movies.Http\n{\n    public class GetCachedAttribute : ActionFilterAttribute\n    {\n    }\n}\n",
    "src/Movies.Api/TagController.cs": "namespace Movies.Api\n{\n    [V3ApiController]\n    public class TagController : Controller\n    {\n        [RestPostById]\n        public ActionResult<TagResource> Create([FromBody] TagResource resource) => Add(resource);\n\n        [RestPutById]\n        public ActionResult<TagResource> Update([FromBody] TagResource resource) => Save(resource);\n\n        [RestGetById]\n        public TagResource GetTag(int id) => Find(id);\n\n        [HttpGet]\n        [GetCached]\n        public List<TagResource> GetAll() => All();\n    }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /api/v3/alttitle",
    "GET /api/v3/alttitle/{id}",
    "GET /api/v3/config/host",
    "PUT /api/v3/config/host",
    "GET /api/v3/config/host/{id}",
    "PUT /api/v3/config/host/{id}",
    "DELETE /api/v3/Indexer/{id}",
    "GET /api/v3/Indexer/schema",
    "PUT /api/v3/Notification",
    "PUT /api/v3/Notification/{id}",
    "GET /api/v3/Notification/schema",
    "GET /api/v3/Release",
    "GET /api/v3/Tag",
    "POST /api/v3/Tag",
    "PUT /api/v3/Tag",
    "GET /api/v3/Tag/{id}",
    "PUT /api/v3/Tag/{id}",
  ]);
});

aspnet("a template provider that builds its template from a property its constructor sets (Version = version), and a catch-all constrained by a regular expression holding slashes and parentheses", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/Tv.Http/Tv.Http.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Tv.Http/VersionedFeedControllerAttribute.cs": [
      "namespace Tv.Http",
      "{",
      "    public class VersionedFeedControllerAttribute : Attribute, IRouteTemplateProvider",
      "    {",
      "        public VersionedFeedControllerAttribute(int version, string resource = \"[controller]\")",
      "        {",
      "            Version = version;",
      "            Template = $\"feed/v{Version}/{resource}\";",
      "        }",
      "        public string Template { get; private set; }",
      "        public int Version { get; private set; }",
      "    }",
      "    public class V3FeedControllerAttribute : VersionedFeedControllerAttribute",
      "    {",
      "        public V3FeedControllerAttribute(string resource = \"[controller]\")",
      "            : base(3, resource)",
      "        {",
      "        }",
      "    }",
      "}",
    ].join("\n"),
    "src/Tv.Http/CalendarFeedController.cs": "namespace Tv.Http\n{\n    [V3FeedController(\"calendar\")]\n    public class CalendarFeedController : Controller\n    {\n        [HttpGet(\"Tv.ics\")]\n        public IActionResult GetCalendarFeed() => Ok();\n    }\n}\n",
    "src/Tv.Http/StaticResourceController.cs": "namespace Tv.Http\n{\n    public class StaticResourceController : Controller\n    {\n        [HttpGet(\"/content/{**path:regex(^(?!api/).*)}\")]\n        public IActionResult IndexContent([FromRoute] string path) => Ok();\n    }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /content/{path}", "GET /feed/v3/calendar/Tv.ics"]);
});

aspnet("a conventionally routed controller of an [Area] is served under the area; an action without a template of its own beside attribute-routed ones takes the conventional route, not in an [ApiController]", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/Shop.Web/Shop.Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Shop.Web/Program.cs": 'var app = WebApplication.CreateBuilder(args).Build();\napp.MapControllerRoute(name: "areas", pattern: "{area:exists}/{controller=Home}/{action=Index}/{id?}");\napp.Run();\n',
    "src/Shop.Web/Areas/Catalog/Controllers/BrandController.cs": [
      "namespace Shop.Areas.Catalog.Controllers",
      "{",
      '    [Area("Catalog")]',
      "    public class BrandController : Controller",
      "    {",
      "        public IActionResult BrandDetail(long id) { return View(); }",
      "    }",
      "}",
    ].join("\n"),
    "src/Shop.Web/Areas/Core/Controllers/AccountController.cs": [
      "namespace Shop.Areas.Core.Controllers",
      "{",
      '    [Area("Core")]',
      "    [Authorize]",
      "    public class AccountController : Controller",
      "    {",
      "        [HttpGet]",
      "        [AllowAnonymous]",
      '        [Route("login")]',
      "        public IActionResult Login(string returnUrl = null) { return View(); }",
      "",
      "        [HttpPost]",
      "        public async Task<IActionResult> LogOff() { return Redirect(\"/\"); }",
      "",
      "        [HttpGet]",
      "        [AllowAnonymous]",
      "        public IActionResult ForgotPassword() { return View(); }",
      "    }",
      "}",
    ].join("\n"),
    "src/Shop.Web/Controllers/OrdersApiController.cs": [
      "namespace Shop.Controllers",
      "{",
      "    [ApiController]",
      "    public class OrdersApiController : ControllerBase",
      "    {",
      '        [HttpGet("api/orders")]',
      "        public IActionResult List() { return Ok(); }",
      "",
      "        public IActionResult Helper() { return Ok(); }",
      "    }",
      "}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "GET /api/orders",
    "ALL /Catalog/Brand/BrandDetail",
    "ALL /Catalog/Brand/BrandDetail/{id}",
    "GET /Core/Account/ForgotPassword",
    "POST /Core/Account/LogOff [Authorize]",
    "GET /login",
  ]);
});

aspnet("a Blazor WebAssembly project's components route in the browser: no server routes, unless a Blazor Web App renders the client's assembly too (AddAdditionalAssemblies)", () => {
  const app = (server: string) => {
    const root = tempDir();
    writeFiles(root, {
      "src/Blog/Blog.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
      "src/Blog/Program.cs": server,
      "src/Blog/Controllers/PostsController.cs": '[ApiController]\n[Route("api/posts")]\npublic class PostsController : ControllerBase {\n  [HttpGet]\n  public IActionResult List() => Ok();\n}\n',
      "src/Blog.Admin/Blog.Admin.csproj": '<Project Sdk="Microsoft.NET.Sdk.BlazorWebAssembly">\n</Project>\n',
      "src/Blog.Admin/Pages/Posts.razor": '@page "/admin/posts"\n<h1>Posts</h1>\n',
    });
    return guardedRoutes(root);
  };
  assert.equal(app("var app = WebApplication.Create(args);\napp.MapControllers();\napp.Run();\n"), ["GET /api/posts"]);
  assert.equal(app("var app = WebApplication.Create(args);\napp.MapControllers();\napp.MapRazorComponents<App>().AddInteractiveWebAssemblyRenderMode().AddAdditionalAssemblies(typeof(Blog.Admin._Imports).Assembly);\napp.Run();\n").filter((r) => r.includes("/admin/posts")), ["GET /admin/posts"]);
});

aspnet("Blazor components are routes for each @page directive, guarded by @attribute [Authorize] (here or in an _Imports.razor above) or by a convention covering the host page; Razor Pages are routes at their path below Pages/, or at the template they start from the root (~/x, /x)", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/Tv/Tv.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Tv/Startup.cs": [
      "public class Startup {",
      "  public void ConfigureServices(IServiceCollection services) {",
      "    services.AddRazorPages(options => {",
      "      if (OidcHelper.IsEnabled) { options.Conventions.AuthorizeFolder(\"/\"); }",
      "    });",
      "  }",
      "  public void Configure(IApplicationBuilder app) {",
      "    app.UseEndpoints(endpoints => { endpoints.MapBlazorHub(); endpoints.MapFallbackToPage(\"/_Host\"); });",
      "  }",
      "}",
    ].join("\n"),
    "src/Tv/Pages/_Host.cshtml": '@page "/"\n@namespace Tv.Pages\n<component type="typeof(App)" render-mode="ServerPrerendered" />\n',
    "src/Tv/Pages/ArtistList.razor": '\uFEFF@page "/media/music/artists"\n@page "/media/music/artists/page/{PageNumber:int}"\n<h1>Artists</h1>\n',
    "src/Tv/Pages/Shared/Header.razor": "<header>no page directive: a component, not a route</header>\n",
    "src/Other/Other.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Other/Admin/_Imports.razor": "@using Microsoft.AspNetCore.Authorization\n@attribute [Authorize(Roles = \"Admin\")]\n",
    "src/Other/Admin/Users.razor": '@page "/admin/users/{Id:guid?}"\n<h1>Users</h1>\n',
    "src/Other/Admin/Status.razor": '@page "/admin/status"\n@attribute [AllowAnonymous]\n<h1>Up</h1>\n',
    "src/Shop/Pages/Index.cshtml": "@page\n@model IndexModel\n<h1>Shop</h1>\n",
    "src/Shop/Pages/Orders/Edit.cshtml": '@page "{id:int}"\n@model EditModel\n',
    "src/Shop/Pages/Orders/Edit.cshtml.cs": "public class EditModel : PageModel {\n  public void OnGet(int id) {}\n  public async Task<IActionResult> OnPostAsync(int id) { return Page(); }\n}\n",
    // A named handler answers at the optional {handler} segment; the page's own handlers without it.
    "src/Shop/Pages/Basket/Index.cshtml": '@page "{handler?}"\n@model IndexModel\n',
    "src/Shop/Pages/Basket/Index.cshtml.cs": "public class IndexModel : PageModel {\n  public async Task OnGet() {}\n  public async Task<IActionResult> OnPost(CatalogItemViewModel item) { return Page(); }\n  public async Task OnPostUpdate(IEnumerable<BasketItemViewModel> items) {}\n}\n",
    // A template from the application's root (`~/`) or `/` is the page's whole route.
    "src/Shop/Pages/AliasEdit.cshtml": '@page "~/manager/aliases"\n@model AliasEditViewModel\n',
    "src/Shop/Pages/Orders/Export.cshtml": '@page "/exports/orders"\n',
  });
  assert.equal(guardedRoutes(root), [
    "GET /",
    // The circuit's hub (MapBlazorHub) and the host page's fallback (MapFallbackToPage) are endpoints of their own.
    "GET /_blazor",
    "POST /_blazor/negotiate",
    "ALL /{path}",
    "GET /admin/status",
    "GET /admin/users [Authorize(Roles = \"Admin\")]",
    "GET /admin/users/{Id} [Authorize(Roles = \"Admin\")]",
    "GET /Basket",
    "POST /Basket",
    "POST /Basket/{handler}",
    "GET /exports/orders",
    "GET /manager/aliases",
    "GET /media/music/artists [AuthorizeFolder(/)]",
    "GET /media/music/artists/page/{PageNumber} [AuthorizeFolder(/)]",
    "GET /Orders/Edit/{id}",
    "POST /Orders/Edit/{id}",
  ]);
});

aspnet("a Blazor component with a form of its own (method=\"post\" with @formname, an EditForm with FormName, [SupplyParameterFromForm]) is posted to at its path, and so is one a layout's form posts to by its action; a page with a form to elsewhere is not", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/WebApp/WebApp.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/WebApp/Components/Pages/Item/ItemPage.razor": '@page "/item/{itemId:int}"\n<form class="add-to-cart" method="post" @formname="add-to-cart" @onsubmit="@AddToCartAsync">\n  <button type="submit">Add</button>\n</form>\n',
    "src/WebApp/Components/Pages/Cart/CartPage.razor": '@page "/cart"\n<h1>Cart</h1>\n@code {\n    [SupplyParameterFromForm]\n    public int? UpdateQuantityId { get; set; }\n}\n',
    "src/WebApp/Components/Pages/Checkout/Checkout.razor": '@page "/checkout"\n<EditForm EditContext="@editContext" FormName="checkout" OnSubmit="@HandleSubmitAsync">\n</EditForm>\n',
    "src/WebApp/Components/Pages/User/LogOut.razor": '@page "/user/logout"\n<p>Signing out</p>\n',
    "src/WebApp/Components/Pages/Search.razor": '@page "/search"\n<form method="get" action="/results"><input name="q" /></form>\n',
    "src/WebApp/Components/Layout/UserMenu.razor": '<form class="dropdown-item" method="post" action="user/logout" @formname="logout" @onsubmit="LogOutAsync">\n  <button type="submit">Log out</button>\n</form>\n',
  });
  assert.equal(guardedRoutes(root), [
    "GET /cart",
    "POST /cart",
    "GET /checkout",
    "POST /checkout",
    "GET /item/{itemId}",
    "POST /item/{itemId}",
    "GET /search",
    "GET /user/logout",
    "POST /user/logout",
  ]);
});

aspnet("the parts of a partial controller are one class: [Authorize] and [Route] on one part apply to the actions every part declares", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "Shop.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>\n',
    "Controllers/ServerController.cs": [
      "using Microsoft.AspNetCore.Authorization;",
      "using Microsoft.AspNetCore.Mvc;",
      "namespace Shop.Controllers",
      "{",
      "    [Authorize(Policy = Policies.CanModifyServerSettings)]",
      '    [Route("server")]',
      "    public partial class ServerController : Controller",
      "    {",
      '        [HttpGet("policies")]',
      "        public IActionResult Policies() => View();",
      "    }",
      "}",
    ].join("\n"),
    "Controllers/ServerController.Users.cs": [
      "using Microsoft.AspNetCore.Mvc;",
      "namespace Shop.Controllers",
      "{",
      "    public partial class ServerController",
      "    {",
      '        [HttpGet("users")]',
      "        public IActionResult ListUsers() => View();",
      '        [HttpPost("users/{userId}/delete")]',
      "        public IActionResult DeleteUser(string userId) => View();",
      "    }",
      "}",
    ].join("\n"),
    // Another controller, not partial, takes nothing from them.
    "Areas/Admin/ServerController.cs": 'using Microsoft.AspNetCore.Mvc;\nnamespace Shop.Areas.Admin\n{\n    public class UsersController : Controller\n    {\n        [HttpGet("/admin/users")]\n        public IActionResult Index() => View();\n    }\n}\n',
  });
  assert.equal(guardedRoutes(root), [
    "GET /admin/users",
    "GET /server/policies [Authorize(Policy=Policies.CanModifyServerSettings)]",
    "GET /server/users [Authorize(Policy=Policies.CanModifyServerSettings)]",
    "POST /server/users/{userId}/delete [Authorize(Policy=Policies.CanModifyServerSettings)]",
  ]);
});

aspnet("an app's own base named ApiController, extended through a primary constructor (: ApiController(commandBus)), gives its [Route] naming a constant of another project's file (Constants.PrefixApi); an attribute of the app's extending an authorization attribute through another (ApiPermission : AuthorizeAttribute) guards, even one named as if it let anonymous callers in when it is given what it requires (without, it makes the route public)", () => {
  const root = tempDir("tool-aspnet-own-api-controller-");
  writeFiles(root, {
    "src/Cms/Cms.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Cms.Web/Constants.cs": "namespace Cms.Web;\n\npublic static class Constants\n{\n    public const string PrefixApi = \"/api\";\n}\n",
    "src/Cms.Web/ApiController.cs": "namespace Cms.Web;\n\n[ApiController]\n[Route(Constants.PrefixApi)]\npublic abstract class ApiController : Controller\n{\n    protected ApiController(ICommandBus commandBus) { }\n}\n",
    "src/Cms.Web/ApiPermissionAttribute.cs": "namespace Cms.Web;\n\npublic class ApiPermissionAttribute : AuthorizeAttribute, IAsyncActionFilter\n{\n    public ApiPermissionAttribute(params string[] ids) { }\n}\n",
    "src/Cms.Web/AppPermissionAttribute.cs": "namespace Cms.Web;\n\npublic sealed class AppPermissionAttribute(params string[] ids) : ApiPermissionAttribute(ids)\n{\n}\n",
    "src/Cms.Web/ApiPermissionOrAnonymousAttribute.cs": "namespace Cms.Web;\n\npublic class ApiPermissionOrAnonymousAttribute(params string[] ids) : ApiPermissionAttribute(ids), IAllowAnonymous\n{\n}\n",
    "src/Cms/Controllers/AppClientsController.cs": [
      "namespace Cms.Controllers;",
      "",
      "public sealed class AppClientsController(ICommandBus commandBus, IAppProvider apps) : ApiController(commandBus)",
      "{",
      "    [HttpGet]",
      "    [Route(\"apps/{app}/clients/\")]",
      "    [AppPermission(\"app.clients.read\")]",
      "    public IActionResult GetClients(string app) => Ok();",
      "",
      "    [HttpGet]",
      "    [Route(\"apps/{app}/ping\")]",
      "    [ApiPermissionOrAnonymous]",
      "    public IActionResult Ping(string app) => Ok();",
      "",
      "    [HttpPut]",
      "    [Route(\"apps/{app}/\")]",
      "    [ApiPermissionOrAnonymous(PermissionIds.AppUpdate)]",
      "    public IActionResult PutApp(string app) => Ok();",
      "",
      "    [HttpPost]",
      "    [Route(\"apps/{app}/query\")]",
      "    [ApiPermissionOrAnonymous]",
      "    public IActionResult PostQuery(string app) => Ok();",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  // Named as letting anonymous callers in and given nothing to require, it lets them in on purpose: the route is public.
  const report = analyze(root);
  assert.equal(report.routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.public ? " public" : ""}`), [
    "PUT /api/apps/{app} AppClientsController.PutApp [ApiPermissionOrAnonymous(PermissionIds.AppUpdate)]",
    "GET /api/apps/{app}/clients AppClientsController.GetClients [AppPermission]",
    "GET /api/apps/{app}/ping AppClientsController.Ping public",
    "POST /api/apps/{app}/query AppClientsController.PostQuery public",
  ]);
  assert.equal(report.findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title}`), ["low POST /api/apps/{app}/query has no route-level guard"]);
});

aspnet("a route token transformer that hyphenates ([a-z])([A-Z] -> $1-$2) slugs [controller]/[action] routes; Ardalis API endpoints (BaseAsyncEndpoint) are controllers", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "src/Web/Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Web/Startup.cs": [
      "public class Startup {",
      "    public void ConfigureServices(IServiceCollection services) {",
      "        services.AddMvc(options => {",
      "            options.Conventions.Add(new RouteTokenTransformerConvention(new SlugifyParameterTransformer()));",
      "        });",
      "    }",
      "}",
    ].join("\n"),
    "src/Web/SlugifyParameterTransformer.cs": [
      "public class SlugifyParameterTransformer : IOutboundParameterTransformer {",
      "    public string TransformOutbound(object value) {",
      "        if (value == null) { return null; }",
      '        return Regex.Replace(value.ToString(), "([a-z])([A-Z])", "$1-$2").ToLower();',
      "    }",
      "}",
    ].join("\n"),
    "src/Web/Controllers/ManageController.cs": [
      "[Authorize]",
      '[Route("[controller]/[action]")]',
      "public class ManageController : Controller {",
      "    [HttpGet]",
      "    public IActionResult ChangePassword() => View();",
      "    [HttpPost]",
      "    public IActionResult Disable2faWarning() => View();",
      "}",
    ].join("\n"),
    "src/PublicApi/PublicApi.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/PublicApi/CatalogItemEndpoints/Create.cs": [
      "using Ardalis.ApiEndpoints;",
      "",
      "[Authorize(Roles = \"Administrators\", AuthenticationSchemes = JwtBearerDefaults.AuthenticationScheme)]",
      "public class Create : BaseAsyncEndpoint",
      "    .WithRequest<CreateCatalogItemRequest>",
      "    .WithResponse<CreateCatalogItemResponse>",
      "{",
      '    [HttpPost("api/catalog-items")]',
      "    public override async Task<ActionResult<CreateCatalogItemResponse>> HandleAsync(CreateCatalogItemRequest request, CancellationToken cancellationToken) {",
      "        return Ok();",
      "    }",
      "}",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? " (guarded)" : ""}`), [
    "POST /api/catalog-items (guarded)",
    "GET /manage/change-password (guarded)",
    "POST /manage/disable2fa-warning (guarded)",
  ]);
});

aspnet("Identity's default UI (AddDefaultIdentity) serves its pages under /Identity, the Manage folder authorized; a page the app scaffolds replaces the default one", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "src/Web/Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Web/Startup.cs": [
      "public class Startup {",
      "    public void ConfigureServices(IServiceCollection services) {",
      "        services.AddDefaultIdentity<ApplicationUser>().AddEntityFrameworkStores<AppIdentityDbContext>();",
      "        services.AddRazorPages();",
      "    }",
      "    public void Configure(IApplicationBuilder app) {",
      "        app.UseEndpoints(endpoints => endpoints.MapRazorPages());",
      "    }",
      "}",
    ].join("\n"),
    "src/Web/Pages/Index.cshtml": "@page\n<h1>Shop</h1>\n",
    "src/Web/Areas/Identity/Pages/Account/Login.cshtml": "@page\n@model LoginModel\n",
    "src/Web/Areas/Identity/Pages/Account/Login.cshtml.cs": "[AllowAnonymous]\npublic class LoginModel : PageModel {\n  public async Task OnGetAsync(string returnUrl = null) {}\n  public async Task<IActionResult> OnPostAsync(string returnUrl = null) { return Page(); }\n}\n",
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  for (const expected of [
    "GET /Identity/Account/Login src/Web/Areas/Identity/Pages/Account/Login.cshtml",
    "POST /Identity/Account/Login src/Web/Areas/Identity/Pages/Account/Login.cshtml",
    "POST /Identity/Account/Register src/Web/Startup.cs",
    "GET /Identity/Account/Manage src/Web/Startup.cs [AuthorizeAreaFolder(Identity,/Account/Manage)]",
    "POST /Identity/Account/Manage/ChangePassword src/Web/Startup.cs [AuthorizeAreaFolder(Identity,/Account/Manage)]",
    "GET /Identity/Error src/Web/Startup.cs",
  ]) assert.ok(routes.includes(expected), `${expected} in ${routes.join("; ")}`);
  assert.equal(routes.filter((r) => r.includes("/Identity/Account/Login ")).length, 2);
  assert.not.ok(routes.some((r) => r.startsWith("POST /Identity/Account/Lockout")));
});

aspnet("a conventionally routed controller under a base of an area ([Area(\"Admin\")] on AdminController in another project) is served at that area's path, guarded by a filter attribute of the app's named for an authorization ([AuthorizeAdmin]); one naming its own area keeps it", () => {
  const root = tempDir();
  git(root, "init", "-q");
  writeFiles(root, {
    "src/Shop.Web/Shop.Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Shop.Web.Common/Controllers/AdminController.cs": "[Area(\"Admin\")]\n[AuthorizeAdmin]\n[ValidateAdminIpAddress]\npublic abstract class AdminController : Controller\n{\n}\n",
    // A filter attribute of the app's named for an authorization guards; one named for something else does not.
    "src/Shop.Core/Security/AuthorizeAdminAttribute.cs": "public sealed class AuthorizeAdminAttribute : TypeFilterAttribute\n{\n    public AuthorizeAdminAttribute() : base(typeof(AuthorizeAdminFilter)) { }\n}\n",
    "src/Shop.Core/Security/ValidateAdminIpAddressAttribute.cs": "public sealed class ValidateAdminIpAddressAttribute : TypeFilterAttribute\n{\n    public ValidateAdminIpAddressAttribute() : base(typeof(ValidateAdminIpAddressFilter)) { }\n}\n",
    "src/Shop.Web/Areas/Admin/Controllers/ActivityLogController.cs": "public class ActivityLogController : AdminController\n{\n    public IActionResult ActivityLogs() => View();\n\n    [HttpPost]\n    public IActionResult DeleteAll() => RedirectToAction(nameof(ActivityLogs));\n}\n",
    "src/Shop.Web/Areas/Reports/Controllers/SalesController.cs": "[Area(\"Reports\")]\npublic class SalesController : AdminController\n{\n    public IActionResult Summary() => View();\n}\n",
    "src/Shop.Web/Startup.cs": "public class Startup {\n    public void Configure(IApplicationBuilder app) {\n        app.UseEndpoints(e => { e.MapControllerRoute(name: \"areas\", pattern: \"{area:exists}/{controller=Home}/{action=Index}/{id?}\"); e.MapControllerRoute(name: \"default\", pattern: \"{controller=Home}/{action=Index}/{id?}\"); });\n    }\n}\n",
  });
  const routes = guardedRoutes(root);
  for (const expected of ["ALL /Admin/ActivityLog/ActivityLogs [AuthorizeAdmin]", "POST /Admin/ActivityLog/DeleteAll [AuthorizeAdmin]", "ALL /Reports/Sales/Summary [AuthorizeAdmin]"]) assert.ok(routes.includes(expected), `${expected} in ${routes.join("; ")}`);
  assert.not.ok(routes.some((r) => r.includes("/Admin/Reports/")));
});

aspnet("templates written as verbatim strings (@\"artist/{artistId:int}/{filename:regex((.+)\\.(jpg|png))}\") are read, their regular-expression constraints left out", () => {
  const root = tempDir("tool-aspnet-verbatim-");
  writeFiles(root, {
    "src/Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Api/MediaCoverController.cs": [
      "using Microsoft.AspNetCore.Mvc;",
      "namespace Api",
      "{",
      "    [ApiController]",
      "    [Route(@\"api/v1/mediacover\")]",
      "    public class MediaCoverController : Controller",
      "    {",
      "        [HttpGet(@\"artist/{artistId:int}/{filename:regex((.+)\\.(jpg|png|gif))}\")]",
      "        public IActionResult GetArtistMediaCover(int artistId, string filename) => Ok();",
      "",
      "        [HttpGet(@\"{filename:regex([[-.a-zA-Z0-9]]+?\\.txt)}\")]",
      "        public IActionResult GetLog(string filename) => Ok();",
      "    }",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const { routes } = analyze(root);
  assert.equal(routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/v1/mediacover/{filename}", "GET /api/v1/mediacover/artist/{artistId}/{filename}"]);
  assert.equal(routes.duplicates, []);
});

aspnet("an OData controller routes its actions named for their verb by OData's convention (Post at the entity set, Patch(int key) at Categories({key}); a Delete without a key at nothing) and serves the $count of the collections its actions answer; an MVC controller's Post action keeps the conventional route", () => {
  const root = tempDir("tool-aspnet-odata-");
  writeFiles(root, {
    "Shop.csproj": "<Project Sdk=\"Microsoft.NET.Sdk.Web\"></Project>\n",
    "Controllers/CategoriesController.cs": [
      "using Microsoft.AspNetCore.OData.Routing.Controllers;",
      "",
      "[Route(\"odata/v1\")]",
      "public class CategoriesController : ODataController",
      "{",
      "    [HttpGet(\"Categories\"), EnableQuery]",
      "    public IQueryable<Category> Get() => _db.Categories;",
      "",
      "    [HttpGet(\"Categories({key})\"), EnableQuery]",
      "    public SingleResult<Category> Get(int key) => SingleResult.Create(_db.Categories.Where(c => c.Id == key));",
      "",
      "    [HttpGet(\"Categories({key})/AppliedDiscounts\"), EnableQuery]",
      "    public IQueryable<Discount> GetAppliedDiscounts(int key) => _db.Discounts;",
      "",
      "    [HttpPost]",
      "    public Task<IActionResult> Post([FromBody] Category model) => Create(model);",
      "",
      "    [HttpPatch]",
      "    public Task<IActionResult> Patch(int key, Delta<Category> model) => Update(key, model);",
      "",
      "    [HttpDelete]",
      "    public IActionResult Delete() => Forbid();",
      "}",
    ].join("\n"),
    "Controllers/HomeController.cs": [
      "public class HomeController : Controller",
      "{",
      "    [HttpPost]",
      "    public IActionResult Post(string message) => View();",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /Home/Post",
    "GET /odata/v1/Categories",
    "POST /odata/v1/Categories",
    "GET /odata/v1/Categories({key})",
    "PATCH /odata/v1/Categories({key})",
    "GET /odata/v1/Categories({key})/AppliedDiscounts",
    "GET /odata/v1/Categories({key})/AppliedDiscounts/$count",
    "GET /odata/v1/Categories/$count",
  ]);
});

aspnet("an action filter attribute of the app's that answers 401 itself ([InjectProvider(ProviderAdmin)] setting context.Result = new UnauthorizedObjectResult), or an authorization filter answering 403 (new ObjectResult(\"\") { StatusCode = 403 }), guards the action, whatever its name; one that only answers 404 does not", () => {
  const root = tempDir("tool-aspnet-refusing-filter-");
  writeFiles(root, {
    "src/Api/Billing/Attributes/InjectProviderAttribute.cs": [
      "namespace Vault.Api.Billing.Attributes;",
      "public class InjectProviderAttribute(ProviderUserType providerUserType) : ActionFilterAttribute",
      "{",
      "    public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)",
      "    {",
      "        var provider = await Find(context);",
      "        if (provider == null) { context.Result = new NotFoundObjectResult(\"Provider not found.\"); return; }",
      "        if (!Allowed(context, providerUserType)) { context.Result = new UnauthorizedObjectResult(\"Unauthorized.\"); return; }",
      "        await next();",
      "    }",
      "}",
    ].join("\n"),
    "src/Api/Billing/Attributes/InjectOrganizationAttribute.cs": [
      "namespace Vault.Api.Billing.Attributes;",
      "public class InjectOrganizationAttribute : ActionFilterAttribute",
      "{",
      "    public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)",
      "    {",
      "        if (await Find(context) == null) { context.Result = new NotFoundObjectResult(\"Organization not found.\"); return; }",
      "        await next();",
      "    }",
      "}",
    ].join("\n"),
    // An authorization filter answering 403 as an ObjectResult's status.
    "src/Api/Billing/Attributes/CustomerGroupAuthorizeAttribute.cs": [
      "namespace Vault.Api.Billing.Attributes;",
      "public class CustomerGroupAuthorizeAttribute : Attribute, IAsyncAuthorizationFilter",
      "{",
      "    public async Task OnAuthorizationAsync(AuthorizationFilterContext context)",
      "    {",
      "        if (await InGroup(context)) return;",
      "        context.Result = new ObjectResult(\"\") { StatusCode = 403 };",
      "    }",
      "}",
    ].join("\n"),
    "src/Api/Billing/Controllers/ProviderBillingController.cs": [
      "namespace Vault.Api.Billing.Controllers;",
      '[Route("providers/{providerId:guid}/billing")]',
      "public class ProviderBillingController : Controller",
      "{",
      '    [HttpPut("address")]',
      "    [InjectProvider(ProviderUserType.ProviderAdmin)]",
      "    public async Task<IResult> UpdateAddressAsync([BindNever] Provider provider) => Results.Ok();",
      "",
      '    [HttpPut("{organizationId}/tax")]',
      "    [InjectOrganization]",
      "    public async Task<IResult> UpdateTaxAsync([BindNever] Organization organization) => Results.Ok();",
      "",
      '    [HttpPut("invoices")]',
      '    [CustomerGroupAuthorize("Registered")]',
      "    public async Task<IResult> UpdateInvoicesAsync() => Results.Ok();",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["PUT /providers/{providerId}/billing/address [InjectProvider]", "PUT /providers/{providerId}/billing/invoices [CustomerGroupAuthorize]", "PUT /providers/{providerId}/billing/{organizationId}/tax"].sort());
});

aspnet("a controller run through an authorization filter ([ServiceFilter(typeof(ApiAuthorizationFilter))], [TypeFilter(...)]) is guarded by it, a caching filter guards nothing; Blazor pages under an _Imports.razor with the namespace-qualified [Microsoft.AspNetCore.Authorization.Authorize] are guarded", () => {
  const root = tempDir("tool-aspnet-service-filter-");
  writeFiles(root, {
    "Server/Server.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>\n',
    "Server/Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapControllers();\napp.MapRazorComponents<App>();\napp.Run();\n",
    "Server/API/AlertsController.cs": [
      "namespace Server.API;",
      '[Route("api/[controller]")]',
      "[ApiController]",
      "[ServiceFilter(typeof(ApiAuthorizationFilter))]",
      "public class AlertsController : ControllerBase",
      "{",
      '    [HttpPost("Create")]',
      "    public IActionResult Create() => Ok();",
      "}",
    ].join("\n"),
    "Server/API/DownloadsController.cs": [
      "namespace Server.API;",
      '[Route("api/[controller]")]',
      "[ApiController]",
      "public class DownloadsController : ControllerBase",
      "{",
      '    [HttpGet("{platform}")]',
      "    [TypeFilter(typeof(Server.Filters.CacheHeaderFilter))]",
      "    public IActionResult Get(string platform) => Ok();",
      "",
      '    [HttpPost("Rebuild")]',
      "    [TypeFilter(typeof(Server.Auth.AdminAuthorizationFilter))]",
      "    public IActionResult Rebuild() => Ok();",
      "}",
    ].join("\n"),
    "Server/Components/Account/Pages/Manage/_Imports.razor": "\uFEFF@layout ManageLayout\n@attribute [Microsoft.AspNetCore.Authorization.Authorize]\n",
    "Server/Components/Account/Pages/Manage/ChangePassword.razor": '\uFEFF@page "/Account/Manage/ChangePassword"\n\n<h3>Change password</h3>\n',
    "Server/Components/Account/Pages/Login.razor": '@page "/Account/Login"\n\n<h3>Log in</h3>\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /Account/Login",
    "GET /Account/Manage/ChangePassword [Authorize]",
    "POST /api/Alerts/Create [ApiAuthorizationFilter]",
    "GET /api/Downloads/{platform}",
    "POST /api/Downloads/Rebuild [AdminAuthorizationFilter]",
  ]);
});

aspnet("a named conventional route (MapControllerRoute(\"Login\", $\"{pattern}login/\", new { controller = \"Account\", action = \"Login\" })) serves its action at its template too, with its methods and guards, a local in the template as first declared; a template of {controller}/{action} is a convention, not a route; an area named by a constant of another file ([Area(Constants.AreaAdmin)] on a base) is read", () => {
  const root = tempDir("tool-aspnet-named-routes-");
  const cs = (...lines: string[]) => lines.join("\n") + "\n";
  writeFiles(root, {
    "src/Shop.Web/Shop.Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Shop.Web/Endpoints/EndpointProvider.cs": cs(
      "public class EndpointProvider : IEndpointProvider",
      "{",
      "    public void RegisterEndpoint(IEndpointRouteBuilder endpointRouteBuilder)",
      "    {",
      "        var pattern = \"\";",
      "        if (config.SeoFriendlyUrlsForLanguagesEnabled)",
      "            pattern = $\"{{language:lang={config.SeoFriendlyUrlsDefaultCode}}}/\";",
      "        endpointRouteBuilder.MapControllerRoute(\"HomePage\", pattern, new { controller = \"Home\", action = \"Index\" });",
      "        RegisterAccountRoute(endpointRouteBuilder, pattern);",
      "    }",
      "    private void RegisterAccountRoute(IEndpointRouteBuilder endpointRouteBuilder, string pattern)",
      "    {",
      "        endpointRouteBuilder.MapControllerRoute(\"Login\",",
      "            $\"{pattern}login/\",",
      "            new { controller = \"Account\", action = \"Login\" });",
      "        endpointRouteBuilder.MapControllerRoute(name: \"AccountAddressEdit\", pattern: \"account/addressedit/{addressId}\", defaults: new { controller = \"Account\", action = \"AddressEdit\" });",
      "        endpointRouteBuilder.MapControllerRoute(\"areaRoute\", $\"{Constants.AreaAdmin}/{{controller=Home}}/{{action=Index}}/{{id?}}\");",
      "    }",
      "}",
    ),
    "src/Shop.Web/Controllers/HomeController.cs": cs("public class HomeController : Controller", "{", "    public IActionResult Index() => View();", "}"),
    "src/Shop.Web/Controllers/AccountController.cs": cs(
      "public class AccountController : Controller",
      "{",
      "    public IActionResult Login() => View();",
      "    [HttpPost]",
      "    public IActionResult Login(LoginModel model) => View();",
      "    [Authorize]",
      "    public IActionResult AddressEdit(string addressId) => View();",
      "}",
    ),
    "src/Shop.Web.Admin/Extensions/Constants.cs": cs("public static class Constants", "{", "    public const string AreaAdmin = \"Admin\";", "}"),
    "src/Shop.Web.Admin/Controllers/BaseAdminController.cs": cs("[Area(Constants.AreaAdmin)]", "[Authorize]", "public abstract class BaseAdminController : Controller", "{", "}"),
    "src/Shop.Web.Admin/Controllers/BrandController.cs": cs("public class BrandController : BaseAdminController", "{", "    public IActionResult List() => View();", "}"),
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  for (const expected of ["ALL /login", "POST /login", "ALL /account/addressedit/{addressId} [Authorize]", "ALL /Account/Login", "ALL /Admin/Brand/List [Authorize]"]) assert.ok(routes.includes(expected), `${expected} in ${routes.join("; ")}`);
  assert.not.ok(routes.some((r) => r.includes("{controller") || r.startsWith("ALL /Brand/")), routes.join("; "));
  // The home page's named route is the path the default route's defaults give it already: listed once.
  assert.equal(routes.filter((r) => r === "ALL /").length, 1, routes.join("; "));
});

aspnet("an app that maps named routes and no convention serves its actions only at those routes, an action named without its Async suffix, its method from the route's HttpMethodRouteConstraint when it names none; an async Task action writing its answer is one, an override is not", () => {
  const root = tempDir("tool-aspnet-named-only-");
  writeFiles(root, {
    "src/Feed/Feed.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Feed/EndpointBuilder.cs": [
      "public class EndpointBuilder",
      "{",
      "    public void MapEndpoints(IEndpointRouteBuilder endpoints)",
      "    {",
      "        endpoints.MapControllerRoute(",
      "            name: Routes.IndexRouteName,",
      '            pattern: "v3/index.json",',
      '            defaults: new { controller = "ServiceIndex", action = "Get" });',
      "        endpoints.MapControllerRoute(",
      "            name: Routes.UploadPackageRouteName,",
      '            pattern: "api/v2/package",',
      '            defaults: new { controller = "PackagePublish", action = "Upload" },',
      '            constraints: new { httpMethod = new HttpMethodRouteConstraint("PUT") });',
      "        endpoints.MapControllerRoute(",
      "            name: Routes.DeleteRouteName,",
      '            pattern: "api/v2/package/{id}/{version}",',
      '            defaults: new { controller = "PackagePublish", action = "Delete" },',
      '            constraints: new { httpMethod = new HttpMethodRouteConstraint("DELETE") });',
      "    }",
      "}",
    ].join("\n"),
    "src/Feed/Controllers/ServiceIndexController.cs": [
      "public class ServiceIndexController : Controller",
      "{",
      "    [HttpGet]",
      "    public async Task<ServiceIndexResponse> GetAsync(CancellationToken cancellationToken) => await _index.GetAsync(cancellationToken);",
      "}",
    ].join("\n"),
    "src/Feed/Controllers/PackagePublishController.cs": [
      "public class PackagePublishController : Controller",
      "{",
      "    public async Task Upload(CancellationToken cancellationToken)",
      "    {",
      "        HttpContext.Response.StatusCode = 201;",
      "    }",
      "",
      "    [HttpDelete]",
      "    public async Task<IActionResult> Delete(string id, string version, CancellationToken cancellationToken) => NoContent();",
      "",
      "    public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next) => await next();",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["DELETE /api/v2/package/{id}/{version}", "GET /v3/index.json", "PUT /api/v2/package"]);
});

aspnet("a base controller declared without a body (C# 12: `public abstract class BaseAdminPluginController : BaseController;`) passes on its area and its authorization attributes", () => {
  const root = tempDir("tool-aspnet-bodiless-base-");
  writeFiles(root, {
    "src/Shop.Web/Shop.Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Shop.Web.Common/Controllers/BaseAdminPluginController.cs": "namespace Shop.Web.Common.Controllers;\n\n[AuthorizeAdmin]\n[Area(\"Admin\")]\npublic abstract class BaseAdminPluginController : BaseController;\n",
    "src/Shop.Web.Common/Filters/AuthorizeAdminAttribute.cs": "public sealed class AuthorizeAdminAttribute : TypeFilterAttribute\n{\n    public AuthorizeAdminAttribute() : base(typeof(AuthorizeAdminFilter)) { }\n}\n",
    "src/Plugins/Widgets.Slider/Controllers/WidgetsSliderController.cs": "public class WidgetsSliderController : BaseAdminPluginController\n{\n    public IActionResult Configure() => View();\n\n    [HttpPost]\n    public IActionResult Delete(string id) => Ok();\n}\n",
  });
  git(root, "init", "-q");
  const routes = guardedRoutes(root);
  for (const expected of ["ALL /Admin/WidgetsSlider/Configure [AuthorizeAdmin]", "POST /Admin/WidgetsSlider/Delete [AuthorizeAdmin]"]) assert.ok(routes.includes(expected), `${expected} in ${routes.join("; ")}`);
});

aspnet("a controller under a base the app names public (BasePublicController) serves its unguarded actions to anyone on purpose: declared public; one its attributes guard is not, nor one under a base named otherwise", () => {
  const root = tempDir("tool-aspnet-public-base-");
  writeFiles(root, {
    "src/Shop.Web/Shop.Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Shop.Web.Common/Controllers/BasePublicController.cs": "public abstract class BasePublicController : BaseController;\n",
    "src/Shop.Web.Common/Controllers/BaseController.cs": "public abstract class BaseController : Controller\n{\n}\n",
    "src/Shop.Web/Controllers/ShoppingCartController.cs": "public class ShoppingCartController : BasePublicController\n{\n    [HttpPost]\n    public IActionResult DeleteCartItem(string id) => Ok();\n\n    [HttpPost]\n    [Authorize]\n    public IActionResult SaveForLater(string id) => Ok();\n}\n",
    "src/Shop.Web/Controllers/PublicationsController.cs": "public class PublicationsController : BaseController\n{\n    [HttpPost]\n    public IActionResult Publish(string id) => Ok();\n}\n",
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.public ? " public" : ""}`);
  for (const expected of ["POST /ShoppingCart/DeleteCartItem public", "POST /ShoppingCart/SaveForLater", "POST /Publications/Publish"]) assert.ok(routes.includes(expected), `${expected} in ${routes.join("; ")}`);
});

aspnet("an API version attribute of the app's (ApiV3Attribute : ApiVersionAttribute, handing its base new ApiVersion(3, 0)) fills the v{version:apiVersion} of the templates it marks", () => {
  const root = tempDir("tool-aspnet-version-attribute-");
  writeFiles(root, {
    "Server/Server.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "Server/API/Annotations/ApiV3Attribute.cs": "public sealed class ApiV3Attribute : ApiVersionAttribute\n{\n    public ApiV3Attribute() : base(new ApiVersion(3, 0))\n    {\n    }\n}\n",
    "Server/API/Annotations/ApiV21Attribute.cs": "public sealed class ApiV21Attribute : ApiVersionAttribute\n{\n    public ApiV21Attribute() : base(\"2.1\") { }\n}\n",
    "Server/API/v3/Controllers/ActionController.cs": "[ApiController]\n[Route(\"/api/v{version:apiVersion}/[controller]\")]\n[ApiV3]\n[Authorize]\npublic class ActionController : BaseController\n{\n    [HttpGet(\"RunImport\")]\n    public ActionResult RunImport() => Ok();\n}\n",
    "Server/API/v2/Controllers/EpisodeController.cs": "[ApiController]\n[Route(\"/api/v{version:apiVersion}/ep\")]\n[ApiV21]\npublic class EpisodeController : BaseController\n{\n    [HttpGet(\"getbyfilename\")]\n    public ActionResult GetByFilename() => Ok();\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /api/v2.1/ep/getbyfilename", "GET /api/v3/Action/RunImport [Authorize]"]);
});

aspnet("a controller template held in a constant of another file ([Route(ControllerRoutes.ApiRoute)], \"api/[controller]\") routes its actions under it, [controller] its own name; a constant no file declares leaves the actions' own templates", () => {
  const root = tempDir("tool-aspnet-foreign-template-");
  writeFiles(root, {
    "Oqtane.Shared/Shared/ControllerRoutes.cs": "namespace Oqtane.Shared {\n    public class ControllerRoutes {\n        public const string Default = \"{alias}/api/[controller]\";\n        public const string ApiRoute = \"api/[controller]\";\n    }\n}\n",
    "Oqtane.Server/Controllers/AliasController.cs": [
      "using Microsoft.AspNetCore.Authorization;",
      "using Microsoft.AspNetCore.Mvc;",
      "using Oqtane.Shared;",
      "namespace Oqtane.Controllers {",
      "    [Route(ControllerRoutes.ApiRoute)]",
      "    public class AliasController : Controller {",
      "        [HttpGet]",
      "        [Authorize(Roles = RoleNames.Admin)]",
      "        public IEnumerable<Alias> Get() { return null; }",
      "        [HttpGet(\"{id}\")]",
      "        public Alias Get(int id) { return null; }",
      "    }",
      "    [Route(MissingRoutes.Api)]",
      "    public class LostController : Controller {",
      "        [HttpGet(\"ping\")]",
      "        public string Ping() { return \"\"; }",
      "    }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /api/Alias [Authorize(Roles=RoleNames.Admin)]", "GET /api/Alias/{id}", "GET /ping"]);
});

aspnet("ASP.NET MVC 5 named routes: a template with {action} and a controller of its defaults (\"json/{action}\") serves each action of that controller at its name; a convention an area registers, or another application of the repository maps, serves only its own controllers; a template a wrapper is handed (url) is no convention; an action named by nameof(...) is read; [AcceptVerbs(HttpVerbs.Get | HttpVerbs.Head)] answers GET and HEAD", () => {
  const root = tempDir("tool-aspnet-mvc5-named-");
  writeFiles(root, {
    "src/Gallery/Gallery.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Gallery/Web.config": "<configuration></configuration>\n",
    "src/Gallery/App_Start/Routes.cs": [
      "public static class Routes {",
      "    public static void RegisterUIRoutes(RouteCollection routes) {",
      '        routes.MapRoute(RouteName.Home, "", new { controller = "Pages", action = "Home" });',
      '        routes.MapRoute(RouteName.Error404, "errors/404", new { controller = "Errors", action = "NotFound" });',
      '        routes.MapRoute(RouteName.JsonApi, "json/{action}", new { controller = "JsonApi" });',
      '        routes.MapRoute(RouteName.OrganizationMemberAdd, "organization/{accountName}/members/add", new { controller = "Organizations", action = nameof(OrganizationsController.AddMember) });',
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/Gallery/Extensions/RouteExtensions.cs": [
      "public static class RouteExtensions {",
      "    public static Route MapRoute(this RouteCollection routes, string name, string url, object defaults, object constraints) {",
      "        return routes.MapRoute(name, url, defaults, constraints);",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/Gallery/Areas/Admin/AdminAreaRegistration.cs": [
      "public class AdminAreaRegistration : AreaRegistration {",
      "    public override void RegisterArea(AreaRegistrationContext context) {",
      '        context.MapRoute("admin_default", "Admin/{controller}/{action}/{id}", new { action = "Index", id = UrlParameter.Optional });',
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/Gallery/Controllers/PagesController.cs": "public class PagesController : Controller {\n    public virtual ActionResult Home() { return View(); }\n}\n",
    "src/Gallery/Controllers/OrganizationsController.cs": "public class OrganizationsController : Controller {\n    [HttpPost]\n    public virtual JsonResult AddMember(string accountName) { return Json(null); }\n}\n",
    "src/Gallery/Controllers/ErrorsController.cs": "public class ErrorsController : Controller {\n    [AcceptVerbs(HttpVerbs.Get | HttpVerbs.Head)]\n    public virtual ActionResult NotFound() { return View(); }\n}\n",
    "src/Gallery/Controllers/JsonApiController.cs": "[Authorize]\npublic class JsonApiController : Controller {\n    [HttpGet]\n    public virtual JsonResult GetPackageOwners(string id) { return Json(null); }\n    [HttpPost]\n    public virtual JsonResult AddPackageOwner(string id) { return Json(null); }\n}\n",
    "src/CdnRedirect/CdnRedirect.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/CdnRedirect/Global.asax.cs": "public class MvcApplication : System.Web.HttpApplication {\n    protected void Application_Start() { RouteConfig.RegisterRoutes(RouteTable.Routes); }\n}\n",
    "src/CdnRedirect/App_Start/RouteConfig.cs": 'public class RouteConfig {\n    public static void RegisterRoutes(RouteCollection routes) {\n        routes.MapRoute(name: "Default", url: "{controller}/{action}/{id}", defaults: new { controller = "Status", action = "Index", id = UrlParameter.Optional });\n    }\n}\n',
    "src/CdnRedirect/Controllers/StatusController.cs": "public class StatusController : Controller {\n    public ActionResult Index() { return View(); }\n}\n",
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path.toLowerCase()}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort();
  for (const expected of ["ALL /", "GET /errors/404", "HEAD /errors/404", "POST /organization/{accountname}/members/add", "GET /json/getpackageowners [Authorize]", "POST /json/addpackageowner [Authorize]", "ALL /status/index"]) assert.ok(routes.includes(expected), `${expected} in\n${routes.join("\n")}`);
  for (const conventional of ["ALL /pages/home", "GET /errors/notfound", "GET /jsonapi/getpackageowners [Authorize]"]) assert.not.ok(routes.includes(conventional), `${conventional} in\n${routes.join("\n")}`);
});

aspnet("the default convention an application maps serves the controllers of projects no application is made of, which it loads (grandnode's plugins), but not those of another application", () => {
  const root = tempDir("tool-aspnet-plugin-projects-");
  writeFiles(root, {
    "src/Web/Shop.Web/Shop.Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Web/Shop.Web/Program.cs": 'var app = WebApplication.CreateBuilder(args).Build();\napp.MapControllerRoute("default", "{controller=Home}/{action=Index}/{id?}");\napp.Run();\n',
    "src/Web/Shop.Web/Controllers/HomeController.cs": "public class HomeController : Controller {\n    public IActionResult Index() { return View(); }\n}\n",
    "src/Plugins/Payments.Cash/Payments.Cash.csproj": '<Project Sdk="Microsoft.NET.Sdk"></Project>\n',
    "src/Plugins/Payments.Cash/Controllers/PaymentCashController.cs": "public class PaymentCashController : Controller {\n    public IActionResult PaymentInfo() { return View(); }\n}\n",
    "src/Status/Status.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Status/Program.cs": 'var app = WebApplication.CreateBuilder(args).Build();\napp.MapControllerRoute("health", "health", new { controller = "Health", action = "Check" });\napp.Run();\n',
    "src/Status/Controllers/HealthController.cs": "public class HealthController : Controller {\n    public IActionResult Check() { return Ok(); }\n}\n",
  });
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path.toLowerCase()}`).sort();
  assert.ok(routes.includes("ALL /paymentcash/paymentinfo"), routes.join("\n"));
  assert.ok(routes.includes("ALL /home/index"), routes.join("\n"));
  assert.ok(routes.includes("ALL /health"), routes.join("\n"));
  assert.not.ok(routes.includes("ALL /health/check"), routes.join("\n"));
});

aspnet.run();
