import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const project = suite("A Go application's own router");

project("a function handed the application's router type (r *web.Engine) registers with its verb methods; Group() shares the prefix and middleware so far, Use adds middleware for what follows; a middleware that refuses only a credential the request sends guards nothing", () => {
  assert.equal(routeLines("routes-go-project"), [
    "POST /_api/posts cmd/routes.go:19 handlers.CreatePost [middlewares.IsAuthenticated]",
    "GET /_health cmd/routes.go:10 handlers.Health",
    "GET /posts/{number} cmd/routes.go:13 handlers.PostDetails",
    "GET /settings cmd/routes.go:18 handlers.Settings [middlewares.IsAuthenticated]",
  ]);
});

project.run();
