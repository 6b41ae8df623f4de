import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const fastapi = suite("FastAPI routes");

fastapi("routers included across modules, prefixes in a settings module, constants and f-strings, dependencies as guards at their scope", () => {
  assert.equal(list(fixtureRepo("routes-fastapi")), [
    "POST /admin/reindex app/admin.py:6 reindex [require_admin]",
    "GET /api/v1/items app/api/routes/items.py:11 list_items [get_current_active_user]",
    "POST /api/v1/items/{item_id}/photos app/api/routes/items.py:16 add_photo [get_current_active_user]",
    "GET /api/v1/items/export app/api/routes/items.py:25 export_items [get_current_active_user]",
    "HEAD /api/v1/items/export app/api/routes/items.py:25 export_items [get_current_active_user]",
    "GET /api/v1/users app/api/routes/users.py:8 list_users",
    "DELETE /api/v1/users/{user_id} app/api/routes/users.py:23 delete_user [verify_token]",
    "GET /api/v1/users/{user_id} app/api/routes/users.py:13 read_user [get_current_user]",
    "PATCH /api/v1/users/{user_id} app/api/routes/users.py:18 update_user [CurrentUser]",
    "PUT /api/v1/users/{user_id} app/api/routes/users.py:18 update_user [CurrentUser]",
    "GET /health app/main.py:12 health",
  ]);
});

fastapi("routes in tests, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-fastapi")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route/.test(r.path)));
});

fastapi("the documentation pages at the paths the app writes (docs_url, redoc_url), outside its dependencies; the defaults are not the app's", () => {
  const root = tempDir();
  writeFiles(root, {
    "app/main.py": 'from fastapi import Depends, FastAPI\nfrom app.auth import require_user\n\napp = FastAPI(title="x", docs_url="/", redoc_url=None, dependencies=[Depends(require_user)])\n\n@app.get("/api/items")\ndef items():\n    return []\n',
    "admin/main.py": "from fastapi import FastAPI\n\nadmin = FastAPI()\n\n@admin.get('/health')\ndef health():\n    return {}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET / (Swagger UI)",
    "GET /api/items items [require_user]",
    "GET /health health",
  ]);
});

fastapi.run();
