import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const javalin = suite("Javalin routes");

javalin("ApiBuilder blocks in Kotlin and Java, crud, verbs on an instance, roles that let anyone in or not, before guards, a contextPath read from a properties file", () => {
  assert.equal(routeLines("routes-javalin"), [
    "GET /api/health src/main/java/shop/App.java:24 (inline)",
    "GET /api/items src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "POST /api/items src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "DELETE /api/items/{item-id} src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "GET /api/items/{item-id} src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "PATCH /api/items/{item-id} src/main/kotlin/shop/Router.kt:21 ItemController() [roles(Role.USER)]",
    "POST /api/login src/main/java/shop/App.java:25 AuthController::login",
    "GET /api/orders src/main/kotlin/shop/Router.kt:14 orders::list",
    "POST /api/orders src/main/kotlin/shop/Router.kt:15 orders::create [roles(Role.USER)]",
    "DELETE /api/orders/{id} src/main/kotlin/shop/Router.kt:18 orders::delete [roles(Role.ADMIN)]",
    "GET /api/orders/{id} src/main/kotlin/shop/Router.kt:17 orders::show",
    "GET /api/reports src/main/java/shop/App.java:20 ReportController::list [AuthHandler::requireAuth]",
  ]);
});

javalin("an ApiBuilder block calls functions of other objects and classes that declare routes (Kotlin objects, Java static methods, method references): their routes take the block's path and before guards; a path the subpath setting may prefix keeps its literal, also through a local value before a trailing lambda", () => {
  const root = tempDir("tool-javalin-functions-");
  writeFiles(root, {
    "build.gradle.kts": "dependencies { implementation(\"io.javalin:javalin:6.3.0\") }\n",
    "src/main/kotlin/tachi/server/Setup.kt": [
      "package tachi.server",
      "",
      "import io.javalin.Javalin",
      "import io.javalin.apibuilder.ApiBuilder.before",
      "import io.javalin.apibuilder.ApiBuilder.path",
      "import tachi.global.GlobalAPI",
      "import tachi.manga.MangaAPI",
      "",
      "object Setup {",
      "    fun start() {",
      "        Javalin.create { config ->",
      "            config.router.apiBuilder {",
      "                path(ServerSubpath.maybeAddAsPrefix(\"api/\")) {",
      "                    before(AuthGuard::requireUser)",
      "                    path(\"v1/\") {",
      "                        GlobalAPI.defineEndpoints()",
      "                        MangaAPI.defineEndpoints()",
      "                    }",
      "                }",
      "            }",
      "        }",
      "    }",
      "",
      "    fun RoutesConfig.defineCore() {",
      "        val loginPath = ServerSubpath.maybeAddAsPrefix(\"/login.html\")",
      "        get(loginPath) { ctx -> ctx.render(\"Login.jte\") }",
      "        post(loginPath) { ctx -> ctx.redirect(\"/\") }",
      "    }",
      "}",
    ].join("\n"),
    "src/main/kotlin/tachi/global/GlobalAPI.kt": [
      "package tachi.global",
      "",
      "import io.javalin.apibuilder.ApiBuilder.get",
      "import io.javalin.apibuilder.ApiBuilder.patch",
      "import io.javalin.apibuilder.ApiBuilder.path",
      "",
      "object GlobalAPI {",
      "    fun defineEndpoints() {",
      "        path(\"meta\") {",
      "            get(\"\", MetaController.getMeta)",
      "            patch(\"\", MetaController.modifyMeta)",
      "        }",
      "    }",
      "",
      "    fun notRoutes() = listOf(\"get\")",
      "}",
    ].join("\n"),
    "src/main/kotlin/tachi/manga/MangaAPI.kt": [
      "package tachi.manga",
      "",
      "import io.javalin.apibuilder.ApiBuilder.delete",
      "import io.javalin.apibuilder.ApiBuilder.get",
      "import io.javalin.apibuilder.ApiBuilder.path",
      "",
      "object MangaAPI {",
      "    fun defineEndpoints() {",
      "        path(\"manga\") {",
      "            get(\"{mangaId}\", MangaController.retrieve)",
      "            delete(\"{mangaId}\", MangaController.remove)",
      "        }",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/shop/App.java": [
      "package shop;",
      "",
      "import static io.javalin.apibuilder.ApiBuilder.path;",
      "",
      "import io.javalin.Javalin;",
      "",
      "public class App {",
      "    public static void main(String[] args) {",
      "        Javalin.create(config -> {",
      "            config.router.apiBuilder(() -> {",
      "                path(\"shop\", ShopRoutes::register);",
      "            });",
      "        }).start(7070);",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/shop/ShopRoutes.java": [
      "package shop;",
      "",
      "import static io.javalin.apibuilder.ApiBuilder.get;",
      "import static io.javalin.apibuilder.ApiBuilder.post;",
      "",
      "public final class ShopRoutes {",
      "    public static void register() {",
      "        get(\"items\", ItemController::list);",
      "        post(\"items\", ItemController::create);",
      "    }",
      "}",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "DELETE /api/v1/manga/{mangaId} [AuthGuard::requireUser]",
    "GET /api/v1/manga/{mangaId} [AuthGuard::requireUser]",
    "GET /api/v1/meta [AuthGuard::requireUser]",
    "PATCH /api/v1/meta [AuthGuard::requireUser]",
    "GET /login.html",
    "POST /login.html",
    "GET /shop/items",
    "POST /shop/items",
  ]);
});

javalin.run();
