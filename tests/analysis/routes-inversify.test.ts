import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

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

inversify.run();
