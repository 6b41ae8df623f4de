import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const huma = suite("Huma routes");

huma("operations registered on an API made on an Echo group serve under the group's prefix and guards: huma.Register, the shorthands, and a wrapper of the app's taking the operation; an API returned in a struct of the app's wrapping it, and by a function returning what that one returns; operations on an API no caller is seen handing say their prefix is unknown", () => {
  const root = tempDir("tool-huma-echo-");
  writeFiles(root, {
    "go.mod": "module example.com/tasks\n\ngo 1.22\n\nrequire (\n\tgithub.com/labstack/echo/v4 v4.12.0\n\tgithub.com/danielgtaylor/huma/v2 v2.30.0\n)\n",
    "pkg/humabridge/humabridge.go": [
      "package humabridge",
      "",
      "import (",
      '\t"github.com/danielgtaylor/huma/v2"',
      '\t"github.com/danielgtaylor/huma/v2/adapters/humaecho"',
      '\t"github.com/labstack/echo/v4"',
      ")",
      "",
      "type groupPrefixAPI struct {",
      "\thuma.API",
      "}",
      "",
      "func NewWithGroup(e *echo.Echo, g *echo.Group, config huma.Config) huma.API {",
      "\tapi := humaecho.NewWithGroup(e, g, config)",
      "\treturn &groupPrefixAPI{API: api}",
      "}",
    ].join("\n"),
    "pkg/routes/routes.go": [
      "package routes",
      "",
      "import (",
      '\t"github.com/labstack/echo/v4"',
      '\t"github.com/danielgtaylor/huma/v2"',
      '\techojwt "github.com/labstack/echo-jwt/v4"',
      '\t"example.com/tasks/pkg/humabridge"',
      '\tv2 "example.com/tasks/pkg/routes/api/v2"',
      ")",
      "",
      "func RegisterRoutes(e *echo.Echo) {",
      '\tg := e.Group("/api/v2")',
      "\tg.Use(echojwt.JWT(secret))",
      "\tapi := v2.NewAPI(e, g)",
      "\tv2.RegisterAll(api)",
      "}",
    ].join("\n"),
    // A function of the app's returning what the bridge returns: the same API.
    "pkg/routes/api/v2/huma.go": [
      "package v2",
      "",
      "import (",
      '\t"github.com/labstack/echo/v4"',
      '\t"github.com/danielgtaylor/huma/v2"',
      '\t"example.com/tasks/pkg/humabridge"',
      ")",
      "",
      "func NewAPI(e *echo.Echo, g *echo.Group) huma.API {",
      '\tapi := humabridge.NewWithGroup(e, g, huma.DefaultConfig("Tasks", "2.0"))',
      "\treturn api",
      "}",
    ].join("\n"),
    "pkg/routes/api/v2/all.go": [
      "package v2",
      "",
      'import "github.com/danielgtaylor/huma/v2"',
      "",
      "func RegisterAll(api huma.API) {",
      "\tRegisterProjectRoutes(api)",
      "\thuma.Get(api, \"/info\", info)",
      "}",
    ].join("\n"),
    "pkg/routes/api/v2/projects.go": [
      "package v2",
      "",
      "import (",
      '\t"net/http"',
      '\t"github.com/danielgtaylor/huma/v2"',
      ")",
      "",
      "func Register[I, O any](api huma.API, op huma.Operation, handler func(context.Context, *I) (*O, error)) {",
      "\thuma.Register(api, op, handler)",
      "}",
      "",
      "func RegisterProjectRoutes(api huma.API) {",
      "\tRegister(api, huma.Operation{",
      '\t\tOperationID: "projects-list",',
      "\t\tMethod:      http.MethodGet,",
      '\t\tPath:        "/projects",',
      "\t}, projectsList)",
      "\thuma.Register(api, huma.Operation{",
      "\t\tMethod: http.MethodDelete,",
      '\t\tPath:   "/projects/{id}",',
      "\t}, projectsDelete)",
      "}",
    ].join("\n"),
    // Registered through a registry filled at run time: nobody is seen handing it the API.
    "pkg/routes/api/v2/tags.go": [
      "package v2",
      "",
      'import "github.com/danielgtaylor/huma/v2"',
      "",
      "func init() { register(RegisterTagRoutes) }",
      "",
      "func RegisterTagRoutes(api huma.API) {",
      '\thuma.Get(api, "/tags", tagsList)',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} ${r.framework}${r.guards.length ? ` [${r.guards}]` : ""}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /api/v2/info info huma [echojwt.JWT]",
    "GET /api/v2/projects projectsList huma [echojwt.JWT]",
    "DELETE /api/v2/projects/{id} projectsDelete huma [echojwt.JWT]",
    "GET /tags tagsList huma (prefix unknown)",
  ]);
});

huma.run();
