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

rocket("a request guard brought in by a glob use of another crate's module (use blog_models::{admin::*}) guards when its FromRequest refuses; one that only forwards does not", () => {
  const root = tempDir("tool-rocket-glob-guard-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "blog"\nversion = "0.1.0"\n\n[dependencies]\nrocket = "0.4"\nblog_models = { path = "blog-models" }\n\n[workspace]\nmembers = ["blog-models"]\n',
    "src/main.rs": [
      "#[macro_use]",
      "extern crate rocket;",
      "mod routes;",
      "fn main() {",
      '    rocket::ignite().mount("/", routes![routes::instance::admin_users, routes::instance::about]).launch();',
      "}",
    ].join("\n"),
    "src/routes/mod.rs": "pub mod instance;\n",
    "src/routes/instance.rs": [
      "use rocket::response::Redirect;",
      "use blog_models::{",
      "    admin::*,",
      "    users::User,",
      "};",
      "",
      '#[get("/admin/users")]',
      "pub fn admin_users(_mod: Moderator, conn: DbConn) -> Ructe { todo!() }",
      "",
      '#[get("/about")]',
      "pub fn about(_admin: PageLocale, conn: DbConn) -> Ructe { todo!() }",
    ].join("\n"),
    "blog-models/Cargo.toml": '[package]\nname = "blog-models"\nversion = "0.1.0"\n',
    "blog-models/src/lib.rs": "pub mod admin;\npub mod users;\n",
    "blog-models/src/users.rs": "pub struct User;\n",
    "blog-models/src/admin.rs": [
      "pub struct Moderator(pub User);",
      "impl<'a, 'r> FromRequest<'a, 'r> for Moderator {",
      "    fn from_request(request: &'a Request<'r>) -> request::Outcome<Moderator, ()> {",
      "        let user = request.guard::<User>()?;",
      "        if user.is_moderator() { Outcome::Success(Moderator(user)) } else { Outcome::Failure((Status::Unauthorized, ())) }",
      "    }",
      "}",
      "pub struct PageLocale(pub User);",
      "impl<'a, 'r> FromRequest<'a, 'r> for PageLocale {",
      "    fn from_request(request: &'a Request<'r>) -> request::Outcome<PageLocale, ()> {",
      "        Outcome::Forward(())",
      "    }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /about",
    "GET /admin/users [Moderator]",
  ]);
});

rocket("rocket_okapi: mount_endpoints_and_merged_docs! mounts each listed prefix under its base path, openapi_get_routes_spec! lists routes (settings named first or not) in a function returning (Vec<Route>, OpenApi)", () => {
  const root = tempDir("tool-rocket-okapi-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "chat"\nversion = "0.1.0"\n\n[dependencies]\nrocket = "0.5"\nrocket_okapi = "0.8"\n',
    "src/main.rs": [
      "#[macro_use]",
      "extern crate rocket;",
      "mod routes;",
      "",
      "#[launch]",
      "fn launch() -> _ {",
      "    let rocket = rocket::build();",
      "    routes::mount(rocket)",
      "}",
      "",
    ].join("\n"),
    "src/routes/mod.rs": [
      "mod users;",
      "mod unused;",
      "use rocket::{Build, Rocket};",
      "use rocket_okapi::settings::OpenApiSettings;",
      "",
      "pub fn mount(mut rocket: Rocket<Build>) -> Rocket<Build> {",
      "    let settings = OpenApiSettings::default();",
      "    lazy_static! {",
      '        static ref NAME: &str = "chat";',
      "    }",
      "    mount_endpoints_and_merged_docs! {",
      '        rocket, "/0.8".to_owned(), settings,',
      '        "" => openapi_get_routes_spec![root],',
      '        "/users" => users::routes(),',
      "    };",
      "    rocket",
      "}",
      "",
      "#[openapi(tag = \"Core\")]",
      '#[get("/")]',
      "async fn root() -> &'static str { \"hello\" }",
      "",
    ].join("\n"),
    "src/routes/users.rs": [
      "use rocket::Route;",
      "use rocket_okapi::okapi::openapi3::OpenApi;",
      "",
      "pub fn routes() -> (Vec<Route>, OpenApi) {",
      "    openapi_get_routes_spec![settings: fetch, edit]",
      "}",
      "",
      '#[get("/<id>")]',
      "async fn fetch(id: String) -> String { id }",
      "",
      '#[patch("/<id>", data = "<data>")]',
      "async fn edit(user: User, id: String, data: Json<Edit>) -> String { id }",
      "",
    ].join("\n"),
    // A list nothing mounts serves nothing.
    "src/routes/unused.rs": [
      "use rocket::Route;",
      "use rocket_okapi::okapi::openapi3::OpenApi;",
      "",
      "pub fn routes() -> (Vec<Route>, OpenApi) {",
      "    openapi_get_routes_spec![stale]",
      "}",
      "",
      '#[get("/stale")]',
      "async fn stale() -> &'static str { \"old\" }",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /0.8 root",
    "GET /0.8/users/{id} fetch",
    "PATCH /0.8/users/{id} edit [User]",
  ]);
});

rocket.run();
