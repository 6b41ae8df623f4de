import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const poem = suite("Poem routes");

const routes = (root: string) => analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

poem("Route chains (at with method endpoints or a handler, nest of a router, a service, a closure's router, a guarded wrapper, a handler below a prefix); poem-openapi operations under their prefix_path, served where a service nests them, guarded by a security scheme they take; a service only written out serves nothing", () => {
  const root = tempDir("tool-poem-");
  writeFiles(root, {
    "Cargo.toml": '[package]\nname = "gate"\nversion = "0.1.0"\n\n[dependencies]\npoem = "3"\npoem-openapi = "5"\n',
    "src/api/mod.rs": [
      "use poem_openapi::OpenApi;",
      "pub mod info;",
      "pub mod users;",
      "",
      "pub fn get() -> impl OpenApi {",
      "    ((info::Api, users::ListApi), users::DetailApi)",
      "}",
      "",
    ].join("\n"),
    "src/api/info.rs": [
      "use poem_openapi::{OpenApi, payload::Json};",
      "pub struct Api;",
      "",
      "#[OpenApi]",
      "impl Api {",
      '    #[oai(path = "/info", method = "get", operation_id = "get_info")]',
      "    async fn get_info(&self, auth: Option<AuthedSession>) -> Json<String> {",
      "        Json(String::new())",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/api/users.rs": [
      "use poem_openapi::{OpenApi, param::Path, payload::Json};",
      "pub struct ListApi;",
      "pub struct DetailApi;",
      "",
      '#[OpenApi(prefix_path = "/users")]',
      "impl ListApi {",
      '    #[oai(path = "/", method = "get")]',
      "    async fn list(&self, auth: AuthedSession) -> Json<Vec<String>> {",
      "        Json(vec![])",
      "    }",
      "",
      "    #[oai(",
      '        path = "/",',
      '        method = "post",',
      '        operation_id = "create_user"',
      "    )]",
      "    async fn create(&self, _auth: AuthedSession, body: Json<String>) -> Json<String> {",
      "        body",
      "    }",
      "}",
      "",
      "#[OpenApi]",
      "impl DetailApi {",
      '    #[oai(path = "/users/:id", method = "delete")]',
      "    async fn delete(&self, id: Path<String>, auth: AuthedSession) -> Json<String> {",
      "        Json(id.0)",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/lib.rs": [
      "use poem::{get, handler, EndpointExt, Route, Server};",
      "use poem::endpoint::{EmbeddedFileEndpoint, EmbeddedFilesEndpoint};",
      "use poem_openapi::OpenApiService;",
      "pub mod api;",
      "",
      "#[handler]",
      "fn health() -> &'static str { \"ok\" }",
      "",
      "pub async fn run() {",
      "    let endpoints = || {",
      "        let api_service = {",
      '            OpenApiService::new(crate::api::get(), "API", "1.0").server("/gate/api")',
      "        };",
      "        let ui = api_service.swagger_ui();",
      "        Route::new()",
      '            .nest("/api", api_service.with(cache_bust()))',
      '            .nest("/api/docs", ui)',
      '            .nest("/assets", EmbeddedFilesEndpoint::<Assets>::new())',
      '            .at("/stream/:id", endpoint_auth(crate::streams::stream_handler))',
      '            .at("", EmbeddedFileEndpoint::<Assets>::new("index.html"))',
      "    };",
      "    let app = Route::new()",
      '        .nest("/gate", endpoints())',
      '        .at("/health", get(health).head(health))',
      '        .nest_no_strip("/", page_auth(crate::proxy::catchall));',
      "    Server::new(listener).run(app).await;",
      "}",
      "",
    ].join("\n"),
    // A binary that writes the document out: its service is served nowhere.
    "src/main.rs": 'use poem_openapi::OpenApiService;\n\nfn main() {\n    let api_service = OpenApiService::new(gate::api::get(), "API", "1.0");\n    println!("{}", api_service.spec());\n}\n',
  });
  git(root, "init", "-q");
  assert.equal(routes(root), [
    "ALL /* crate::proxy::catchall [page_auth]",
    "GET /gate EmbeddedFileEndpoint",
    "ALL /gate/api/docs OpenApiService.swagger_ui",
    "GET /gate/api/info Api::get_info",
    "GET /gate/api/users ListApi::list [AuthedSession]",
    "POST /gate/api/users ListApi::create [AuthedSession]",
    "DELETE /gate/api/users/{id} DetailApi::delete [AuthedSession]",
    "ALL /gate/stream/{id} crate::streams::stream_handler [endpoint_auth]",
    "GET /health health",
    "HEAD /health health",
  ]);
});

poem.run();
