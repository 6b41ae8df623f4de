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
