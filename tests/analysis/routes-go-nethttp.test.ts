import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const nethttp = suite("net/http routes");

nethttp("Go 1.22 patterns with methods and wildcards, a mux mounted with StripPrefix from another package, the default mux and wrapped handlers", () => {
  assert.equal(routeLines("routes-go-nethttp"), [
    "GET / main.go:17 home",
    "POST /admin/compact internal/admin/admin.go:9 compact",
    "GET /admin/stats internal/admin/admin.go:8 stats",
    "ALL /files/{path} main.go:16 serveFile",
    "ALL /healthz main.go:19 healthz",
    "GET /keys/{key} main.go:14 getKey",
    "PUT /keys/{key} main.go:15 putKey [requireAuth]",
  ]);
});

nethttp.run();
