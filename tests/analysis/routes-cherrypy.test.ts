import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const cherrypy = suite("CherryPy routes");

const routes = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}${r.prefixUnknown ? " (prefix unknown)" : ""}`).sort();

cherrypy("the object tree a mount serves: exposed methods at their names (index at the path, default below it), objects held by attributes under theirs, tools.allow's methods, guard decorators; CherryPy's own modules kept in the tree serve nothing", () => {
  const root = tempDir("tool-cherrypy-");
  writeFiles(root, {
    "requirements.txt": "cherrypy\n",
    "app/webauth.py": [
      "import cherrypy",
      "",
      "class AuthController(object):",
      "    @cherrypy.expose",
      "    def login(self, username=None, password=None):",
      "        return 'login'",
      "",
      "    @cherrypy.expose",
      "    @cherrypy.tools.allow(methods=['POST'])",
      "    def logout(self):",
      "        return 'bye'",
      "",
    ].join("\n"),
    "app/webserve.py": [
      "import cherrypy",
      "from app.webauth import AuthController, requireAuth",
      "",
      "class ApiHandler(object):",
      "    exposed = True",
      "    def status(self):",
      "        return 'ok'",
      "    def _internal(self):",
      "        return None",
      "",
      "class WebInterface(object):",
      "    auth = AuthController()",
      "",
      "    def __init__(self):",
      "        self.api = ApiHandler()",
      "",
      "    @cherrypy.expose",
      "    @requireAuth()",
      "    def index(self):",
      "        return 'home'",
      "",
      "    @cherrypy.expose",
      "    @cherrypy.tools.allow(methods=['POST'])",
      "    @requireAuth(member_of('admin'))",
      "    def delete_user(self, user_id):",
      "        return 'deleted'",
      "",
      "    @cherrypy.expose",
      "    def default(self, *args):",
      "        return 'not found'",
      "",
      "    def helper(self):",
      "        return None",
      "",
    ].join("\n"),
    "app/webstart.py": ["import cherrypy", "from app.webserve import WebInterface", "", "def start():", "    cherrypy.tree.mount(WebInterface(), '/tautulli', config={})", ""].join("\n"),
    "lib/cherrypy/tutorial/tut01_helloworld.py": ["import cherrypy", "", "class HelloWorld:", "    @cherrypy.expose", "    def index(self):", "        return 'Hello'", "", "cherrypy.quickstart(HelloWorld())", ""].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(routes(root), [
    "ALL /tautulli [requireAuth]",
    "ALL /tautulli/*",
    "ALL /tautulli/api/status",
    "ALL /tautulli/auth/login",
    "POST /tautulli/auth/logout",
    "POST /tautulli/delete_user [requireAuth]",
  ]);
});

cherrypy("a mount at a path the code computes from its settings leaves the prefix unknown", () => {
  const root = tempDir("tool-cherrypy-unknown-");
  writeFiles(root, {
    "requirements.txt": "cherrypy\n",
    "web.py": ["import cherrypy", "", "class Root:", "    @cherrypy.expose", "    def home(self):", "        return 'home'", "", "def start(options):", "    cherrypy.tree.mount(Root(), options['http_root'], config={})", ""].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(routes(root), ["ALL /home (prefix unknown)"]);
});

cherrypy("a decorator of the module's that exposes what it wraps (wrap_func.exposed = True) exposes, guarding by its name; a root object made into a variable before it is mounted is mounted; a handler named for a file (robots_txt) serves its name with the dot", () => {
  const root = tempDir("tool-cherrypy-exposing-");
  writeFiles(root, {
    "requirements.txt": "cherrypy\n",
    "app/interface.py": [
      "import functools",
      "import cherrypy",
      "",
      "def secured_expose(wrap_func=None, check_api_key=False):",
      "    if not wrap_func:",
      "        return functools.partial(secured_expose, check_api_key=check_api_key)",
      "    wrap_func.exposed = True",
      "    @functools.wraps(wrap_func)",
      "    def internal_wrap(*args, **kwargs):",
      "        return wrap_func(*args, **kwargs)",
      "    return internal_wrap",
      "",
      "class LoginPage:",
      "    @cherrypy.expose",
      "    def index(self, **kwargs):",
      "        return ''",
      "",
      "class MainPage:",
      "    def __init__(self):",
      "        self.login = LoginPage()",
      "",
      "    @secured_expose(check_api_key=True)",
      "    def api(self, **kwargs):",
      "        return ''",
      "",
      "    @secured_expose",
      "    def robots_txt(self, **kwargs):",
      "        return ''",
      "",
      "    def helper(self):",
      "        return ''",
      "",
    ].join("\n"),
    "main.py": "import cherrypy\nimport app.interface\n\nmain_page = app.interface.MainPage()\ncherrypy.tree.mount(main_page, '/', config={})\ncherrypy.engine.start()\n",
  });
  git(root, "init", "-q");
  assert.equal(routes(root), ["ALL /api [secured_expose]", "ALL /login", "ALL /robots.txt [secured_expose]"]);
});

cherrypy.run();
