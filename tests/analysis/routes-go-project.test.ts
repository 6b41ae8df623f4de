import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
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

project("a handler method handed the project's public router type (public *httprouterx.RouterPublic) registers with upper-case verb methods and path constants; routes in a test-helpers folder are no routes", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module github.com/acme/ident\n\ngo 1.22\n",
    "x/httprouterx/router.go": "package httprouterx\n\nimport \"net/http\"\n\ntype router struct{ mux *http.ServeMux }\ntype RouterPublic struct{ router }\n\nfunc (r *router) GET(route string, handle http.HandlerFunc) { r.mux.Handle(\"GET \"+route, handle) }\nfunc (r *router) POST(route string, handle http.HandlerFunc) { r.mux.Handle(\"POST \"+route, handle) }\n",
    "selfservice/login/handler.go": [
      "package login",
      "",
      "import \"github.com/acme/ident/x/httprouterx\"",
      "",
      "const (",
      "\tRouteInitBrowserFlow = \"/self-service/login/browser\"",
      "\tRouteSubmitFlow = \"/self-service/login\"",
      ")",
      "",
      "func (h *Handler) RegisterPublicRoutes(public *httprouterx.RouterPublic) {",
      "\tpublic.GET(RouteInitBrowserFlow, h.createBrowserLoginFlow)",
      "\tpublic.POST(RouteSubmitFlow, h.updateLoginFlow)",
      "}",
    ].join("\n"),
    "pkg/testhelpers/server.go": "package testhelpers\n\nimport \"github.com/acme/ident/x/httprouterx\"\n\nfunc NewLoginUI(public *httprouterx.RouterPublic) {\n\tpublic.GET(\"/login\", func(w http.ResponseWriter, r *http.Request) {})\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "POST /self-service/login h.updateLoginFlow",
    "GET /self-service/login/browser h.createBrowserLoginFlow",
  ]);
});

project.run();
