import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const egg = suite("Egg.js routes");

egg("the router files: named routes, middleware guards, namespaces with their middleware; nothing outside app/router", () => {
  assert.equal(routeLines("routes-egg"), [
    "GET / app/router.js:5 controller.home.index",
    "DELETE /admin/cache/{key} app/router/admin.js:7 app.controller.cache.remove [app.middleware.requireAdmin]",
    "GET /admin/stats app/router/admin.js:6 (inline) [app.middleware.requireAdmin]",
    "GET /user app/router.js:7 controller.user.get [app.jwt]",
    "POST /users/login app/router.js:6 controller.user.login",
  ]);
});

egg("router.prefix() with a path, or with a value of the app's configuration read from config/config.default.js; unset there, the prefix is unknown", () => {
  const app = (config: string) => {
    const root = tempDir("tool-egg-prefix-");
    writeFiles(root, {
      "package.json": JSON.stringify({ dependencies: { egg: "^2" } }),
      "app/router.js": [
        "'use strict';",
        "const auth = require('./middleware/auth');",
        "module.exports = app => {",
        "  const { router, controller, config } = app;",
        "  router.prefix(config.prefix);",
        "  router.post('/users/login', controller.user.login);",
        "  router.get('/user', auth(), controller.user.current);",
        "};",
      ].join("\n"),
      "config/config.default.js": config,
    });
    commitAll(root);
    return root;
  };
  assert.equal(guardedRoutes(app("module.exports = appInfo => {\n  const config = exports = {};\n  config.prefix = '/api';\n  return config;\n};\n")), ["GET /api/user [auth]", "POST /api/users/login"]);
  const unset = analyze(app("module.exports = () => ({ keys: 'k' });\n")).routes.items;
  assert.equal(unset.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), ["GET /user (prefix unknown)", "POST /users/login (prefix unknown)"]);
});

egg.run();
