import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const rocket = suite("Rocket routes");

rocket("routes! mounted under prefixes, a stage mounting its own routes, <path..> parameters, query parts dropped, request guards", () => {
  assert.equal(routeLines("routes-rocket"), [
    "GET / src/main.rs:9 index",
    "DELETE /admin/cache/{path} src/routes/admin.rs:4 purge [AdminUser]",
    "GET /admin/stats src/routes/admin.rs:9 stats [AdminUser]",
    "GET /api/todos src/routes/todos.rs:4 list",
    "POST /api/todos src/routes/todos.rs:14 create [AuthUser]",
    "GET /api/todos/{id} src/routes/todos.rs:9 show",
  ]);
});

rocket("functions returning Vec<Route> mounted by a call, appending other modules' routes, re-exported under another name; a prefix concatenated with a configured base path is known in part; a request guard whose FromRequest refuses without credentials guards", () => {
  const root = tempDir("tool-rocket-route-functions-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "vault"\nversion = "0.1.0"\n\n[dependencies]\nrocket = "0.5"\n',
    "src/main.rs": [
      "#[macro_use]",
      "extern crate rocket;",
      "mod api;",
      "",
      "#[launch]",
      "fn rocket() -> _ {",
      "    let basepath = &CONFIG.domain_path();",
      "    rocket::build()",
      '        .mount(["/"].concat(), api::web_routes())',
      '        .mount([basepath, "/api"].concat(), api::core_routes())',
      "}",
      "",
    ].join("\n"),
    "src/api/mod.rs": [
      "mod core;",
      "mod web;",
      "use rocket::Route;",
      "",
      "pub use crate::api::{",
      "    core::routes as core_routes,",
      "    web::routes as web_routes,",
      "};",
      "",
    ].join("\n"),
    "src/api/web.rs": [
      "use rocket::Route;",
      "",
      "pub fn routes() -> Vec<Route> {",
      "    let mut routes = routes![alive];",
      "    if CONFIG.web_vault_enabled() {",
      "        routes.append(&mut routes![web_index]);",
      "    }",
      "    routes",
      "}",
      "",
      '#[get("/alive")]',
      "fn alive() -> &'static str { \"ok\" }",
      "",
      '#[get("/")]',
      "fn web_index() -> &'static str { \"index\" }",
      "",
    ].join("\n"),
    "src/api/core/mod.rs": [
      "mod folders;",
      "use rocket::Route;",
      "",
      "pub fn routes() -> Vec<rocket::Route> {",
      "    let mut meta_routes = routes![version];",
      "    let mut routes = Vec::new();",
      "    routes.append(&mut folders::routes());",
      "    routes.append(&mut meta_routes);",
      "    routes",
      "}",
      "",
      '#[get("/version")]',
      "fn version() -> &'static str { \"1\" }",
      "",
    ].join("\n"),
    "src/auth.rs": [
      "pub struct Headers { pub user: User }",
      "",
      "#[rocket::async_trait]",
      "impl<'r> FromRequest<'r> for Headers {",
      "    type Error = &'static str;",
      "",
      "    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {",
      "        let access_token: &str = if let Some(a) = request.headers().get_one(\"Authorization\") {",
      "            a",
      "        } else {",
      "            err_handler!(\"No access token provided\")",
      "        };",
      "        let Ok(claims) = decode_login(access_token) else {",
      "            err_handler!(\"Invalid claim\")",
      "        };",
      "        Outcome::Success(Headers { user: claims.user })",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/api/core/folders.rs": [
      "use rocket::Route;",
      "",
      "pub fn routes() -> Vec<Route> {",
      "    routes![get_folders, post_folder]",
      "}",
      "",
      "use crate::auth::Headers;",
      "",
      '#[get("/folders")]',
      "async fn get_folders(headers: Headers) -> Json<Value> { todo!() }",
      "",
      '#[post("/folders", data = "<data>")]',
      "async fn post_folder(data: Json<FolderData>, headers: Headers) -> JsonResult { todo!() }",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET / web_index",
    "GET /alive alive",
    "GET /api/folders get_folders [Headers] (prefix unknown)",
    "POST /api/folders post_folder [Headers] (prefix unknown)",
    "GET /api/version version (prefix unknown)",
  ]);
});

rocket.run();
