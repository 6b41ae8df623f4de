import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const axum = suite("Axum routes");

axum("nest and merge across modules, method routers with several methods, layers guarding only the routes added before them; test modules skipped", () => {
  assert.equal(routeLines("routes-axum"), [
    "GET / src/main.rs:11 root",
    "GET /api/v1/admin/stats src/routes/users.rs:12 stats [crate::auth::require_admin]",
    "POST /api/v1/login src/routes/mod.rs:13 users::login",
    "GET /api/v1/notes src/routes/mod.rs:15 users::list [require_auth]",
    "POST /api/v1/notes src/routes/mod.rs:15 users::create [require_auth]",
    "DELETE /api/v1/notes/{id} src/routes/mod.rs:16 users::remove [require_auth]",
    "GET /api/v1/notes/{id} src/routes/mod.rs:16 users::show [require_auth]",
    "GET /health src/routes/health.rs:4 (inline)",
  ]);
});

axum("utoipa-axum: routes!() serves each handler at its #[utoipa::path]; an extractor whose FromRequestParts answers 401 guards, its Maybe form does not", () => {
  const root = tempDir("tool-utoipa-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "api"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\nutoipa-axum = "0.2"\n',
    "src/lib.rs": [
      "mod extractors;",
      "mod users;",
      "use utoipa_axum::router::OpenApiRouter;",
      "pub fn app() -> axum::Router {",
      "    let (app, _docs) = OpenApiRouter::new()",
      "        .nest(\"/api\", users::router())",
      "        .split_for_parts();",
      "    app",
      "}",
    ].join("\n"),
    "src/extractors.rs": [
      "pub struct UserId(pub u64);",
      "pub struct MaybeUserId(pub Option<UserId>);",
      "pub struct Locale(pub String);",
      "impl<S> FromRequestParts<S> for UserId where S: Send + Sync {",
      "    type Rejection = Error;",
      "    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Error> {",
      "        let token = parts.headers.get(AUTHORIZATION).ok_or(Error::Unauthorized)?;",
      "        Ok(UserId(decode(token)?))",
      "    }",
      "}",
      "impl<S> FromRequestParts<S> for Locale where S: Send + Sync {",
      "    type Rejection = Error;",
      "    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Error> {",
      "        Ok(Locale(parts.headers.get(ACCEPT_LANGUAGE).map(|v| v.to_string()).unwrap_or_default()))",
      "    }",
      "}",
    ].join("\n"),
    "src/users/mod.rs": [
      "mod current;",
      "mod login;",
      "use utoipa_axum::{router::OpenApiRouter, routes};",
      "pub fn router() -> OpenApiRouter {",
      "    let me = OpenApiRouter::new().routes(routes!(current::read_user, current::update_user,));",
      "    let auth = OpenApiRouter::new()",
      "        .routes(routes!(login::login))",
      "        // a long comment between two links of the chain, longer than any window a reader of chains",
      "        // might look through for the next link: it is blank once comments are stripped, but still there",
      "        .routes(routes!(login::refresh));",
      "    OpenApiRouter::new().nest(\"/user\", me).nest(\"/users\", auth)",
      "}",
    ].join("\n"),
    "src/users/current.rs": [
      "use crate::extractors::{MaybeUserId, UserId};",
      "#[utoipa::path(get, path = \"\", responses((status = 200)))]",
      "pub(crate) async fn read_user(uid: UserId) -> Json<User> { todo!() }",
      "#[utoipa::path(",
      "    put,",
      "    path = \"\",",
      ")]",
      "pub(crate) async fn update_user(",
      "    uid: UserId,",
      "    Json(body): Json<Update>,",
      ") -> Json<User> { todo!() }",
      "/// Documented but never mounted: no route.",
      "#[utoipa::path(delete, path = \"\")]",
      "pub(crate) async fn delete_user(uid: MaybeUserId) {}",
    ].join("\n"),
    "src/users/login.rs": [
      "use crate::extractors::{Locale, MaybeUserId};",
      "#[utoipa::path(post, path = \"/login\")]",
      "pub(crate) async fn login(locale: Locale, Json(body): Json<Login>) -> Json<User> { todo!() }",
      "#[utoipa::path(post, path = \"/refresh\")]",
      "pub(crate) async fn refresh(uid: MaybeUserId) -> Json<User> { todo!() }",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/user [UserId]",
    "POST /api/users/login",
    "POST /api/users/refresh",
    "PUT /api/user [UserId]",
  ]);
});

axum("a router built in the first branch of an if expression (let mut router = if ... { Router::new().merge(api) } else { ... }) from a function another module defines, then layered with auth, guards that function's routes", () => {
  const root = tempDir("tool-axum-if-router-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "gateway"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\n',
    "src/main.rs": "mod router;\nmod routes;\nfn main() {}\n",
    "src/router.rs": [
      "use axum::{middleware, Router};",
      "use crate::routes::build_api_routes;",
      "",
      "pub fn build_router(base_path: &str, auth_enabled: bool) -> Router {",
      "    let api_routes = build_api_routes();",
      "    let mut router = if base_path.is_empty() {",
      "        Router::new().merge(api_routes)",
      "    } else {",
      "        Router::new().nest(base_path, api_routes)",
      "    };",
      "    if auth_enabled {",
      "        router = router.layer(middleware::from_fn(require_auth));",
      "    }",
      "    router",
      "}",
      "",
    ].join("\n"),
    "src/routes.rs": "use axum::{routing::get, Router};\n\npub fn build_api_routes() -> Router {\n    Router::new().route(\"/inference\", get(inference))\n}\n\nasync fn inference() {}\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /inference [require_auth]"]);
});

axum("a router served as it is when the configured base path is empty (let app = if path_prefix.is_empty() { base_app } else { Router::new().nest(&path_prefix, base_app) }) serves its routes at the root, not under an unknown prefix", () => {
  const root = tempDir("tool-axum-if-prefix-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "admin"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.7"\n',
    "src/main.rs": [
      "use axum::{routing::get, Router};",
      "#[tokio::main]",
      "async fn main() {",
      "    let path_prefix = config.path_prefix.clone();",
      "    let web_router = Router::new().route(\"/login\", get(login)).route(\"/home\", get(home));",
      "    let base_app = Router::new()",
      "        .route(\"/favicon.ico\", get(favicon))",
      "        .nest_service(\"/web\", web_router);",
      "    let app = if path_prefix.is_empty() {",
      "        base_app",
      "    } else {",
      "        Router::new().nest(&path_prefix, base_app)",
      "    };",
      "    axum::serve(listener, app).await.unwrap();",
      "}",
      "async fn login() {}",
      "async fn home() {}",
      "async fn favicon() {}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), ["GET /favicon.ico", "GET /web/home", "GET /web/login"]);
});

axum("an extractor that sends a caller without a session to sign in (Err(Redirect::to(\"/web/login\"))) guards its handlers; one that redirects elsewhere does not", () => {
  const root = tempDir("tool-axum-redirect-extractor-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "admin"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.7"\n',
    "src/main.rs": [
      "mod session;",
      "use axum::{routing::{get, post}, Router};",
      "use crate::session::{Locale, UserSession};",
      "pub fn app() -> Router {",
      '    Router::new().route("/web-api/change-password", post(change_password)).route("/web/about", get(about))',
      "}",
      "async fn change_password(session: UserSession, Form(param): Form<Request>) -> Result<(), Error> { Ok(()) }",
      "async fn about(locale: Locale) -> Html<String> { todo!() }",
      "",
    ].join("\n"),
    "src/session.rs": [
      "impl FromRequestParts<AppState> for UserSession {",
      "    type Rejection = axum::response::Response;",
      "    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {",
      "        if let Some(session) = get_session_from_store(parts, state).await {",
      "            return Ok(session);",
      "        }",
      '        let redirect_url = state.prepend_with_path_prefix("/web/login");',
      "        Err(Redirect::to(&redirect_url).into_response())",
      "    }",
      "}",
      "impl FromRequestParts<AppState> for Locale {",
      "    type Rejection = axum::response::Response;",
      "    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {",
      "        match language(parts) {",
      "            Some(lang) => Ok(Locale(lang)),",
      '            None => Err(Redirect::to("/web/en/about").into_response()),',
      "        }",
      "    }",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["POST /web-api/change-password [UserSession]", "GET /web/about"]);
});

axum("a handler that takes the Authorization header as an optional extractor and refuses without it is guarded; a sign-in answering 'unauthorized' for a wrong password is not", () => {
  const root = tempDir("tool-axum-own-check-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\n',
    "src/main.rs": [
      "use axum::{routing::{get, post}, Router};",
      "pub fn app() -> Router {",
      "    Router::new()",
      '        .route("/users/login", post(login_user))',
      '        .route("/user", get(get_current_user))',
      "}",
      "async fn login_user(Json(request): Json<LoginUserRequest>) -> Result<impl IntoResponse, Error> {",
      "    let user = service",
      "        .login(&request.email, &request.password)",
      "        .await",
      "        .map_err(|error| match error {",
      "            LoginError::InvalidPassword(e) => Error::unauthorized(e),",
      "        })?;",
      "    Ok(Json(user))",
      "}",
      "async fn get_current_user(bearer: Option<TypedHeader<Authorization<Bearer>>>) -> Result<impl IntoResponse, Error> {",
      "    let token = bearer",
      '        .ok_or(Error::unauthorized("missing bearer token"))',
      "        .map(|TypedHeader(Authorization(bearer))| bearer.token().into())?;",
      "    Ok(Json(token))",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /user [401 without credentials]", "POST /users/login"]);
});

axum("a handler that is a type's method (`UsersRouter::current`) takes the guards of its extractor arguments, the type's impl in the route's file", () => {
  const root = tempDir("tool-axum-type-method-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.5"\n',
    "src/main.rs": "mod extractors;\nmod users;\nfn main() { let app = users::UsersRouter::new_router(); }\n",
    "src/extractors.rs": [
      "pub struct RequiredAuthentication(pub i64);",
      "#[async_trait]",
      "impl<B> FromRequest<B> for RequiredAuthentication where B: Send {",
      "    async fn from_request(req: &mut RequestParts<B>) -> Result<Self, Self::Rejection> {",
      "        let header = req.headers().get(AUTHORIZATION).ok_or(ConduitError::Unauthorized)?;",
      "        Ok(RequiredAuthentication(decode(header)?))",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/users.rs": [
      "use axum::{routing::{get, post}, Router};",
      "use crate::extractors::RequiredAuthentication;",
      "pub struct UsersRouter;",
      "impl UsersRouter {",
      "    pub fn new_router() -> Router {",
      "        Router::new()",
      '            .route("/users/login", post(UsersRouter::login))',
      '            .route("/user", get(UsersRouter::current))',
      "    }",
      "    pub async fn login(Json(request): Json<LoginRequest>) -> Json<User> { todo!() }",
      "    pub async fn current(RequiredAuthentication(user_id): RequiredAuthentication) -> Json<User> { todo!() }",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /user [RequiredAuthentication]", "POST /users/login"]);
});

axum("a handler imported into the router's module by a `use` tree takes the guards of its extractors, in the module the `use` names; its optional form guards nothing", () => {
  const root = tempDir("tool-axum-imported-handler-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\n',
    "src/main.rs": "mod api;\nfn main() { let app = api::create_router(); }\n",
    "src/api/mod.rs": [
      "pub mod extractor;",
      "pub mod handlers;",
      "use crate::api::handlers::{",
      "    articles::{create_article, list_articles},",
      "    users::login,",
      "};",
      "use axum::{routing::{get, post}, Router};",
      "pub fn create_router() -> Router {",
      "    Router::new()",
      '        .route("/api/users/login", post(login))',
      '        .route("/api/articles", get(list_articles).post(create_article))',
      "}",
      "",
    ].join("\n"),
    "src/api/extractor.rs": [
      "pub struct Caller { pub id: Uuid }",
      "impl<S> FromRequestParts<S> for Caller where S: Send + Sync {",
      "    type Rejection = AppError;",
      "    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {",
      "        let header = parts.headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()).ok_or(AppError::MissingToken)?;",
      "        Ok(Caller { id: decode(header)? })",
      "    }",
      "}",
      "pub struct MaybeCaller(pub Option<Uuid>);",
      "",
    ].join("\n"),
    "src/api/handlers/mod.rs": "pub mod articles;\npub mod users;\n",
    "src/api/handlers/articles.rs": [
      "use crate::api::extractor::{Caller, MaybeCaller};",
      "pub async fn create_article(caller: Caller, Json(body): Json<NewArticle>) -> Json<Article> { todo!() }",
      "pub async fn list_articles(MaybeCaller(viewer): MaybeCaller) -> Json<Vec<Article>> { todo!() }",
      "",
    ].join("\n"),
    "src/api/handlers/users.rs": "pub async fn login(Json(body): Json<Login>) -> Json<User> { todo!() }\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /api/articles", "POST /api/articles [Caller]", "POST /api/users/login"]);
});

axum("a nest under a configuration value takes it from the app's configuration file; one under a value not read keeps its routes' paths and says their prefix is unknown", () => {
  const root = tempDir("tool-axum-config-prefix-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.7"\n',
    "src/resources/application.yaml": "server:\n  port: 8080\n  path_prefix: /api/v1\n",
    "src/main.rs": [
      "mod users;",
      "mod admin;",
      "use axum::Router;",
      "pub fn app(config: &AppConfig) -> Router {",
      "    Router::new()",
      "        .nest(&config.server.path_prefix, users::router())",
      "        .nest(&prefix_from_env(), admin::router())",
      "}",
      "",
    ].join("\n"),
    "src/users.rs": 'use axum::{routing::get, Router};\npub fn router() -> Router {\n    Router::new().route("/users", get(list))\n}\n',
    "src/admin.rs": 'use axum::{routing::get, Router};\npub fn router() -> Router {\n    Router::new().route("/stats", get(stats))\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /api/v1/users",
    "GET /stats (prefix unknown)",
  ]);
});

axum("a router chain that calls a method of an extension trait keeps the routes before and after it", () => {
  const root = tempDir("tool-axum-extension-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "server"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\n',
    "src/main.rs": [
      "use axum::{routing::{get, post}, Router};",
      "mod handlers;",
      "fn main() {",
      "    let negotiated = Router::new()",
      '        .route("/login", post(handlers::login))',
      "        .negotiate_capabilities(caps.clone())",
      '        .route("/sync", get(handlers::sync));',
      '    let plain = Router::new().route("/healthz", get(handlers::health));',
      "    let app = plain.merge(negotiated).into_make_service();",
      "}",
      "",
    ].join("\n"),
    "src/handlers.rs": "pub async fn login() {}\npub async fn sync() {}\npub async fn health() {}\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /healthz", "POST /login", "GET /sync"]);
});

axum("aide's ApiRouter: api_route_with(path, post_with(h, docs).get_with(h2, docs)) routes, nest_api_service mounts a router made in another module, its state set or not", () => {
  const root = tempDir();
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "svc"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\naide = "0.14"\n',
    "src/lib.rs": "mod v1;\nuse aide::axum::ApiRouter;\n\npub fn app(state: AppState) -> ApiRouter {\n    ApiRouter::new()\n        .nest_api_service(\"/api/v1\", v1::router().with_state(state))\n}\n",
    "src/v1/mod.rs": [
      "use aide::axum::{ApiRouter, routing::{get_with, post_with}};",
      "",
      "pub fn router() -> ApiRouter<AppState> {",
      "    ApiRouter::new()",
      '        .api_route_with("/app", post_with(create_app, create_op).get_with(list_apps, list_op), &tag)',
      '        .api_route("/app/{app_id}", get_with(get_app, get_op))',
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/v1/app list_apps",
    "POST /api/v1/app create_app",
    "GET /api/v1/app/{app_id} get_app",
  ]);
  // The router bound to a name first: `let v1_router = v1::router(cfg).with_state::<()>(state);`.
  writeFiles(root, { "src/lib.rs": "mod v1;\nuse aide::axum::ApiRouter;\n\npub fn app(state: AppState) -> ApiRouter {\n    let v1_router = v1::router(cfg.clone()).with_state::<()>(state);\n    let app = ApiRouter::new()\n        .nest_api_service(\"/api/v2\", v1_router);\n    app\n}\n" });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/v2/app", "POST /api/v2/app", "GET /api/v2/app/{app_id}"]);
});

axum("a router fn returning its variable after a debug-only branch keeps the routes merged before, and a router from a module written in the file (`mod development { ... }`), turned into aide's with .into(), is its own", () => {
  const root = tempDir();
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "svc"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\naide = "0.14"\n',
    "src/lib.rs": "mod v1;\nuse aide::axum::ApiRouter;\n\npub fn app(state: AppState) -> ApiRouter {\n    let v1_router = v1::router(cfg.clone()).with_state::<()>(state);\n    ApiRouter::new().nest_api_service(\"/api/v1\", v1_router)\n}\n",
    "src/v1/mod.rs": [
      "use aide::axum::ApiRouter;",
      "pub mod endpoints;",
      "",
      "pub fn router(cfg: Configuration) -> ApiRouter<AppState> {",
      "    let ret: ApiRouter<AppState> = ApiRouter::new()",
      "        .merge(endpoints::health::router())",
      "        .layer(TraceLayer::new_for_http());",
      "",
      "    #[cfg(debug_assertions)]",
      "    if cfg!(debug_assertions) {",
      "        let dev_router: ApiRouter<AppState> = development::router().into();",
      "        return ret.merge(dev_router);",
      "    }",
      "    ret",
      "}",
      "",
      "mod development {",
      "    use axum::{Router, routing::get};",
      "    pub fn router() -> Router<AppState> {",
      '        Router::new().route("/development/echo", get(echo))',
      "    }",
      "}",
      "",
      "// Another module's function of the same name is not this one.",
      "mod unused {",
      "    pub fn router() -> axum::Router<AppState> {",
      '        axum::Router::new().route("/unused", axum::routing::get(nothing))',
      "    }",
      "}",
    ].join("\n"),
    "src/v1/endpoints/mod.rs": "pub mod health;\n",
    "src/v1/endpoints/health.rs": 'use aide::axum::{ApiRouter, routing::get_with};\n\npub fn router() -> ApiRouter<AppState> {\n    ApiRouter::new().api_route("/health", get_with(health, health_op))\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/v1/development/echo", "GET /api/v1/health", "GET /unused"]);
});

axum("an extractor named through its module (`permissions::Organization { org_id }: permissions::Organization`) guards when it passes on a failed bearer read or builds on an extractor that does", () => {
  const root = tempDir();
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "svc"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\n',
    "src/lib.rs": "mod core;\nmod app;\n",
    "src/core/mod.rs": "pub mod permissions;\n",
    "src/core/permissions.rs": [
      "use axum::extract::FromRequestParts;",
      "pub struct Organization { pub org_id: String }",
      "impl FromRequestParts<AppState> for Organization {",
      "    type Rejection = Error;",
      "    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {",
      "        let permissions = permissions_from_bearer(parts, state).await?;",
      "        Ok(Self { org_id: permissions.org_id() })",
      "    }",
      "}",
      "pub struct WithApp { pub app: String }",
      "impl FromRequestParts<AppState> for WithApp {",
      "    type Rejection = Error;",
      "    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {",
      "        let Organization { org_id } = Organization::from_request_parts(parts, state)",
      "            .await",
      "            .trace()?;",
      "        Ok(WithApp { app: org_id })",
      "    }",
      "}",
      "pub struct Locale(pub String);",
      "impl FromRequestParts<AppState> for Locale {",
      "    type Rejection = Error;",
      "    async fn from_request_parts(parts: &mut Parts, _state: &AppState) -> Result<Self> {",
      '        let value = header_value(parts, "accept-language")?;',
      "        Ok(Locale(value))",
      "    }",
      "}",
    ].join("\n"),
    "src/app.rs": [
      "use axum::{Router, routing::get};",
      "use crate::core::permissions;",
      "",
      "pub fn router() -> Router<AppState> {",
      '    Router::new().route("/apps", get(list_apps).post(create_app)).route("/apps/{id}", get(get_app))',
      "}",
      "",
      "async fn list_apps(",
      "    State(AppState { ref db, .. }): State<AppState>,",
      "    permissions::Organization { org_id }: permissions::Organization,",
      ") -> Result<Json<Vec<App>>> { todo!() }",
      "",
      "async fn create_app(permissions::WithApp { app }: permissions::WithApp, locale: permissions::Locale) -> Result<Json<App>> { todo!() }",
      "",
      "async fn get_app(locale: permissions::Locale, Path(id): Path<String>) -> Result<Json<App>> { todo!() }",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /apps [Organization]", "POST /apps [WithApp]", "GET /apps/{id}"]);
});

axum("an extractor that hands over to a function of its own type answering 401 (Self::extract_token) guards; one answering Ok(OptionToken::None) for that 401 does not; one named MaybeUser that refuses does", () => {
  const root = tempDir();
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "svc"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\n',
    "src/lib.rs": "mod token;\nmod api;\n",
    "src/token.rs": [
      "pub struct Token { pub user: String }",
      "pub enum OptionToken { Some(Token), None }",
      "impl Token {",
      "    pub async fn extract_token(headers: &HeaderMap) -> Result<Token, StatusCode> {",
      '        let key = headers.get("Authorization").ok_or(StatusCode::UNAUTHORIZED)?;',
      "        Ok(Token { user: lookup(key)? })",
      "    }",
      "}",
      "impl FromRequestParts<AppState> for Token {",
      "    type Rejection = StatusCode;",
      "    async fn from_request_parts(parts: &mut Parts, _state: &AppState) -> Result<Self, Self::Rejection> {",
      "        Self::extract_token(&parts.headers).await",
      "    }",
      "}",
      "impl FromRequestParts<AppState> for OptionToken {",
      "    type Rejection = StatusCode;",
      "    async fn from_request_parts(parts: &mut Parts, _state: &AppState) -> Result<Self, Self::Rejection> {",
      "        match Token::extract_token(&parts.headers).await {",
      "            Ok(token) => Ok(OptionToken::Some(token)),",
      "            Err(StatusCode::UNAUTHORIZED) => Ok(OptionToken::None),",
      "            Err(status) => Err(status),",
      "        }",
      "    }",
      "}",
      "// Named as if optional, but it refuses a caller with neither a token nor a session.",
      "pub struct MaybeUser { pub name: String }",
      "impl FromRequestParts<AppState> for MaybeUser {",
      "    type Rejection = StatusCode;",
      "    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {",
      "        // 1) the token, 2) the session: a comment's brackets end nothing",
      "        if let Ok(t) = Token::from_request_parts(parts, state).await {",
      "            return Ok(MaybeUser { name: t.user });",
      "        }",
      '        let cookie = parts.headers.get("cookie").ok_or(StatusCode::UNAUTHORIZED)?;',
      "        Ok(MaybeUser { name: session(cookie)? })",
      "    }",
      "}",
    ].join("\n"),
    "src/api.rs": [
      "use axum::{Router, routing::{get, put}};",
      "use crate::token;",
      "",
      "pub fn router() -> Router<AppState> {",
      '    Router::new().route("/crates/{name}/yank", put(yank)).route("/crates/{name}/download", get(download)).route("/crates/{name}/owners", put(add_owner))',
      "}",
      "",
      "async fn yank(Path(name): Path<String>, token: token::Token) -> StatusCode { todo!() }",
      "async fn download(Path(name): Path<String>, token: token::OptionToken) -> StatusCode { todo!() }",
      "async fn add_owner(user: token::MaybeUser, Path(name): Path<String>) -> StatusCode { todo!() }",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /crates/{name}/download", "PUT /crates/{name}/owners [MaybeUser]", "PUT /crates/{name}/yank [Token]"]);
});

axum("utoipa routes!() naming handlers through another crate of the workspace (use web_ui::group; group::list_users) finds them in that crate's module, where several modules share the names", () => {
  const root = tempDir();
  writeFiles(root, {
    "Cargo.toml": '[workspace]\nmembers = ["crates/server", "crates/web-ui"]\n',
    "crates/server/Cargo.toml": '[package]\nname = "server"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\nutoipa-axum = "0.2"\nweb-ui = { path = "../web-ui" }\n',
    "crates/server/src/main.rs": [
      "use utoipa_axum::router::OpenApiRouter;",
      "use utoipa_axum::routes;",
      "use web_ui::{group, user};",
      "",
      "fn main() {",
      "    let app: OpenApiRouter = OpenApiRouter::new()",
      '        .nest("/api/groups", OpenApiRouter::new().routes(routes!(group::list_users, group::add)))',
      '        .nest("/api/users", OpenApiRouter::new().routes(routes!(user::list_users, user::add)));',
      "}",
    ].join("\n"),
    "crates/web-ui/Cargo.toml": '[package]\nname = "web-ui"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\nutoipa = "5"\n',
    "crates/web-ui/src/lib.rs": "pub mod group;\npub mod user;\n",
    "crates/web-ui/src/group.rs": '#[utoipa::path(get, path = "/{name}/members")]\npub async fn list_users() {}\n\n#[utoipa::path(post, path = "/")]\npub async fn add() {}\n',
    "crates/web-ui/src/user.rs": '#[utoipa::path(get, path = "/")]\npub async fn list_users() {}\n\n#[utoipa::path(post, path = "/")]\npub async fn add() {}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "POST /api/groups crates/web-ui/src/group.rs",
    "GET /api/groups/{name}/members crates/web-ui/src/group.rs",
    "GET /api/users crates/web-ui/src/user.rs",
    "POST /api/users crates/web-ui/src/user.rs",
  ]);
});

axum("a layer from_fn(authenticate_request::<Auth, true>) guards by its function's name, whatever its generic arguments; an inline handler whose first statements check the request and return the error (auth_webhook::<P, Build>(...).await?) is guarded; one that only reads is not", () => {
  const root = tempDir("tool-axum-turbofish-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "core"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\n',
    "src/main.rs": [
      "use axum::{middleware, routing::{get, post}, Router};",
      "",
      "fn read_router() -> Router {",
      "  Router::new()",
      '    .route("/", post(handler))',
      '    .route("/{variant}", post(variant_handler))',
      "    .layer(middleware::from_fn(",
      "      authenticate_request::<KomodoAuthImpl, true>,",
      "    ))",
      "}",
      "",
      "fn listener_router() -> Router {",
      "  Router::new()",
      "    .route(",
      '      "/build/{id}",',
      "      post(",
      "        |Path(Id { id }), RequestIp(ip), headers: HeaderMap, body: String| async move {",
      "          let build =",
      "            auth_webhook::<P, Build>(&id, &headers, ip, &body).await?;",
      "          tokio::spawn(async move { handle_build(build).await });",
      "          Ok(())",
      "        },",
      "      ),",
      "    )",
      "    .route(",
      '      "/ping/{id}",',
      "      post(|Path(id): Path<String>, body: String| async move {",
      "        let parsed = parse_body(&body)?;",
      "        Ok(parsed)",
      "      }),",
      "    )",
      "}",
      "",
      "pub fn app() -> Router {",
      "  Router::new()",
      '    .nest("/read", read_router())',
      '    .nest("/listener", listener_router())',
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /listener/build/{id} [auth_webhook]",
    "POST /listener/ping/{id}",
    "POST /read [authenticate_request]",
    "POST /read/{variant} [authenticate_request]",
  ]);
});

axum("a router bound from if/else branches that each build their own (a router node's routes, or the API's) serves both; a function returning the router as it is when the base is empty (if base.is_empty() { app } else { ..nest(&base, app).. }) serves it at the root; routes under a cargo feature off by default are not served, those under not(feature) are", () => {
  const root = tempDir();
  writeFiles(root, {
    "Cargo.toml": '[workspace]\nmembers = ["api"]\n',
    "api/Cargo.toml": '[package]\nname = "api"\nversion = "0.1.0"\n\n[features]\ndefault = ["metrics"]\nmetrics = ["prom"]\nprom = []\nenterprise = ["dep:ent"]\n\n[dependencies]\naxum = "0.8"\n',
    "api/src/router.rs": [
      "use axum::{routing::get, Router};",
      "",
      "pub fn basic_routes() -> Router {",
      '    let mut router = Router::new().route("/healthz", get(health));',
      '    #[cfg(feature = "enterprise")]',
      "    {",
      '        router = router.route("/licence", get(licence));',
      "    }",
      '    #[cfg(not(feature = "enterprise"))]',
      '    let router = router.route("/edition", get(edition));',
      '    #[cfg(feature = "prom")]',
      '    let router = router.route("/metrics", get(metrics));',
      "    router",
      "}",
      "",
      "pub fn service_routes() -> Router {",
      '    Router::new().route("/{org_id}/streams", get(streams))',
      "}",
      "",
      "pub fn proxy_routes() -> Router {",
      '    Router::new().route("/proxy/{target}", get(proxy))',
      "}",
      "",
      "pub fn create_app_router() -> Router {",
      "    let cfg = get_config();",
      "    let app = if LOCAL_NODE.is_router() {",
      "        Router::new().merge(basic_routes()).merge(proxy_routes())",
      "    } else {",
      '        Router::new().merge(basic_routes()).nest("/api", service_routes())',
      "    };",
      '    if cfg.common.base_uri.is_empty() || cfg.common.base_uri == "/" {',
      "        app",
      "    } else {",
      "        let outer = Router::new().nest(&cfg.common.base_uri, app);",
      "        outer",
      "    }",
      "}",
      "",
    ].join("\n"),
    "api/src/main.rs": "mod router;\n\n#[tokio::main]\nasync fn main() {\n    let app = router::create_app_router();\n    axum::serve(listener, app).await.unwrap();\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/{org_id}/streams",
    "GET /edition",
    "GET /healthz",
    "GET /metrics",
    "GET /proxy/{target}",
  ]);
});

axum("a prefix constant another module of the crate declares (use middleware::PREFIX) prefixes a nest; a middleware named like a guard that hands every request on guards nothing; an extractor derived with a rejection answering 403 guards, its Option twin does not; handlers are found in a module the file declares (mod article; use article::{...})", () => {
  const root = tempDir("tool-axum-modules-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "wiki"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.8"\naxum-macros = "0.5"\n',
    "src/main.rs": "mod api;\nmod server;\n\n#[tokio::main]\nasync fn main() {\n    server::start().await;\n}\n",
    "src/server/mod.rs": [
      "use crate::api::api_routes;",
      "use axum::{Router, middleware::from_fn};",
      "mod federation;",
      "mod middleware;",
      "use federation::federation_routes;",
      "use middleware::{FEDERATION_PREFIX, auth_middleware, require_admin};",
      "",
      "pub async fn start() {",
      "    let app = Router::new()",
      "        .nest(FEDERATION_PREFIX, federation_routes())",
      '        .nest("/api/v1", api_routes())',
      "        .route_layer(from_fn(auth_middleware));",
      "    let admin = Router::new().nest(\"/admin\", federation_routes()).route_layer(from_fn(require_admin));",
      "    axum::serve(listener, app.merge(admin)).await.unwrap();",
      "}",
      "",
    ].join("\n"),
    "src/server/middleware.rs": [
      "use axum::{extract::Request, http::StatusCode, middleware::Next, response::Response};",
      "",
      'pub(super) const FEDERATION_PREFIX: &str = "/federation";',
      "",
      "/// Puts the signed-in user on the request when the cookie holds a valid token.",
      "pub(super) async fn auth_middleware(mut request: Request, next: Next) -> Response {",
      "    if let Some(token) = request.headers().get(\"auth\") {",
      "        if let Ok(user) = validate(token) {",
      "            request.extensions_mut().insert(user);",
      "        }",
      "    }",
      "    next.run(request).await",
      "}",
      "",
      "pub(super) async fn require_admin(request: Request, next: Next) -> Result<Response, StatusCode> {",
      "    if !is_admin(&request) {",
      "        return Err(StatusCode::FORBIDDEN);",
      "    }",
      "    Ok(next.run(request).await)",
      "}",
      "",
    ].join("\n"),
    "src/server/federation.rs": 'use axum::{Router, routing::get};\n\npub fn federation_routes() -> Router {\n    Router::new().route("/outbox", get(outbox))\n}\n\nasync fn outbox() -> &\'static str { "[]" }\n',
    "src/api/mod.rs": [
      "use axum::{Router, routing::{get, post}, http::StatusCode, response::{IntoResponse, Response}};",
      "use axum_macros::FromRequestParts;",
      "mod article;",
      "use article::{follow_article, list_articles, read_article};",
      "",
      "pub fn api_routes() -> Router {",
      "    Router::new()",
      '        .route("/article/follow", post(follow_article))',
      '        .route("/article/list", get(list_articles))',
      '        .route("/article", get(read_article))',
      "}",
      "",
      "#[derive(FromRequestParts)]",
      "#[from_request(rejection(NotLoggedInError))]",
      "pub struct UserExt {",
      "    #[from_request(via(Extension))]",
      "    local_user_view: LocalUserView,",
      "}",
      "",
      "#[derive(FromRequestParts)]",
      "pub struct UserExtOpt {",
      "    #[from_request(via(Extension))]",
      "    local_user_view: Option<LocalUserView>,",
      "}",
      "",
      "pub struct NotLoggedInError;",
      "",
      "impl IntoResponse for NotLoggedInError {",
      "    fn into_response(self) -> Response {",
      '        (StatusCode::FORBIDDEN, "Login required").into_response()',
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/api/article.rs": [
      "use super::{UserExt, UserExtOpt};",
      "",
      "pub(crate) async fn follow_article(user: UserExt) -> String { user.name() }",
      "pub(crate) async fn list_articles(user: UserExtOpt) -> String { String::new() }",
      "pub(crate) async fn read_article() -> String { String::new() }",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "GET /admin/outbox [require_admin]",
    "GET /api/v1/article",
    "GET /api/v1/article/list",
    "GET /federation/outbox",
    "POST /api/v1/article/follow [UserExt]",
  ]);
});

axum("Leptos's routes in a crate built for the server (leptos/ssr) are pages: path!(...) and plain paths, :params and *rest, segment tuples, nested under a ParentRoute (a type's Route argument inside a view is no route tag); a protected route guards; a crate built for the browser alone only routes there", () => {
  const root = tempDir("tool-leptos-");
  const app = (paths: string) => [
    "use leptos::prelude::*;",
    "use leptos_router::{components::{ParentRoute, ProtectedRoute, Route, Router, Routes}, path, StaticSegment, ParamSegment};",
    "",
    "#[component]",
    "pub fn App() -> impl IntoView {",
    "    view! {",
    "        <Router>",
    "            <Routes fallback=|| \"Not found\">",
    paths,
    "            </Routes>",
    "        </Router>",
    "    }",
    "}",
    "",
  ].join("\n");
  writeFiles(root, {
    "Cargo.toml": '[workspace]\nmembers = ["crates/*"]\n',
    "crates/frontend/Cargo.toml": '[package]\nname = "wiki_frontend"\n\n[features]\nssr = ["leptos/ssr", "leptos_router/ssr"]\nhydrate = ["leptos/hydrate"]\n\n[dependencies]\nleptos.workspace = true\nleptos_router.workspace = true\n',
    "crates/frontend/src/app.rs": app([
      '                <Route path=path!("/") view={Lazy::<ReadArticle>::new()} />',
      '                <Route path=path!("/article/:title") view=ReadArticle />',
      '                <Route path="/files/*rest" view=Files />',
      '                <ProtectedRoute path=path!("/admin") condition=move || Some(user.get().is_some()) redirect_path=|| "/login" view=Admin />',
      '                <ParentRoute path=path!("/account") view=AccountLayout>',
      '                    <Route path=(StaticSegment("settings"), ParamSegment("tab")) view=move || view! { <Settings tabs=Vec::<Route>::new() /> } />',
      '                    <Route path=path!("") view=Account />',
      "                </ParentRoute>",
      '                <Route path=path!("/login") view=Login />',
    ].join("\n")),
    "crates/spa/Cargo.toml": '[package]\nname = "spa"\n\n[dependencies]\nleptos = { version = "0.8", features = ["csr"] }\nleptos_router = "0.8"\n',
    "crates/spa/src/main.rs": app('                <Route path=path!("/dashboard") view=Dashboard />'),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.kind}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET / fs",
    "GET /account fs",
    "GET /account/settings/{tab} fs",
    "GET /admin fs [ProtectedRoute]",
    "GET /article/{title} fs",
    "GET /dashboard client",
    "GET /files/* fs",
    "GET /login fs",
  ]);
});

axum.run();
