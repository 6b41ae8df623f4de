import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

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

actix("a configure function named with its generic arguments (configure_endpoint::<Backend>), or called by a closure with the closure's ServiceConfig (|cfg| auth::configure_server::<B>(cfg, flag)), mounts its routes", () => {
  const root = tempDir("tool-actix-configure-generic-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "dir"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\n',
    "src/main.rs": [
      "mod auth;",
      "mod graphql;",
      "use actix_web::{web, App, HttpServer};",
      "",
      "fn http_config<Backend: BackendHandler + 'static>(cfg: &mut web::ServiceConfig, reset: bool) {",
      "    cfg.service(",
      "        web::scope(\"/auth\")",
      "            .configure(|cfg| auth::configure_server::<Backend>(cfg, reset)),",
      "    )",
      "    .service(web::scope(\"/api\").configure(crate::graphql::configure_endpoint::<Backend>));",
      "}",
      "",
      "#[actix_web::main]",
      "async fn main() -> std::io::Result<()> {",
      "    HttpServer::new(|| App::new().configure(|cfg| http_config::<SqlBackend>(cfg, false))).bind(\"0.0.0.0:17170\")?.run().await",
      "}",
      "",
    ].join("\n"),
    "src/auth.rs": [
      "use actix_web::web;",
      "",
      "pub fn configure_server<Backend: BackendHandler + 'static>(cfg: &mut web::ServiceConfig, enable_reset: bool) {",
      "    cfg.service(web::resource(\"/simple/login\").route(web::post().to(simple_login::<Backend>)))",
      "        .service(web::resource(\"/refresh\").route(web::get().to(refresh::<Backend>)));",
      "}",
      "",
    ].join("\n"),
    "src/graphql.rs": [
      "use actix_web::web;",
      "",
      "pub fn configure_endpoint<Backend: BackendHandler + 'static>(cfg: &mut web::ServiceConfig) {",
      "    cfg.service(web::resource(\"/graphql\").route(web::post().to(graphql_route::<Backend>)).route(web::get().to(graphql_route::<Backend>)));",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /api/graphql",
    "POST /api/graphql",
    "GET /auth/refresh",
    "POST /auth/simple/login",
  ]);
});

actix("a function returning a scope (fn api_services() -> actix_web::Scope) with a nested scope, mounted with .service(api_services()), serves its handlers under both prefixes, the handlers in another crate of the workspace", () => {
  const root = tempDir("tool-actix-scope-fn-");
  writeFiles(root, {
    "Cargo.toml": '[workspace]\nmembers = ["src/bin", "src/api"]\n',
    "src/bin/Cargo.toml": '[package]\nname = "server"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\nhandlers = { path = "../api" }\n',
    "src/bin/src/main.rs": [
      "use actix_web::{web, App, HttpServer};",
      "use handlers::{generic, users};",
      "",
      "fn api_services() -> actix_web::Scope {",
      "    web::scope(\"/auth\")",
      "        .service(generic::redirect_v1)",
      "        .service(",
      "            web::scope(\"/v1\")",
      "                .service(users::get_users)",
      "                .service(users::post_users),",
      "        )",
      "}",
      "",
      "#[actix_web::main]",
      "async fn main() -> std::io::Result<()> {",
      "    HttpServer::new(|| App::new().service(api_services())).bind(\"0.0.0.0:8080\")?.run().await",
      "}",
      "",
    ].join("\n"),
    "src/api/Cargo.toml": '[package]\nname = "handlers"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\n',
    "src/api/src/lib.rs": "pub mod generic;\npub mod users;\n",
    "src/api/src/generic.rs": 'use actix_web::{get, HttpResponse};\n\n#[get("/")]\npub async fn redirect_v1() -> HttpResponse {\n    HttpResponse::Ok().finish()\n}\n',
    "src/api/src/users.rs": 'use actix_web::{get, post, HttpResponse};\n\n#[get("/users")]\npub async fn get_users() -> HttpResponse {\n    HttpResponse::Ok().finish()\n}\n\n#[post("/users")]\npub async fn post_users() -> HttpResponse {\n    HttpResponse::Ok().finish()\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /auth",
    "GET /auth/v1/users",
    "POST /auth/v1/users",
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

actix("a handler taking an extractor that fails without the Authorization header is guarded, whatever the error's status, the extractor in the package's own library crate; one that answers Ok(None), or a parameter commented out, is not", () => {
  const root = tempDir("tool-actix-extractor-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "conduit-api"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\n',
    "src/lib.rs": [
      "pub struct SessionState { pub user_id: i64 }",
      "impl FromRequest for SessionState {",
      "    type Error = ServiceError;",
      "    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {",
      '        match req.headers().get("Authorization") {',
      "            Some(auth) => ok(SessionState { user_id: decode(auth) }),",
      '            None => err(ServiceError::new("invalid authorization header!".to_string())),',
      "        }",
      "    }",
      "}",
      // One that reads the credentials with a function of the app's and passes its error on; a decoy passing a parse error on.
      "pub struct UserUuid(Uuid);",
      "impl FromRequest for UserUuid {",
      "    type Error = actix_web::Error;",
      "    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {",
      "        let auth = get_auth_from_request(req);",
      "        match auth {",
      "            Ok(auth) => ready(UserUuid::from_auth(auth)),",
      "            Err(e) => std::future::ready(Err(e)),",
      "        }",
      "    }",
      "}",
      "pub struct ValidBody(Value);",
      "impl FromRequest for ValidBody {",
      "    type Error = actix_web::Error;",
      "    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {",
      "        match parse_body(req, payload) {",
      "            Ok(v) => ready(Ok(ValidBody(v))),",
      "            Err(e) => ready(Err(e)),",
      "        }",
      "    }",
      "}",
      "pub struct MaybeSession(pub Option<i64>);",
      "impl FromRequest for MaybeSession {",
      "    type Error = ServiceError;",
      "    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {",
      '        match req.headers().get("Authorization") {',
      "            Some(auth) => ok(MaybeSession(Some(decode(auth)))),",
      "            None => ok(MaybeSession(None)),",
      "        }",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/main.rs": [
      "mod users;",
      "use actix_web::{web, App, HttpServer};",
      "#[actix_web::main]",
      "async fn main() -> std::io::Result<()> {",
      '    HttpServer::new(|| App::new().service(web::scope("/api").service(users::current).service(users::profile).service(users::list).service(users::requests).service(users::feedback)))',
      '        .bind(("0.0.0.0", 8080))?.run().await',
      "}",
      "",
    ].join("\n"),
    "src/users.rs": [
      "use actix_web::{get, web, Responder};",
      "use conduit_api::{MaybeSession, SessionState, UserUuid, ValidBody};",
      '#[post("/access-request")]',
      "pub async fn requests(uuid: UserUuid, body: web::Json<Request>) -> impl Responder { todo!() }",
      '#[post("/feedback")]',
      "pub async fn feedback(body: ValidBody) -> impl Responder { todo!() }",
      '#[get("/user")]',
      "pub async fn current(session_state: SessionState, pool: web::Data<Pool>) -> impl Responder { todo!() }",
      '#[get("/profiles/{username}")]',
      "pub async fn profile(session: MaybeSession, path: web::Path<String>) -> impl Responder { todo!() }",
      '#[get("/articles")]',
      "pub async fn list(",
      "    // session_state: SessionState,",
      "    pool: web::Data<Pool>,",
      ") -> impl Responder { todo!() }",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`).sort(), [
    "GET /api/articles",
    "GET /api/profiles/{username}",
    "GET /api/user [SessionState]",
    "POST /api/access-request [UserUuid]",
    "POST /api/feedback",
  ]);
});

actix("actix-web-grants attributes on a handler (#[protect(...)], written below or above the route attribute) guard it; other attributes do not", () => {
  const root = tempDir("tool-actix-grants-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "paste"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\nactix-web-grants = "4"\n',
    "src/main.rs": [
      "use actix_web::{get, post, delete, App, HttpServer};",
      "",
      '#[get("/")]',
      "#[allow(deprecated)]",
      "async fn index() -> &'static str { \"ok\" }",
      "",
      '#[post("/")]',
      '#[actix_web_grants::protect("TokenType::Auth", ty = TokenType)]',
      "async fn upload() -> &'static str { \"ok\" }",
      "",
      '#[has_roles("ADMIN")]',
      '#[delete("/{file}")]',
      "async fn remove() -> &'static str { \"ok\" }",
      "",
      "fn main() {",
      "    HttpServer::new(|| App::new().service(index).service(upload).service(remove));",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /",
    "POST / [actix_web_grants::protect]",
    "DELETE /{file} [has_roles]",
  ]);
});

actix("a handler in another crate of the workspace, imported by the crate's name, takes the guards of its extractors, whose impl may be in any file of a third crate", () => {
  const root = tempDir("tool-actix-workspace-");
  writeFiles(root, {
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
    "crates/routes/Cargo.toml": '[package]\nname = "forum_routes"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\nforum_api = { path = "../api" }\n',
    "crates/routes/src/lib.rs": [
      "use actix_web::web::*;",
      "use forum_api::{",
      "  user::{delete::delete_account, read::read_site},",
      "};",
      "pub fn config(cfg: &mut ServiceConfig) {",
      '  cfg.service(scope("/api/v4").route("/account", delete().to(delete_account)).route("/site", get().to(read_site)));',
      "}",
      "",
    ].join("\n"),
    "crates/api/Cargo.toml": '[package]\nname = "forum-api"\nversion = "0.1.0"\n',
    "crates/api/src/lib.rs": "pub mod user;\n",
    "crates/api/src/user/mod.rs": "pub mod delete;\npub mod read;\n",
    "crates/api/src/user/delete.rs": "use forum_views::LocalUserView;\npub async fn delete_account(local_user_view: LocalUserView) -> Json<()> { todo!() }\n",
    "crates/api/src/user/read.rs": "use forum_views::LocalUserView;\npub async fn read_site(local_user_view: Option<LocalUserView>) -> Json<()> { todo!() }\n",
    "crates/views/Cargo.toml": '[package]\nname = "forum_views"\nversion = "0.1.0"\n',
    "crates/views/src/lib.rs": "pub mod impls;\npub struct LocalUserView { pub id: i32 }\n",
    "crates/views/src/impls.rs": [
      "use crate::LocalUserView;",
      "impl FromRequest for LocalUserView {",
      "  fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {",
      "    ready(match req.extensions().get::<LocalUserView>() {",
      "      Some(c) => Ok(c.clone()),",
      "      None => Err(ErrorType::IncorrectLogin.into()),",
      "    })",
      "  }",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "DELETE /api/v4/account [LocalUserView]",
    "GET /api/v4/site",
  ]);
});

actix("a handler that runs its principal's session check first (principal.validate_admin_session()?) is guarded; a middleware named for a product whose name holds \"auth\" (RauthyIpBlacklistMiddleware) is no guard", () => {
  const root = tempDir("tool-actix-principal-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "idp"\nversion = "0.1.0"\n\n[dependencies]\nactix-web = "4"\n',
    "src/main.rs": [
      "use actix_web::{web, App, HttpServer};",
      "mod clients;",
      "#[actix_web::main]",
      "async fn main() -> std::io::Result<()> {",
      "    HttpServer::new(|| {",
      "        App::new()",
      "            .wrap(RauthyIpBlacklistMiddleware)",
      '            .service(web::scope("/auth/v1").service(clients::get_clients).service(clients::get_health))',
      "    })",
      '    .bind(("0.0.0.0", 8080))?',
      "    .run()",
      "    .await",
      "}",
    ].join("\n"),
    "src/clients.rs": [
      "use actix_web::{get, HttpResponse};",
      '#[get("/clients")]',
      "pub async fn get_clients(principal: ReqPrincipal) -> Result<HttpResponse, ErrorResponse> {",
      "    principal.validate_api_key_or_admin_session(AccessGroup::Clients, AccessRights::Read)?;",
      "    Ok(HttpResponse::Ok().json(Client::find_all().await?))",
      "}",
      "",
      '#[get("/health")]',
      "pub async fn get_health() -> HttpResponse {",
      "    HttpResponse::Ok().finish()",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /auth/v1/clients [validate_api_key_or_admin_session]",
    "GET /auth/v1/health",
  ]);
});

actix.run();
