import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const goframe = suite("GoFrame routes");

goframe("groups with their own middleware, BindHandler, and Bind of controllers whose request structs name path and method in g.Meta", () => {
  assert.equal(routeLines("routes-goframe"), [
    "GET /api/drafts/{id} api/v1/user.go:26 DraftsReq [RequireUser]",
    "GET /api/user api/v1/user.go:15 CurrentUserReq [RequireUser]",
    "PATCH /api/user api/v1/user.go:20 UpdateUserReq [RequireUser]",
    "PUT /api/user api/v1/user.go:20 UpdateUserReq [RequireUser]",
    "POST /api/users/login api/v1/user.go:5 LoginReq",
    "GET /api/version internal/router/router.go:11 controller.Version",
    "GET /healthz internal/cmd/cmd.go:19 (inline)",
  ]);
});

goframe.run();
