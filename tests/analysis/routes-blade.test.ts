import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const blade = suite("Blade routes");

blade("@Path classes and their @GetRoute/@PostRoute/@Route methods: paths joined with slashes written or not, several per annotation, none the class's own path, :name parameters (before a suffix too), @Route's methods or every one; a JAX-RS @Path class is not Blade's", () => {
  const root = tempDir("tool-blade-");
  const java = (...lines: string[]) => [...lines, ""].join("\n");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><groupId>com.hellokaton</groupId><artifactId>blade-mvc</artifactId></dependency></dependencies></project>\n",
    "src/main/java/com/tale/controller/IndexController.java": java(
      "package com.tale.controller;",
      "",
      "import com.blade.mvc.annotation.*;",
      "import com.blade.mvc.http.HttpMethod;",
      "",
      "@Path",
      "public class IndexController {",
      '    @GetRoute({"article/:cid", "article/:cid.html"})',
      "    public String article(@PathParam String cid) { return \"post\"; }",
      "",
      '    @Route(value = "logout")',
      "    public void logout() {}",
      "",
      '    @Route(value = "comment", method = HttpMethod.POST)',
      "    public void comment() {}",
      "}",
    ),
    "src/main/java/com/tale/controller/admin/PagesController.java": java(
      "package com.tale.controller.admin;",
      "",
      "import com.blade.mvc.annotation.GetRoute;",
      "import com.blade.mvc.annotation.Path;",
      "import com.blade.mvc.annotation.PostRoute;",
      "",
      '@Path(value = "admin", restful = true)',
      "public class PagesController {",
      '    @GetRoute(value = {"/", "index"})',
      "    public String index() { return \"admin/index\"; }",
      "",
      '    @GetRoute("login")',
      "    public String login() { return \"admin/login\"; }",
      "",
      "    @PostRoute",
      "    public void save() {}",
      "}",
    ),
    // JAX-RS's @Path is another framework's.
    "src/main/java/com/acme/rest/Users.java": java("package com.acme.rest;", "", "import javax.ws.rs.GET;", "import javax.ws.rs.Path;", "", '@Path("/users")', "public class Users {", "    @GET", "    public String list() { return \"\"; }", "}"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => r.framework === "blade").map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /admin PagesController.index",
    "POST /admin PagesController.save",
    "GET /admin/index PagesController.index",
    "GET /admin/login PagesController.login",
    "GET /article/{cid} IndexController.article",
    "GET /article/{cid}.html IndexController.article",
    "POST /comment IndexController.comment",
    "ALL /logout IndexController.logout",
  ]);
});

blade("a WebHook whose before() turns a caller without a user away under a path prefix (a constant of another class) guards the Blade routes there but under the prefixes it lets through; a hook refusing nobody guards nothing", () => {
  const root = tempDir("tool-blade-hook-");
  const java = (...lines: string[]) => [...lines, ""].join("\n");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>blade-mvc</artifactId></dependency></dependencies></project>\n",
    "src/main/java/com/tale/bootstrap/TaleConst.java": java("package com.tale.bootstrap;", "", "public class TaleConst {", '    public static final String ADMIN_URI = "/admin";', '    public static final String LOGIN_URI = "/admin/login";', "}"),
    "src/main/java/com/tale/hooks/BaseWebHook.java": java(
      "package com.tale.hooks;",
      "",
      "import com.blade.mvc.RouteContext;",
      "import com.blade.mvc.hook.WebHook;",
      "import com.tale.bootstrap.TaleConst;",
      "",
      "public class BaseWebHook implements WebHook {",
      "    @Override",
      "    public boolean before(RouteContext context) {",
      "        return isRedirect(context);",
      "    }",
      "",
      "    private boolean isRedirect(RouteContext context) {",
      "        Users user = TaleUtils.getLoginUser();",
      "        String uri = context.uri();",
      "        if (uri.startsWith(TaleConst.ADMIN_URI) && !uri.startsWith(TaleConst.LOGIN_URI)) {",
      "            if (null == user) {",
      "                context.redirect(TaleConst.LOGIN_URI);",
      "                return false;",
      "            }",
      "        }",
      "        return true;",
      "    }",
      "}",
    ),
    "src/main/java/com/tale/hooks/LogHook.java": java("package com.tale.hooks;", "", "import com.blade.mvc.hook.WebHook;", "", "public class LogHook implements WebHook {", "    public boolean before(RouteContext context) {", '        if (context.uri().startsWith("/blog")) {', "            log.info(context.uri());", "        }", "        return true;", "    }", "}"),
    "src/main/java/com/tale/controller/AdminController.java": java(
      "package com.tale.controller;",
      "",
      "import com.blade.mvc.annotation.*;",
      "",
      '@Path("admin")',
      "public class AdminController {",
      '    @GetRoute("login")',
      "    public String login() { return \"\"; }",
      "",
      '    @PostRoute("profile")',
      "    public void profile() {}",
      "}",
    ),
    "src/main/java/com/tale/controller/BlogController.java": java("package com.tale.controller;", "", "import com.blade.mvc.annotation.*;", "", "@Path", "public class BlogController {", '    @GetRoute("blog/:slug")', "    public String post() { return \"\"; }", "}"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /admin/login",
    "POST /admin/profile [(Blade hook BaseWebHook)]",
    "GET /blog/{slug}",
  ]);
});

blade.run();
