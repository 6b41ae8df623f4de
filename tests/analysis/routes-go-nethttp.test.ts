import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

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

nethttp("a handler passed to the app's own adapter beside its dependencies is the route's handler; one that checks its caller first is guarded by that check, one that parses posted credentials first is not", () => {
  const root = tempDir("tool-go-checks-first-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n",
    "internal/http/server.go": [
      "package http",
      "",
      "import (",
      '\t"net/http"',
      '\tapi "example.com/app/internal/http/api"',
      ")",
      "",
      "func Setup(mux *http.ServeMux, deps Dependencies) {",
      '\tmux.HandleFunc("GET /api/tags", ToHTTPHandler(deps, api.HandleListTags, globalMiddleware...))',
      '\tmux.HandleFunc("POST /api/tags", ToHTTPHandler(deps, api.HandleCreateTag, globalMiddleware...))',
      '\tmux.HandleFunc("GET /api/me", ToHTTPHandler(deps, api.HandleMe))',
      '\tmux.HandleFunc("POST /api/login", ToHTTPHandler(deps, api.HandleLogin))',
      "}",
      "",
    ].join("\n"),
    "internal/http/api/tags.go": [
      "package api",
      "",
      "func HandleListTags(deps Dependencies, c WebContext) {",
      "\tif err := middleware.RequireLoggedInUser(deps, c); err != nil {",
      "\t\treturn",
      "\t}",
      "\tc.JSON(deps.Tags())",
      "}",
      "",
      "func HandleCreateTag(deps Dependencies, c WebContext) {",
      "\tuser, err := auth.RequireUser(c)",
      "\tif err != nil {",
      "\t\tc.Error(err)",
      "\t\treturn",
      "\t}",
      "\tc.JSON(deps.CreateTag(user))",
      "}",
      "",
      "func HandleMe(deps Dependencies, c WebContext) {",
      "\tif c.Query(\"debug\") != \"\" {",
      "\t\treturn",
      "\t}",
      "\tif err := middleware.RequireLoggedInUser(deps, c); err != nil {",
      "\t\treturn",
      "\t}",
      "}",
      "",
      "func HandleLogin(deps Dependencies, c WebContext) {",
      "\tauthReq, err := parseAuthRequest(c)",
      "\tif err != nil {",
      "\t\treturn",
      "\t}",
      "\tc.JSON(deps.Login(authReq))",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "POST /api/login api.HandleLogin",
    "GET /api/me api.HandleMe",
    "GET /api/tags api.HandleListTags [middleware.RequireLoggedInUser]",
    "POST /api/tags api.HandleCreateTag [auth.RequireUser]",
  ]);
});

nethttp("a Go 1.22 pattern built with a root of another package (\"GET \" + config.Webroot + \"livez\") serves that method under the root's value; gorilla does not claim it, though the module imports a gorilla package", () => {
  const root = tempDir();
  writeFiles(root, {
    "go.mod": "module github.com/acme/mailpit\n\ngo 1.22\n\nrequire github.com/gorilla/websocket v1.5.3\n",
    "config/config.go": 'package config\n\nvar (\n\t// Webroot is the base path of the UI and API\n\tWebroot = "/"\n)\n',
    "server/server.go": [
      "package server",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\t"github.com/acme/mailpit/config"',
      '\t"github.com/gorilla/websocket"',
      ")",
      "",
      "var upgrader = websocket.Upgrader{}",
      "",
      "func Listen() {",
      "\tr := apiRoutes()",
      '\tr.HandleFunc("GET "+config.Webroot+"livez", healthz)',
      '\thttp.ListenAndServe(":8025", r)',
      "}",
      "",
      "func apiRoutes() *http.ServeMux {",
      "\tr := http.NewServeMux()",
      '\tr.HandleFunc("GET "+config.Webroot+"api/v1/messages", getMessages)',
      '\tr.HandleFunc("DELETE "+config.Webroot+"api/v1/messages/{id}", deleteMessage)',
      "\treturn r",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.framework}`), [
    "GET /api/v1/messages nethttp",
    "DELETE /api/v1/messages/{id} nethttp",
    "GET /livez nethttp",
  ]);
});

nethttp("a function's string variable is read by the literal it is declared with, in mount prefixes too (apiPath := \"/api\"; mux.Handle(apiPath+\"/v1/\", http.StripPrefix(apiPath+\"/v1\", api)))", () => {
  const root = tempDir("tool-nethttp-local-prefix-");
  writeFiles(root, {
    "go.mod": "module example.com/app\n\ngo 1.22\n",
    "main.go": [
      "package main",
      "",
      'import "net/http"',
      "",
      "func main() {",
      "\tapi := http.NewServeMux()",
      '\tapi.HandleFunc("GET /query", query)',
      "\tmux := http.NewServeMux()",
      '\tapiPath := "/api"',
      "\tif prefix != \"/\" {",
      "\t\tapiPath = prefix + apiPath",
      "\t}",
      '\tmux.Handle(apiPath+"/v1/", http.StripPrefix(apiPath+"/v1", api))',
      '\thttp.ListenAndServe(":8080", mux)',
      "}",
      "",
      "func query(w http.ResponseWriter, r *http.Request) {}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/v1/query"]);
});

nethttp("a blank import of net/http/pprof in the main package serves the profiler's handlers on the default mux; one in another package of the program, or runtime/pprof, adds none", () => {
  const root = tempDir("tool-nethttp-pprof-");
  writeFiles(root, {
    "go.mod": "module example.com/agent\n\ngo 1.23\n",
    "cmd/agent/main.go": [
      "package main",
      "",
      "import (",
      '\t"net/http"',
      '\t_ "net/http/pprof"',
      '\t"runtime/pprof"',
      ")",
      "",
      "func main() {",
      "\tpprof.StartCPUProfile(nil)",
      '\thttp.HandleFunc("/metrics", metrics)',
      '\thttp.ListenAndServe("127.0.0.1:6060", nil)',
      "}",
      "",
      "func metrics(w http.ResponseWriter, r *http.Request) {}",
      "",
    ].join("\n"),
    "pkg/parser/stage.go": ["package parser", "", 'import _ "net/http/pprof"', "", "func Stage() {}", ""].join("\n"),
    "cmd/probe/main.go": ["package main", "", 'import "runtime/pprof"', "", "func main() { pprof.StopCPUProfile() }", ""].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "GET /debug/pprof/{profile} cmd/agent/main.go",
    "GET /debug/pprof/cmdline cmd/agent/main.go",
    "GET /debug/pprof/profile cmd/agent/main.go",
    "GET /debug/pprof/symbol cmd/agent/main.go",
    "GET /debug/pprof/trace cmd/agent/main.go",
    "ALL /metrics cmd/agent/main.go",
  ]);
});

nethttp("a controller embedding a ServeMux, built and returned (&c) by its package's constructor, mounted by the main package under http.StripPrefix through a middleware chain; its routes take the middleware composed into the chain variables they are wrapped in, a check redirecting to sign in guarding; routes under a flag off by default are not served", () => {
  const root = tempDir("tool-nethttp-controllers-");
  writeFiles(root, {
    "go.mod": "module github.com/acme/music\n\ngo 1.22\n",
    "server/ctrladmin/ctrl.go": [
      "package ctrladmin",
      "",
      "import \"net/http\"",
      "",
      "type Controller struct {",
      "\t*http.ServeMux",
      "\tdb string",
      "}",
      "",
      "func New(db string) (*Controller, error) {",
      "\tc := Controller{",
      "\t\tServeMux: http.NewServeMux(),",
      "\t\tdb:       db,",
      "\t}",
      "\tbaseChain := withSession(db)",
      "\tuserChain := handlerutil.Chain(",
      "\t\tbaseChain,",
      "\t\twithUserSession(db),",
      "\t)",
      "\tc.Handle(\"GET /login\", baseChain(resp(c.ServeLogin)))",
      "\tc.Handle(\"POST /home_do\", userChain(resp(c.ServeHomeDo)))",
      "\treturn &c, nil",
      "}",
      "",
      "func withUserSession(db string) handlerutil.Middleware {",
      "\treturn func(next http.Handler) http.Handler {",
      "\t\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      "\t\t\tsession := r.Context().Value(CtxSession).(*sessions.Session)",
      "\t\t\tif _, ok := session.Values[\"user\"].(int); !ok {",
      "\t\t\t\thttp.Redirect(w, r, \"/admin/login\", http.StatusSeeOther)",
      "\t\t\t\treturn",
      "\t\t\t}",
      "\t\t\tnext.ServeHTTP(w, r)",
      "\t\t})",
      "\t}",
      "}",
    ].join("\n"),
    "cmd/music/main.go": [
      "package main",
      "",
      "import (",
      "\t\"flag\"",
      "\t\"net/http\"",
      "\t\"net/http/pprof\"",
      "",
      "\t\"github.com/acme/music/server/ctrladmin\"",
      ")",
      "",
      "func main() {",
      "\tconfPprof := flag.Bool(\"pprof\", false, \"enable the /debug/pprof endpoint\")",
      "\tctrlAdmin, err := ctrladmin.New(\"x\")",
      "\tif err != nil {",
      "\t\tpanic(err)",
      "\t}",
      "\tchain := func(h http.Handler) http.Handler { return h }",
      "\tmux := http.NewServeMux()",
      "\tmux.Handle(\"/admin/\", http.StripPrefix(\"/admin\", chain(ctrlAdmin)))",
      "\tmux.Handle(\"/ping\", okHandler)",
      "\tif *confPprof {",
      "\t\tmux.HandleFunc(\"/debug/pprof/\", pprof.Index)",
      "\t}",
      "\thttp.ListenAndServe(\":8080\", mux)",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["ALL /ping", "GET /admin/login", "POST /admin/home_do [withUserSession]"]);
});

nethttp("a package returning its mux wrapped in middleware methods (return sessionMW.handle(themeMW.handle(mux))) serves the mux behind them: the one whose method sends callers to sign in guards, by its own type's body, except on the paths the function it asks first names (isPublicRoute: a case list, a prefix, and the static paths of one it calls)", () => {
  const root = tempDir("tool-nethttp-wrapped-mux-");
  writeFiles(root, {
    "go.mod": "module example.com/reader\n\ngo 1.22\n",
    "main.go": [
      "package main",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\t"example.com/reader/internal/ui"',
      ")",
      "",
      "func main() {",
      "\tmux := http.NewServeMux()",
      '\tmux.HandleFunc("GET /healthcheck", health)',
      '\tmux.Handle("/", ui.Serve())',
      '\thttp.ListenAndServe(":8080", mux)',
      "}",
    ].join("\n"),
    "internal/ui/ui.go": [
      "package ui",
      "",
      'import "net/http"',
      "",
      "func Serve() http.Handler {",
      "\tsessionMW := newSessionMiddleware()",
      "\tthemeMW := &themeMiddleware{}",
      "\tmux := http.NewServeMux()",
      '\tmux.HandleFunc("GET /unread", h.unread)',
      '\tmux.HandleFunc("GET /login", h.login)',
      '\tmux.HandleFunc("GET /share/{code}", h.share)',
      '\tmux.HandleFunc("GET /stylesheets/{name}", h.css)',
      "\treturn sessionMW.handle(themeMW.handle(mux))",
      "}",
    ].join("\n"),
    "internal/ui/middleware.go": [
      "package ui",
      "",
      'import "net/http"',
      "",
      "type sessionMiddleware struct{}",
      "",
      "func newSessionMiddleware() *sessionMiddleware { return &sessionMiddleware{} }",
      "",
      "func (m *sessionMiddleware) handle(next http.Handler) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      "\t\tif isStaticAssetRoute(r) {",
      "\t\t\tnext.ServeHTTP(w, r)",
      "\t\t\treturn",
      "\t\t}",
      "\t\tif !isAuthenticated(r) && !isPublicRoute(r) {",
      '\t\t\tresponse.HTMLRedirect(w, r, loginRedirectURL(r.RequestURI))',
      "\t\t\treturn",
      "\t\t}",
      "\t\tnext.ServeHTTP(w, r)",
      "\t})",
      "}",
      "",
      "type themeMiddleware struct{}",
      "",
      "func (m *themeMiddleware) handle(next http.Handler) http.Handler {",
      "\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {",
      '\t\tif user := currentUser(r); user != nil { w.Header().Set("X-Theme", user.Theme) }',
      "\t\tnext.ServeHTTP(w, r)",
      "\t})",
      "}",
    ].join("\n"),
    "internal/ui/routes.go": [
      "package ui",
      "",
      "import (",
      '\t"net/http"',
      '\t"strings"',
      ")",
      "",
      "func isStaticAssetRoute(r *http.Request) bool {",
      '\treturn strings.HasPrefix(r.URL.Path, "/stylesheets/")',
      "}",
      "",
      "func isPublicRoute(r *http.Request) bool {",
      "\tif isStaticAssetRoute(r) {",
      "\t\treturn true",
      "\t}",
      "\tswitch r.URL.Path {",
      '\tcase "/", "/login":',
      "\t\treturn true",
      "\t}",
      '\treturn strings.HasPrefix(r.URL.Path, "/share/")',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "ALL /",
    "GET /healthcheck",
    "GET /login",
    "GET /share/{code}",
    "GET /stylesheets/{name}",
    "GET /unread [sessionMiddleware.handle]",
  ]);
});

nethttp("a ServeMux pattern ending in a slash serves the subtree below it (/fever/ is /fever/*); the root's pattern is the root", () => {
  const root = tempDir("tool-nethttp-subtree-");
  writeFiles(root, {
    "go.mod": "module example.com/x\n\ngo 1.22\n",
    "main.go": 'package main\n\nimport "net/http"\n\nfunc main() {\n\tmux := http.NewServeMux()\n\tmux.HandleFunc("/", index)\n\tmux.HandleFunc("/fever/", handleFever)\n\tmux.HandleFunc("/api/items", handleItems)\n\thttp.ListenAndServe(":8080", mux)\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["ALL /", "ALL /api/items", "ALL /fever/*"]);
});

nethttp.run();
