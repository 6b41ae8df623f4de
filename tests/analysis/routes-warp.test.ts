import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const warp = suite("warp routes");

warp("filter chains from path! or path() to their handler, joined with or; a credentials header or an auth-like filter guards, an optional header does not", () => {
  assert.equal(routeLines("routes-warp"), [
    "ALL / src/routes.rs:9 handlers::index",
    "GET /api/orders src/routes.rs:11 handlers::list_orders",
    "DELETE /api/orders/{u64} src/routes.rs:15 handlers::delete_order [header(authorization)]",
    "POST /api/reports/{param} src/routes.rs:19 handlers::rebuild_report [with_auth]",
  ]);
});

warp("routes compose across functions and modules: a function joining others' routes mounts them, under the path in front of the variable or call that holds them; a function nobody mounts is served at the root; a chain with a method and no handler ends in the filter that answers", () => {
  const root = tempDir("tool-warp-compose-");
  writeFiles(root, {
    "Cargo.toml": "[package]\nname = \"app\"\n[dependencies]\nwarp = \"0.3\"\n",
    "src/main.rs": [
      "mod rest;",
      "mod graphql;",
      "use warp::Filter;",
      "#[tokio::main]",
      "async fn main() {",
      "    let routes = rest::routes(db()).or(graphql::routes());",
      "    warp::serve(routes).run(([0, 0, 0, 0], 8080)).await;",
      "}",
      "",
    ].join("\n"),
    "src/rest/mod.rs": [
      "mod tags;",
      "mod users;",
      "use warp::Filter;",
      "pub fn routes(db: Db) -> impl Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {",
      "    let joined = tags::routes(db.clone()).or(users::routes(db.clone())).boxed();",
      "    let health = warp::path!(\"health\").and(warp::get()).map(|| \"ok\");",
      "    warp::path(\"api\").and(joined).or(health)",
      "}",
      "",
    ].join("\n"),
    "src/rest/tags.rs": [
      "use warp::Filter;",
      "pub fn routes(db: Db) -> impl Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {",
      "    warp::path!(\"tags\").and(warp::get()).and(with_db(db)).and_then(list_tags)",
      "}",
      "",
    ].join("\n"),
    "src/rest/users.rs": [
      "use warp::Filter;",
      "pub fn routes(db: Db) -> impl Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {",
      "    let login = warp::path!(\"users\" / \"login\").and(warp::post()).and(with_db(db.clone())).and_then(login);",
      "    let me = warp::path!(\"user\").and(warp::get()).and(auth(db)).and_then(current_user);",
      "    login.or(me)",
      "}",
      "",
    ].join("\n"),
    "src/graphql.rs": [
      "use warp::Filter;",
      "pub fn routes() -> impl Filter<Extract = impl warp::Reply, Error = warp::Rejection> + Clone {",
      "    let api = warp::path!(\"graphql\").and(warp::post()).and(make_graphql_filter(schema(), context()));",
      "    let base = warp::path!(\"graphiql\").and(with_db(db()));",
      "    api.or(base)",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/tags",
    "GET /api/user [auth]",
    "GET /health",
    "POST /api/users/login",
    "POST /graphql",
  ]);
});

warp.run();
