import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const generated = suite("Routes of servers generated from an OpenAPI contract");

const lines = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const CONTRACT = [
  "openapi: 3.0.1",
  "servers:",
  "  - url: /api",
  "paths:",
  "  /profiles/{username}:",
  "    get:",
  "      operationId: GetProfileByUsername",
  "  /profiles/{username}/follow:",
  "    post:",
  "      operationId: FollowUserByUsername",
  "      security:",
  "        - Token: []",
  "    delete:",
  "      operationId: UnfollowUserByUsername",
  "      security:",
  "        - {}",
  "        - Token: []",
  "  /tags:",
  "    get:",
  "      summary: no operationId, so the generator names it tagsGet",
].join("\n");

generated("kotlin-spring interfaces (interfaceOnly) under ${api.base-path:<server path>} and the servlet context path; guards from the operation's security; other interfaces and methods serve nothing", () => {
  const root = tempDir("tool-generated-spring-");
  writeFiles(root, {
    "build.gradle.kts": [
      'tasks.create("generateApiDoc", GenerateTask::class) {',
      '    generatorName.set("html2")',
      '    inputSpec.set("$projectDir/e2e/openapi.yml")',
      "}",
      'tasks.create("generateApiServer", GenerateTask::class) {',
      '    generatorName.set("kotlin-spring")',
      '    inputSpec.set("$projectDir/e2e/openapi.yml")',
      '    apiPackage.set("com.acme.generated.controller")',
      '    configOptions.set(mapOf("interfaceOnly" to "true"))',
      "}",
    ].join("\n"),
    "e2e/openapi.yml": CONTRACT,
    "src/main/resources/application.properties": "server.servlet.context-path=/v1\n",
    "src/main/kotlin/com/acme/presentation/ProfileController.kt": [
      "package com.acme.presentation",
      "import com.acme.generated.controller.ProfileApi",
      "import com.acme.generated.model.Profile",
      "@RestController",
      "class ProfileController(val profiles: Profiles) : ProfileApi {",
      "    override fun getProfileByUsername(username: String, authorization: String?): ResponseEntity<Profile> = ok(profiles.find(username))",
      "    override fun followUserByUsername(authorization: String, username: String): ResponseEntity<Profile> = ok(profiles.follow(username))",
      "    override fun unfollowUserByUsername(authorization: String, username: String): ResponseEntity<Profile> = ok(profiles.unfollow(username))",
      "    fun helper(): Int = 1",
      "}",
    ].join("\n"),
    "src/main/kotlin/com/acme/presentation/DefaultController.kt": [
      "package com.acme.presentation",
      "import com.acme.generated.controller.DefaultApi",
      "@RestController",
      "class DefaultController : DefaultApi {",
      "    override fun tagsGet(): ResponseEntity<Tags> = ok(Tags())",
      "}",
    ].join("\n"),
    "src/main/kotlin/com/acme/other/Legacy.kt": [
      "package com.acme.other",
      "import com.acme.legacy.LegacyApi",
      "class Legacy : LegacyApi {",
      "    override fun getProfileByUsername(username: String): String = username",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(lines(root), [
    "GET /v1/api/profiles/{username} src/main/kotlin/com/acme/presentation/ProfileController.kt:6 ProfileController.getProfileByUsername",
    "DELETE /v1/api/profiles/{username}/follow src/main/kotlin/com/acme/presentation/ProfileController.kt:8 ProfileController.unfollowUserByUsername",
    "POST /v1/api/profiles/{username}/follow src/main/kotlin/com/acme/presentation/ProfileController.kt:7 ProfileController.followUserByUsername [OpenAPI security]",
    "GET /v1/api/tags src/main/kotlin/com/acme/presentation/DefaultController.kt:5 DefaultController.tagsGet",
  ]);
});

generated("jaxrs-spec interfaces in a Maven build: no server path with interfaceOnly, the base-path property ignored; @RolesAllowed and @PermitAll on the implementing methods decide", () => {
  const root = tempDir("tool-generated-jaxrs-");
  writeFiles(root, {
    "pom.xml": [
      "<project><build><plugins><plugin>",
      "  <artifactId>openapi-generator-maven-plugin</artifactId>",
      "  <configuration>",
      "    <inputSpec>${project.basedir}/src/main/resources/openapi.yaml</inputSpec>",
      "    <generatorName>jaxrs-spec</generatorName>",
      "    <apiPackage>com.acme.api</apiPackage>",
      "    <configOptions><interfaceOnly>true</interfaceOnly><useTags>true</useTags></configOptions>",
      "  </configuration>",
      "</plugin></plugins></build></project>",
    ].join("\n"),
    "src/main/resources/openapi.yaml": CONTRACT,
    "src/main/java/com/acme/profile/ProfileResource.java": [
      "package com.acme.profile;",
      "import com.acme.api.ProfileApi;",
      "@ApplicationScoped",
      "public class ProfileResource implements ProfileApi {",
      "    @Override",
      "    public Response getProfileByUsername(String username) { return ok(); }",
      "    @Override",
      '    @RolesAllowed("**")',
      "    public Response followUserByUsername(String username) { return ok(); }",
      "    @Override",
      "    @PermitAll",
      "    public Response unfollowUserByUsername(String username) { return ok(); }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(lines(root), [
    "GET /profiles/{username} src/main/java/com/acme/profile/ProfileResource.java:6 ProfileResource.getProfileByUsername",
    "DELETE /profiles/{username}/follow src/main/java/com/acme/profile/ProfileResource.java:12 ProfileResource.unfollowUserByUsername",
    "POST /profiles/{username}/follow src/main/java/com/acme/profile/ProfileResource.java:9 ProfileResource.followUserByUsername [RolesAllowed(**)]",
  ]);
});

generated("spring generator options in a configFile; an interface named in full; the class's own @RequestMapping replaces the interface's path; the security filter chain guards them like any route", () => {
  const root = tempDir("tool-generated-configfile-");
  writeFiles(root, {
    "build.gradle": [
      "openApiGenerate {",
      '    generatorName = "spring"',
      '    inputSpec = "$rootDir/src/main/resources/static/api.yaml"',
      '    configFile = "$rootDir/src/main/resources/static/generator-config.json"',
      "}",
    ].join("\n"),
    "src/main/resources/static/generator-config.json": '{ "apiPackage": "acme.api", "interfaceOnly": true }',
    "src/main/resources/static/api.yaml": CONTRACT,
    "src/main/java/acme/controllers/ProfileController.java": [
      "package acme.controllers;",
      "@RestController",
      '@RequestMapping("/api")',
      "public class ProfileController implements acme.api.ProfilesApi {",
      "  @Override",
      "  public ResponseEntity<Profile> getProfileByUsername(String username) { return null; }",
      "  @Override",
      "  public ResponseEntity<Profile> followUserByUsername(String username) { return null; }",
      "}",
    ].join("\n"),
    "src/main/java/acme/security/SecurityConfig.java": [
      "package acme.security;",
      "public class SecurityConfig {",
      "  SecurityFilterChain chain(HttpSecurity http) throws Exception {",
      "    http.authorizeHttpRequests(auth -> auth",
      '        .requestMatchers(HttpMethod.GET, "/api/profiles/**").permitAll()',
      "        .anyRequest().authenticated());",
      "    return http.build();",
      "  }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/profiles/{username}",
    "POST /api/profiles/{username}/follow [authenticated(),OpenAPI security]",
  ]);
});

function oapiCodegenRepo(router: string) {
  const root = tempDir("tool-generated-oapi-");
  writeFiles(root, {
    "go.mod": "module acme\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "internal/httpapi/openapi.yml": [
      "openapi: 3.0.1",
      "servers:",
      "  - url: https://api.acme.test/api",
      "paths:",
      "  /articles:",
      "    get:",
      "      operationId: GetArticles",
      "    post:",
      "      operationId: CreateArticle",
      "      security:",
      "        - Token: []",
      "  /articles/{slug}:",
      "    delete:",
      "      operationId: DeleteArticle",
      "      security:",
      "        - Token: []",
    ].join("\n"),
    "internal/httpapi/server.gen.go": [
      "// Package httpapi provides primitives to interact with the openapi HTTP API.",
      "//",
      "// Code generated by github.com/oapi-codegen/oapi-codegen/v2 version v2.5.1 DO NOT EDIT.",
      "package httpapi",
      "",
      'import "github.com/go-chi/chi/v5"',
      "",
      "type ChiServerOptions struct {",
      "\tBaseURL    string",
      "\tBaseRouter chi.Router",
      "}",
      "",
      "func HandlerFromMux(si ServerInterface, r chi.Router) http.Handler {",
      "\treturn HandlerWithOptions(si, ChiServerOptions{BaseRouter: r})",
      "}",
      "",
      "func HandlerWithOptions(si ServerInterface, options ChiServerOptions) http.Handler {",
      "\tr := options.BaseRouter",
      "\tif r == nil {",
      "\t\tr = chi.NewRouter()",
      "\t}",
      "\twrapper := ServerInterfaceWrapper{Handler: si}",
      "\tr.Group(func(r chi.Router) {",
      '\t\tr.Get(options.BaseURL+"/articles", wrapper.GetArticles)',
      "\t})",
      "\tr.Group(func(r chi.Router) {",
      '\t\tr.Post(options.BaseURL+"/articles", wrapper.CreateArticle)',
      "\t})",
      "\tr.Group(func(r chi.Router) {",
      '\t\tr.Delete(options.BaseURL+"/articles/{slug}", wrapper.DeleteArticle)',
      "\t})",
      "\treturn r",
      "}",
    ].join("\n"),
    "internal/httpapi/router.go": router,
  });
  git(root, "init", "-q");
  return root;
}

const ROUTER = (validator: string) => [
  "package httpapi",
  "",
  "import (",
  '\t"github.com/go-chi/chi/v5"',
  '\toapimiddleware "github.com/oapi-codegen/nethttp-middleware"',
  ")",
  "",
  "func CreateRouter(svc Service) *chi.Mux {",
  "\trtr := chi.NewRouter()",
  "\toapiRouter := chi.NewRouter()",
  `\trtr.Use(oapimiddleware.OapiRequestValidatorWithOptions(swagger, &oapimiddleware.Options{${validator}}))`,
  "\tHandlerFromMux(NewServer(svc), oapiRouter)",
  '\trtr.Mount("/", oapiRouter)',
  "\treturn rtr",
  "}",
].join("\n");

generated("oapi-codegen's chi server: paths after options.BaseURL are the rest with an unknown prefix; the request validator's AuthenticationFunc enforces the operations' security", () => {
  const root = oapiCodegenRepo(ROUTER("Options: openapi3filter.Options{AuthenticationFunc: NewAuthenticator(jwt)}"));
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /articles (prefix unknown)",
    "POST /articles (prefix unknown) [OpenAPI security]",
    "DELETE /articles/{slug} (prefix unknown) [OpenAPI security]",
  ]);
});

generated("a request validator without an AuthenticationFunc checks shapes, not callers: no guard from the contract", () => {
  const root = oapiCodegenRepo(ROUTER("SilenceServersWarning: true"));
  assert.equal(guardedRoutes(root), [
    "GET /articles",
    "POST /articles",
    "DELETE /articles/{slug}",
  ]);
});

generated.run();
