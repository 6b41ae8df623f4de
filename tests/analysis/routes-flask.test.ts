import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const flask = suite("Flask routes");

flask("blueprints registered across modules, url prefixes in constants and replaced at registration, MethodView classes, guards where Flask applies them", () => {
  assert.equal(list(fixtureRepo("routes-flask")), [
    // register_blueprint's url_prefix replaces the blueprint's own "/auth".
    "GET /account/login app/auth.py:7 login",
    "POST /account/login app/auth.py:7 login",
    "POST /account/logout app/auth.py:12 logout [login_required]",
    "GET /admin/stats app/admin.py:13 stats [require_login]",
    "DELETE /api/v1/items/{item_id} app/api/items.py:13 ItemAPI.delete [login_required]",
    "GET /api/v1/items/{item_id} app/api/items.py:10 ItemAPI.get [login_required]",
    "GET /api/v1/users app/api/users.py:7 list_users",
    "DELETE /api/v1/users/{user_id} app/api/users.py:12 change_user [login_required,admin_required]",
    "PUT /api/v1/users/{user_id} app/api/users.py:12 change_user [login_required,admin_required]",
    // login_required sits above the route decorator: Flask registered the unwrapped function.
    "GET /api/v1/users/export app/api/users.py:20 export_users",
    "GET /health app/__init__.py:19 health",
  ]);
});

flask("routes in tests, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-flask")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route/.test(r.path)));
});

flask.run();

const sanic = suite("Sanic routes");

sanic("blueprints grouped under a prefix, add_route, Sanic's <name:type> parameters, and a view that lets anonymous callers through", () => {
  assert.equal(list(fixtureRepo("routes-sanic")), [
    "POST /api/accounts/login shop/views/accounts.py:9 login",
    "GET /api/me shop/views/accounts.py:14 me [token_required]",
    "PUT /api/me shop/views/accounts.py:14 me [token_required]",
    // token_required(allow_anonymous=True): authorize() stacked with it cannot turn anyone away.
    "GET /api/orders shop/views/orders.py:8 list_orders",
    "POST /api/orders shop/views/orders.py:20 create_order [token_required,authorize]",
    "GET /api/orders/{order_id} shop/views/orders.py:15 show_order",
    // Declared without a leading slash: Sanic adds it.
    "DELETE /api/orders/{order_id}/lines/{line} shop/views/orders.py:27 delete_line [token_required]",
    "GET /ping shop/server.py:13 ping",
    "HEAD /ping/deep shop/server.py:14 ping",
    "POST /ping/deep shop/server.py:14 ping",
  ]);
});

sanic.run();
