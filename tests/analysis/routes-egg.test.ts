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

egg("tegg controllers: @HTTPController classes (with a path or none) and their @HTTPMethod({ path, method }) methods; @Middleware of a check guards, and so does a check of the caller the handler requires first; a class without @HTTPController serves nothing", () => {
  const root = tempDir("tool-tegg-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { egg: "^4" } }),
    "app/port/controller/TeamController.ts": [
      "import { Context, HTTPBody, HTTPContext, HTTPController, HTTPMethod, HTTPMethodEnum, HTTPParam, Middleware } from 'egg';",
      "import { AdminAccess } from '../middleware/AdminAccess.ts';",
      "",
      "@HTTPController()",
      "export class TeamController extends AbstractController {",
      "  @HTTPMethod({",
      "    path: '/-/team/:orgName/:teamName',",
      "    method: HTTPMethodEnum.DELETE,",
      "  })",
      "  async removeTeam(@HTTPContext() ctx: Context, @HTTPParam() orgName: string, @HTTPParam() teamName: string) {",
      "    const { team } = await this.requireTeamWriteAccess(ctx, orgName, teamName);",
      "    await this.teamService.removeTeam(team.teamId);",
      "    return { ok: true };",
      "  }",
      "",
      "  @HTTPMethod({ path: '/-/team/:orgName/:teamName', method: HTTPMethodEnum.GET })",
      "  async showTeam(@HTTPContext() ctx: Context, @HTTPParam() orgName: string) {",
      "    await this.userRoleManager.requiredAuthorizedUser(ctx, 'read');",
      "    return this.teamService.find(orgName);",
      "  }",
      "",
      "  @HTTPMethod({ path: '/-/team/:orgName/search', method: HTTPMethodEnum.POST })",
      "  async search(",
      "    @HTTPContext() ctx: Context,",
      "    @HTTPBody() body: { q: string },",
      "  ) {",
      "    const q = await this.requireParam(ctx, 'q');",
      "    return this.teamService.search(q);",
      "  }",
      "",
      "  @HTTPMethod({ path: '/-/team/ping' })",
      "  async ping() {",
      "    return 'pong';",
      "  }",
      "",
      "  @HTTPMethod({ path: '/-/team/cache', method: HTTPMethodEnum.DELETE })",
      "  @Middleware(AdminAccess)",
      "  async clearCache(@HTTPContext() ctx: Context) {",
      "    await this.cache.clear();",
      "  }",
      "}",
    ].join("\n"),
    "app/common/PackageUtil.ts": "export const FULLNAME_REG_STRING = '@[^/]{1,220}/[^/]{1,220}|[^@/]{1,220}';\n",
    "app/port/controller/HookController.ts": [
      "import { HTTPController, HTTPMethod, HTTPMethodEnum } from 'egg';",
      "import { FULLNAME_REG_STRING } from '../../common/PackageUtil.ts';",
      "@HTTPController({ path: '/-/npm' })",
      "export class HookController {",
      "  @HTTPMethod({ path: '/v1/hooks', method: HTTPMethodEnum.GET })",
      "  async listHooks() { return []; }",
      "  @HTTPMethod({ path: '/-/user/org.couchdb.user::username', method: HTTPMethodEnum.GET })",
      "  async showUser() { return {}; }",
      "  @HTTPMethod({ path: `/:fullname(${FULLNAME_REG_STRING})/download/:filenameWithVersion+.tgz`, method: HTTPMethodEnum.GET })",
      "  async download() { return null; }",
      "}",
    ].join("\n"),
    "app/port/helper/Draft.ts": [
      "export class Draft {",
      "  @HTTPMethod({ path: '/draft', method: HTTPMethodEnum.GET })",
      "  async draft() { return null; }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /-/team/cache [AdminAccess]",
    "DELETE /-/team/{orgName}/{teamName} [requireTeamWriteAccess]",
    "GET /-/npm/-/user/org.couchdb.user:{username}",
    "GET /-/npm/v1/hooks",
    "GET /-/npm/{fullname}/download/{filenameWithVersion}.tgz",
    "GET /-/team/ping",
    "GET /-/team/{orgName}/{teamName} [userRoleManager.requiredAuthorizedUser]",
    "POST /-/team/{orgName}/search",
  ]);
});

egg.run();
