import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const echo = suite("Echo routes");

echo("groups with middleware, a method that registers on the group it receives, route middleware after the handler, Match and Any", () => {
  assert.equal(routeLines("routes-echo"), [
    "GET / server.go:14 handlers.Home",
    "DELETE /api/v2/admin/posts/{id} server.go:19 posts.Delete [middleware.BasicAuth]",
    "GET /api/v2/posts handlers/posts.go:14 h.List",
    "POST /api/v2/posts handlers/posts.go:16 h.Create [echojwt.JWT]",
    "GET /api/v2/posts/{id} handlers/posts.go:15 h.Show",
    "ALL /api/v2/posts/{id}/preview handlers/posts.go:17 h.Preview",
    "GET /feed.xml server.go:20 handlers.Feed",
    "HEAD /feed.xml server.go:20 handlers.Feed",
  ]);
});

echo.run();
