import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

/** A Java file of the lines given. */
const javaFile = (lines: string[]) => lines.join("\n") + "\n";

const spring = suite("Spring routes");

spring("controllers in Java and Kotlin: class and method mappings, paths from constants of this and other files, method security and the filter chain in rule order", () => {
  assert.equal(routeLines("routes-spring"), [
    "DELETE /api/v1/orders/{orderId} src/main/java/com/acme/shop/orders/OrderController.java:19 OrderController.delete [hasRole(ADMIN),Secured(ROLE_USER),PreAuthorize(hasRole('ADMIN'))]",
    "GET /api/v1/orders/{orderId} src/main/java/com/acme/shop/orders/OrderController.java:14 OrderController.get [authenticated(),Secured(ROLE_USER)]",
    "GET /api/v1/orders/track/{code} src/main/java/com/acme/shop/orders/OrderController.java:24 OrderController.track [authenticated()]",
    "GET /api/v1/users src/main/java/com/acme/shop/api/UserController.java:12 UserController.list [authenticated()]",
    "POST /api/v1/users src/main/java/com/acme/shop/api/UserController.java:22 UserController.create [authenticated(),PreAuthorize(hasRole('ADMIN'))]",
    "GET /api/v1/users/{id} src/main/java/com/acme/shop/api/UserController.java:17 UserController.get [authenticated()]",
    "PATCH /api/v1/users/{id} src/main/java/com/acme/shop/api/UserController.java:28 UserController.update [authenticated()]",
    "PUT /api/v1/users/{id} src/main/java/com/acme/shop/api/UserController.java:28 UserController.update [authenticated()]",
    "PATCH /api/v1/users/{id}/profile src/main/java/com/acme/shop/api/UserController.java:28 UserController.update [authenticated()]",
    "PUT /api/v1/users/{id}/profile src/main/java/com/acme/shop/api/UserController.java:28 UserController.update [authenticated()]",
    "GET /status/health src/main/kotlin/com/acme/shop/web/HealthController.kt:12 HealthController.health",
    "ALL /status/health/ping src/main/kotlin/com/acme/shop/web/HealthController.kt:15 HealthController.ping",
  ]);
});

spring("a path from a constant of a class nested in another file's class (CasConstants.ENDPOINT.LOGIN, built from a sibling constant) is that constant's value", () => {
  const root = tempDir("tool-spring-nested-constants-");
  writeFiles(root, {
    "src/main/java/org/keys/cas/ticket/CasConstants.java": [
      "package org.keys.cas.ticket;",
      "",
      "public class CasConstants {",
      "    public static class PARAMETER {",
      '        public static final String TICKET = "ticket";',
      "    }",
      "",
      "    public static class ENDPOINT {",
      '        public static final String BASE = "/authz/cas";',
      '        public static final String LOGIN = BASE + "/login";',
      '        public static final String VALIDATE = BASE + "/serviceValidate";',
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/org/keys/oauth/OAuthConstants.java": [
      "package org.keys.oauth;",
      "",
      "public class OAuthConstants {",
      "    public static class ENDPOINT {",
      '        public static final String LOGIN = "/authz/oauth/login";',
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/org/keys/cas/endpoint/CasEndpoint.java": [
      "package org.keys.cas.endpoint;",
      "",
      "import org.keys.cas.ticket.CasConstants;",
      "import org.springframework.web.bind.annotation.*;",
      "",
      "@RestController",
      "public class CasEndpoint {",
      "    @GetMapping(CasConstants.ENDPOINT.LOGIN)",
      "    public String login() { return \"\"; }",
      "",
      "    @GetMapping(value = CasConstants.ENDPOINT.VALIDATE + \"/{ticket}\")",
      "    public String validate(@PathVariable String ticket) { return ticket; }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /authz/cas/login", "GET /authz/cas/serviceValidate/{ticket}"]);
});

spring("a Kotlin handler's non-null @AuthenticationPrincipal requires a signed-in caller; a nullable one, and Java's, do not", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/main/kotlin/com/acme/blog/ArticleController.kt": [
      "package com.acme.blog",
      "",
      "@RestController",
      '@RequestMapping("/api/articles")',
      "class ArticleController(private val articles: ArticleService) {",
      "    @GetMapping",
      "    fun list(@RequestParam tag: String?, @AuthenticationPrincipal user: AuthenticatedUser?): List<Article> = articles.list(tag, user)",
      "",
      "    @PostMapping",
      "    fun create(",
      "        @RequestBody body: NewArticle,",
      "        @AuthenticationPrincipal user: AuthenticatedUser,",
      "    ): Article = articles.create(body, user)",
      "",
      '    @GetMapping("/{slug}")',
      "    fun get(@PathVariable slug: String): Article = articles.get(slug)",
      "}",
      "",
    ].join("\n"),
    "src/main/java/com/acme/blog/TagController.java": [
      "package com.acme.blog;",
      "",
      "@RestController",
      "public class TagController {",
      '    @PostMapping("/api/tags")',
      "    public Tag create(@AuthenticationPrincipal User user, @RequestBody NewTag body) { return null; }",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const lines = guardedRoutes(root);
  assert.equal(lines, ["GET /api/articles", "POST /api/articles [AuthenticationPrincipal]", "GET /api/articles/{slug}", "POST /api/tags"]);
});

spring("Sa-Token: @SaCheckLogin on a class guards its handlers, @SaIgnore lifts it from one; on a method it guards that one", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/main/kotlin/com/acme/blog/UserController.kt": [
      "package com.acme.blog",
      "",
      "@SaCheckLogin",
      "@RestController",
      '@RequestMapping("/users")',
      "class UserController(private val users: UserService) {",
      '    @PutMapping("/follow/{id}")',
      "    fun follow(@PathVariable id: Int) = users.follow(id)",
      "",
      "    @SaIgnore",
      '    @PostMapping("/login")',
      "    fun login(@RequestBody body: Login) = users.login(body)",
      "}",
      "",
    ].join("\n"),
    "src/main/java/com/acme/blog/ArticleController.java": [
      "package com.acme.blog;",
      "",
      "@RestController",
      "public class ArticleController {",
      "    @SaCheckLogin",
      '    @PostMapping("/articles")',
      "    public Article create(@RequestBody NewArticle body) { return null; }",
      '    @GetMapping("/articles")',
      "    public List<Article> list() { return null; }",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /articles", "POST /articles [SaCheckLogin]", "PUT /users/follow/{id} [SaCheckLogin]", "POST /users/login"]);
});

spring("a handler that throws without a signed-in user at its top, or whose service does, is guarded; a user looked up by name, or read when present, guards nothing", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/main/java/com/acme/blog/ArticleController.java": [
      "package com.acme.blog;",
      "",
      "@RestController",
      '@RequestMapping("/api/articles")',
      "public class ArticleController {",
      "    private final ArticleService articleService;",
      "    public ArticleController(ArticleService articleService) { this.articleService = articleService; }",
      '    @DeleteMapping("/{slug}")',
      "    public void delete(@PathVariable String slug) {",
      "        articleService.deleteArticle(slug);",
      "    }",
      '    @GetMapping("/{slug}")',
      "    public Article get(@PathVariable String slug) {",
      "        return articleService.getArticle(slug);",
      "    }",
      '    @GetMapping("/by/{username}")',
      "    public List<Article> byAuthor(@PathVariable String username) {",
      "        return articleService.byAuthor(username);",
      "    }",
      '    @GetMapping("/{slug}/author")',
      "    public Profile author(@PathVariable String slug) {",
      "        final User currentUser = userService.getCurrentUser();",
      "        final var profile = profiles.authorOf(slug, currentUser);",
      "        if (profile == null) {",
      "            throw new NotFoundException(slug);",
      "        }",
      "        return profile;",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/main/java/com/acme/blog/ArticleService.java": "package com.acme.blog;\npublic interface ArticleService {\n    void deleteArticle(String slug);\n    Article getArticle(String slug);\n    List<Article> byAuthor(String username);\n}\n",
    "src/main/java/com/acme/blog/impl/ArticleServiceImpl.java": [
      "package com.acme.blog.impl;",
      "",
      "@Service",
      "public class ArticleServiceImpl implements ArticleService {",
      "    @Override",
      "    public void deleteArticle(String slug) {",
      "        // who is asking",
      "        String currentUsername = JwtInterceptor.getCurrentUser();",
      "        if (StrUtil.isBlank(currentUsername)) {",
      '            throw new BusinessException("user not logged in");',
      "        }",
      "        articles.delete(slug, currentUsername);",
      "    }",
      "    @Override",
      "    public Article getArticle(String slug) {",
      "        String currentUsername = JwtInterceptor.getCurrentUser();",
      "        Article article = articles.find(slug);",
      "        if (currentUsername != null) article.setFavorited(favorites.has(currentUsername, slug));",
      "        return article;",
      "    }",
      "    @Override",
      "    public List<Article> byAuthor(String username) {",
      "        User user = users.findByUsername(username);",
      '        if (user == null) throw new NotFoundException("no such user");',
      "        return articles.byAuthor(user);",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/main/kotlin/com/acme/blog/UserController.kt": [
      "package com.acme.blog",
      "",
      "@RestController",
      '@RequestMapping("/api/users")',
      "class UserController(private val users: UserService) {",
      '    @GetMapping("/me")',
      "    fun me(): User {",
      "        if (!StpUtil.isLogin()) {",
      '            throw BusinessException("not logged in")',
      "        }",
      "        return users.current()",
      "    }",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "DELETE /api/articles/{slug} [ArticleService.deleteArticle refuses without a signed-in user]",
    "GET /api/articles/{slug}",
    "GET /api/articles/{slug}/author",
    "GET /api/articles/by/{username}",
    "GET /api/users/me [me refuses without a signed-in user]",
  ]);
});

spring("a controller serves the mapped methods of the interfaces it implements (HTTP interfaces in another module), under a path read from a property; the filter chain's rules in statement form", () => {
  const root = tempDir("tool-spring-interfaces-");
  writeFiles(root, {
    "settings.gradle.kts": 'include("api", "service")\n',
    "api/src/main/java/com/acme/api/TagOperations.java": [
      "package com.acme.api;",
      "import org.springframework.web.service.annotation.GetExchange;",
      "import org.springframework.web.service.annotation.PostExchange;",
      "public interface TagOperations {",
      '    @GetExchange("/tags")',
      "    String findAll();",
      '    @PostExchange("/tags")',
      "    String create(String tag);",
      "}",
    ].join("\n"),
    // A client's declaration: nothing implements it, so it serves nothing.
    "api/src/main/java/com/acme/api/RemoteCalls.java": [
      "package com.acme.api;",
      "import org.springframework.web.service.annotation.GetExchange;",
      "public interface RemoteCalls {",
      '    @GetExchange("/remote")',
      "    String fetch();",
      "}",
    ].join("\n"),
    "service/src/main/resources/application.properties": "api.version=/api\n",
    "service/src/main/java/com/acme/web/TagController.java": [
      "package com.acme.web;",
      "import com.acme.api.TagOperations;",
      "import org.springframework.web.bind.annotation.RequestMapping;",
      "import org.springframework.web.bind.annotation.RestController;",
      "@RestController",
      '@RequestMapping("${api.version}")',
      "public class TagController implements TagOperations {",
      '    public String findAll() { return ""; }',
      "    public String create(String tag) { return tag; }",
      "}",
    ].join("\n"),
    "service/src/main/java/com/acme/web/SecurityConfig.java": [
      "package com.acme.web;",
      "public class SecurityConfig {",
      "    SecurityFilterChain chain(HttpSecurity http) throws Exception {",
      "        http.authorizeHttpRequests(configurer -> {",
      '            configurer.requestMatchers(HttpMethod.GET, "/api/tags").permitAll();',
      "            configurer.anyRequest().authenticated();",
      "        });",
      "        return http.build();",
      "    }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /api/tags", "POST /api/tags [authenticated()]"]);
});

spring("a handler parameter filled by an argument resolver that throws without credentials guards its route (Kotlin type, Java annotation); a nullable one, or a resolver that returns null, does not", () => {
  const root = tempDir("tool-spring-resolver-");
  writeFiles(root, {
    "web/src/main/kotlin/io/acme/Application.kt": [
      "package io.acme",
      "import org.springframework.web.method.support.HandlerMethodArgumentResolver",
      "class Config : WebMvcConfigurer {",
      "  override fun addArgumentResolvers(resolvers: MutableList<HandlerMethodArgumentResolver>) { resolvers.add(userResolver()) }",
      "}",
      "fun userResolver() = object : HandlerMethodArgumentResolver {",
      "  override fun supportsParameter(parameter: MethodParameter) = User::class.java.isAssignableFrom(parameter.parameterType)",
      "  override fun resolveArgument(parameter: MethodParameter, mav: ModelAndViewContainer?, webRequest: NativeWebRequest, binder: WebDataBinderFactory?): Any? {",
      "    return token(webRequest)?.let { load(it) } ?: throw UnauthorizedException()",
      "  }",
      "}",
      "class ViewerResolver : HandlerMethodArgumentResolver {",
      "  override fun supportsParameter(parameter: MethodParameter) = parameter.parameterType == Viewer::class.java",
      "  override fun resolveArgument(parameter: MethodParameter, mav: ModelAndViewContainer?, webRequest: NativeWebRequest, binder: WebDataBinderFactory?): Any? {",
      "    return token(webRequest)?.let { Viewer(it) }",
      "  }",
      "}",
    ].join("\n"),
    "web/src/main/kotlin/io/acme/JsonRequestResolver.kt": [
      "package io.acme",
      "class JsonRequestResolver(private val mapper: ObjectMapper) : HandlerMethodArgumentResolver {",
      "  override fun supportsParameter(parameter: MethodParameter) = parameter.hasParameterAnnotation(JsonRequest::class.java)",
      "  override fun resolveArgument(parameter: MethodParameter, mav: ModelAndViewContainer?, webRequest: NativeWebRequest, binder: WebDataBinderFactory?): Any? {",
      "    val node = mapper.readTree(body(webRequest)).get(\"article\") ?: throw IllegalArgumentException(\"no article field\")",
      "    return mapper.treeToValue(node, parameter.parameterType)",
      "  }",
      "}",
    ].join("\n"),
    "web/src/main/kotlin/io/acme/articles/Routes.kt": [
      "package io.acme.articles",
      "@RestController",
      "class ArticleController {",
      '  @GetMapping("/api/articles")',
      "  fun list(viewer: Viewer): List<Article> = listOf()",
      '  @PostMapping("/api/articles")',
      "  fun create(@JsonRequest body: NewArticle, user: User): Article = save(body, user)",
      '  @GetMapping("/api/articles/{slug}")',
      '  fun get(@PathVariable("slug") slug: String, user: User?): Article = find(slug)',
      "}",
    ].join("\n"),
    "api/src/main/java/com/acme/CurrentUserResolver.java": [
      "package com.acme;",
      "public class CurrentUserResolver implements HandlerMethodArgumentResolver {",
      "    public boolean supportsParameter(MethodParameter parameter) {",
      "        return parameter.hasParameterAnnotation(CurrentUser.class) && parameter.getParameterType().equals(String.class);",
      "    }",
      "    public Object resolveArgument(MethodParameter p, ModelAndViewContainer m, NativeWebRequest request, WebDataBinderFactory f) {",
      '        String id = request.getHeader("X-User");',
      '        if (id == null) throw new ResponseStatusException(HttpStatus.UNAUTHORIZED, "sign in");',
      "        return id;",
      "    }",
      "}",
    ].join("\n"),
    "api/src/main/java/com/acme/TagController.java": [
      "package com.acme;",
      "@RestController",
      "public class TagController {",
      '    @GetMapping("/api/tags")',
      "    public List<String> list(@RequestParam String filter) { return List.of(); }",
      '    @DeleteMapping("/api/tags/{tag}")',
      '    public void delete(@PathVariable("tag") String tag, @CurrentUser String userId) { }',
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  // A resolver that throws on a malformed body refuses no caller.
  assert.equal(guardedRoutes(root), [
    "GET /api/articles",
    "POST /api/articles [User]",
    "GET /api/articles/{slug}",
    "GET /api/tags",
    "DELETE /api/tags/{tag} [@CurrentUser]",
  ]);
});

spring("a handler that requires the Authorization header is guarded (Spring answers 400 without it); the header taken when present (required = false, a default, Optional, a nullable Kotlin type) or another header guards nothing", () => {
  const root = tempDir("tool-spring-authorization-header-");
  writeFiles(root, {
    "build.gradle": "dependencies { implementation 'org.springframework.boot:spring-boot-starter-web' }\n",
    "src/main/java/app/ArticleController.java": [
      "package app;",
      "import org.springframework.http.HttpHeaders;",
      "import org.springframework.web.bind.annotation.*;",
      "import java.util.Optional;",
      "@RestController",
      "public class ArticleController {",
      "    @PostMapping(\"/api/articles\")",
      "    public Response create(@RequestHeader(\"Authorization\") String token, @RequestBody Request request) { return null; }",
      "    @DeleteMapping(\"/api/articles/{slug}\")",
      "    public void delete(@PathVariable String slug, @RequestHeader(HttpHeaders.AUTHORIZATION) final String token) { }",
      "    @GetMapping(\"/api/articles\")",
      "    public Response list(@RequestHeader(value = \"Authorization\", required = false) String token) { return null; }",
      "    @GetMapping(\"/api/articles/{slug}\")",
      "    public Response show(@PathVariable String slug, @RequestHeader(name = \"Authorization\", defaultValue = \"\") String token) { return null; }",
      "    @GetMapping(\"/api/feed\")",
      "    public Response feed(@RequestHeader(\"Authorization\") Optional<String> token) { return null; }",
      "    @PostMapping(\"/api/track\")",
      "    public void track(@RequestHeader(\"User-Agent\") String agent) { }",
      "}",
      "",
    ].join("\n"),
    "src/main/kotlin/app/ProfileController.kt": [
      "package app",
      "import org.springframework.web.bind.annotation.*",
      "@RestController",
      "class ProfileController {",
      "    @PostMapping(\"/api/profiles/{username}/follow\")",
      "    fun follow(@PathVariable username: String, @RequestHeader(\"Authorization\") token: String): Profile = TODO()",
      "    @GetMapping(\"/api/profiles/{username}\")",
      "    fun show(@PathVariable username: String, @RequestHeader(\"Authorization\") token: String?): Profile = TODO()",
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /api/articles/{slug} [@RequestHeader(Authorization)]",
    "GET /api/articles",
    "GET /api/articles/{slug}",
    "GET /api/feed",
    "GET /api/profiles/{username}",
    "POST /api/articles [@RequestHeader(Authorization)]",
    "POST /api/profiles/{username}/follow [@RequestHeader(Authorization)]",
    "POST /api/track",
  ]);
});

spring("the filter chain's patterns are Ant patterns: `*` stays within one segment, `**` spans segments", () => {
  const root = tempDir("tool-spring-ant-patterns-");
  writeFiles(root, {
    "build.gradle": "dependencies { implementation 'org.springframework.boot:spring-boot-starter-security' }\n",
    "src/main/java/app/SecurityConfig.java": [
      "package app;",
      "@Configuration",
      "public class SecurityConfig {",
      "    @Bean",
      "    SecurityFilterChain chain(HttpSecurity http) throws Exception {",
      "        return http.authorizeHttpRequests(request -> request",
      '            .requestMatchers("/users/login", "/profiles/*").permitAll()',
      '            .requestMatchers(HttpMethod.GET, "/articles/**").permitAll()',
      "            .anyRequest().authenticated()).build();",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/main/java/app/Api.java": [
      "package app;",
      "@RestController",
      "public class Api {",
      '    @PostMapping("/users/login") public Object login() { return null; }',
      '    @GetMapping("/profiles/{username}") public Object profile(@PathVariable String username) { return null; }',
      '    @PostMapping("/profiles/{username}/follow") public Object follow(@PathVariable String username) { return null; }',
      '    @GetMapping("/articles/{slug}/comments") public Object comments(@PathVariable String slug) { return null; }',
      '    @PostMapping("/articles/{slug}/comments") public Object comment(@PathVariable String slug) { return null; }',
      "}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /articles/{slug}/comments",
    "GET /profiles/{username}",
    "POST /articles/{slug}/comments [authenticated()]",
    "POST /profiles/{username}/follow [authenticated()]",
    "POST /users/login",
  ]);
});

spring("in a repository of several Spring Boot applications, one application's filter chain guards its own routes and those of shared modules, not another application's; one path in two applications is no duplicate", () => {
  const root = tempDir("tool-spring-applications-");
  const controller = (pkg: string, cls: string, path: string) => `package ${pkg};\n@RestController\npublic class ${cls} {\n    @GetMapping("${path}") public Object get() { return null; }\n}\n`;
  writeFiles(root, {
    "pom.xml": "<project><modules><module>portal</module><module>admin</module><module>common</module></modules></project>\n",
    "portal/pom.xml": "<project><artifactId>portal</artifactId></project>\n",
    "portal/src/main/java/app/portal/PortalApplication.java": "package app.portal;\n@SpringBootApplication\npublic class PortalApplication {}\n",
    "portal/src/main/java/app/portal/SecurityConfig.java": [
      "package app.portal;",
      "@Configuration",
      "public class SecurityConfig {",
      "    @Bean",
      "    SecurityFilterChain chain(HttpSecurity http) throws Exception {",
      "        return http.authorizeHttpRequests(request -> request.anyRequest().authenticated()).build();",
      "    }",
      "}",
      "",
    ].join("\n"),
    "portal/src/main/java/app/portal/AppsController.java": controller("app.portal", "AppsController", "/apps"),
    "portal/src/main/java/app/portal/PortalReleasesController.java": controller("app.portal", "PortalReleasesController", "/releases"),
    "admin/pom.xml": "<project><artifactId>admin</artifactId></project>\n",
    // An application started by its main, without the annotation.
    "admin/src/main/java/app/admin/AdminApplication.java": "package app.admin;\n@EnableAutoConfiguration\npublic class AdminApplication {\n    public static void main(String[] args) { SpringApplication.run(AdminApplication.class, args); }\n}\n",
    "admin/src/main/java/app/admin/ReleasesController.java": controller("app.admin", "ReleasesController", "/releases"),
    "common/pom.xml": "<project><artifactId>common</artifactId></project>\n",
    "common/src/main/java/app/common/VersionController.java": controller("app.common", "VersionController", "/version"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /apps [authenticated()]",
    "GET /releases",
    "GET /releases [authenticated()]",
    "GET /version [authenticated()]",
  ]);
  // Each application serves its own GET /releases: no duplicate.
  assert.equal(analyze(root).routes.duplicates, []);
});

spring("a context path every profile of the application sets (application-dev.yml, application-prod.yml) applies when the base file sets none, also to the controllers of a library module the application includes", () => {
  const root = tempDir("tool-spring-profile-context-");
  writeFiles(root, {
    "pom.xml": "<project><modules><module>start</module><module>biz</module></modules></project>\n",
    "start/pom.xml": "<project><artifactId>start</artifactId></project>\n",
    "start/src/main/resources/application.yml": "spring:\n  profiles:\n    active: dev\n",
    "start/src/main/resources/application-dev.yml": "server:\n  port: 8080\n  servlet:\n    context-path: /shop-boot\n",
    "start/src/main/resources/application-prod.yml": "server:\n  servlet:\n    context-path: /shop-boot\n",
    "start/src/main/java/app/ShopApplication.java": "package app;\n@SpringBootApplication\npublic class ShopApplication {\n    @RestController\n    static class Ping { @GetMapping(\"/ping\") public String ping() { return \"ok\"; } }\n}\n",
    "biz/pom.xml": "<project><artifactId>biz</artifactId></project>\n",
    "biz/src/main/java/app/biz/OrdersController.java": "package app.biz;\n@RestController\n@RequestMapping(\"/orders\")\npublic class OrdersController {\n    @GetMapping public Object list() { return null; }\n}\n",
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /shop-boot/orders", "GET /shop-boot/ping"]);
});

spring("a library module's controllers take the context path of the applications that depend on it in the default Maven build: not of an application beside it, nor of one only a profile off by default builds", () => {
  const root = tempDir("tool-spring-reactor-context-");
  const app = (name: string) => `package ${name};\n@SpringBootApplication\npublic class App {\n    @RestController\n    static class Ping { @GetMapping("/ping") public String ping() { return "ok"; } }\n}\n`;
  writeFiles(root, {
    "pom.xml": [
      "<project>",
      "  <artifactId>shop</artifactId>",
      "  <modules><module>start</module><module>biz</module><module>report</module></modules>",
      "  <dependencyManagement><dependencies><dependency><artifactId>biz</artifactId></dependency></dependencies></dependencyManagement>",
      "  <profiles>",
      "    <profile><id>dev</id><activation><activeByDefault>true</activeByDefault></activation><properties><profile.name>dev</profile.name></properties></profile>",
      "    <!-- <profile><id>old</id><modules><module>start</module></modules></profile> -->",
      "    <profile><id>cloud</id><modules><module>cloud</module></modules></profile>",
      "  </profiles>",
      "</project>",
    ].join("\n"),
    "start/pom.xml": "<project><parent><artifactId>shop</artifactId></parent><artifactId>start</artifactId><dependencies><dependency><artifactId>biz</artifactId></dependency></dependencies></project>\n",
    "start/src/main/resources/application.yml": "spring:\n  profiles:\n    active: '@profile.name@'\n",
    "start/src/main/resources/application-dev.yml": "server:\n  servlet:\n    context-path: /shop-boot\n",
    "start/src/main/resources/application-prod.yml": "server:\n  servlet:\n    context-path: /shop-boot\n",
    "start/src/main/java/start/App.java": app("start"),
    "biz/pom.xml": "<project><parent><artifactId>shop</artifactId></parent><artifactId>biz</artifactId></project>\n",
    "biz/src/main/java/biz/OrdersController.java": "package biz;\n@RestController\n@RequestMapping(\"/orders\")\npublic class OrdersController {\n    @GetMapping public Object list() { return null; }\n}\n",
    "report/pom.xml": "<project><parent><artifactId>shop</artifactId></parent><artifactId>report</artifactId></project>\n",
    "report/src/main/resources/application.yml": "server:\n  servlet:\n    context-path: /report\n",
    "report/src/main/java/report/App.java": app("report"),
    "cloud/pom.xml": "<project><parent><artifactId>shop</artifactId></parent><artifactId>cloud</artifactId><dependencies><dependency><artifactId>biz</artifactId></dependency></dependencies></project>\n",
    "cloud/src/main/java/cloud/App.java": app("cloud"),
  });
  commitAll(root);
  // The cloud application's own GET /ping is not served by the default build either.
  assert.equal(guardedRoutes(root).sort(), ["GET /report/ping", "GET /shop-boot/orders", "GET /shop-boot/ping"]);
});

spring("in a Maven reactor, a module only a profile off by default builds serves nothing and guards nothing; an application's security rules reach the library modules it depends on, not the others; an interceptor added for patterns read at run time guards no route; a package named test under src/main is product code", () => {
  const root = tempDir("tool-spring-reactor-guards-");
  const app = (pkg: string) => `package ${pkg};\n@SpringBootApplication\npublic class App {}\n`;
  const controller = (pkg: string, name: string, path: string) =>
    `package ${pkg};\n@RestController\n@RequestMapping("${path}")\npublic class ${name} {\n    @PostMapping("/save") public Object save() { return null; }\n}\n`;
  const security = (pkg: string) =>
    `package ${pkg};\n@Configuration\npublic class Security {\n    @Bean\n    SecurityFilterChain chain(HttpSecurity http) throws Exception {\n        return http.authorizeHttpRequests(a -> a.anyRequest().authenticated()).build();\n    }\n}\n`;
  const pom = (name: string, deps: string[] = []) =>
    `<project><parent><artifactId>shop</artifactId></parent><artifactId>${name}</artifactId><dependencies><dependency><artifactId>spring-boot-starter-security</artifactId></dependency>${deps.map((d) => `<dependency><artifactId>${d}</artifactId></dependency>`).join("")}</dependencies></project>\n`;
  writeFiles(root, {
    "pom.xml": "<project><artifactId>shop</artifactId><modules><module>start</module><module>biz</module><module>demo</module><module>reports</module><module>audit</module></modules><profiles><profile><id>cloud</id><modules><module>monitor</module></modules></profile></profiles></project>\n",
    "start/pom.xml": pom("start", ["biz", "demo"]),
    "start/src/main/java/start/App.java": app("start"),
    "start/src/main/java/start/WebConfig.java": [
      "package start;",
      "@Configuration",
      "public class WebConfig implements WebMvcConfigurer {",
      "    public void addInterceptors(InterceptorRegistry registry) {",
      "        String[] signUrls = config.getSignUrls().split(\",\");",
      "        registry.addInterceptor(new SignInterceptor()).addPathPatterns(signUrls);",
      "    }",
      "}",
    ].join("\n"),
    "start/src/main/java/start/SignInterceptor.java": "package start;\npublic class SignInterceptor implements HandlerInterceptor {\n    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {\n        if (request.getHeader(\"X-Sign\") == null) { response.setStatus(401); return false; }\n        return true;\n    }\n}\n",
    "biz/pom.xml": pom("biz"),
    "biz/src/main/java/biz/OrdersController.java": controller("biz", "OrdersController", "/orders"),
    "demo/pom.xml": pom("demo"),
    "demo/src/main/java/demo/test/controller/DemoController.java": controller("demo.test.controller", "DemoController", "/test/demo"),
    "reports/pom.xml": pom("reports", ["audit"]),
    "reports/src/main/java/reports/App.java": app("reports"),
    "reports/src/main/java/reports/Security.java": security("reports"),
    "audit/pom.xml": pom("audit"),
    "audit/src/main/java/audit/AuditController.java": controller("audit", "AuditController", "/audit"),
    "monitor/pom.xml": pom("monitor", ["biz"]),
    "monitor/src/main/java/monitor/App.java": app("monitor"),
    "monitor/src/main/java/monitor/Security.java": security("monitor"),
    "monitor/src/main/java/monitor/MonitorController.java": controller("monitor", "MonitorController", "/monitor"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["POST /audit/save [authenticated()]", "POST /orders/save", "POST /test/demo/save"]);
});

spring("an application whose build depends on another application's module and whose component scan reaches its package is guarded by that module's filter chain; one that scans only its own package, or does not depend on it, is not", () => {
  const root = tempDir("tool-spring-loaded-config-");
  const pom = (name: string, deps: string[] = []) =>
    `<project><parent><artifactId>hub</artifactId></parent><artifactId>${name}</artifactId><dependencies><dependency><artifactId>spring-boot-starter-security</artifactId></dependency>${deps.map((d) => `<dependency><artifactId>${d}</artifactId></dependency>`).join("")}</dependencies></project>\n`;
  const app = (pkg: string, scan = "") => `package ${pkg};\n@SpringBootApplication${scan ? `(scanBasePackages = {"${scan}"})` : ""}\npublic class App {}\n`;
  const controller = (pkg: string, path: string) =>
    `package ${pkg};\n@RestController\n@RequestMapping("${path}")\npublic class Controller {\n    @PostMapping("/save") public Object save() { return null; }\n}\n`;
  writeFiles(root, {
    "pom.xml": "<project><artifactId>hub</artifactId><modules><module>console</module><module>server</module><module>naming</module><module>mock</module></modules></project>\n",
    "console/pom.xml": pom("hub-console"),
    "console/src/main/java/org/acme/console/App.java": app("org.acme.console"),
    "console/src/main/java/org/acme/console/config/WebSecurityConfig.java":
      "package org.acme.console.config;\n@Configuration\npublic class WebSecurityConfig extends WebSecurityConfigurerAdapter {\n    protected void configure(HttpSecurity http) throws Exception {\n        http.authorizeRequests().anyRequest().authenticated();\n    }\n}\n",
    "console/src/main/java/org/acme/console/UserController.java": controller("org.acme.console", "/api/users"),
    "server/pom.xml": pom("hub-server", ["hub-console"]),
    "server/src/main/java/org/acme/server/App.java": app("org.acme.server", "org.acme"),
    "server/src/main/java/org/acme/server/SessionController.java": controller("org.acme.server", "/api/sessions"),
    "naming/pom.xml": pom("hub-naming", ["hub-console"]),
    "naming/src/main/java/org/acme/naming/App.java": app("org.acme.naming"),
    "naming/src/main/java/org/acme/naming/NamingController.java": controller("org.acme.naming", "/naming"),
    "mock/pom.xml": pom("hub-mock"),
    "mock/src/main/java/org/acme/mock/App.java": app("org.acme.mock", "org.acme"),
    "mock/src/main/java/org/acme/mock/MockController.java": controller("org.acme.mock", "/mock"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["POST /api/sessions/save [authenticated()]", "POST /api/users/save [authenticated()]", "POST /mock/save", "POST /naming/save"]);
});

spring("Actuator's exposure set in a profile the application always runs with (spring.profiles.include, or the default of spring.profiles.active), in application.yml beside an application.properties: the exposed endpoints are served; a profile not included exposes nothing", () => {
  const app = (include: string) => {
    const root = tempDir("tool-spring-actuator-profiles-");
    writeFiles(root, {
      "admin/pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency><dependency><artifactId>spring-boot-starter-actuator</artifactId></dependency></dependencies></project>\n",
      "admin/src/main/java/org/acme/App.java": "package org.acme;\n@SpringBootApplication\npublic class App {}\n",
      "admin/src/main/resources/application.properties": "server.port=8888\n",
      "admin/src/main/resources/application.yml": `spring:\n  profiles:\n    active: \${DB_ACTIVE:h2}\n    include:\n      - ${include}\n`,
      "admin/src/main/resources/application-jmx.yml": "management:\n  endpoints:\n    web:\n      exposure:\n        include: \"*\"\n        exclude:\n          - heapdump\n",
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.filter((r) => r.path.startsWith("/actuator")).map((r) => `${r.method} ${r.path}`);
  };
  const exposed = app("jmx");
  for (const path of ["GET /actuator/health", "GET /actuator/beans", "GET /actuator/loggers"]) assert.ok(exposed.includes(path), `${path} in ${exposed.join(", ")}`);
  assert.not.ok(exposed.includes("GET /actuator/heapdump"), exposed.join(", "));
  assert.not.ok(app("flyway").includes("GET /actuator/beans"));
});

spring("a mapping of the app's composed on Spring's (@AnonymousGetMapping) maps its route, and an anonymous-access annotation lifts the filter chain's guard; matchers of paths computed at run time match no route", () => {
  const root = tempDir("tool-spring-anonymous-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-security</artifactId></dependency></dependencies></project>\n",
    "src/main/java/me/app/annotation/AnonymousGetMapping.java": "package me.app.annotation;\n\n@AnonymousAccess\n@GetMapping\npublic @interface AnonymousGetMapping {\n    String[] value() default {};\n}\n",
    "src/main/java/me/app/config/SpringSecurityConfig.java": [
      "package me.app.config;",
      "",
      "@Configuration",
      "public class SpringSecurityConfig {",
      "    @Bean",
      "    SecurityFilterChain filterChain(HttpSecurity httpSecurity) throws Exception {",
      "        Map<String, Set<String>> anonymousUrls = AnonTagUtils.getAnonymousUrl(applicationContext);",
      "        return httpSecurity",
      "                .authorizeRequests()",
      '                .antMatchers("/avatar/**").permitAll()',
      "                .antMatchers(HttpMethod.GET, anonymousUrls.get(RequestMethodEnum.GET.getType()).toArray(new String[0])).permitAll()",
      "                .antMatchers(HttpMethod.POST, anonymousUrls.get(RequestMethodEnum.POST.getType()).toArray(new String[0])).permitAll()",
      "                .anyRequest().authenticated()",
      "                .and().build();",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/me/app/rest/AliPayController.java": [
      "package me.app.rest;",
      "",
      "@RestController",
      '@RequestMapping("/api/aliPay")',
      "public class AliPayController {",
      '    @GetMapping',
      "    public ResponseEntity<AlipayConfig> queryAliConfig() { return ok(); }",
      "",
      '    @PostMapping(value = "/toPayAsPC")',
      "    public ResponseEntity<String> toPayAsPc(@RequestBody TradeVo trade) { return ok(); }",
      "",
      '    @AnonymousGetMapping("/return")',
      "    public ResponseEntity<String> returnPage(HttpServletRequest request) { return ok(); }",
      "",
      '    @AnonymousAccess',
      '    @PostMapping("/notify")',
      "    public ResponseEntity<Object> notify(HttpServletRequest request) { return ok(); }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/aliPay [authenticated()]",
    "POST /api/aliPay/notify",
    "GET /api/aliPay/return",
    "POST /api/aliPay/toPayAsPC [authenticated()]",
  ]);
});

spring("Apache Shiro's filter chain guards in the order it is filled (anon lets anyone through); a handler whose user parameter (@LoginUser) it returns a refusal for when missing guards itself", () => {
  const root = tempDir();
  const pkg = "src/main/java/com/acme/mall";
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    [`${pkg}/config/ShiroConfig.java`]: [
      "package com.acme.mall.config;",
      "",
      "@Configuration",
      "public class ShiroConfig {",
      "    @Bean",
      "    public ShiroFilterFactoryBean shiroFilterFactoryBean(SecurityManager securityManager) {",
      "        ShiroFilterFactoryBean bean = new ShiroFilterFactoryBean();",
      "        Map<String, String> filterChainDefinitionMap = new LinkedHashMap<String, String>();",
      '        filterChainDefinitionMap.put("/admin/auth/login", "anon");',
      '        filterChainDefinitionMap.put("/admin/index/*", "anon");',
      '        filterChainDefinitionMap.put("/admin/**", "authc");',
      "        bean.setFilterChainDefinitionMap(filterChainDefinitionMap);",
      "        return bean;",
      "    }",
      "}",
    ].join("\n"),
    [`${pkg}/admin/AdminController.java`]: [
      "package com.acme.mall.admin;",
      "",
      "@RestController",
      '@RequestMapping("/admin")',
      "public class AdminController {",
      '    @PostMapping("/auth/login")',
      "    public Object login() { return null; }",
      '    @GetMapping("/index/stats")',
      "    public Object stats() { return null; }",
      '    @GetMapping("/dashboard")',
      "    public Object dashboard() { return null; }",
      "}",
    ].join("\n"),
    [`${pkg}/wx/AddressController.java`]: [
      "package com.acme.mall.wx;",
      "",
      "@RestController",
      '@RequestMapping("/wx/address")',
      "public class AddressController {",
      '    @GetMapping("list")',
      "    public Object list(@LoginUser Integer userId) {",
      "        if (userId == null) {",
      "            return ResponseUtil.unlogin();",
      "        }",
      "        return ResponseUtil.okList(addressService.queryByUid(userId));",
      "    }",
      "",
      '    @GetMapping("regions")',
      "    public Object regions(@LoginUser Integer userId, @NotNull Integer pid) {",
      "        if (pid == null) {",
      "            return ResponseUtil.badArgument();",
      "        }",
      "        return ResponseUtil.okList(regionService.queryByPid(pid));",
      "    }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "POST /admin/auth/login",
    "GET /admin/dashboard [shiro(authc)]",
    "GET /admin/index/stats",
    "GET /wx/address/list [list refuses without a signed-in user]",
    "GET /wx/address/regions",
  ]);
});

spring("a Spring Security OAuth resource server (@EnableResourceServer) that keeps the adapter's configure(HttpSecurity) guards every route of its application; one that configures its own rules is read by them", () => {
  const root = tempDir();
  const app = (name: string) => `package com.acme.${name};\n\n@SpringBootApplication\npublic class ${name[0]!.toUpperCase()}${name.slice(1)}Application {\n    public static void main(String[] args) { SpringApplication.run(${name[0]!.toUpperCase()}${name.slice(1)}Application.class, args); }\n}\n`;
  writeFiles(root, {
    "pom.xml": "<project><modules><module>notification</module><module>account</module></modules></project>\n",
    "notification/pom.xml": "<project><artifactId>notification</artifactId></project>\n",
    "notification/src/main/java/com/acme/notification/NotificationApplication.java": app("notification"),
    "notification/src/main/java/com/acme/notification/ResourceServerConfig.java": "package com.acme.notification;\n\n@Configuration\n@EnableResourceServer\npublic class ResourceServerConfig extends ResourceServerConfigurerAdapter {\n    @Bean\n    public OAuth2RestTemplate clientCredentialsRestTemplate() { return null; }\n}\n",
    "notification/src/main/java/com/acme/notification/RecipientController.java": 'package com.acme.notification;\n\n@RestController\n@RequestMapping("/recipients")\npublic class RecipientController {\n    @GetMapping("/current")\n    public Object current() { return null; }\n}\n',
    "account/pom.xml": "<project><artifactId>account</artifactId></project>\n",
    "account/src/main/java/com/acme/account/AccountApplication.java": app("account"),
    "account/src/main/java/com/acme/account/ResourceServerConfig.java": [
      "package com.acme.account;",
      "",
      "@Configuration",
      "@EnableResourceServer",
      "public class ResourceServerConfig extends ResourceServerConfigurerAdapter {",
      "    @Override",
      "    public void configure(HttpSecurity http) throws Exception {",
      '        http.authorizeRequests().antMatchers("/", "/demo").permitAll().anyRequest().authenticated();',
      "    }",
      "}",
    ].join("\n"),
    "account/src/main/java/com/acme/account/AccountController.java": 'package com.acme.account;\n\n@RestController\npublic class AccountController {\n    @PostMapping("/")\n    public Object create() { return null; }\n    @GetMapping("/current")\n    public Object current() { return null; }\n}\n',
  });
  assert.equal(guardedRoutes(root).sort(), ["GET /current [authenticated()]", "GET /recipients/current [EnableResourceServer]", "POST /"]);
});

spring("Sureness's filter guards every route its sureness.yml does not exclude (path===method, Ant patterns, /x/** with /x itself), controllers of other modules of the app too", () => {
  const root = tempDir();
  writeFiles(root, {
    "pom.xml": "<project><modules><module>manager</module><module>alerter</module></modules></project>\n",
    "manager/pom.xml": "<project><dependencies><dependency><groupId>com.usthe.sureness</groupId><artifactId>spring-boot-starter-sureness</artifactId></dependency></dependencies></project>\n",
    "manager/src/main/resources/sureness.yml": [
      "resourceRole:",
      "  - /api/monitor/**===get===[admin,user,guest]",
      "excludedResource:",
      "  - /api/account/auth/**===*",
      "  - /api/i18n/**===get",
      "  # web ui resource",
      "  - /**/*.js===get",
      "",
    ].join("\n"),
    "manager/src/main/java/org/acme/manager/AccountController.java": [
      "package org.acme.manager;",
      "",
      "@RestController",
      '@RequestMapping("/api/account/auth")',
      "public class AccountController {",
      '    @PostMapping("/form")',
      "    public Object login() { return null; }",
      "}",
    ].join("\n"),
    "manager/src/main/java/org/acme/manager/I18nController.java": [
      "package org.acme.manager;",
      "",
      "@RestController",
      '@RequestMapping("/api/i18n")',
      "public class I18nController {",
      '    @GetMapping("/{lang}")',
      "    public Object get(@PathVariable String lang) { return null; }",
      '    @PutMapping("/{lang}")',
      "    public Object put(@PathVariable String lang) { return null; }",
      "}",
    ].join("\n"),
    "alerter/src/main/java/org/acme/alerter/AlertsController.java": [
      "package org.acme.alerter;",
      "",
      "@RestController",
      '@RequestMapping("/api/alerts")',
      "public class AlertsController {",
      "    @GetMapping",
      "    public Object list() { return null; }",
      "}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root).sort(), [
    "GET /api/alerts [sureness]",
    "GET /api/i18n/{lang}",
    "POST /api/account/auth/form",
    "PUT /api/i18n/{lang} [sureness]",
  ]);
});

spring("a Spring Cloud Gateway route forwarding Path=/admin/** unrewritten to a service (lb://, by application name or pom artifactId) puts the service's routes under /admin, as does one that strips exactly that prefix (StripPrefix=1): clients call them there; one that strips more, or rewrites otherwise, does not", () => {
  const root = tempDir();
  writeFiles(root, {
    "pom.xml": "<project><artifactId>mall</artifactId><modules><module>gateway</module><module>upms</module><module>shop</module><module>search</module></modules></project>\n",
    "gateway/pom.xml": "<project><artifactId>mall-gateway</artifactId></project>\n",
    "gateway/src/main/resources/application.yml": [
      "spring:",
      "  cloud:",
      "    gateway:",
      "      routes:",
      "        - id: upms",
      "          uri: lb://mall-upms",
      "          predicates:",
      "            - Path=/admin/**",
      "        - id: shop",
      "          uri: lb://mall-shop",
      "          predicates:",
      "            - Path=/shop/**",
      "          filters:",
      "            - StripPrefix=1",
      "        - id: search",
      "          uri: lb://mall-search",
      "          predicates:",
      "            - Path=/api/search/**",
      "          filters:",
      "            - StripPrefix=1",
    ].join("\n"),
    "search/pom.xml": "<project><artifactId>mall-search</artifactId><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "search/src/main/resources/application.yml": "spring:\n  application:\n    name: mall-search\n",
    "search/src/main/java/com/acme/search/SearchController.java": 'package com.acme.search;\n\n@RestController\n@RequestMapping("/products")\npublic class SearchController {\n  @GetMapping\n  public Object find() { return null; }\n}\n',
    "upms/pom.xml": "<project><parent><artifactId>mall</artifactId></parent><artifactId>mall-upms</artifactId><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "upms/src/main/resources/application.yml": "spring:\n  application:\n    name: @artifactId@\n",
    "upms/src/main/java/com/acme/upms/UserController.java": 'package com.acme.upms;\n\n@RestController\n@RequestMapping("/user")\npublic class UserController {\n  @GetMapping("/page")\n  public Object page() { return null; }\n}\n',
    "shop/pom.xml": "<project><artifactId>mall-shop</artifactId><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "shop/src/main/resources/application.yml": "spring:\n  application:\n    name: mall-shop\n",
    "shop/src/main/java/com/acme/shop/CartController.java": 'package com.acme.shop;\n\n@RestController\n@RequestMapping("/cart")\npublic class CartController {\n  @GetMapping\n  public Object list() { return null; }\n}\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /admin/user/page", "GET /products", "GET /shop/cart"]);
});

spring("functional endpoints (RouterFunctions' builder and static routes, path and nest prefixes, a nest handed a function of the class, Kotlin's coRouter and \"/x\".nest blocks) are routes; outside a bean their prefix is unknown", () => {
  const root = tempDir();
  writeFiles(root, {
    "build.gradle": "dependencies { implementation 'org.springframework.boot:spring-boot-starter-webflux' }\n",
    "src/main/java/com/acme/notes/NoteRoutes.java": [
      "package com.acme.notes;",
      "import static org.springframework.web.reactive.function.server.RequestPredicates.*;",
      "import static org.springframework.web.reactive.function.server.RouterFunctions.route;",
      "import org.springframework.web.reactive.function.server.RouterFunction;",
      "import org.springframework.web.reactive.function.server.ServerResponse;",
      "@Configuration",
      "public class NoteRoutes {",
      "    @Bean",
      "    RouterFunction<ServerResponse> notes(NoteHandler handler) {",
      "        return route()",
      "            .GET(\"/notes/{id}\", handler::get)",
      "            .path(\"/admin\", b -> b.POST(\"/reindex\", handler::reindex).DELETE(\"/cache\", accept(APPLICATION_JSON), handler::clear))",
      "            .nest(path(\"/userspaces/{username}\"), this::userspace)",
      "            .build();",
      "    }",
      // java.net.http's request builder has a GET() too: no route.
      "    HttpRequest probe(String url) { return HttpRequest.newBuilder().uri(URI.create(url)).GET().build(); }",
      "    RouterFunction<ServerResponse> userspace() {",
      "        return route().GET(\"/notifications\", handler::list).PUT(\"/notifications/{name}/read\", handler::read).build();",
      "    }",
      "    @Bean",
      "    RouterFunction<ServerResponse> health(HealthHandler h) {",
      "        return route(GET(\"/health\"), h::health).andRoute(POST(\"/items\").and(accept(APPLICATION_JSON)), h::create);",
      "    }",
      "}",
    ].join("\n"),
    // Gathered by another class of the app and nested at run time: served under a prefix not known here.
    "src/main/java/com/acme/notes/TagEndpoint.java": "package com.acme.notes;\n@Component\npublic class TagEndpoint implements CustomEndpoint {\n    @Override\n    public RouterFunction<ServerResponse> endpoint() {\n        return SpringdocRouteBuilder.route().GET(\"/tags\", this::list).build();\n    }\n}\n",
    "src/main/kotlin/com/acme/notes/Router.kt": [
      "package com.acme.notes",
      "import org.springframework.web.reactive.function.server.coRouter",
      "@Configuration",
      "class Router {",
      "    @Bean",
      "    fun api(handler: TagHandler) = coRouter {",
      "        \"/api\".nest {",
      "            GET(\"/tags\", handler::list)",
      "            accept(APPLICATION_JSON).nest {",
      "                POST(\"/tags\", handler::create)",
      "            }",
      "        }",
      "        GET(\"/ping\") { ok().buildAndAwait() }",
      "    }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "DELETE /admin/cache",
    "POST /admin/reindex",
    "GET /api/tags",
    "POST /api/tags",
    "GET /health",
    "POST /items",
    "GET /notes/{id}",
    "GET /ping",
    "GET /tags (prefix unknown)",
    "GET /userspaces/{username}/notifications",
    "PUT /userspaces/{username}/notifications/{name}/read",
  ]);
});

spring("a handler interceptor registered for path patterns guards the routes they match (/orders/** and /orders itself) but those excluded, when its preHandle turns callers away (also through a helper answering 401 after an auth service's check); one that only counts a cart's items guards nothing", () => {
  const root = tempDir("tool-spring-interceptors-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "src/main/java/mall/config/MallWebMvcConfigurer.java": [
      "package mall.config;",
      "",
      "import org.springframework.web.servlet.config.annotation.InterceptorRegistry;",
      "import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;",
      "",
      "@Configuration",
      "public class MallWebMvcConfigurer implements WebMvcConfigurer {",
      "    @Autowired",
      "    private AdminLoginInterceptor adminLoginInterceptor;",
      "    @Autowired",
      "    private CartNumberInterceptor cartNumberInterceptor;",
      "    @Autowired",
      "    private FrontInterceptor frontInterceptor;",
      "",
      "    public void addInterceptors(InterceptorRegistry registry) {",
      "        registry.addInterceptor(adminLoginInterceptor)",
      "                .addPathPatterns(\"/admin/**\")",
      "                .excludePathPatterns(\"/admin/login\");",
      "        registry.addInterceptor(cartNumberInterceptor)",
      "                .excludePathPatterns(\"/admin/**\");",
      "        registry.addInterceptor(new MallLoginInterceptor())",
      "                .addPathPatterns(\"/orders/**\");",
      "        registry.addInterceptor(frontInterceptor).addPathPatterns(\"/api/v1/**\");",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/mall/interceptor/AdminLoginInterceptor.java": [
      "package mall.interceptor;",
      "",
      "public class AdminLoginInterceptor implements HandlerInterceptor {",
      "    @Override",
      "    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object o) throws Exception {",
      "        if (null == request.getSession().getAttribute(\"loginUser\")) {",
      "            response.sendRedirect(request.getContextPath() + \"/admin/login\");",
      "            return false;",
      "        }",
      "        return true;",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/mall/interceptor/MallLoginInterceptor.java": [
      "package mall.interceptor;",
      "",
      "public class MallLoginInterceptor implements HandlerInterceptor {",
      "    @Override",
      "    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object o) throws Exception {",
      "        if (null == request.getSession().getAttribute(Constants.MALL_USER_SESSION_KEY)) {",
      "            response.sendRedirect(request.getContextPath() + \"/login\");",
      "            return false;",
      "        }",
      "        return true;",
      "    }",
      "}",
    ].join("\n"),
    // Answers 401 through a helper of its own class after asking its auth service.
    "src/main/java/mall/interceptor/FrontInterceptor.java": [
      "package mall.interceptor;",
      "",
      "public class FrontInterceptor implements HandlerInterceptor {",
      "    @Override",
      "    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) throws Exception {",
      "        if (!authService.check()) {",
      "            return responseTransform(response, 401, \"please sign in\");",
      "        }",
      "        return HandlerInterceptor.super.preHandle(request, response, handler);",
      "    }",
      "",
      "    private boolean responseTransform(HttpServletResponse response, int code, String msg) throws IOException {",
      "        response.setStatus(code);",
      "        return false;",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/mall/interceptor/CartNumberInterceptor.java": [
      "package mall.interceptor;",
      "",
      "public class CartNumberInterceptor implements HandlerInterceptor {",
      "    @Override",
      "    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object o) throws Exception {",
      "        Object user = request.getSession().getAttribute(\"loginUser\");",
      "        if (user != null) request.getSession().setAttribute(\"cartCount\", cartService.count(user));",
      "        return true;",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/mall/controller/AdminController.java": [
      "package mall.controller;",
      "",
      "@Controller",
      "@RequestMapping(\"/admin\")",
      "public class AdminController {",
      "    @GetMapping(\"/login\")",
      "    public String login() { return \"admin/login\"; }",
      "",
      "    @PostMapping(\"/goods/save\")",
      "    public Result save(@RequestBody Goods goods) { return Result.ok(); }",
      "}",
    ].join("\n"),
    "src/main/java/mall/controller/OrderController.java": [
      "package mall.controller;",
      "",
      "@Controller",
      "public class OrderController {",
      "    @GetMapping(\"/orders\")",
      "    public String list() { return \"orders\"; }",
      "",
      "    @PostMapping(\"/orders/{orderNo}/cancel\")",
      "    public Result cancel(@PathVariable String orderNo) { return Result.ok(); }",
      "",
      "    @GetMapping(\"/goods/detail/{id}\")",
      "    public String detail(@PathVariable Long id) { return \"detail\"; }",
      "",
      "    @PostMapping(\"/api/v1/course/{id}/record\")",
      "    public Result record(@PathVariable Long id) { return Result.ok(); }",
      "}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "POST /admin/goods/save [AdminLoginInterceptor]",
    "GET /admin/login",
    "POST /api/v1/course/{id}/record [FrontInterceptor]",
    "GET /goods/detail/{id}",
    "GET /orders [MallLoginInterceptor]",
    "POST /orders/{orderNo}/cancel [MallLoginInterceptor]",
  ]);
});

spring("a controller annotation of the app's composed of @RestController and @RequestMapping (@RestApi(\"/appAuth\")) gives the class its path, and the interfaces it implements their mapped methods under it", () => {
  const root = tempDir("tool-spring-composed-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "src/main/java/gw/admin/aspect/RestApi.java": [
      "package gw.admin.aspect;",
      "",
      "@Target(ElementType.TYPE)",
      "@Retention(RetentionPolicy.RUNTIME)",
      "@RestController",
      "@RequestMapping",
      "public @interface RestApi {",
      "    @AliasFor(attribute = \"path\", annotation = RequestMapping.class)",
      "    String[] value() default {};",
      "}",
    ].join("\n"),
    "src/main/java/gw/admin/controller/PagedController.java": [
      "package gw.admin.controller;",
      "",
      "public interface PagedController<Q, R> {",
      "    @PostMapping(\"/list/search\")",
      "    default AdminResult<PageInfo<R>> search(@RequestBody PageCondition<Q> condition) { return null; }",
      "}",
    ].join("\n"),
    "src/main/java/gw/admin/controller/AppAuthController.java": [
      "package gw.admin.controller;",
      "",
      "import gw.admin.aspect.RestApi;",
      "",
      "@RestApi(\"/appAuth\")",
      "public class AppAuthController implements PagedController<AppAuthQuery, AppAuthVO> {",
      "    @PostMapping(\"/apply\")",
      "    public ShenyuAdminResult apply(@RequestBody AuthApplyDTO dto) { return null; }",
      "",
      "    @GetMapping(\"/detail\")",
      "    public ShenyuAdminResult detail(@RequestParam String id) { return null; }",
      "}",
    ].join("\n"),
    // An annotation with a path on a class that maps nothing is no controller.
    "src/main/java/gw/admin/model/Item.java": "package gw.admin.model;\n\n@Table(\"/items\")\npublic class Item {\n    private String id;\n}\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["POST /appAuth/apply", "GET /appAuth/detail", "POST /appAuth/list/search"]);
});

spring("a Kotlin controller mapped at several paths written out (@RequestMapping(\"/api/project/export\", \"/api/repository/export\")) serves each route under each; a controller its constructor takes is not a supertype, so its routes are not served again under the taker's path", () => {
  const root = tempDir("tool-spring-kotlin-paths-");
  writeFiles(root, {
    "build.gradle.kts": 'dependencies { implementation("org.springframework.boot:spring-boot-starter-web") }\n',
    "src/main/kotlin/io/acme/api/ExportController.kt": [
      "package io.acme.api",
      "",
      "@RestController",
      "@RequestMapping(",
      '  "/api/project/{projectId:[0-9]+}/export",',
      '  "/api/repository/export",',
      ")",
      "class ExportController(private val service: ExportService) : IController {",
      '  @GetMapping(value = ["/jsonZip"])',
      "  fun zip() {}",
      "}",
    ].join("\n"),
    "src/main/kotlin/io/acme/api/ConfigurationController.kt": [
      "package io.acme.api",
      "",
      "@RestController",
      '@RequestMapping("/api/public/")',
      "class ConfigurationController : IController {",
      '  @GetMapping(value = ["configuration"])',
      "  fun configuration() = mapOf<String, String>()",
      "}",
    ].join("\n"),
    "src/main/kotlin/io/acme/api/InitialDataController.kt": [
      "package io.acme.api",
      "",
      "@RestController",
      '@RequestMapping(value = ["/v2/public/initial-data"])',
      "class InitialDataController(",
      "  private val configurationController: ConfigurationController,",
      "  private val announcementController: AnnouncementController,",
      ") : IController {",
      '  @GetMapping(value = [""])',
      "  fun get() = configurationController.configuration()",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), [
    "GET /api/project/{projectId}/export/jsonZip",
    "GET /api/public/configuration",
    "GET /api/repository/export/jsonZip",
    "GET /v2/public/initial-data",
  ]);
});

spring("matchers and chain scopes given as array constants (Kotlin requestMatchers(*PUBLIC_ENDPOINTS), securityMatcher(*INTERNAL_ENDPOINTS)) match their items; a chain scoped to paths not read here decides nothing", () => {
  const root = tempDir("tool-spring-array-matchers-");
  writeFiles(root, {
    "build.gradle.kts": 'dependencies { implementation("org.springframework.boot:spring-boot-starter-security") }\n',
    "src/main/kotlin/io/acme/configuration/WebSecurityConfig.kt": [
      "package io.acme.configuration",
      "",
      "@Configuration",
      "class WebSecurityConfig {",
      "  @Bean",
      "  fun securityFilterChain(httpSecurity: HttpSecurity): SecurityFilterChain {",
      "    return httpSecurity",
      "      .authorizeHttpRequests {",
      "        it.requestMatchers(*PUBLIC_ENDPOINTS).permitAll()",
      '        it.requestMatchers(*ADMIN_ENDPOINTS).hasRole("SUPPORTER")',
      '        it.requestMatchers("/api/**", "/v2/**").authenticated()',
      "        it.anyRequest().permitAll()",
      "      }.build()",
      "  }",
      "",
      "  @Bean",
      "  @Order(10)",
      "  fun internalSecurityFilterChain(httpSecurity: HttpSecurity): SecurityFilterChain {",
      "    return httpSecurity",
      "      .securityMatcher(*INTERNAL_ENDPOINTS)",
      "      .authorizeHttpRequests { it.anyRequest().denyAll() }",
      "      .build()",
      "  }",
      "",
      "  @Bean",
      "  @Order(20)",
      "  fun pluginChain(httpSecurity: HttpSecurity): SecurityFilterChain {",
      "    return httpSecurity",
      "      .securityMatcher(*pluginProperties.paths.toTypedArray())",
      "      .authorizeHttpRequests { it.anyRequest().authenticated() }",
      "      .build()",
      "  }",
      "",
      "  companion object {",
      '    private val PUBLIC_ENDPOINTS = arrayOf("/api/public/**", "/v2/public/**")',
      '    private val ADMIN_ENDPOINTS = arrayOf("/v2/administration/**")',
      '    private val INTERNAL_ENDPOINTS = arrayOf("/internal/**")',
      "  }",
      "}",
    ].join("\n"),
    "src/main/kotlin/io/acme/api/Controllers.kt": [
      "package io.acme.api",
      "",
      "@RestController",
      '@RequestMapping("/api/public")',
      "class PublicController {",
      '  @PostMapping("/generatetoken")',
      "  fun token(): String = \"\"",
      "}",
      "",
      "@RestController",
      '@RequestMapping("/v2/projects")',
      "class ProjectsController {",
      "  @GetMapping",
      "  fun list(): List<String> = listOf()",
      "}",
      "",
      "@RestController",
      '@RequestMapping("/v2/administration")',
      "class AdministrationController {",
      '  @DeleteMapping("/users/{userId}")',
      "  fun delete(@PathVariable userId: Long) {}",
      "}",
      "",
      "@RestController",
      '@RequestMapping("/internal/debug")',
      "class DebugController {",
      '  @GetMapping("/clean")',
      "  fun clean() {}",
      "}",
      "",
      "@RestController",
      "class HealthController {",
      '  @GetMapping("/health")',
      "  fun health() = \"ok\"",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /v2/administration/users/{userId} [hasRole(SUPPORTER)]",
    "GET /health",
    "GET /internal/debug/clean [denyAll()]",
    "GET /v2/projects [authenticated()]",
    "POST /api/public/generatetoken",
  ]);
});

spring("a filter chain scoped to paths (.antMatcher(\"/shop/**\"), securityMatcher) guards only those: its anyRequest() is theirs, and routes no chain matches are open; an argument resolver that refuses by a check of something else than the caller's credentials (a store's access) guards nothing; a method's annotations before `public @ResponseBody` are its own", () => {
  const root = tempDir("tool-spring-chains-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-security</artifactId></dependency></dependencies></project>\n",
    "src/main/java/com/shop/config/SecurityConfig.java": [
      "package com.shop.config;",
      "@EnableWebSecurity",
      "public class SecurityConfig {",
      '    private static final String API_VERSION = "/api/v*";',
      "    @Configuration",
      "    @Order(1)",
      "    public static class CustomerConfigurationAdapter extends WebSecurityConfigurerAdapter {",
      "        @Override",
      "        public void configure(WebSecurity web) {",
      '            web.ignoring().antMatchers("/static/**");',
      "        }",
      "        @Override",
      "        protected void configure(HttpSecurity http) throws Exception {",
      "            http",
      '                .antMatcher("/shop/**")',
      "                .authorizeRequests()",
      '                    .antMatchers("/shop/customer/logon*").permitAll()',
      '                    .antMatchers("/shop/customer/**").hasRole("AUTH_CUSTOMER")',
      "                    .anyRequest().authenticated()",
      "                .and().httpBasic();",
      "        }",
      "    }",
      "    @Configuration",
      "    @Order(5)",
      "    public static class UserApiConfigurationAdapter extends WebSecurityConfigurerAdapter {",
      "        @Override",
      "        protected void configure(HttpSecurity http) throws Exception {",
      "            http",
      '                .antMatcher(API_VERSION + "/private/**")',
      "                .authorizeRequests()",
      '                    .antMatchers(API_VERSION + "/private/login*").permitAll()',
      '                    .antMatchers(API_VERSION + "/private/**").hasRole("AUTH")',
      "                    .anyRequest().authenticated()",
      "                .and().csrf().disable();",
      "        }",
      "    }",
      "    @Configuration",
      "    public static class Spring6Chain {",
      "        @Bean",
      "        SecurityFilterChain services(HttpSecurity http) throws Exception {",
      '            return http.securityMatcher("/services/**")',
      "                .authorizeHttpRequests(a -> a.anyRequest().authenticated()).build();",
      "        }",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/com/shop/config/MerchantStoreArgumentResolver.java": [
      "package com.shop.config;",
      "public class MerchantStoreArgumentResolver implements HandlerMethodArgumentResolver {",
      "    public boolean supportsParameter(MethodParameter parameter) {",
      "        return parameter.getParameterType().equals(MerchantStore.class);",
      "    }",
      "    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mav, NativeWebRequest webRequest, WebDataBinderFactory binderFactory) throws Exception {",
      '        MerchantStore store = storeFacade.get(webRequest.getParameter("store"));',
      "        boolean authorized = userFacade.authorizeStore(store, request.getRequestURI());",
      "        if (!authorized) {",
      '            throw new UnauthorizedException("Cannot authorize user for store " + store.getCode());',
      "        }",
      "        return store;",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/com/shop/api/ProductApi.java": [
      "package com.shop.api;",
      "@RestController",
      '@RequestMapping("/api/v1")',
      "public class ProductApi {",
      '    @GetMapping("/products")',
      "    public List<Product> list(MerchantStore store) { return List.of(); }",
      "    @ResponseStatus(HttpStatus.CREATED)",
      '    @RequestMapping(value = { "/private/product" }, method = RequestMethod.POST)',
      '    @ApiImplicitParams({ @ApiImplicitParam(name = "store", dataType = "String") })',
      "    public @ResponseBody Product create(@RequestBody Product product, MerchantStore store) { return product; }",
      '    @PostMapping("/private/login")',
      "    public Token login(@RequestBody Credentials credentials) { return null; }",
      "}",
    ].join("\n"),
    "src/main/java/com/shop/web/ShopController.java": [
      "package com.shop.web;",
      "@Controller",
      "public class ShopController {",
      '    @GetMapping("/shop/customer/logon")',
      "    public String logon() { return \"logon\"; }",
      '    @GetMapping("/shop/customer/orders")',
      "    public String orders() { return \"orders\"; }",
      '    @GetMapping("/shop/cart")',
      "    public String cart() { return \"cart\"; }",
      '    @GetMapping("/services/ping")',
      "    public String ping() { return \"pong\"; }",
      '    @GetMapping("/")',
      "    public String home() { return \"home\"; }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /",
    "POST /api/v1/private/login",
    "POST /api/v1/private/product [hasRole(AUTH)]",
    "GET /api/v1/products",
    "GET /services/ping [authenticated()]",
    "GET /shop/cart [authenticated()]",
    "GET /shop/customer/logon",
    "GET /shop/customer/orders [hasRole(AUTH_CUSTOMER)]",
  ]);
});

spring("an interceptor that checks only handlers carrying its annotation (getAnnotation(ApiPermission.class), null lets through) guards those alone; one a setting off by default switches on (@Value(\"${auth.openapi.enable:false}\")) guards none", () => {
  const root = tempDir("tool-spring-annotated-interceptor-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "src/main/java/jobs/config/WebConfig.java": [
      "package jobs.config;",
      "",
      "@Configuration",
      "public class WebConfig implements WebMvcConfigurer {",
      "    @Resource",
      "    private AuthInterceptor authInterceptor;",
      "    @Resource",
      "    private OpenApiInterceptor openApiInterceptor;",
      "",
      "    public void addInterceptors(InterceptorRegistry registry) {",
      "        registry.addInterceptor(authInterceptor).addPathPatterns(\"/**\");",
      "        registry.addInterceptor(openApiInterceptor).addPathPatterns(\"/openApi/**\");",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/jobs/auth/AuthInterceptor.java": [
      "package jobs.auth;",
      "",
      "public class AuthInterceptor implements HandlerInterceptor {",
      "    @Override",
      "    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) throws Exception {",
      "        if (!(handler instanceof HandlerMethod)) {",
      "            return true;",
      "        }",
      "        final Method method = ((HandlerMethod) handler).getMethod();",
      "        final ApiPermission permission = method.getAnnotation(ApiPermission.class);",
      "        if (permission == null) {",
      "            return true;",
      "        }",
      "        if (!loginService.ifLogin(request).isPresent()) {",
      "            throw new AuthException(\"not signed in\");",
      "        }",
      "        return true;",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/jobs/openapi/OpenApiInterceptor.java": [
      "package jobs.openapi;",
      "",
      "public class OpenApiInterceptor implements HandlerInterceptor {",
      "    @Value(\"${auth.openapi.enable:false}\")",
      "    private boolean enableOpenApiAuth;",
      "",
      "    @Override",
      "    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) throws Exception {",
      "        if (!enableOpenApiAuth) {",
      "            return true;",
      "        }",
      "        String token = request.getHeader(\"token\");",
      "        if (token == null) {",
      "            return false;",
      "        }",
      "        return true;",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/jobs/web/JobController.java": [
      "package jobs.web;",
      "",
      "@RestController",
      "@RequestMapping(\"/job\")",
      "public class JobController {",
      "    @PostMapping(\"/save\")",
      "    @ApiPermission(name = \"Job-Save\")",
      "    public Result save(@RequestBody Job job) { return Result.ok(); }",
      "",
      "    @GetMapping(\"/supportedTypes\")",
      "    public Result types() { return Result.ok(); }",
      "}",
    ].join("\n"),
    "src/main/java/jobs/openapi/OpenApiController.java": [
      "package jobs.openapi;",
      "",
      "@RestController",
      "@RequestMapping(\"/openApi\")",
      "public class OpenApiController {",
      "    @PostMapping(\"/runJob\")",
      "    public Result run(Long jobId) { return Result.ok(); }",
      "}",
    ].join("\n"),
  });
  assert.equal(guardedRoutes(root), [
    "POST /job/save [AuthInterceptor,ApiPermission(Job-Save)]",
    "GET /job/supportedTypes",
    "POST /openApi/runJob",
  ]);
});

spring("an interface mapped on its own under two constants of another module serves its methods under each; the controller implementing it serves them nowhere else", () => {
  const root = tempDir("tool-spring-mapped-interface-");
  writeFiles(root, {
    "settings.gradle.kts": 'include("infra", "server")\n',
    "infra/src/main/java/org/acme/constant/Url.java": 'package org.acme.constant;\npublic final class Url {\n    public static final String BASE = "/api";\n    public static final String APPS = BASE + "/v1/apps";\n}\n',
    "infra/src/main/java/org/acme/constant/NewUrl.java": 'package org.acme.constant;\npublic final class NewUrl {\n    public static final String APPS = "/api/apps";\n}\n',
    "server/src/main/java/org/acme/api/AppEndpoints.java": [
      "package org.acme.api;",
      "import org.acme.constant.NewUrl;",
      "import org.acme.constant.Url;",
      "@RestController",
      "@RequestMapping(value = {Url.APPS, NewUrl.APPS})",
      "public interface AppEndpoints {",
      '    @GetMapping("/{id}")',
      "    App get(@PathVariable String id);",
      "    @PostMapping",
      "    App create(@RequestBody App app);",
      "}",
    ].join("\n"),
    "server/src/main/java/org/acme/api/AppController.java": [
      "package org.acme.api;",
      "@RestController",
      "public class AppController implements AppEndpoints {",
      "    public App get(String id) { return null; }",
      "    public App create(App app) { return app; }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /api/apps/{id}", "GET /api/v1/apps/{id}", "POST /api/apps", "POST /api/v1/apps"]);
});

spring("WebFlux security rules over grouped matchers (.matchers(ServerWebExchangeMatchers.pathMatchers(GET, NewUrl.USERS + \"/me\"), ...)) whose paths are constants of another module, imported by class or by a static wildcard; a constant no file declares matches nothing", () => {
  const root = tempDir("tool-spring-webflux-constant-matchers-");
  writeFiles(root, {
    "settings.gradle.kts": 'include("infra", "server")\n',
    "infra/src/main/java/org/acme/constant/Url.java": 'package org.acme.constant;\npublic final class Url {\n    public static final String BASE = "/api";\n    public static final String AUTH = BASE + "/auth";\n}\n',
    "infra/src/main/java/org/acme/constant/NewUrl.java": 'package org.acme.constant;\npublic final class NewUrl {\n    public static final String PREFIX = "/api";\n    public static final String USERS = PREFIX + "/users";\n}\n',
    "server/src/main/java/org/acme/web/UserController.java": [
      "package org.acme.web;",
      "import org.acme.constant.NewUrl;",
      "@RestController",
      "@RequestMapping(NewUrl.USERS)",
      "public class UserController {",
      '    @GetMapping("/me")',
      "    public Mono<User> me() { return null; }",
      '    @GetMapping("/{id}")',
      "    public Mono<User> get(@PathVariable String id) { return null; }",
      "}",
    ].join("\n"),
    "server/src/main/java/org/acme/web/AuthController.java": [
      "package org.acme.web;",
      "import org.acme.constant.Url;",
      "@RestController",
      "@RequestMapping(Url.AUTH)",
      "public class AuthController {",
      '    @PostMapping("/login")',
      "    public Mono<Void> login() { return null; }",
      '    @PostMapping("/logout")',
      "    public Mono<Void> logout() { return null; }",
      "}",
    ].join("\n"),
    "server/src/main/java/org/acme/web/SecurityConfig.java": [
      "package org.acme.web;",
      "import static org.acme.constant.Url.*;",
      "import org.acme.constant.NewUrl;",
      "import org.acme.constant.Missing;",
      "public class SecurityConfig {",
      "    @Bean",
      "    SecurityWebFilterChain securityWebFilterChain(ServerHttpSecurity http) {",
      "        http.authorizeExchange(customizer -> customizer",
      "            .matchers(",
      '                ServerWebExchangeMatchers.pathMatchers(HttpMethod.POST, AUTH + "/login"),',
      '                ServerWebExchangeMatchers.pathMatchers(HttpMethod.GET, NewUrl.USERS + "/me"),',
      '                ServerWebExchangeMatchers.pathMatchers(HttpMethod.POST, Missing.AUTH + "/logout")',
      "            )",
      "            .permitAll()",
      '            .pathMatchers("/api/**")',
      "            .authenticated()",
      "        );",
      "        return http.build();",
      "    }",
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /api/users/me", "GET /api/users/{id} [authenticated()]", "POST /api/auth/login", "POST /api/auth/logout [authenticated()]"].sort());
});

spring("Spring Boot Actuator's endpoints the configuration exposes (health alone by default; a YAML list, a custom base path, Prometheus with its registry) are the application's routes; a library module's dependency serves nothing", () => {
  const root = tempDir("tool-spring-actuator-");
  const app = (pkg: string) => `package ${pkg};\n\n@SpringBootApplication\npublic class Application {\n    public static void main(String[] args) { SpringApplication.run(Application.class, args); }\n}\n`;
  writeFiles(root, {
    "pom.xml": "<project><modules><module>api</module><module>worker</module><module>common</module></modules></project>\n",
    "api/pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency><dependency><artifactId>spring-boot-starter-actuator</artifactId></dependency><dependency><artifactId>micrometer-registry-prometheus</artifactId></dependency></dependencies></project>\n",
    "api/src/main/java/shop/Application.java": app("shop"),
    "api/src/main/resources/application.yml": "management:\n  endpoints:\n    web:\n      base-path: /manage\n      exposure:\n        include:\n          - health\n          - prometheus\n          - shutdown\n",
    "worker/pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-actuator</artifactId></dependency></dependencies></project>\n",
    "worker/src/main/java/jobs/Application.java": app("jobs"),
    "worker/src/main/resources/application.properties": "server.servlet.context-path=/jobs\n",
    "common/pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-actuator</artifactId></dependency></dependencies></project>\n",
    "common/src/main/resources/application.yml": "management.endpoints.web.exposure.include: '*'\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "GET /jobs/actuator worker/src/main/resources/application.properties",
    "GET /jobs/actuator/health worker/src/main/resources/application.properties",
    "GET /jobs/actuator/health/{*path} worker/src/main/resources/application.properties",
    "GET /manage api/src/main/resources/application.yml",
    "GET /manage/health api/src/main/resources/application.yml",
    "GET /manage/health/{*path} api/src/main/resources/application.yml",
    "GET /manage/prometheus api/src/main/resources/application.yml",
  ]);
});

spring("a Spring Cloud Gateway global filter that answers 401 without a token guards the routes of the services behind it, but for the path patterns it (or a class it names) lets through; a global filter that refuses nobody guards nothing", () => {
  const root = tempDir("tool-spring-gateway-filter-");
  const java = (...lines: string[]) => lines.join("\n") + "\n";
  writeFiles(root, {
    "pom.xml": "<project><artifactId>blade</artifactId><modules><module>gateway</module><module>system</module></modules></project>\n",
    "gateway/pom.xml": "<project><artifactId>blade-gateway</artifactId><dependencies><dependency><artifactId>spring-cloud-starter-gateway</artifactId></dependency></dependencies></project>\n",
    "gateway/src/main/java/org/blade/gateway/filter/AuthFilter.java": java(
      "package org.blade.gateway.filter;",
      "import org.springframework.cloud.gateway.filter.GatewayFilterChain;",
      "import org.springframework.cloud.gateway.filter.GlobalFilter;",
      "import org.springframework.http.HttpStatus;",
      "@Component",
      "public class AuthFilter implements GlobalFilter, Ordered {",
      "  public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {",
      "    String path = exchange.getRequest().getURI().getPath();",
      "    if (isSkip(path)) {",
      "      return chain.filter(exchange);",
      "    }",
      "    String headerToken = exchange.getRequest().getHeaders().getFirst(AuthProvider.AUTH_KEY);",
      "    if (StringUtils.isBlank(headerToken)) {",
      "      return unAuth(exchange.getResponse(), \"missing token\");",
      "    }",
      "    return chain.filter(exchange);",
      "  }",
      "  private boolean isSkip(String path) {",
      "    return AuthProvider.getDefaultSkipUrl().stream().anyMatch(pattern -> antPathMatcher.match(pattern, path));",
      "  }",
      "  private Mono<Void> unAuth(ServerHttpResponse resp, String msg) {",
      "    resp.setStatusCode(HttpStatus.UNAUTHORIZED);",
      "    return resp.setComplete();",
      "  }",
      "}",
    ),
    "gateway/src/main/java/org/blade/gateway/provider/AuthProvider.java": java(
      "package org.blade.gateway.provider;",
      "public class AuthProvider {",
      "  public static String AUTH_KEY = \"Blade-Auth\";",
      "  private static final List<String> DEFAULT_SKIP_URL = new ArrayList<>();",
      "  static {",
      "    DEFAULT_SKIP_URL.add(\"/token/**\");",
      "    DEFAULT_SKIP_URL.add(\"/menu/routes\");",
      "    DEFAULT_SKIP_URL.add(\"/*/v3/api-docs/**\");",
      "  }",
      "  public static List<String> getDefaultSkipUrl() { return DEFAULT_SKIP_URL; }",
      "}",
    ),
    "gateway/src/main/java/org/blade/gateway/filter/RequestFilter.java": java(
      "package org.blade.gateway.filter;",
      "import org.springframework.cloud.gateway.filter.GlobalFilter;",
      "// A decoy: it rewrites the path and refuses nobody.",
      "public class RequestFilter implements GlobalFilter, Ordered {",
      "  public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {",
      "    String newPath = \"/\" + Arrays.stream(StringUtils.tokenizeToStringArray(exchange.getRequest().getURI().getRawPath(), \"/\")).skip(1L).collect(Collectors.joining(\"/\"));",
      "    return chain.filter(exchange.mutate().request(exchange.getRequest().mutate().path(newPath).build()).build());",
      "  }",
      "}",
    ),
    "system/pom.xml": "<project><artifactId>blade-system</artifactId></project>\n",
    "system/src/main/java/org/blade/system/controller/MenuController.java": java(
      "package org.blade.system.controller;",
      "@RestController",
      "@RequestMapping(\"/menu\")",
      "public class MenuController {",
      "  @GetMapping(\"/routes\")",
      "  public R routes() { return R.data(null); }",
      "  @PostMapping(\"/submit\")",
      "  public R submit(@RequestBody Menu menu) { return R.status(true); }",
      "}",
    ),
    "system/src/main/java/org/blade/system/controller/TokenController.java": java(
      "package org.blade.system.controller;",
      "@RestController",
      "public class TokenController {",
      "  @PostMapping(\"/token\")",
      "  public R token(String account, String password) { return R.data(null); }",
      "}",
    ),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), ["GET /menu/routes", "POST /menu/submit [AuthFilter]", "POST /token"]);
});

spring("a @WebFilter under @ServletComponentScan that answers an error without a signed-in user guards the routes its patterns cover, but for the URIs it lets through (equals, startsWith, its init parameters' list, written with the context path); a filter that refuses nobody guards nothing", () => {
  const root = tempDir("tool-servlet-filter-");
  writeFiles(root, {
    "erp/src/main/resources/application.yml": "server:\n  servlet:\n    context-path: /erp\n",
    "erp/src/main/java/com/erp/ErpApplication.java": javaFile(["package com.erp;", "import org.springframework.boot.autoconfigure.SpringBootApplication;", "import org.springframework.boot.web.servlet.ServletComponentScan;", "@ServletComponentScan", "@SpringBootApplication", "public class ErpApplication {}"]),
    "erp/src/main/java/com/erp/filter/LoginFilter.java": javaFile([
      "package com.erp.filter;",
      "import javax.servlet.*;",
      "import javax.servlet.annotation.WebFilter;",
      "import javax.servlet.annotation.WebInitParam;",
      "import javax.servlet.http.*;",
      '@WebFilter(filterName = "LoginFilter", urlPatterns = {"/*"},',
      '        initParams = {@WebInitParam(name = "allowed", value = "/erp/platform/info#" +',
      '                      "/erp/static")})',
      "public class LoginFilter implements Filter {",
      "    private String[] allowUrls;",
      "    public void init(FilterConfig config) { allowUrls = config.getInitParameter(\"allowed\").split(\"#\"); }",
      "    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws java.io.IOException, ServletException {",
      "        HttpServletRequest req = (HttpServletRequest) request;",
      "        HttpServletResponse res = (HttpServletResponse) response;",
      "        String uri = req.getRequestURI();",
      "        Object userId = req.getSession().getAttribute(\"userId\");",
      "        if (userId != null) { chain.doFilter(request, response); return; }",
      '        if (uri.equals("/erp/user/login") || uri.equals("/erp/user/register")) { chain.doFilter(request, response); return; }',
      "        for (String url : allowUrls) { if (uri.startsWith(url)) { chain.doFilter(request, response); return; } }",
      "        res.setStatus(500);",
      '        if (!uri.equals("/erp/user/logout")) res.getWriter().write("loginOut");',
      "    }",
      "}",
    ]),
    "erp/src/main/java/com/erp/filter/TimingFilter.java": javaFile([
      "package com.erp.filter;",
      "import javax.servlet.*;",
      "import javax.servlet.annotation.WebFilter;",
      '@WebFilter(urlPatterns = "/*")',
      "public class TimingFilter implements Filter {",
      "    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws java.io.IOException, ServletException {",
      "        long start = System.nanoTime();",
      "        chain.doFilter(request, response);",
      "    }",
      "}",
    ]),
    "erp/src/main/java/com/erp/controller/UserController.java": javaFile([
      "package com.erp.controller;",
      "import org.springframework.web.bind.annotation.*;",
      "@RestController",
      '@RequestMapping("/user")',
      "public class UserController {",
      '    @PostMapping("/login") public String login() { return ""; }',
      '    @PostMapping("/register") public String register() { return ""; }',
      '    @GetMapping("/logout") public String logout() { return ""; }',
      '    @GetMapping("/list") public String list() { return ""; }',
      "}",
    ]),
    "erp/src/main/java/com/erp/controller/PlatformController.java": javaFile([
      "package com.erp.controller;",
      "import org.springframework.web.bind.annotation.*;",
      "@RestController",
      "public class PlatformController {",
      '    @GetMapping("/platform/info/version") public String version() { return ""; }',
      '    @GetMapping("/static/{name}") public String file() { return ""; }',
      '    @PostMapping("/platform/settings") public String settings() { return ""; }',
      "}",
    ]),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "GET /erp/platform/info/version",
    "GET /erp/static/{name}",
    "GET /erp/user/list [LoginFilter]",
    "GET /erp/user/logout [LoginFilter]",
    "POST /erp/platform/settings [LoginFilter]",
    "POST /erp/user/login",
    "POST /erp/user/register",
  ]);
});

spring("Sa-Token route rules (SaRouter.match(...).notMatch(...).check(r -> StpUtil.checkLogin())) guard the paths they match but those they exclude, patterns from arrays the file declares; a rule whose check signs nobody in guards nothing", () => {
  const root = tempDir("tool-sa-token-router-");
  writeFiles(root, {
    "src/main/java/vip/demo/config/GlobalConfigure.java": javaFile([
      "package vip.demo.config;",
      "import cn.dev33.satoken.filter.SaServletFilter;",
      "import cn.dev33.satoken.router.SaRouter;",
      "import cn.dev33.satoken.stp.StpUtil;",
      "import cn.hutool.core.collection.CollectionUtil;",
      "import org.springframework.context.annotation.Bean;",
      "import org.springframework.context.annotation.Configuration;",
      "@Configuration",
      "public class GlobalConfigure {",
      '    public static final String[] NO_LOGIN_PATH_ARR = {"/auth/b/doLogin", "/auth/b/getPicCaptcha", "/dev/config/sysBaseList"};',
      '    private static final String[] SUPER_PATH_ARR = {"/sys/role/**"};',
      "    @Bean",
      "    public SaServletFilter getSaServletFilter() {",
      "        return new SaServletFilter()",
      '                .addInclude("/**")',
      "                .setAuth(r -> {",
      '                    SaRouter.match("/**")',
      "                            .notMatch(CollectionUtil.newArrayList(NO_LOGIN_PATH_ARR))",
      "                            .check(r1 -> {",
      "                                StpUtil.checkLogin();",
      "                            });",
      '                    SaRouter.match("/**").notMatch(CollectionUtil.newArrayList(NO_LOGIN_PATH_ARR)).match(CollectionUtil.newArrayList(SUPER_PATH_ARR))',
      '                            .check(r1 -> StpUtil.checkRole("superAdmin"));',
      '                    SaRouter.match("/monitor/**").check(r1 -> System.out.println("seen"));',
      "                });",
      "    }",
      "}",
    ]),
    "src/main/java/vip/demo/web/AuthController.java": javaFile([
      "package vip.demo.web;",
      "import org.springframework.web.bind.annotation.*;",
      "@RestController",
      "public class AuthController {",
      '    @PostMapping("/auth/b/doLogin") public String login() { return ""; }',
      '    @GetMapping("/auth/b/getPicCaptcha") public String captcha() { return ""; }',
      '    @GetMapping("/sys/role/page") public String roles() { return ""; }',
      '    @GetMapping("/sys/user/page") public String users() { return ""; }',
      '    @GetMapping("/monitor/server") public String server() { return ""; }',
      "}",
    ]),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "GET /auth/b/getPicCaptcha",
    "GET /monitor/server [StpUtil.checkLogin]",
    "GET /sys/role/page [StpUtil.checkLogin,StpUtil.checkRole]",
    "GET /sys/user/page [StpUtil.checkLogin]",
    "POST /auth/b/doLogin",
  ]);
});

spring("a controller stereotype of the app's (an annotation meta-annotated @RestController, or one a RequestMappingHandlerMapping's isHandler accepts) makes the classes it marks controllers, under its @RequestMapping path or the one the mark is given, unless a property condition on it is not met; annotations that are neither map nothing", () => {
  const root = tempDir("tool-spring-stereotype-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "src/main/java/io/admin/web/AdminController.java": javaFile([
      "package io.admin.web;",
      "@Target({ ElementType.TYPE })",
      "@Retention(RetentionPolicy.RUNTIME)",
      "public @interface AdminController {",
      "}",
    ]),
    "src/main/java/io/admin/web/servlet/AdminControllerHandlerMapping.java": javaFile([
      "package io.admin.web.servlet;",
      "import org.springframework.core.annotation.AnnotatedElementUtils;",
      "import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;",
      "import io.admin.web.AdminController;",
      "public class AdminControllerHandlerMapping extends RequestMappingHandlerMapping {",
      "    @Override",
      "    protected boolean isHandler(Class<?> beanType) {",
      "        return AnnotatedElementUtils.hasAnnotation(beanType, AdminController.class);",
      "    }",
      "}",
    ]),
    "src/main/java/io/admin/web/InstancesController.java": javaFile([
      "package io.admin.web;",
      "@AdminController",
      "@ResponseBody",
      "public class InstancesController {",
      '    @PostMapping(path = "/instances", consumes = MediaType.APPLICATION_JSON_VALUE)',
      "    public Object register() { return null; }",
      '    @GetMapping(path = "/instances/{id}")',
      "    public Object instance() { return null; }",
      "}",
    ]),
    "src/main/java/io/admin/api/ApiController.java": javaFile([
      "package io.admin.api;",
      "@Target(ElementType.TYPE)",
      "@Retention(RetentionPolicy.RUNTIME)",
      "@RestController",
      '@RequestMapping("/api/v2")',
      "public @interface ApiController {",
      "}",
    ]),
    "src/main/java/io/admin/users/UsersController.java": javaFile([
      "package io.admin.users;",
      "import io.admin.api.ApiController;",
      "@Slf4j",
      "@ApiController",
      "public class UsersController {",
      '    @GetMapping("/users")',
      "    public Object list() { return null; }",
      "}",
    ]),
    // A Kotlin stereotype whose value names the class's path, and one switched on by a property the configuration does not set.
    "src/main/kotlin/io/admin/internal/PublicController.kt": [
      "package io.admin.internal",
      "",
      "@RestController",
      "@RequestMapping",
      "annotation class PublicController(",
      "  @get:AliasFor(annotation = RequestMapping::class)",
      "  val value: Array<String> = [],",
      ")",
      "",
    ].join("\n"),
    "src/main/kotlin/io/admin/internal/InternalController.kt": [
      "package io.admin.internal",
      "",
      "@RestController",
      "@RequestMapping",
      "@ConditionalOnProperty(",
      '  value = ["admin.internal.controller-enabled"],',
      '  havingValue = "true",',
      "  matchIfMissing = false,",
      ")",
      "annotation class InternalController(",
      "  @get:AliasFor(annotation = RequestMapping::class)",
      "  val value: Array<String> = [],",
      ")",
      "",
    ].join("\n"),
    "src/main/kotlin/io/admin/internal/StatusController.kt": [
      "package io.admin.internal",
      "",
      '@PublicController(["public/status"])',
      "class StatusController {",
      '  @GetMapping(value = ["/version"])',
      '  fun version(): String = ""',
      "}",
      "",
    ].join("\n"),
    "src/main/kotlin/io/admin/internal/TestClockController.kt": [
      "package io.admin.internal",
      "",
      '@InternalController(["internal/time"])',
      "class TestClockController {",
      '  @DeleteMapping(value = [""])',
      "  fun release() {}",
      "}",
      "",
    ].join("\n"),
    // An annotation of the app's that is no controller's, and a base class marked only by Lombok: their mappings serve nothing here.
    "src/main/java/io/admin/audit/Audited.java": "package io.admin.audit;\n\n@Retention(RetentionPolicy.RUNTIME)\npublic @interface Audited {\n}\n",
    "src/main/java/io/admin/audit/AuditedBase.java": javaFile([
      "package io.admin.audit;",
      "@Audited",
      "@Slf4j",
      "public abstract class AuditedBase {",
      '    @GetMapping("/audit")',
      "    public Object audit() { return null; }",
      "}",
    ]),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /api/v2/users", "GET /instances/{id}", "GET /public/status/version", "POST /instances"]);
});

spring("a gateway filter that answers its own UNAUTHORIZED body without a verified token guards the services behind it but for the paths containing an entry of the white-list its @Value names, read from the repository's configuration (a profile file in a shared module)", () => {
  const root = tempDir("tool-spring-gateway-white-list-");
  const java = (...lines: string[]) => lines.join("\n") + "\n";
  writeFiles(root, {
    "pom.xml": "<project><artifactId>sonic</artifactId><modules><module>sonic-gateway</module><module>sonic-controller</module><module>sonic-common</module></modules></project>\n",
    "sonic-gateway/pom.xml": "<project><artifactId>sonic-gateway</artifactId><dependencies><dependency><artifactId>spring-cloud-starter-gateway</artifactId></dependency></dependencies></project>\n",
    "sonic-gateway/src/main/java/org/sonic/gateway/config/AuthFilter.java": java(
      "package org.sonic.gateway.config;",
      "import org.springframework.cloud.gateway.filter.GatewayFilterChain;",
      "import org.springframework.cloud.gateway.filter.GlobalFilter;",
      "@Component",
      "public class AuthFilter implements GlobalFilter, Ordered {",
      "    @Value(\"${filter.white-list}\")",
      "    private List<String> whiteList;",
      "    @Autowired",
      "    private JWTTokenTool jwtTokenTool;",
      "    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {",
      "        for (String white : whiteList) {",
      "            if (exchange.getRequest().getURI().getPath().contains(white)) {",
      "                return chain.filter(exchange);",
      "            }",
      "        }",
      "        String token = exchange.getRequest().getHeaders().getFirst(\"SonicToken\");",
      "        DataBuffer buffer = response.bufferFactory().wrap(JSONObject.toJSONString(new RespModel(RespEnum.UNAUTHORIZED)).getBytes());",
      "        if (token == null || !jwtTokenTool.verify(token)) {",
      "            return response.writeWith(Mono.just(buffer));",
      "        }",
      "        return chain.filter(exchange);",
      "    }",
      "}",
    ),
    "sonic-common/src/main/resources/application-sonic-gateway.yml": "filter:\n  white-list: /users/login,/users/register,/swagger\n",
    "sonic-controller/pom.xml": "<project><artifactId>sonic-controller</artifactId></project>\n",
    "sonic-controller/src/main/java/org/sonic/controller/UsersController.java": java(
      "package org.sonic.controller;",
      "@RestController",
      "@RequestMapping(\"/users\")",
      "public class UsersController {",
      "  @PostMapping(\"/login\")",
      "  public RespModel<String> login(@RequestBody UserInfo info) { return null; }",
      "  @GetMapping(\"/loginConfig\")",
      "  public RespModel<?> loginConfig() { return null; }",
      "  @PutMapping",
      "  public RespModel<String> update(@RequestBody UserInfo info) { return null; }",
      "}",
    ),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /users/loginConfig", "POST /users/login", "PUT /users [AuthFilter]"]);
});

spring("the mapped methods of an abstract base controller no annotation marks are served by each controller extending it, under that controller's path and guards, through a chain of bases, when that controller is served; a base never extended serves nothing", () => {
  const root = tempDir("tool-spring-base-controllers-");
  const java = (...lines: string[]) => lines.join("\n") + "\n";
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "src/main/java/org/jpom/docker/base/BaseDockerController.java": java(
      "package org.jpom.docker.base;",
      "public abstract class BaseDockerController {",
      "    @GetMapping(value = \"info\", produces = MediaType.APPLICATION_JSON_VALUE)",
      "    public IJsonMessage<JSONObject> info(@ValidatorItem String id) { return null; }",
      "}",
    ),
    "src/main/java/org/jpom/docker/base/BaseDockerContainerController.java": java(
      "package org.jpom.docker.base;",
      "public abstract class BaseDockerContainerController<T extends Serializable> extends BaseDockerController {",
      "    @PostMapping(value = \"list\", produces = MediaType.APPLICATION_JSON_VALUE)",
      "    public IJsonMessage<List<JSONObject>> list(@ValidatorItem String id) { return null; }",
      "    @GetMapping(value = \"remove\")",
      "    public IJsonMessage<Object> remove(String id, String containerId) { return null; }",
      "}",
    ),
    "src/main/java/org/jpom/docker/DockerContainerController.java": java(
      "package org.jpom.docker;",
      "import org.jpom.docker.base.BaseDockerContainerController;",
      "@RestController",
      "@RequestMapping(value = \"/container\")",
      "@PreAuthorize(\"hasRole('ADMIN')\")",
      "public class DockerContainerController extends BaseDockerContainerController<String> {",
      "    @GetMapping(\"own\")",
      "    public String own() { return null; }",
      "}",
    ),
    "src/main/java/org/jpom/assets/AssetsDockerContainerController.java": java(
      "package org.jpom.assets;",
      "import org.jpom.docker.base.BaseDockerContainerController;",
      "@RestController",
      "@RequestMapping(value = \"/system/assets/docker/container\")",
      "public class AssetsDockerContainerController extends BaseDockerContainerController<String> {",
      "}",
    ),
    // A controller there only under a property the configuration does not set: what it inherits is not served either.
    "src/main/java/org/jpom/internal/E2eContainerController.java": java(
      "package org.jpom.internal;",
      "import org.jpom.docker.base.BaseDockerContainerController;",
      "@RestController",
      "@RequestMapping(\"/internal/e2e\")",
      "@ConditionalOnProperty(name = \"jpom.internal.enabled\", havingValue = \"true\")",
      "public class E2eContainerController extends BaseDockerContainerController<String> {",
      "}",
    ),
    "src/main/java/org/jpom/unused/BaseUnusedController.java": java(
      "package org.jpom.unused;",
      "public abstract class BaseUnusedController {",
      "    @GetMapping(\"nowhere\")",
      "    public String nowhere() { return null; }",
      "}",
    ),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "GET /container/info [PreAuthorize(hasRole('ADMIN'))]",
    "GET /container/own [PreAuthorize(hasRole('ADMIN'))]",
    "GET /container/remove [PreAuthorize(hasRole('ADMIN'))]",
    "GET /system/assets/docker/container/info",
    "GET /system/assets/docker/container/remove",
    "POST /container/list [PreAuthorize(hasRole('ADMIN'))]",
    "POST /system/assets/docker/container/list",
  ]);
});

spring("a chain whose FilterSecurityInterceptor gets the app's own decision manager (withObjectPostProcessor ... setAccessDecisionManager(customUrlDecisionManager)) guards every route; what web.ignoring() names passes the chain unguarded", () => {
  const root = tempDir("tool-spring-decision-manager-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency><dependency><artifactId>spring-boot-starter-security</artifactId></dependency></dependencies></project>\n",
    "src/main/java/org/hr/config/SecurityConfig.java": [
      "package org.hr.config;",
      "",
      "@Configuration",
      "public class SecurityConfig extends WebSecurityConfigurerAdapter {",
      "    @Autowired",
      "    CustomUrlDecisionManager customUrlDecisionManager;",
      "",
      "    @Override",
      "    public void configure(WebSecurity web) throws Exception {",
      '        web.ignoring().antMatchers("/css/**", "/verifyCode");',
      "    }",
      "",
      "    @Override",
      "    protected void configure(HttpSecurity http) throws Exception {",
      "        http.authorizeRequests()",
      "                .withObjectPostProcessor(new ObjectPostProcessor<FilterSecurityInterceptor>() {",
      "                    @Override",
      "                    public <O extends FilterSecurityInterceptor> O postProcess(O object) {",
      "                        object.setAccessDecisionManager(customUrlDecisionManager);",
      "                        return object;",
      "                    }",
      "                })",
      "                .and()",
      "                .csrf().disable();",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/main/java/org/hr/controller/HrController.java": [
      "package org.hr.controller;",
      "",
      "@RestController",
      '@RequestMapping("/hr")',
      "public class HrController {",
      '    @GetMapping("/info")',
      "    public Hr info() { return null; }",
      "}",
      "",
    ].join("\n"),
    "src/main/java/org/hr/controller/LoginController.java": [
      "package org.hr.controller;",
      "",
      "@RestController",
      "public class LoginController {",
      '    @GetMapping("/verifyCode")',
      "    public void verifyCode() {}",
      "}",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /hr/info [AccessDecisionManager(customUrlDecisionManager)]",
    "GET /verifyCode []",
  ]);
});

spring("an interface's constants (implicitly static final: String USERS = API_PREFIX + \"users\") prefix the controllers that name them, by a static import or through the interface", () => {
  const root = tempDir("tool-spring-interface-constants-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "src/main/java/com/acme/config/Paths.java": 'package com.acme.config;\n\npublic interface Paths {\n    String API_PREFIX = "/api/";\n    String USERS = API_PREFIX + "users";\n    String ITEMS = API_PREFIX + "items";\n}\n',
    "src/main/java/com/acme/web/UserController.java": 'package com.acme.web;\n\nimport static com.acme.config.Paths.USERS;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping(USERS)\npublic class UserController {\n    @GetMapping("/{id}")\n    public String get(@PathVariable String id) { return id; }\n}\n',
    "src/main/java/com/acme/web/ItemController.java": 'package com.acme.web;\n\nimport com.acme.config.Paths;\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping(Paths.ITEMS)\npublic class ItemController {\n    @GetMapping\n    public String list() { return ""; }\n}\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/items", "GET /api/users/{id}"]);
});

spring("a controller under @ConditionalOnProperty naming several properties (name = {\"a.enabled\", \"b.enabled\"}) is served only when each holds: one the configuration leaves unset leaves it out", () => {
  const root = tempDir("tool-spring-conditional-names-");
  const controller = (name: string, path: string, names: string) =>
    `package com.acme.web;\n\n@RestController\n@RequestMapping("${path}")\n@ConditionalOnProperty(\n        name = {${names}},\n        havingValue = "true")\npublic class ${name} {\n    @GetMapping\n    public String list() { return ""; }\n}\n`;
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>\n",
    "src/main/resources/application.properties": "conductor.ai.enabled=true\nconductor.scheduler.enabled=true\n",
    "src/main/java/com/acme/web/SkillController.java": controller("SkillController", "/api/skills", '"conductor.ai.enabled", "agentspan.skills.enabled"'),
    "src/main/java/com/acme/web/SchedulerController.java": controller("SchedulerController", "/api/scheduler", '"conductor.ai.enabled", "conductor.scheduler.enabled"'),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /api/scheduler"]);
});

spring("a filter a FilterRegistrationBean registers (setFilter of a field whose interface a class implements, addUrlPatterns) guards without @ServletComponentScan, but for the paths its @Value list setting reads from application.properties; one registered for other URL patterns guards only those; one that checks no caller (a forwarding filter answering 403) or whose patterns a constant holds guards nothing", () => {
  const root = tempDir("tool-filter-registration-");
  writeFiles(root, {
    "dashboard/src/main/resources/application.properties": "auth.filter.exclude-urls=/,/auth/login,/registry/machine,/static/**\nauth.filter.exclude-url-suffixes=htm,html,js\n",
    "dashboard/src/main/java/com/acme/DashboardApplication.java": javaFile(["package com.acme;", "import org.springframework.boot.autoconfigure.SpringBootApplication;", "@SpringBootApplication", "public class DashboardApplication {}"]),
    "dashboard/src/main/java/com/acme/config/WebConfig.java": javaFile([
      "package com.acme.config;",
      "import javax.servlet.Filter;",
      "import org.springframework.boot.web.servlet.FilterRegistrationBean;",
      "import org.springframework.context.annotation.Bean;",
      "@org.springframework.context.annotation.Configuration",
      "public class WebConfig {",
      "    @Autowired",
      "    private LoginAuthenticationFilter loginAuthenticationFilter;",
      "    @Bean",
      "    public FilterRegistrationBean authenticationFilterRegistration() {",
      "        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>();",
      "        registration.setFilter(loginAuthenticationFilter);",
      '        registration.addUrlPatterns("/*");',
      '        registration.setName("authenticationFilter");',
      "        return registration;",
      "    }",
      "    @Bean",
      "    public FilterRegistrationBean<Filter> forwardingRegistration() {",
      "        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(new ForwardingFilter());",
      '        registration.addUrlPatterns("/*");',
      "        return registration;",
      "    }",
      "    @Bean",
      "    public FilterRegistrationBean<Filter> sessionRegistration() {",
      "        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(new SessionAuthFilter());",
      "        registration.addUrlPatterns(URL_PATTERNS);",
      "        return registration;",
      "    }",
      "    @Bean",
      "    public FilterRegistrationBean<Filter> apiKeyRegistration() {",
      "        FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(new ApiKeyFilter());",
      '        registration.addUrlPatterns("/metric/*");',
      "        return registration;",
      "    }",
      "}",
    ]),
    "dashboard/src/main/java/com/acme/auth/LoginAuthenticationFilter.java": javaFile(["package com.acme.auth;", "import javax.servlet.Filter;", "public interface LoginAuthenticationFilter extends Filter {}"]),
    "dashboard/src/main/java/com/acme/auth/DefaultLoginAuthenticationFilter.java": javaFile([
      "package com.acme.auth;",
      "import javax.servlet.*;",
      "import javax.servlet.http.*;",
      "public class DefaultLoginAuthenticationFilter implements LoginAuthenticationFilter {",
      "    @Value(\"#{'${auth.filter.exclude-urls}'.split(',')}\")",
      "    private List<String> authFilterExcludeUrls;",
      "    @Override",
      "    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws java.io.IOException, ServletException {",
      "        HttpServletRequest httpRequest = (HttpServletRequest) request;",
      "        String servletPath = httpRequest.getServletPath();",
      "        if (authFilterExcludeUrls.stream().anyMatch(url -> PATH_MATCHER.match(url, servletPath))) {",
      "            chain.doFilter(request, response);",
      "            return;",
      "        }",
      "        AuthUser authUser = authService.getAuthUser(httpRequest);",
      "        if (authUser == null) {",
      "            ((HttpServletResponse) response).setStatus(HttpServletResponse.SC_UNAUTHORIZED);",
      "            return;",
      "        }",
      "        chain.doFilter(request, response);",
      "    }",
      "}",
    ]),
    "dashboard/src/main/java/com/acme/auth/ApiKeyFilter.java": javaFile([
      "package com.acme.auth;",
      "import javax.servlet.*;",
      "import javax.servlet.http.*;",
      "public class ApiKeyFilter implements Filter {",
      "    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws java.io.IOException, ServletException {",
      '        String token = ((HttpServletRequest) request).getHeader("X-Api-Token");',
      "        if (token == null) { ((HttpServletResponse) response).sendError(401); return; }",
      "        chain.doFilter(request, response);",
      "    }",
      "}",
    ]),
    // Forwards requests to another node, answering 403 when that is refused: no check of the caller.
    "dashboard/src/main/java/com/acme/auth/ForwardingFilter.java": javaFile([
      "package com.acme.auth;",
      "import javax.servlet.*;",
      "import javax.servlet.http.*;",
      "public class ForwardingFilter implements Filter {",
      "    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws java.io.IOException, ServletException {",
      '        String target = ((HttpServletRequest) request).getHeader("X-Target");',
      "        try { forward(target, request, response); } catch (SecurityException e) { ((HttpServletResponse) response).sendError(HttpServletResponse.SC_FORBIDDEN); }",
      "    }",
      "}",
    ]),
    // Registered for patterns a constant holds: where it applies is not known here.
    "dashboard/src/main/java/com/acme/auth/SessionAuthFilter.java": javaFile([
      "package com.acme.auth;",
      "import javax.servlet.*;",
      "import javax.servlet.http.*;",
      "public class SessionAuthFilter implements Filter {",
      "    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain) throws java.io.IOException, ServletException {",
      '        if (((HttpServletRequest) request).getSession().getAttribute("user") == null) { ((HttpServletResponse) response).sendError(401); return; }',
      "        chain.doFilter(request, response);",
      "    }",
      "}",
    ]),
    "dashboard/src/main/java/com/acme/controller/AuthController.java": javaFile([
      "package com.acme.controller;",
      "import org.springframework.web.bind.annotation.*;",
      "@RestController",
      '@RequestMapping("/auth")',
      "public class AuthController {",
      '    @PostMapping("/login") public String login() { return ""; }',
      '    @PostMapping("/check") public String check() { return ""; }',
      "}",
    ]),
    "dashboard/src/main/java/com/acme/controller/MachineController.java": javaFile([
      "package com.acme.controller;",
      "import org.springframework.web.bind.annotation.*;",
      "@RestController",
      "public class MachineController {",
      '    @RequestMapping("/registry/machine") public String heartbeat() { return ""; }',
      '    @GetMapping("/static/app.css") public String css() { return ""; }',
      '    @GetMapping("/metric/queries") public String queries() { return ""; }',
      "}",
    ]),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "ALL /registry/machine",
    "GET /metric/queries [DefaultLoginAuthenticationFilter,ApiKeyFilter]",
    "GET /static/app.css",
    "POST /auth/check [DefaultLoginAuthenticationFilter]",
    "POST /auth/login",
  ]);
});

spring.run();
