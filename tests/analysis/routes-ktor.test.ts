import { suite } from "uvu";
import * as assert from "uvu/assert";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const ktor = suite("Ktor routes");

ktor("routing blocks, nested route and authenticate blocks, route extension functions called through an import and within the package", () => {
  assert.equal(routeLines("routes-ktor"), [
    "GET / src/main/kotlin/com/example/plugins/Routing.kt:13 (inline)",
    "GET /api/v1/customers src/main/kotlin/com/example/routes/CustomerRoutes.kt:9 (inline)",
    "POST /api/v1/customers src/main/kotlin/com/example/routes/CustomerRoutes.kt:12 (inline) [authenticate(admin)]",
    "DELETE /api/v1/customers/{id} src/main/kotlin/com/example/routes/CustomerRoutes.kt:13 (inline) [authenticate(admin)]",
    "GET /api/v1/customers/{id} src/main/kotlin/com/example/routes/CustomerRoutes.kt:10 (inline)",
    "GET /api/v1/me src/main/kotlin/com/example/plugins/Routing.kt:21 (inline) [authenticate(auth-jwt)]",
    "GET /api/v1/orders src/main/kotlin/com/example/plugins/Orders.kt:11 (inline) [authenticate(auth-jwt)]",
    "DELETE /api/v1/orders/{id} src/main/kotlin/com/example/plugins/Orders.kt:15 (inline) [authenticate(auth-jwt)]",
  ]);
});

ktor("typed routes take their resource class's path under their block; a block's prefix may be a constant of another file", () => {
  assert.equal(routeLines("routes-ktor-resources"), [
    "GET /api/v1/orders src/main/kotlin/com/shop/orders/OrderRoutes.kt:19 (inline)",
    "POST /api/v1/orders src/main/kotlin/com/shop/orders/OrderRoutes.kt:25 (inline) [authenticate(auth-jwt)]",
    "GET /api/v1/orders/{id} src/main/kotlin/com/shop/orders/OrderRoutes.kt:24 (inline) [authenticate(auth-jwt)]",
    "GET /api/v1/users/{name} src/main/kotlin/com/shop/users/UserRoutes.kt:12 (inline)",
  ]);
});

ktor("helpers named after a verb around typed routes (authenticatedGet<Resource, Principal>) are routes, guarded unless optional = true", () => {
  const root = tempDir("tool-ktor-wrappers-");
  writeFiles(root, {
    "build.gradle.kts": 'dependencies { implementation("io.ktor:ktor-server-core:2.3.0") }\n',
    "src/main/kotlin/shop/Resources.kt": 'package shop\n\nimport io.ktor.resources.Resource\n\n@Resource("/articles")\nclass Articles {\n    @Resource("/feed")\n    class Feed(val parent: Articles = Articles())\n}\n',
    "src/main/kotlin/shop/Routes.kt": [
      "package shop", "", "import io.ktor.server.routing.*", "import ctx.auth.authenticatedGet", "import ctx.auth.authenticatedPost", "",
      "fun Route.articleRoutes() {",
      "    authenticatedGet<Articles, Principal>(optional = true) { call.respond(listOf<String>()) }",
      "    authenticatedGet<Articles.Feed, Principal> { call.respond(listOf<String>()) }",
      "    authenticatedPost<Articles, Principal> { call.respond(201) }",
      "}", "",
      "fun Application.module() {", "    routing {", '        route("/api") {', "            articleRoutes()", "        }", "    }", "}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/articles",
    "POST /api/articles [authenticatedPost]",
    "GET /api/articles/feed [authenticatedGet]",
  ]);
});

ktor("a handler written in place that refuses at its top guards its route: `?: throw Unauthorized()`, `call.respond(HttpStatusCode.Unauthorized)`, or a call of the project's that throws so (`call.checkAdminKey(secret)`, an extension in another file); NotFound refuses nobody for being anonymous", () => {
  const root = tempDir("tool-ktor-inline-checks-");
  writeFiles(root, {
    "build.gradle.kts": 'dependencies { implementation("io.ktor:ktor-server-core:3.0.0") }\n',
    "src/main/kotlin/app/Routes.kt": [
      "package app",
      "import io.ktor.server.routing.*",
      "",
      "fun Application.routes() {",
      "    routing {",
      '        post("time/{timestamp}") {',
      "            call.checkAdminKey(config.adminSecret)",
      "            call.respond(timeService.set())",
      "        }",
      '        route("vote") {',
      "            get {",
      "                val principal = call.validatePrincipal(repository) ?: throw Unauthorized()",
      "                call.respond(repository.votes(principal.token))",
      "            }",
      "            delete {",
      "                val principal = call.principal<UserIdPrincipal>() ?: return@delete call.respond(HttpStatusCode.Unauthorized)",
      "                call.respond(repository.clear(principal.name))",
      "            }",
      "        }",
      '        get("sessions/{id}") {',
      "            val session = repository.session(call.parameters[\"id\"]) ?: throw NotFound()",
      "            call.checkExists(session)",
      "            call.respond(session)",
      "        }",
      "    }",
      "}",
    ].join("\n"),
    "src/main/kotlin/app/utils.kt": [
      "package app",
      "",
      "internal fun ApplicationCall.checkAdminKey(adminSecret: String) {",
      "    val principal = principal<AppPrincipal>()",
      "    if (principal?.token != adminSecret) {",
      "        throw Unauthorized()",
      "    }",
      "}",
      "",
      "internal fun ApplicationCall.checkExists(value: Any?) {",
      "    if (value == null) throw NotFound()",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /vote [the handler refuses without a signed-in user]",
    "GET /sessions/{id}",
    "GET /vote [the handler refuses without a signed-in user]",
    "POST /time/{timestamp} [checkAdminKey refuses without a signed-in user]",
  ].sort());
});

ktor.run();
