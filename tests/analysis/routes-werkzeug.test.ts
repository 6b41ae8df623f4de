import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { tempDir, writeFiles } from "../helpers/repo.ts";

const werkzeug = suite("Werkzeug routes");

const routes = (root: string) =>
  analyze(root).routes.items.filter((r) => r.kind === "http").map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort();

werkzeug("rules an app adds to its Map: from a table of (view, (method, path)) a class walks, a method of the class as endpoint (guarded where it refuses a token whose signature fails, not by a check that a parameter is there), a Map's list under a Submount; every method without `methods`; another library's Rule serves nothing", () => {
  const root = tempDir("tool-werkzeug-");
  writeFiles(root, {
    "setup.py": "from setuptools import setup\nsetup(name='comments', install_requires=['werkzeug'])\n",
    "comments/views/info.py": [
      "from werkzeug.routing import Rule",
      "",
      "class Info(object):",
      "    def __init__(self, app):",
      "        app.urls.add(Rule('/info', endpoint=self.show))",
      "",
      "    def show(self, environ, request):",
      "        return 'ok'",
      "",
    ].join("\n"),
    "comments/views/api.py": [
      "from werkzeug.routing import Rule",
      "",
      "class API(object):",
      "    VIEWS = [",
      "        ('fetch', ('GET', '/')),",
      "        ('new', ('POST', '/new')),",
      "        ('edit', ('PUT', '/id/<int:id>')),",
      "        ('moderate', ('POST', '/id/<int:id>/<any(edit,activate,delete):action>/<string:key>')),",
      "    ]",
      "",
      "    def __init__(self, app):",
      "        for view, (method, path) in self.VIEWS:",
      "            app.urls.add(Rule(path, methods=[method], endpoint=getattr(self, view)))",
      "",
      "    @requires(str, 'uri')",
      "    def fetch(self, environ, request):",
      "        return []",
      "",
      "    def edit(self, environ, request, id):",
      "        rv = self.comments.get(id)",
      "        if rv is None:",
      "            raise NotFound",
      "        try:",
      "            self.app.unsign(request.cookies.get(str(id), ''))",
      "        except (SignatureExpired, BadSignature):",
      "            raise Forbidden",
      "        return rv",
      "",
      "    def new(self, environ, request):",
      "        try:",
      "            data = json.loads(request.data)",
      "        except ValueError:",
      "            raise BadRequest",
      "        return data",
      "",
    ].join("\n"),
    "comments/admin.py": [
      "from werkzeug.routing import Map, Rule, Submount",
      "",
      "url_map = Map([",
      "    Rule('/health', endpoint='health'),",
      "    Submount('/admin', [",
      "        Rule('/', endpoint='admin.index'),",
      "        Rule('/users/<name>', endpoint='admin.user', methods=['GET', 'DELETE']),",
      "    ]),",
      "])",
      "",
    ].join("\n"),
    // A firewall's own Rule class: not Werkzeug's, no route.
    "comments/firewall.py": [
      "from comments.acl import Rule",
      "",
      "BLOCKED = [Rule('/private', action='deny')]",
      "",
    ].join("\n"),
  });
  assert.equal(routes(root), [
    "ALL /admin admin.index",
    "ALL /health health",
    "ALL /info Info.show",
    "DELETE /admin/users/{name} admin.user",
    "GET / API.fetch",
    "GET /admin/users/{name} admin.user",
    "POST /id/{id}/{action}/{key} API.moderate",
    "POST /new API.new",
    "PUT /id/{id} API.edit [(verifies the request's signature)]",
  ]);
});

werkzeug.run();
