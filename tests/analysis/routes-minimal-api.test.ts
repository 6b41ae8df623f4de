import { suite } from "uvu";
import * as assert from "uvu/assert";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";
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

minimalApi("RequireAuthorization on what an endpoint extension method returns (orders.MapOrdersApiV1().RequireAuthorization(), on an API versioning set) guards the routes it maps, not the app's others", () => {
  const root = tempDir("tool-minimal-extension-result-");
  writeFiles(root, {
    "Ordering.API/Ordering.API.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
    "Ordering.API/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "var app = builder.Build();",
      "app.MapDefaultEndpoints();",
      'var orders = app.NewVersionedApi("Orders");',
      "orders.MapOrdersApiV1()",
      "      .RequireAuthorization();",
      "app.Run();",
      "",
    ].join("\n"),
    "Ordering.API/Apis/OrdersApi.cs": [
      "public static class OrdersApi",
      "{",
      "    public static RouteGroupBuilder MapOrdersApiV1(this IEndpointRouteBuilder app)",
      "    {",
      '        var api = app.MapGroup("api/orders").HasApiVersion(1.0);',
      '        api.MapGet("{orderId:int}", GetOrderAsync);',
      '        api.MapPost("/", CreateOrderAsync);',
      "        return api;",
      "    }",
      "}",
    ].join("\n"),
    "ServiceDefaults/Extensions.cs": [
      "public static class Extensions",
      "{",
      "    public static WebApplication MapDefaultEndpoints(this WebApplication app)",
      "    {",
      '        app.MapHealthChecks("/health");',
      "        return app;",
      "    }",
      "}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), ["ALL /health", "GET /api/orders/{orderId} [RequireAuthorization]", "POST /api/orders [RequireAuthorization]"]);
});

minimalApi("endpoint classes handed to a group as type arguments (group.AddEndpoint<LoginEndpoint>()) map their endpoints on it; AllowAnonymous in an extension method lifts the group's authorization", () => {
  const root = tempDir("tool-minimal-endpoint-classes-");
  writeFiles(root, {
    "Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
    "Api/Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapGroup(\"/api\").MapUsersEndpoints().MapArticlesEndpoints();\napp.Run();\n",
    "Api/Shared/EndpointsExtensions.cs": [
      "namespace Api.Shared;",
      "public static class EndpointsExtensions",
      "{",
      "    public static IEndpointRouteBuilder AddEndpoint<TEndpoint>(this IEndpointRouteBuilder app) where TEndpoint : IEndpoint",
      "    {",
      "        TEndpoint.MapEndpoint(app);",
      "        return app;",
      "    }",
      "}",
    ].join("\n"),
    "Api/Users/UsersEndpoints.cs": [
      "namespace Api.Users;",
      "public static class UsersEndpoints",
      "{",
      "    public static IEndpointRouteBuilder MapUsersEndpoints(this IEndpointRouteBuilder endpoints)",
      "    {",
      '        var users = endpoints.MapGroup("/users");',
      "        users.AddEndpoint<LoginEndpoint>();",
      '        var currentUser = endpoints.MapGroup("/user").RequireAuthorization();',
      "        currentUser.AddEndpoint<GetCurrentUserEndpoint>();",
      "        return endpoints;",
      "    }",
      "}",
    ].join("\n"),
    "Api/Users/LoginEndpoint.cs": "namespace Api.Users;\ninternal sealed class LoginEndpoint : IEndpoint\n{\n    public static void MapEndpoint(IEndpointRouteBuilder app)\n    {\n        app.MapPost(\"login\", HandleAsync);\n    }\n}\n",
    "Api/Users/GetCurrentUserEndpoint.cs": "namespace Api.Users;\ninternal sealed class GetCurrentUserEndpoint : IEndpoint\n{\n    public static void MapEndpoint(IEndpointRouteBuilder app)\n    {\n        app.MapGet(\"\", HandleAsync).WithName(\"current\");\n    }\n}\n",
    "Api/Articles/ArticlesEndpoints.cs": [
      "namespace Api.Articles;",
      "public static class ArticlesEndpoints",
      "{",
      "    public static IEndpointRouteBuilder MapArticlesEndpoints(this IEndpointRouteBuilder endpoints)",
      "    {",
      '        var articles = endpoints.MapGroup("/articles").RequireAuthorization();',
      '        articles.MapGet("", List).AllowAnonymous();',
      '        articles.MapPost("", Create);',
      "        return endpoints;",
      "    }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /api/articles",
    "POST /api/articles [RequireAuthorization]",
    "GET /api/user [RequireAuthorization]",
    "POST /api/users/login",
  ]);
});

minimalApi("AllowAnonymous lifts the fallback policy and the group's authorization alike; the other routes keep both", () => {
  const root = tempDir("tool-minimal-fallback-");
  writeFiles(root, {
    "Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
    "Api/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "builder.Services.AddAuthorization(options =>",
      "{",
      "    options.FallbackPolicy = new AuthorizationPolicyBuilder().RequireAuthenticatedUser().Build();",
      "});",
      "var app = builder.Build();",
      'var api = app.MapGroup("/api").RequireAuthorization("admin");',
      'api.MapGet("/health", () => "ok").AllowAnonymous();',
      'api.MapGet("/items", () => "x");',
      'app.MapPost("/login", Login).AllowAnonymous();',
      'app.MapGet("/me", Me);',
      "app.Run();",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /api/health",
    "GET /api/items [FallbackPolicy,RequireAuthorization(admin)]",
    "POST /login",
    "GET /me [FallbackPolicy]",
  ]);
});

minimalApi("one path in two web projects of a repository (Sdk.Web, or an executable) is no duplicate; two handlers of one project, or of the libraries projects share, are", () => {
  const root = tempDir("tool-minimal-api-applications-");
  const program = (maps: string[]) => ["var builder = WebApplication.CreateBuilder(args);", "var app = builder.Build();", ...maps, "app.Run();", ""].join("\n");
  writeFiles(root, {
    "src/Catalog.API/Catalog.API.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Catalog.API/Program.cs": program(['app.MapGet("/", () => "catalog");', 'app.MapGet("/api/items", () => "all");', 'app.MapGet("/api/items", () => "v2");']),
    "src/Ordering.API/Ordering.API.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Ordering.API/Program.cs": program(['app.MapGet("/", () => "ordering");']),
    "src/HybridApp/HybridApp.csproj": '<Project Sdk="Microsoft.NET.Sdk.Razor">\n  <PropertyGroup>\n    <OutputType>Exe</OutputType>\n  </PropertyGroup>\n</Project>\n',
    "src/HybridApp/Program.cs": program(['app.MapGet("/", () => "hybrid");']),
    "src/Defaults/Defaults.csproj": '<Project Sdk="Microsoft.NET.Sdk"></Project>\n',
    "src/Defaults/Extensions.cs": "public static class Extensions\n{\n    public static void MapDefaults(this WebApplication app)\n    {\n        app.MapGet(\"/health\", () => \"ok\");\n    }\n}\n",
    "src/Shared/Shared.csproj": '<Project Sdk="Microsoft.NET.Sdk"></Project>\n',
    "src/Shared/Probes.cs": "public static class Probes\n{\n    public static void MapProbes(this WebApplication app)\n    {\n        app.MapGet(\"/health\", () => \"up\");\n    }\n}\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.duplicates.map((d) => `${d.method} ${d.path} ${d.routes.map((r) => r.file).join(" ")}`), [
    "GET /api/items src/Catalog.API/Program.cs src/Catalog.API/Program.cs",
    "GET /health src/Defaults/Extensions.cs src/Shared/Probes.cs",
  ]);
});

minimalApi("the health-check middleware (app.UseHealthChecks(\"/health\", options)) answers any method at its path; MapOpenApi serves the OpenAPI document at its path or ASP.NET Core's default; their options are no handler", () => {
  const root = tempDir("tool-minimal-health-");
  writeFiles(root, {
    "Web/Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
    "Web/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "var app = builder.Build();",
      'app.UseHealthChecks("/health", new HealthCheckOptions { Predicate = hcr => hcr.Tags.Contains("Critical") });',
      'app.MapOpenApi("/docs/v2/openapi.json");',
      'app.MapGet("/api/v2/about", () => "ok");',
      "app.Run();",
    ].join("\n"),
    "Admin/Admin.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>',
    "Admin/Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapOpenApi();\napp.Run();\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`).sort(), [
    "ALL /health (inline)",
    "GET /api/v2/about (inline)",
    "GET /docs/v2/openapi.json (inline)",
    "GET /openapi/{documentName}.json (inline)",
  ]);
});

minimalApi("a SignalR hub mapped with MapHub<T>(path) serves its connection and negotiation endpoints there, behind the hub class's [Authorize]; [AllowAnonymous] on a hub lifts the fallback policy; a hub no MapHub maps serves nothing", () => {
  const root = tempDir("tool-signalr-hubs-");
  writeFiles(root, {
    "src/Notifications/Startup.cs": [
      "namespace Chat.Notifications;",
      "public class Startup",
      "{",
      "    public void Configure(IApplicationBuilder app)",
      "    {",
      "        app.UseEndpoints(endpoints =>",
      "        {",
      '            endpoints.MapHub<NotificationsHub>("/hub", options => { options.ApplicationMaxBufferSize = 2048; });',
      '            endpoints.MapHub<AnonymousHub>("/anonymous-hub");',
      '            endpoints.MapHub<LoggingHub>("/signalr/logging").RequireAuthorization("admin");',
      '            endpoints.MapHub<AggregateHub>("/signalr/aggregate").RequireAuthorization();',
      "        });",
      "    }",
      "}",
    ].join("\n"),
    "src/Notifications/NotificationsHub.cs": [
      "namespace Chat.Notifications;",
      '[Authorize("Application")]',
      "public class NotificationsHub : Microsoft.AspNetCore.SignalR.Hub",
      "{",
      "    public override async Task OnConnectedAsync() { await base.OnConnectedAsync(); }",
      "}",
    ].join("\n"),
    "src/Notifications/AnonymousHub.cs": ["namespace Chat.Notifications;", "[AllowAnonymous]", "public class AnonymousHub : Hub<IAnonymousClient>, IDisposable", "{", "}"].join("\n"),
    "src/Notifications/UnusedHub.cs": ["namespace Chat.Notifications;", "public class UnusedHub : Hub", "{", "}"].join("\n"),
    "src/Notifications/LoggingHub.cs": ["namespace Chat.Notifications;", "public class LoggingHub : Hub", "{", "}"].join("\n"),
    "src/Notifications/AggregateHub.cs": ["namespace Chat.Notifications;", "public class AggregateHub : Hub", "{", "}"].join("\n"),
  });
  commitAll(root);
  // A hub mapped with .RequireAuthorization(...) after it is guarded by it, as an endpoint is.
  assert.equal(guardedRoutes(root).sort(), [
    "GET /anonymous-hub", "GET /hub [Authorize(Application)]", "POST /anonymous-hub/negotiate", "POST /hub/negotiate [Authorize(Application)]",
    "GET /signalr/logging [RequireAuthorization(admin)]", "POST /signalr/logging/negotiate [RequireAuthorization(admin)]",
    "GET /signalr/aggregate [RequireAuthorization]", "POST /signalr/aggregate/negotiate [RequireAuthorization]",
  ].sort());
});

minimalApi("a Blazor Server app's host page fallback (MapFallbackToPage, with or without a pattern) answers any path, and its circuit hub is at /_blazor (MapBlazorHub, or MapRazorComponents<App>().AddInteractiveServerRenderMode()); a single-page app's index.html fallback and static components add none", () => {
  const root = tempDir("tool-blazor-server-");
  writeFiles(root, {
    "Games/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "var app = builder.Build();",
      "app.UseRouting();",
      'app.MapGet("/health", () => "ok");',
      "app.MapRazorComponents<App>()",
      "    .DisableAntiforgery()",
      "    .AddInteractiveServerRenderMode();",
      'app.MapFallbackToPage("/_Host");',
      "app.Run();",
    ].join("\n"),
    "Admin/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "var app = builder.Build();",
      'app.MapBlazorHub("/admin/_blazor");',
      'app.MapFallbackToPage("/admin/{*path:nonfile}", "/_AdminHost");',
      "app.Run();",
    ].join("\n"),
    "Spa/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "var app = builder.Build();",
      'app.MapGet("/api/ping", () => "pong");',
      "app.MapRazorComponents<Shell>();",
      'app.MapFallbackToFile("index.html");',
      "app.Run();",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file} ${r.handler}`), [
    "GET /_blazor Games/Program.cs Blazor hub",
    "POST /_blazor/negotiate Games/Program.cs Blazor hub",
    "ALL /{path} Games/Program.cs /_Host",
    "GET /admin/_blazor Admin/Program.cs Blazor hub",
    "POST /admin/_blazor/negotiate Admin/Program.cs Blazor hub",
    "ALL /admin/{path} Admin/Program.cs /_AdminHost",
    "GET /api/ping Spa/Program.cs (inline)",
    "GET /health Games/Program.cs (inline)",
  ]);
  // The circuit carries the components' events: its negotiation is no unguarded write.
  assert.equal(analyze(root).routes.unguardedWrites.map((r) => `${r.method} ${r.path}`), []);
});

minimalApi("a SignalR hub declared with a primary constructor (public class ChatHub(IChatService chat) : Hub<IChatClient>) is mapped like any other; a class with a primary constructor and another base is no hub", () => {
  const root = tempDir("tool-signalr-primary-");
  writeFiles(root, {
    "Server/Startup/SignalR.cs": [
      "namespace Games.Server.Startup;",
      "public static class SignalR",
      "{",
      "    public static WebApplication UseSignalR(this WebApplication app)",
      "    {",
      '        app.MapHub<ChatHub>("/hubs/chat");',
      '        app.MapHub<LoggingHub>("/logging");',
      '        app.MapHub<LoggingTarget>("/target");',
      "        return app;",
      "    }",
      "}",
    ].join("\n"),
    "Server/Hubs/ChatHub.cs": ["namespace Games.Server.Hubs;", "[Authorize]", "public class ChatHub(", "    IChatService chat,", "    ILogger<ChatHub> logger) : Hub<IChatClient>", "{", "}"].join("\n"),
    "Server/Hubs/LoggingHub.cs": ["namespace Games.Server.Hubs;", "public class LoggingHub(IOptions<Settings.Settings> settings) : Hub", "{", "}"].join("\n"),
    "Server/Logging/LoggingTarget.cs": ["namespace Games.Server.Logging;", "public class LoggingTarget(IHubContext<LoggingHub> hub) : AsyncTaskTarget", "{", "}"].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /hubs/chat [Authorize]", "GET /logging", "POST /hubs/chat/negotiate [Authorize]", "POST /logging/negotiate"]);
});

minimalApi("an extension method that configures the group it is called on and returns it (WithPamDefaults: RequireAuthorization, then return group) guards that group's routes, wherever in the file it is declared; one that maps routes of its own is no configurer", () => {
  const root = tempDir("tool-minimal-api-configurers-");
  writeFiles(root, {
    "src/Pam/PamEndpointsExtensions.cs": [
      "namespace Vault.Pam;",
      "public static class PamEndpointsExtensions",
      "{",
      "    public static void MapPamEndpoints(this IEndpointRouteBuilder endpoints)",
      "    {",
      '        endpoints.MapGroup("/leases").WithPamDefaults().MapLeaseEndpoints();',
      '        endpoints.MapGroup("/public").WithTelemetry().MapPublicEndpoints();',
      "    }",
      "",
      "    private static RouteGroupBuilder WithPamDefaults(this RouteGroupBuilder group)",
      "    {",
      "        group.RequireAuthorization(Policies.Application);",
      '        group.WithGroupName("internal");',
      "        return group;",
      "    }",
      "",
      "    private static RouteGroupBuilder WithTelemetry(this RouteGroupBuilder group)",
      "    {",
      '        group.MapGet("metrics", () => Results.Ok());',
      "        return group;",
      "    }",
      "}",
    ].join("\n"),
    "src/Pam/LeaseEndpoints.cs": ["namespace Vault.Pam;", "internal static class LeaseEndpoints", "{", "    public static RouteGroupBuilder MapLeaseEndpoints(this RouteGroupBuilder group)", "    {", '        group.MapPost("{id}/revoke", (Guid id) => Results.Ok());', "        return group;", "    }", "}"].join("\n"),
    "src/Pam/PublicEndpoints.cs": ["namespace Vault.Pam;", "internal static class PublicEndpoints", "{", "    public static RouteGroupBuilder MapPublicEndpoints(this RouteGroupBuilder group)", "    {", '        group.MapPost("ping", () => Results.Ok());', "        return group;", "    }", "}"].join("\n"),
    "src/Program.cs": ["var builder = WebApplication.CreateBuilder(args);", "var app = builder.Build();", "app.MapPamEndpoints();", "app.Run();"].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /public/metrics", "POST /leases/{id}/revoke [RequireAuthorization(Policies.Application)]", "POST /public/ping"].sort());
});

minimalApi("the app's own requirement on a route or a group (.RequireManagementKey(), an extension method in another file returning builder.RequireAuthorization(policy)) guards it; one that only adds a filter (.RequireJsonBody()) does not, nor does RequireCors", () => {
  const root = tempDir("tool-minimal-api-convention-");
  writeFiles(root, {
    "src/Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>\n',
    "src/Api/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "var app = builder.Build();",
      "app.MapAppEndpoints();",
      "app.Run();",
    ].join("\n"),
    "src/Api/Endpoints/Apps.cs": [
      "namespace Api.Endpoints;",
      "public static class AppsEndpoints",
      "{",
      "    public static void MapAppEndpoints(this WebApplication app)",
      "    {",
      '        app.MapPost("/admin/apps/{appId}/freeze", async (string appId) => Results.NoContent())',
      "            .RequireManagementKey()",
      '            .RequireCors("default");',
      "",
      '        var users = app.MapGroup("/users").RequireSecretKey();',
      '        users.MapDelete("/{id}", async (string id) => Results.NoContent());',
      "",
      '        app.MapPost("/signin/verify", async (VerifyRequest request) => Results.Ok())',
      "            .RequireJsonBody()",
      '            .RequireCors("default");',
      "    }",
      "}",
    ].join("\n"),
    "src/Api/Authorization/EndpointConventionBuilderExtensions.cs": [
      "namespace Api.Authorization;",
      "public static class EndpointConventionBuilderExtensions",
      "{",
      "    public static TBuilder RequireManagementKey<TBuilder>(this TBuilder builder) where TBuilder : IEndpointConventionBuilder",
      "    {",
      "        var pol = new AuthorizationPolicy(new List<IAuthorizationRequirement>(), new List<string> { \"ManagementKey\" });",
      "        return builder.RequireAuthorization(pol);",
      "    }",
      "",
      "    public static TBuilder RequireSecretKey<TBuilder>(this TBuilder builder) where TBuilder : IEndpointConventionBuilder",
      "    {",
      "        return builder.RequireAuthorization(new AuthorizationPolicy(new List<IAuthorizationRequirement>(), new List<string> { \"ApiKey\" }));",
      "    }",
      "",
      "    public static TBuilder RequireJsonBody<TBuilder>(this TBuilder builder) where TBuilder : IEndpointConventionBuilder",
      "    {",
      "        return builder.AddEndpointFilter<JsonBodyFilter>();",
      "    }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["POST /admin/apps/{appId}/freeze [RequireManagementKey]", "POST /signin/verify", "DELETE /users/{id} [RequireSecretKey]"]);
});

minimalApi("an app kept in a field and mapped on in another method, and the app's own extension method mapping each path it is handed for several methods (MapGetAndPost)", () => {
  const root = tempDir("tool-minimal-handed-path-");
  writeFiles(root, {
    "src/Dns.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Extensions.cs": [
      "static class Extensions",
      "{",
      '    static readonly string[] HTTP_METHODS = new string[] { "GET", "POST" };',
      "",
      "    public static IEndpointConventionBuilder MapGetAndPost(this IEndpointRouteBuilder endpoints, string pattern, RequestDelegate requestDelegate)",
      "    {",
      "        return endpoints.MapMethods(pattern, HTTP_METHODS, requestDelegate);",
      "    }",
      "",
      // A decoy: a helper that maps its own path whatever it is handed.
      "    public static IEndpointConventionBuilder MapPing(this IEndpointRouteBuilder endpoints, string name)",
      "    {",
      '        return endpoints.MapGet("/ping", () => name);',
      "    }",
      "}",
    ].join("\n"),
    "src/WebService.cs": [
      "public sealed class WebService",
      "{",
      "    WebApplication _webService;",
      "    readonly HttpClient _client;",
      "",
      "    public async Task StartAsync()",
      "    {",
      "        WebApplicationBuilder builder = WebApplication.CreateBuilder();",
      "        _webService = builder.Build();",
      "        ConfigureRoutes();",
      "        await _webService.StartAsync();",
      "    }",
      "",
      "    private void ConfigureRoutes()",
      "    {",
      '        _webService.MapGetAndPost("/api/user/login", _authApi.LoginAsync);',
      '        _webService.MapGetAndPost("/api/zones/list", _zonesApi.ListZones).RequireAuthorization();',
      '        _webService.MapPost("/api/settings/restore", _settingsApi.RestoreAsync);',
      '        _webService.MapPing("dns");',
      "    }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/user/login",
    "GET /api/zones/list [RequireAuthorization]",
    "GET /ping",
    "POST /api/settings/restore",
    "POST /api/user/login",
    "POST /api/zones/list [RequireAuthorization]",
  ]);
});

minimalApi("endpoint classes found by reflection (the types implementing IEndpointV1, their static Map invoked with a group) are served under that group, and those of another interface under theirs", () => {
  const root = tempDir("tool-minimal-reflected-");
  writeFiles(root, {
    "src/Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Program.cs": "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.AddEndpoints();\napp.Run();\n",
    "src/Abstractions/IEndpointV1.cs": "namespace Web.Abstractions;\npublic interface IEndpointV1\n{\n    static abstract void Map(RouteGroupBuilder group);\n}\n",
    "src/Extensions/WebApplicationExtensions.cs": [
      "namespace Web.Extensions;",
      "public static class WebApplicationExtensions",
      "{",
      "    public static WebApplication AddEndpoints(this WebApplication application)",
      "    {",
      "        var mapperInterfaceType = typeof(IEndpointV1);",
      "        var endpoints = typeof(WebApplicationExtensions).Assembly.DefinedTypes",
      "            .Where(t => t.ImplementedInterfaces.Contains(mapperInterfaceType)).ToArray();",
      '        var group = application.MapGroup("/api/v1");',
      "        foreach (var endpoint in endpoints)",
      "        {",
      "            var methodMap = endpoint.GetMethod(nameof(IEndpointV1.Map), BindingFlags.Static | BindingFlags.Public);",
      "            methodMap!.Invoke(null, [group]);",
      "        }",
      '        var v2 = application.MapGroup("/api/v2");',
      "        foreach (var type in typeof(IEndpointV2).Assembly.GetTypes().Where(t => typeof(IEndpointV2).IsAssignableFrom(t)))",
      '            type.GetMethod("Map")!.Invoke(null, new object[] { v2 });',
      "        return application;",
      "    }",
      "}",
    ].join("\n"),
    "src/Endpoints/V1/Backups.cs": [
      "namespace Web.Endpoints.V1;",
      "public class Backups : IEndpointV1",
      "{",
      "    public static void Map(RouteGroupBuilder group)",
      "    {",
      '        group.MapGet("/backups", () => List()).RequireAuthorization();',
      '        group.MapDelete("/backup/{id}", (string id) => Delete(id)).RequireAuthorization();',
      "    }",
      "}",
    ].join("\n"),
    "src/Endpoints/V1/Auth.cs": "namespace Web.Endpoints.V1;\npublic record Auth : IEndpointV1\n{\n    public static void Map(RouteGroupBuilder group)\n    {\n        group.MapPost(\"/auth/login\", Login);\n    }\n}\n",
    "src/Endpoints/V2/Progress.cs": "namespace Web.Endpoints.V2;\npublic class Progress : IEndpointV2\n{\n    public static void Map(RouteGroupBuilder group)\n    {\n        group.MapPost(\"/progress\", Get).RequireAuthorization();\n    }\n}\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /api/v1/backup/{id} [RequireAuthorization]",
    "GET /api/v1/backups [RequireAuthorization]",
    "POST /api/v1/auth/login",
    "POST /api/v2/progress [RequireAuthorization]",
  ]);
});

minimalApi("a middleware of the app's that refuses callers without a session guards the paths it covers: a switch on the path whose sign-in cases pass and whose default refuses under /api/, or ifs that hand some paths on before refusing; one that checks no credential (an IP filter) guards nothing", () => {
  const root = tempDir("tool-minimal-path-middleware-");
  writeFiles(root, {
    "src/Dns.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/WebService.cs": [
      "public sealed class WebService",
      "{",
      "    WebApplication _webService;",
      "",
      "    public void Start(WebApplicationBuilder builder)",
      "    {",
      "        _webService = builder.Build();",
      "        _webService.Use(WebServiceApiMiddleware);",
      "        _webService.Use(IpFilterMiddleware);",
      '        _webService.MapPost("/api/user/login", Login);',
      '        _webService.MapPost("/api/user/logout", Logout);',
      '        _webService.MapGet("/api/zones/list", ListZones);',
      '        _webService.MapGet("/api/zones/export", ExportZone);',
      '        _webService.MapGet("/sso/login", SsoLogin);',
      "    }",
      "",
      "    private async Task WebServiceApiMiddleware(HttpContext context, RequestDelegate next)",
      "    {",
      "        HttpRequest request = context.Request;",
      "        switch (request.Path)",
      "        {",
      '            case "/api/user/login":',
      '            case "/api/user/logout":',
      "                break;",
      "",
      '            case "/api/zones/export":',
      "                {",
      "                    if (!TryValidateSession(context, out UserSession _))",
      '                        throw new InvalidTokenWebServiceException("Invalid token or session expired.");',
      "                    await next(context);",
      "                }",
      "                return;",
      "",
      "            default:",
      '                if (request.Path.Value.StartsWith("/api/", StringComparison.OrdinalIgnoreCase))',
      "                {",
      "                    if (!TryValidateSession(context, out UserSession _))",
      '                        throw new InvalidTokenWebServiceException("Invalid token or session expired.");',
      "                }",
      "                break;",
      "        }",
      "        await next(context);",
      "    }",
      "",
      "    private async Task IpFilterMiddleware(HttpContext context, RequestDelegate next)",
      "    {",
      "        if (_blocked.Contains(context.Connection.RemoteIpAddress))",
      "        {",
      "            context.Response.StatusCode = 403;",
      "            return;",
      "        }",
      "        await next(context);",
      "    }",
      "}",
    ].join("\n"),
    "admin/Admin.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "admin/Program.cs": [
      "var builder = WebApplication.CreateBuilder(args);",
      "var app = builder.Build();",
      "app.Use(async (context, next) =>",
      "{",
      '    if (context.Request.Path.StartsWithSegments("/admin/health"))',
      "    {",
      "        await next();",
      "        return;",
      "    }",
      '    if (context.Request.Path.StartsWithSegments("/admin") && !context.User.Identity.IsAuthenticated)',
      "    {",
      "        context.Response.StatusCode = StatusCodes.Status401Unauthorized;",
      "        return;",
      "    }",
      "    await next();",
      "});",
      'app.MapGet("/admin/health", () => "ok");',
      'app.MapDelete("/admin/cache", ClearCache);',
      "app.Run();",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /admin/cache [(middleware)]",
    "GET /admin/health",
    "GET /api/zones/export [WebServiceApiMiddleware]",
    "GET /api/zones/list [WebServiceApiMiddleware]",
    "GET /sso/login",
    "POST /api/user/login",
    "POST /api/user/logout",
  ]);
});

minimalApi("an app held in a property (public required WebApplication App { get; init; }) is mapped on from the class's methods, and a static method called by its qualified name with a group (Endpoints.V1.RemoteControl.MapConditional(group, origin)) maps under it", () => {
  const root = tempDir("tool-minimal-app-property-");
  writeFiles(root, {
    "src/Web.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "src/Webserver.cs": [
      "namespace Web;",
      "public class Webserver",
      "{",
      "    public required WebApplication App { get; init; }",
      "",
      "    public void Configure(string origin)",
      "    {",
      '        App.MapHealthChecks("/health");',
      '        var group = App.MapGroup("/api/v1");',
      "        Endpoints.V1.RemoteControl.MapConditional(group, origin);",
      "    }",
      "}",
    ].join("\n"),
    "src/Endpoints/V1/RemoteControl.cs": [
      "namespace Web.Endpoints.V1;",
      "public class RemoteControl",
      "{",
      "    public static void MapConditional(RouteGroupBuilder group, string origin)",
      "    {",
      '        if (origin == "Agent")',
      "            return;",
      '        group.MapPost("/remotecontrol/enable", Enable).RequireAuthorization();',
      "    }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["ALL /health", "POST /api/v1/remotecontrol/enable [RequireAuthorization]"]);
});

minimalApi.run();
