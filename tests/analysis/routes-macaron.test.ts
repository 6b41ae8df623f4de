import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const macaron = suite("Macaron and Flamego routes");

macaron("groups whose closures (written in place or held in a variable) register on the captured router, Combo, Route with methods, m.Router handed on, alternatives and optional segments, a handler chain handed as a slice (gitHTTP...), a check that lets a public repository's pulls through guards nothing", () => {
  assert.equal(routeLines("routes-macaron"), [
    "GET / cmd/web.go:18 route.Home",
    "GET /-/healthcheck cmd/web.go:56 route.Health",
    "ALL /{owner}/{repo}/archive/* cmd/web.go:27 route.Archive",
    "GET /{owner}/{repo}/compare/{before}...{after} cmd/web.go:45 route.Compare",
    "POST /{owner}/{repo}/git-receive-pack cmd/web.go:48 route.Git [route.RequireSignIn]",
    "GET /{owner}/{repo}/info/lfs/objects/basic/{oid} route/lfs/lfs.go:16 serveDownload [authenticate]",
    "POST /{owner}/{repo}/info/lfs/objects/batch route/lfs/lfs.go:15 serveBatch [authenticate]",
    "GET /{owner}/{repo}/info/refs cmd/web.go:50 route.Git",
    "GET /{owner}/{repo}/settings/hooks cmd/web.go:37 route.Hooks [route.RequireSignIn]",
    "POST /{owner}/{repo}/settings/hooks/{id}/delete cmd/web.go:38 route.DeleteHook [route.RequireSignIn]",
    "GET /{owner}/{repo}/wiki cmd/web.go:26 route.Wiki",
    "GET /{owner}/{repo}/wiki/{page} cmd/web.go:26 route.Wiki",
    "POST /api/v1/repos/merge route/api/api.go:20 mergePull [reqRepoWriter]",
    "GET /api/v1/user route/api/api.go:17 profile [reqToken]",
    "GET /api/v1/user/keys route/api/api.go:18 listKeys [reqToken]",
    "POST /api/v1/user/keys route/api/api.go:18 createKey [reqToken]",
    "GET /api/v1/version route/api/api.go:15 version",
    "ALL /api/web/* cmd/web.go:58 webapi.Handler",
    "DELETE /api/web/user/avatar webapi/webapi.go:15 avatar [requireUser]",
    "GET /api/web/user/avatar webapi/webapi.go:15 avatar [requireUser]",
    "GET /api/web/user/profile webapi/webapi.go:14 profile [requireUser]",
    "POST /api/web/user/sign-in webapi/webapi.go:12 signIn",
    "GET /explore/repos cmd/web.go:52 route.Explore",
    "GET /issues cmd/web.go:19 route.Issues [route.RequireSignIn]",
    "GET /org/{org}/issues cmd/web.go:41 route.Issues [route.RequireSignIn]",
    "GET /org/{org}/pulls cmd/web.go:41 route.Issues [route.RequireSignIn]",
    "GET /org/{org}/settings/hooks cmd/web.go:37 route.Hooks [route.RequireSignIn]",
    "POST /org/{org}/settings/hooks/{id}/delete cmd/web.go:38 route.DeleteHook [route.RequireSignIn]",
    "GET /pulls cmd/web.go:19 route.Issues [route.RequireSignIn]",
    "GET /user/settings cmd/web.go:21 route.Settings [route.RequireSignIn]",
    "GET /user/settings/delete cmd/web.go:23 route.DeleteAccount [route.RequireSignIn]",
    "POST /user/settings/delete cmd/web.go:23 route.DeleteAccount [route.RequireSignIn]",
    "GET /user/settings/email cmd/web.go:22 route.Emails [route.RequireSignIn]",
    "POST /user/settings/email cmd/web.go:22 route.AddEmail [route.RequireSignIn]",
  ]);
});

macaron.run();
