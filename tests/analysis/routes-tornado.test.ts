import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const tornado = suite("Tornado routes");

tornado("handler specs a module hands to its Application are routes at their patterns (groups as parameters, a final (.*) the rest), one per method the handler class defines or inherits (OPTIONS only where the class itself defines it), guarded by @authenticated or a check named in its arguments; specs in a list another module gathers say their prefix is unknown; a tuple whose pattern is no path, or whose second element is no class, is none", () => {
  const root = tempDir("tool-tornado-");
  writeFiles(root, {
    "requirements.txt": "tornado==6.4\n",
    "blog/app.py": [
      "import tornado.web",
      "from blog.handlers import BaseHandler, EntryHandler, HomeHandler",
      "from blog import api",
      "",
      "class Application(tornado.web.Application):",
      "    def __init__(self):",
      "        handlers = [",
      '            (r"/", HomeHandler),',
      '            (r"/entry/(?P<slug>[^/]+)/?", EntryHandler),',
      '            tornado.web.url(r"/static-files/(.*)", tornado.web.StaticFileHandler, dict(path="static")),',
      '            (r"/compose", ComposeHandler),',
      '            (r"/downloads/(.*)", DownloadHandler, dict(path="files", validator=download_permission_validator)),',
      '            ("not a path", HomeHandler),',
      '            (r"/version", "1.0"),',
      "        ]",
      "        super().__init__(handlers, login_url=\"/auth/login\")",
      "",
      "class DownloadHandler(BaseHandler):",
      "    def get(self, name):",
      "        self.write(name)",
      "",
      "    def options(self, name):",
      "        self.set_status(204)",
      "",
      "class ComposeHandler(BaseHandler):",
      "    @tornado.web.authenticated",
      "    def get(self):",
      '        self.render("compose.html")',
      "",
      "    @tornado.web.authenticated",
      "    async def post(self):",
      '        self.redirect("/")',
      "",
    ].join("\n"),
    "blog/handlers.py": [
      "import tornado.web",
      "",
      "class BaseHandler(tornado.web.RequestHandler):",
      "    def options(self):",
      "        self.set_status(204)",
      "",
      "class HomeHandler(BaseHandler):",
      "    def get(self):",
      '        self.render("home.html")',
      "",
      "class EntryHandler(BaseHandler):",
      "    def get(self, slug):",
      '        self.render("entry.html")',
      "",
    ].join("\n"),
    "blog/api.py": [
      "from tornado import web",
      "from blog.handlers import BaseHandler",
      "",
      "class UserAPIHandler(BaseHandler):",
      "    def get(self, user_id):",
      "        self.write({})",
      "",
      "    def delete(self, user_id):",
      "        self.set_status(204)",
      "",
      "default_handlers = [",
      '    (r"/api/users/([^/]+)", UserAPIHandler),',
      "]",
      "",
    ].join("\n"),
  });
  commitAll(root);
  const routes = analyze(root).routes.items.filter((r) => r.framework === "tornado").map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.prefixUnknown ? " (prefix unknown)" : ""}`);
  assert.equal(routes.sort(), [
    "ALL /static-files/*",
    "DELETE /api/users/{param1} (prefix unknown)",
    "GET /",
    "GET /api/users/{param1} (prefix unknown)",
    "GET /compose [authenticated]",
    "GET /downloads/* [download_permission_validator]",
    "GET /entry/{slug}",
    "OPTIONS /downloads/* [download_permission_validator]",
    "POST /compose [authenticated]",
  ]);
});

tornado.run();
