import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const drash = suite("Drash routes");

drash("a resource serves every method it defines on every path it lists (Drash 2 and 1, through a base resource); services named like an authentication check guard the methods they run before, or all of them; a class with paths outside Drash is no resource", () => {
  const root = tempDir("tool-drash-");
  writeFiles(root, {
    "deps.ts": 'export * as Drash from "https://deno.land/x/drash@v2.6.0/mod.ts";\n',
    "resources/base_resource.ts": 'import { Drash } from "../deps.ts";\nexport default class BaseResource extends Drash.Resource {}\n',
    "resources/comments.ts": [
      'import { Drash } from "../deps.ts";',
      'import BaseResource from "./base_resource.ts";',
      "const authenticateService = new AuthenticateService();",
      "export default class CommentsResource extends BaseResource {",
      "  paths = [",
      '    "/articles/:id/comments",',
      '    "/comments/:id", // deleting',
      "  ];",
      "  public services = {",
      '    "POST": [authenticateService],',
      '    "DELETE": [authenticateService],',
      '    "GET": [loggingService],',
      "  };",
      "  public async GET(request: Drash.Request, response: Drash.Response) {}",
      "  public async POST(request: Drash.Request, response: Drash.Response) {}",
      "  public async DELETE(request: Drash.Request, response: Drash.Response) {}",
      "  private helper() {}",
      "}",
      "",
    ].join("\n"),
    "resources/admin.ts": [
      'import { Drash } from "../deps.ts";',
      "export class AdminResource extends Drash.Http.Resource {",
      '  static paths = ["/admin/stats"];',
      "  services = { ALL: [requireAdmin] };",
      "  public PUT() {}",
      "}",
      "",
    ].join("\n"),
    "lib/matcher.ts": "export class Matcher extends Base {\n  paths = [\"/not/a/route\"];\n  GET() {}\n}\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /articles/{id}/comments [authenticateService]",
    "DELETE /comments/{id} [authenticateService]",
    "GET /articles/{id}/comments",
    "GET /comments/{id}",
    "POST /articles/{id}/comments [authenticateService]",
    "POST /comments/{id} [authenticateService]",
    "PUT /admin/stats [requireAdmin]",
  ]);
});

drash.run();
