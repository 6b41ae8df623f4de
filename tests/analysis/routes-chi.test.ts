import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const chi = suite("chi routes");

chi("Route and Group closures, With, Use, Mount of a function in another package and of a function returning a router", () => {
  assert.equal(routeLines("routes-chi"), [
    "GET / cmd/server/main.go:14 index",
    "ALL /admin/metrics cmd/server/main.go:32 metricsHandler [requireAdmin]",
    "GET /admin/stats cmd/server/main.go:31 stats [requireAdmin]",
    "GET /api/notes cmd/server/main.go:19 listNotes [requireSession]",
    "POST /api/notes cmd/server/main.go:20 createNote [requireSession]",
    "DELETE /api/notes/{noteID} cmd/server/main.go:22 deleteNote [requireAdmin]",
    "GET /api/users internal/users/routes.go:14 list",
    "GET /api/users/{userID} internal/users/routes.go:15 show",
    "PUT /api/users/{userID} internal/users/routes.go:16 update",
  ]);
});

chi.run();
