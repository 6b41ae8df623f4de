import { suite } from "uvu";
import * as assert from "uvu/assert";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const inversify = suite("inversify-express-utils routes");

inversify("controllers and http decorators under the server's rootPath; middleware after the path guards when its name says so, auth.optional does not", () => {
  assert.equal(routeLines("routes-inversify"), [
    "GET /v1/books src/controllers/books.ts:8 BooksController.list",
    "POST /v1/books src/controllers/books.ts:14 BooksController.create [auth.required]",
    "DELETE /v1/books/{isbn} src/controllers/books.ts:17 BooksController.remove [auth.required]",
    "GET /v1/books/{isbn} src/controllers/books.ts:11 BooksController.show",
    "PUT /v1/books/{isbn}/cover src/controllers/books.ts:20 BooksController.cover [auth.required]",
    "GET /v1/members/me src/controllers/members.ts:6 MembersController.me [auth.required]",
    "PUT /v1/members/me src/controllers/members.ts:9 MembersController.update [auth.required]",
  ]);
});

inversify("middleware named by the container's symbols: a required token's (TYPES.ApiGateway_RequiredCrossServiceTokenMiddleware) guards; an optional one's and an account lock's (TYPES.Auth_LockMiddleware) do not", () => {
  const root = tempDir("tool-inversify-symbols-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "inversify-express-utils": "^6.4.0", express: "^4" } }),
    "src/Controller/SessionsController.ts": [
      'import { controller, httpDelete, httpGet, httpPost, BaseHttpController } from "inversify-express-utils";',
      'import { TYPES } from "../Bootstrap/Types";',
      "",
      '@controller("/v1/sessions")',
      "export class SessionsController extends BaseHttpController {",
      '  @httpGet("/", TYPES.ApiGateway_RequiredCrossServiceTokenMiddleware)',
      "  async list(): Promise<void> {}",
      "",
      '  @httpDelete("/:uuid", TYPES.ApiGateway_RequiredCrossServiceTokenMiddleware)',
      "  async remove(): Promise<void> {}",
      "",
      '  @httpPost("/sign_in", TYPES.Auth_LockMiddleware)',
      "  async signIn(): Promise<void> {}",
      "",
      '  @httpPost("/sign_out", TYPES.ApiGateway_OptionalCrossServiceTokenMiddleware)',
      "  async signOut(): Promise<void> {}",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /v1/sessions [TYPES.ApiGateway_RequiredCrossServiceTokenMiddleware]",
    "DELETE /v1/sessions/{uuid} [TYPES.ApiGateway_RequiredCrossServiceTokenMiddleware]",
    "POST /v1/sessions/sign_in",
    "POST /v1/sessions/sign_out",
  ]);
});

inversify.run();
