import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const httprouter = suite("httprouter routes");

httprouter("verb methods, Handle, Handler and HandlerFunc with the method first, wrapped handlers guarded by name", () => {
  assert.equal(routeLines("routes-httprouter"), [
    "GET /v1/healthcheck cmd/api/routes.go:13 app.healthcheck",
    "POST /v1/orders cmd/api/routes.go:15 app.createOrder [app.requireAuthenticatedUser]",
    "DELETE /v1/orders/{id} cmd/api/routes.go:16 app.deleteOrder [app.requireAuthenticatedUser]",
    "GET /v1/orders/{id} cmd/api/routes.go:14 app.showOrder",
    "PUT /v1/orders/{id}/lines/{rest} cmd/api/routes.go:17 app.putLine",
  ]);
});

httprouter.run();
