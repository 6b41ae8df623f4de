import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const micronaut = suite("Micronaut routes");

micronaut("controllers under the configured context path; secure by default once Micronaut Security is used, IS_ANONYMOUS and @PermitAll let callers in; @Client interfaces serve nothing", () => {
  assert.equal(routeLines("routes-micronaut"), [
    "POST /shop/accounts/login src/main/kotlin/shop/web/AccountsController.kt:11 AccountsController.login",
    "PUT /shop/accounts/me src/main/kotlin/shop/web/AccountsController.kt:16 AccountsController.update [micronaut-security]",
    "GET /shop/orders src/main/kotlin/shop/web/OrdersController.kt:15 OrdersController.list [micronaut-security,Secured(SecurityRule.IS_AUTHENTICATED)]",
    "DELETE /shop/orders/{id} src/main/kotlin/shop/web/OrdersController.kt:25 OrdersController.delete [micronaut-security,Secured(ROLE_ADMIN)]",
    "GET /shop/orders/{id} src/main/kotlin/shop/web/OrdersController.kt:18 OrdersController.show",
    "POST /shop/orders/{id}/cancel src/main/kotlin/shop/web/OrdersController.kt:22 OrdersController.cancel [micronaut-security,Secured(SecurityRule.IS_AUTHENTICATED)]",
    "DELETE /shop/orders/{id}/purge src/main/kotlin/shop/web/OrdersController.kt:25 OrdersController.delete [micronaut-security,Secured(ROLE_ADMIN)]",
    "GET /shop/stats src/main/java/shop/admin/StatsController.java:11 StatsController.stats [micronaut-security,RolesAllowed(ADMIN)]",
    "GET /shop/status src/main/java/shop/admin/StatsController.java:14 StatsController.status",
  ]);
});

micronaut("a controller that @Requires a property its application does not set as asked serves nothing (Spring's @ConditionalOnProperty alike, matchIfMissing aside); a URI template's query variables ({?cascade}) are no part of the path", () => {
  const root = tempDir("tool-micronaut-requires-");
  writeFiles(root, {
    "settings.gradle": "include 'cli', 'webserver'\n",
    "cli/src/main/resources/application.yml": "kestra:\n  templates:\n    enabled: false\n  queue:\n    type: memory\n",
    "webserver/src/main/java/io/acme/web/DashboardController.java": [
      "package io.acme.web;", "", "import io.micronaut.http.annotation.*;", "import io.micronaut.context.annotation.Requires;", "",
      "@Controller(\"/api/v1/dashboards\")", "@Requires(property = \"kestra.repository.type\", value = \"elasticsearch\")", "public class DashboardController {",
      "    @Get", "    public String list() { return \"\"; }", "}", "",
    ].join("\n"),
    "webserver/src/main/java/io/acme/web/QueueController.java": [
      "package io.acme.web;", "", "import io.micronaut.http.annotation.*;", "import io.micronaut.context.annotation.Requires;", "",
      "@Controller(\"/api/v1/queue\")", "@Requires(property = \"kestra.queue.type\", value = \"memory\")", "public class QueueController {",
      "    @Delete(uri = \"/{executionId}/kill{?cascade}\")", "    public void kill(String executionId) { }", "}", "",
    ].join("\n"),
    "webserver/src/main/java/io/acme/web/LegacyController.java": [
      "package io.acme.web;", "", "import org.springframework.web.bind.annotation.*;", "import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;", "",
      "@RestController", "@ConditionalOnProperty(prefix = \"legacy\", name = \"enabled\", havingValue = \"true\", matchIfMissing = true)", "@RequestMapping(\"/legacy\")", "public class LegacyController {",
      "    @GetMapping(\"/ping\")", "    public String ping() { return \"\"; }", "}", "",
    ].join("\n"),
    "webserver/src/main/java/io/acme/web/BetaController.java": [
      "package io.acme.web;", "", "import org.springframework.web.bind.annotation.*;", "import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;", "",
      "@RestController", "@ConditionalOnProperty(\"beta.enabled\")", "@RequestMapping(\"/beta\")", "public class BetaController {",
      "    @GetMapping(\"/ping\")", "    public String ping() { return \"\"; }", "}", "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "DELETE /api/v1/queue/{executionId}/kill",
    "GET /legacy/ping",
  ]);
});

micronaut("an application whose configuration turns Micronaut Security off (micronaut.security.enabled: false) guards nothing with it: the rules stay as checks; another module that leaves it on keeps its guards", () => {
  const root = tempDir("tool-micronaut-security-off-");
  const controller = (pkg: string, path: string) => [
    `package ${pkg};`,
    "import io.micronaut.http.annotation.*;",
    "import io.micronaut.security.annotation.Secured;",
    "import io.micronaut.security.rules.SecurityRule;",
    `@Controller("${path}")`,
    "public class TopicController {",
    "    @Secured(SecurityRule.IS_AUTHENTICATED)",
    "    @Delete(\"/{name}\")",
    "    public void delete(String name) {}",
    "}",
  ].join("\n");
  writeFiles(root, {
    "kafka/build.gradle": "dependencies { implementation(\"io.micronaut.security:micronaut-security-jwt\") }\n",
    "kafka/src/main/resources/application.yml": "micronaut:\n  application:\n    name: kafka-ui\n  security:\n    enabled: false\n    authentication: cookie\n",
    "kafka/src/main/java/ui/TopicController.java": controller("ui", "/api/topic"),
    "billing/build.gradle": "dependencies { implementation(\"io.micronaut.security:micronaut-security-jwt\") }\n",
    "billing/src/main/resources/application.yml": "micronaut:\n  application:\n    name: billing\n  security:\n    enabled: true\n",
    "billing/src/main/java/billing/TopicController.java": controller("billing", "/api/invoice"),
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items;
  assert.equal(routes.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}] [${(r.checks ?? []).join(",")}]`), [
    "DELETE /api/invoice/{name} [micronaut-security,Secured(SecurityRule.IS_AUTHENTICATED)] []",
    "DELETE /api/topic/{name} [] [micronaut-security (micronaut.security.enabled: false),Secured(SecurityRule.IS_AUTHENTICATED) (micronaut.security.enabled: false)]",
  ]);
});

micronaut("micronaut-management's built-in endpoints: those enabled by default, the rest once endpoints.all.enabled says so; a sensitive one refuses callers until sensitive: false", () => {
  const root = tempDir("tool-micronaut-management-");
  const controller = 'package app;\nimport io.micronaut.http.annotation.*;\n@Controller("/api")\npublic class HomeController {\n    @Get("/")\n    public String home() { return ""; }\n}\n';
  writeFiles(root, {
    "open/build.gradle": 'dependencies {\n    implementation("io.micronaut:micronaut-management")\n    implementation("io.micronaut.micrometer:micronaut-micrometer-registry-prometheus")\n}\n',
    "open/src/main/resources/application.yml": "endpoints:\n  all:\n    port: 28081\n    enabled: true\n    sensitive: false\n",
    "open/src/main/java/app/HomeController.java": controller,
    "closed/build.gradle": 'dependencies {\n    implementation("io.micronaut:micronaut-management")\n}\n',
    "closed/src/main/resources/application.yml": "micronaut:\n  application:\n    name: closed\n",
    "closed/src/main/java/app/HomeController.java": controller,
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.filter((r) => r.handler === "(management endpoint)").map((r) => `${r.method} ${r.path} ${r.file.split("/")[0]}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
  assert.equal(routes.sort(), [
    "GET /beans closed [micronaut sensitive endpoint]",
    "GET /beans open",
    "GET /env open",
    "GET /env/{propertySourceName} open",
    "GET /health closed",
    "GET /health open",
    "GET /health/{selector} closed",
    "GET /health/{selector} open",
    "GET /info closed",
    "GET /info open",
    "GET /loggers closed [micronaut sensitive endpoint]",
    "GET /loggers open",
    "GET /loggers/{name} closed [micronaut sensitive endpoint]",
    "POST /loggers/{name} closed [micronaut sensitive endpoint]",
    "GET /loggers/{name} open",
    "POST /loggers/{name} open",
    "GET /metrics open",
    "GET /metrics/{name} open",
    "GET /prometheus open",
    "POST /refresh closed [micronaut sensitive endpoint]",
    "POST /refresh open",
    "GET /routes closed [micronaut sensitive endpoint]",
    "GET /routes open",
    "POST /stop open",
    "GET /threaddump closed [micronaut sensitive endpoint]",
    "GET /threaddump open",
  ].sort());
});

micronaut.run();
