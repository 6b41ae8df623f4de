import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

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

generated.run();
