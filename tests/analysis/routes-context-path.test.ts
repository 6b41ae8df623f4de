// Paths a JVM application's configuration puts before its routes (context paths), and guards
// that let everyone through (`@Secured(optional = true)`, guards named optional).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const test = suite("context paths and optional guards");

const lines = guardedRoutes;

test("Spring Boot's server.servlet.context-path (YAML, a placeholder's default) is in front of each route of its module only", () => {
  const root = tempDir("tool-context-spring-");
  const controller = (pkg: string, path: string) => `package ${pkg};\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping("${path}")\nclass Api {\n  @GetMapping("/{id}") String one(@PathVariable String id) { return id; }\n}\n`;
  writeFiles(root, {
    "shop/src/main/resources/application.yml": "server:\n  port: 8080\n  servlet:\n    context-path: ${SHOP_PATH:/shop}  # set per environment\n",
    "shop/src/main/java/com/shop/Api.java": controller("com.shop", "/orders"),
    "admin/src/main/resources/application.properties": "# no context path here\nserver.port=9090\n",
    "admin/src/main/java/com/admin/Api.java": controller("com.admin", "/users"),
  });
  commitAll(root);
  assert.equal(lines(root), ["GET /shop/orders/{id}", "GET /users/{id}"]);
});

test("a Gradle library module is served under the context path of each application that includes it (settings.gradle, project(...) dependencies), and a sample client built with Maven beside it guards none of its routes", () => {
  const root = tempDir("tool-context-gradle-");
  const app = (pkg: string, name: string) => `package ${pkg};\n\n@SpringBootApplication\npublic class ${name} {\n  public static void main(String[] args) { SpringApplication.run(${name}.class, args); }\n}\n`;
  writeFiles(root, {
    "settings.gradle": "rootProject.name = 'keys'\n\ninclude ('commons:core')\ninclude 'apis:rest',\n        'webs:sign'\n// include ('webs:old')\ninclude(':webs:mgt')\n",
    "commons/core/build.gradle": "dependencies {\n}\n",
    "commons/core/src/main/java/org/keys/core/VersionEndpoint.java": "package org.keys.core;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class VersionEndpoint {\n  @GetMapping(\"/metadata/version\") String version() { return \"1\"; }\n}\n",
    "apis/rest/build.gradle": "dependencies {\n  implementation project(\":commons:core\")\n}\n",
    "apis/rest/src/main/java/org/keys/rest/UsersApi.java": "package org.keys.rest;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping(\"/api/users\")\npublic class UsersApi {\n  @GetMapping String list() { return \"\"; }\n}\n",
    "webs/sign/build.gradle": "dependencies {\n  implementation project(\":commons:core\")\n}\n",
    "webs/sign/src/main/java/org/keys/sign/SignApplication.java": app("org.keys.sign", "SignApplication"),
    "webs/sign/src/main/resources/application.properties": "server.servlet.context-path=/sign\n",
    "webs/mgt/build.gradle": "dependencies {\n  implementation(project(':apis:rest'))\n}\n",
    "webs/mgt/src/main/java/org/keys/mgt/MgtApplication.java": app("org.keys.mgt", "MgtApplication"),
    "webs/mgt/src/main/resources/application.properties": "server.servlet.context-path=/mgt\n",
    "integrations/client-demo/pom.xml": "<project><artifactId>client-demo</artifactId></project>\n",
    "integrations/client-demo/src/main/java/org/demo/ClientApplication.java": app("org.demo", "ClientApplication"),
    "integrations/client-demo/src/main/java/org/demo/SecurityConfig.java": "package org.demo;\n\nimport org.springframework.context.annotation.Bean;\nimport org.springframework.security.config.annotation.web.builders.HttpSecurity;\nimport org.springframework.security.web.SecurityFilterChain;\n\n@Configuration\n@EnableWebSecurity\npublic class SecurityConfig {\n  @Bean\n  SecurityFilterChain chain(HttpSecurity http) throws Exception {\n    http.authorizeHttpRequests(auth -> auth.anyRequest().authenticated());\n    return http.build();\n  }\n}\n",
    "integrations/client-demo/src/main/java/org/demo/HomeController.java": "package org.demo;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class HomeController {\n  @GetMapping(\"/home\") String home() { return \"\"; }\n}\n",
  });
  commitAll(root);
  assert.equal(lines(root).filter((r) => !r.includes("/home")), [
    "GET /mgt/api/users",
    "GET /mgt/metadata/version",
    "GET /sign/metadata/version",
  ]);
  assert.ok(lines(root).some((r) => r.startsWith("GET /home [")), "the sample's own route stays under its rule");
});

test("a file an application's class names with @PropertySource(\"classpath:...\") gives its context path (a placeholder's default)", () => {
  const root = tempDir();
  writeFiles(root, {
    "pom.xml": "<project><modules><module>server</module></modules></project>\n",
    "server/pom.xml": "<project><artifactId>server</artifactId></project>\n",
    "server/src/main/resources/nacos-server.properties": "server.servlet.contextPath=${nacos.server.contextPath:/nacos}\nserver.port=8848\n",
    "server/src/main/java/com/acme/NacosServerWebApplication.java": [
      "package com.acme;",
      "",
      "@SpringBootApplication",
      '@PropertySource("classpath:nacos-server.properties")',
      "public class NacosServerWebApplication {",
      "    public static void main(String[] args) { SpringApplication.run(NacosServerWebApplication.class, args); }",
      "}",
    ].join("\n"),
    "server/src/main/java/com/acme/HealthController.java": 'package com.acme;\n\n@RestController\n@RequestMapping("/v2/core/health")\npublic class HealthController {\n    @GetMapping("/liveness")\n    public Object liveness() { return null; }\n}\n',
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /nacos/v2/core/health/liveness"]);
});

test("a Spring Cloud Config server's shared/<application name>.yml gives the context path (relaxed: contextPath) of the service whose bootstrap.yml names it and the config server", () => {
  const root = tempDir();
  const controller = (pkg: string, cls: string, path: string) => `package ${pkg};\n\n@RestController\npublic class ${cls} {\n    @RequestMapping(path = "${path}", method = RequestMethod.GET)\n    public Object get() { return null; }\n}\n`;
  writeFiles(root, {
    "pom.xml": "<project><modules><module>config</module><module>account-service</module><module>billing</module></modules></project>\n",
    "config/src/main/resources/application.yml": "spring:\n  cloud:\n    config:\n      server:\n        native:\n          search-locations: classpath:/shared\n",
    // Spring binds relaxed: contextPath is context-path.
    "config/src/main/resources/shared/account-service.yml": "server:\n  servlet:\n    contextPath: /accounts\n  port: 6000\n",
    "config/src/main/resources/shared/billing.yml": "server:\n  servlet:\n    context-path: /billing\n",
    "account-service/pom.xml": "<project><artifactId>account-service</artifactId></project>\n",
    "account-service/src/main/resources/bootstrap.yml": "spring:\n  application:\n    name: account-service\n  cloud:\n    config:\n      uri: http://config:8888\n",
    "account-service/src/main/java/com/acme/account/AccountController.java": controller("com.acme.account", "AccountController", "/current"),
    // Named like a shared file but fetching no configuration from a server: its own settings stand.
    "billing/pom.xml": "<project><artifactId>billing</artifactId></project>\n",
    "billing/src/main/resources/bootstrap.yml": "spring:\n  application:\n    name: billing\n",
    "billing/src/main/java/com/acme/billing/InvoiceController.java": controller("com.acme.billing", "InvoiceController", "/invoices"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /accounts/current", "GET /invoices"]);
});

test("Quarkus's quarkus.resteasy.path prefixes the JAX-RS resources; @Secured(optional = true) guards nothing", () => {
  const root = tempDir("tool-context-quarkus-");
  writeFiles(root, {
    "src/main/resources/application.properties": "quarkus.resteasy.path=/api\nquarkus.http.port=8080\n",
    "src/main/java/org/acme/Profiles.java": [
      "package org.acme;", "", "import javax.ws.rs.*;", "",
      '@Path("/profiles")', "public class Profiles {",
      "  @GET", '  @Path("/{username}")', "  @Secured(optional = true)", '  public String get(@PathParam("username") String u) { return u; }', "",
      "  @POST", '  @Path("/{username}/follow")', "  @Secured({Role.USER})", '  public String follow(@PathParam("username") String u) { return u; }',
      "}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(lines(root), ["GET /api/profiles/{username}", "POST /api/profiles/{username}/follow [Secured(Role.USER)]"]);
});

test("a guard named optional lets everyone through", () => {
  const root = tempDir("tool-optional-guard-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { express: "^4.18.0" } }),
    "src/app.js": [
      'const express = require("express");', 'const auth = require("./auth");', "const app = express();",
      'app.get("/articles", auth.optional, (req, res) => res.json([]));',
      'app.post("/articles", auth.required, (req, res) => res.json({}));',
      'app.get("/feed", authenticate_optional, (req, res) => res.json([]));',
      "module.exports = app;", "",
    ].join("\n"),
    "src/auth.js": "module.exports = { optional: (q, s, n) => n(), required: (q, s, n) => n() };\n",
  });
  commitAll(root);
  assert.equal(lines(root), ["GET /articles", "POST /articles [auth.required]", "GET /feed"]);
});

test("ASP.NET Core with LowercaseUrls = true writes a [controller] token's segment in lower case", () => {
  const root = tempDir("tool-aspnet-lowercase-");
  writeFiles(root, {
    "Api/Api.csproj": '<Project Sdk="Microsoft.NET.Sdk.Web"></Project>\n',
    "Api/Startup.cs": "public class Startup\n{\n    public void ConfigureServices(IServiceCollection services)\n    {\n        services.AddRouting(options => options.LowercaseUrls = true);\n    }\n}\n",
    "Api/Controllers/ArticlesController.cs": [
      "using Microsoft.AspNetCore.Mvc;", "", "[ApiController]", '[Route("api/[controller]")]', "public class ArticlesController : ControllerBase", "{",
      '    [HttpGet("{Slug}")]', "    public IActionResult Get(string slug) => Ok();", "}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(lines(root), ["GET /api/articles/{Slug}"]);
});

test.run();
