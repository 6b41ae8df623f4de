import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const actix = suite("Actix Web routes");

actix("attribute handlers mounted with service, scopes, resources, configure functions in another module and wrap middleware", () => {
  assert.equal(routeLines("routes-actix"), [
    "GET /api/admin/stats src/main.rs:20 handlers::stats [HttpAuthentication::bearer]",
    "GET /api/posts src/handlers/posts.rs:14 list",
    "POST /api/posts src/handlers/posts.rs:17 create [RequireAuth]",
    "DELETE /api/posts/{id} src/handlers/posts.rs:20 remove",
    "GET /api/posts/{id}/comments src/handlers/posts.rs:10 comments",
    "POST /api/posts/{id}/comments src/handlers/posts.rs:10 add_comment",
    "GET /health src/handlers/mod.rs:5 health",
    "GET /version src/main.rs:23 handlers::version",
  ]);
});

actix("actix-web 1's to_async handlers, guarded when they pass on the failure of a caller check and not when they handle both outcomes", () => {
  const root = tempDir("tool-actix-1-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "shop"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "1.0"\n',
    "src/main.rs": [
      "use actix_web::{web, App, HttpServer};",
      "mod articles;",
      "fn main() {",
      "    HttpServer::new(|| {",
      "        App::new().service(",
      '            web::scope("/api").service(',
      '                web::resource("articles")',
      "                    .route(web::get().to_async(articles::list))",
      "                    .route(web::post().to_async(articles::create)),",
      "            ),",
      "        )",
      "    });",
      "}",
    ].join("\n"),
    "src/articles.rs": [
      "pub fn list(state: Data<AppState>, req: HttpRequest) -> impl Future<Item = HttpResponse, Error = Error> {",
      "    authenticate(&state, &req)",
      "        .then(move |auth| db.send(GetArticles { auth: auth.ok() }).from_err())",
      "}",
      "",
      "pub fn create(state: Data<AppState>, (form, req): (Json<In>, HttpRequest)) -> impl Future<Item = HttpResponse, Error = Error> {",
      "    let article = form.into_inner().article;",
      "    result(article.validate())",
      "        .from_err()",
      "        .and_then(move |_| authenticate(&state, &req))",
      "        .and_then(move |auth| db.send(CreateArticle { auth, article }).from_err())",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/articles articles::list",
    "POST /api/articles articles::create [authenticate]",
  ]);
});

actix.run();
