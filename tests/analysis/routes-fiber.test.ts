import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const fiber = suite("Fiber routes");

fiber("groups from grouped constants, functions given the group before and after Use(jwt), Route closures and All", () => {
  assert.equal(routeLines("routes-fiber"), [
    "GET /api/v1/books routes/public.go:10 handlers.ListBooks",
    "POST /api/v1/books routes/private.go:11 handlers.CreateBook [jwtware.New]",
    "DELETE /api/v1/books/{id} routes/private.go:13 handlers.DeleteBook [jwtware.New]",
    "GET /api/v1/books/{id} routes/public.go:11 handlers.GetBook",
    "PUT /api/v1/books/{id} routes/private.go:12 handlers.UpdateBook [jwtware.New]",
    "POST /api/v1/login routes/public.go:12 handlers.Login",
    "GET /ping main.go:18 (inline)",
    "GET /reports/daily main.go:24 dailyReport",
    "ALL /reports/export main.go:25 exportReport",
  ]);
});

fiber.run();
