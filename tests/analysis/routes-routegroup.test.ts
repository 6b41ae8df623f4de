import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const routegroup = suite("routegroup routes");

routegroup("bundles over a ServeMux: Go 1.22 patterns, Mount prefixes, Group and Route closures that keep the middleware so far, Use and With; go-pkgz/auth's Trace lets anonymous callers through", () => {
  const root = tempDir("tool-routegroup-");
  writeFiles(root, {
    "go.mod": "module notes\n\ngo 1.22\n\nrequire github.com/go-pkgz/routegroup v1.6.0\n",
    "server.go": [
      "package main",
      "",
      "import (",
      '\t"net/http"',
      "",
      '\t"github.com/go-pkgz/routegroup"',
      ")",
      "",
      "func (s *Server) routes() http.Handler {",
      "\trouter := routegroup.New(http.NewServeMux())",
      "\trouter.Use(recoverer, requestLog)",
      '\trouter.HandleFunc("GET /robots.txt", s.robots)',
      "",
      '\tapi := router.Mount("/api/v2")',
      "\tapi.Use(jsonOnly)",
      "\tapi.Group().Route(func(open *routegroup.Bundle) {",
      "\t\topen.Use(rateLimit, authMiddleware.Trace)",
      '\t\topen.HandleFunc("GET /notes/{id}", s.showNote)',
      '\t\topen.Mount("/feed").Route(func(feed *routegroup.Bundle) {',
      '\t\t\tfeed.HandleFunc("GET /latest", s.latestFeed)',
      "\t\t})",
      "\t})",
      "\tapi.Group().Route(func(private *routegroup.Bundle) {",
      "\t\tprivate.Use(authMiddleware.Auth)",
      '\t\tprivate.HandleFunc("POST /notes", s.createNote)',
      '\t\tprivate.With(requireAdmin).HandleFunc("DELETE /notes/{id}", s.deleteNote)',
      "\t})",
      '\tapi.Mount("/files").HandleRoot("GET", http.HandlerFunc(s.listFiles))',
      '\tapi.HandleFunc("GET /health", s.health)',
      "\treturn router",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/v2/feed/latest s.latestFeed",
    "GET /api/v2/files s.listFiles",
    "GET /api/v2/health s.health",
    "POST /api/v2/notes s.createNote [authMiddleware.Auth]",
    "DELETE /api/v2/notes/{id} s.deleteNote [authMiddleware.Auth,requireAdmin]",
    "GET /api/v2/notes/{id} s.showNote",
    "GET /robots.txt s.robots",
  ]);
});

routegroup.run();
