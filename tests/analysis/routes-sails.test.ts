import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const sails = suite("Sails routes");

sails("config/routes.js maps addresses to actions, guarded by the policies config/policies.js gives each action, its controller, or every action", () => {
  const root = tempDir("tool-sails-");
  writeFiles(root, {
    "server/package.json": JSON.stringify({ dependencies: { sails: "^1.5.0" } }),
    "server/config/routes.js": [
      "const protectedFiles = (prefix) => (req, res, next) => next();",
      "const publicFiles = (prefix) => (req, res, next) => next();",
      "module.exports.routes = {",
      "  'POST /api/access-tokens': 'access-tokens/create',",
      "  'GET /api/boards/:id': 'boards/show',",
      "  'DELETE /api/cards/:cardId/memberships/userId::userId': 'card-memberships/delete',",
      "  'GET /api/config': { action: 'config/show' },",
      "  'POST /login': 'UserController.login',",
      "  'GET /api/me': 'UserController.me',",
      "  'GET /avatars/*': { fn: protectedFiles('/avatars'), skipAssets: false },",
      "  'GET /public/*': { fn: publicFiles('/public'), skipAssets: false },",
      "  'GET r|^/attachments/(\\\\w+)/thumbnails/([\\\\w-]+).(\\\\w+)$|id,fileName,extension': { action: 'attachments/thumbnail' },",
      "  '/health': 'health/show',",
      "};",
    ].join("\n"),
    "server/config/policies.js": [
      "module.exports.policies = {",
      "  '*': ['is-authenticated', 'is-external'],",
      "  'config/*': ['is-authenticated', 'is-admin'],",
      "  UserController: { '*': 'is-authenticated', login: true },",
      "  'access-tokens/create': true,",
      "  'health/show': true,",
      "};",
    ].join("\n"),
    // Not a Sails app: its config/routes.js is something else.
    "tools/package.json": JSON.stringify({ dependencies: { express: "^4.0.0" } }),
    "tools/config/routes.js": "module.exports.routes = { 'GET /nothing': 'nothing/show' };\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "POST /api/access-tokens access-tokens/create",
    "GET /api/boards/{id} boards/show [is-authenticated]",
    "DELETE /api/cards/{cardId}/memberships/userId:{userId} card-memberships/delete [is-authenticated]",
    "GET /api/config config/show [is-authenticated]",
    "GET /api/me user/me [is-authenticated]",
    "GET /attachments/{id}/thumbnails/{fileName}.{extension} attachments/thumbnail [is-authenticated]",
    "GET /avatars/* protectedFiles [protectedFiles]",
    "ALL /health health/show",
    "POST /login user/login",
    "GET /public/* publicFiles",
  ]);
});

sails.run();
