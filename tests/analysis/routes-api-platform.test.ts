import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const apiPlatform = suite("API Platform routes");

apiPlatform("operation attributes and ApiResource operations by uriTemplate, security that guards, the prefix of config/routes/api_platform.yaml", () => {
  const root = tempDir("tool-api-platform-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "api-platform/core": "^4.0", "symfony/framework-bundle": "^7.0" } }),
    "config/routes/api_platform.yaml": "api_platform:\n    resource: .\n    type: api_platform\n    prefix: /api\n",
    "src/ApiResource/BookResource.php": [
      "<?php", "namespace App\\ApiResource;", "", "use ApiPlatform\\Metadata\\Get;", "use ApiPlatform\\Metadata\\Post;", "",
      "#[Get(", "    uriTemplate: '/books/{id}',", "    controller: BookGetController::class,",
      "    openapi: new Operation(security: [['Bearer' => []]]),", ")]",
      "#[Post(", "    uriTemplate: '/books',", "    security: 'is_granted(\"ROLE_USER\")',", ")]",
      "final class BookResource {}", "",
    ].join("\n"),
    "src/ApiResource/Review.php": [
      "<?php", "namespace App\\ApiResource;", "", "use ApiPlatform\\Metadata\\ApiResource;", "",
      "#[ApiResource(operations: [", "    new GetCollection(uriTemplate: '/reviews', security: \"is_granted('PUBLIC_ACCESS')\"),",
      "    new Delete(uriTemplate: '/reviews/{id}', security: \"is_granted('ROLE_ADMIN')\"),", "])]",
      "final class Review {}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "POST /api/books (provider) [is_granted(\"ROLE_USER\")]",
    "GET /api/books/{id} BookGetController",
    "GET /api/reviews (provider)",
    "DELETE /api/reviews/{id} (provider) [is_granted('ROLE_ADMIN')]",
  ]);
});

apiPlatform("operations without uriTemplate take the class's plural name, dashed when the app configures the dash generator; Symfony access_control rules guard what they match, first match winning", () => {
  const root = tempDir("tool-api-platform-defaults-");
  writeFiles(root, {
    "app/composer.json": JSON.stringify({ require: { "api-platform/core": "^4.0" } }),
    "app/config/routes/api_platform.yaml": "api_platform:\n    resource: .\n    type: api_platform\n    prefix: /api\n",
    "app/config/packages/api_platform.yaml": "api_platform:\n    path_segment_name_generator: api_platform.metadata.path_segment_name_generator.dash\n",
    "app/config/packages/security.yaml": [
      "security:", "    access_control:",
      "        - { path: ^/api/book-reviews, roles: PUBLIC_ACCESS, methods: [GET] }",
      "        - { path: ^/api/tags, roles: PUBLIC_ACCESS }",
      "        - { path: ^/api, roles: IS_AUTHENTICATED_FULLY }", "",
    ].join("\n"),
    "app/src/ApiResource/BookReview.php": [
      "<?php", "namespace App\\ApiResource;", "", "use ApiPlatform\\Metadata\\ApiResource;", "",
      "#[ApiResource(operations: [", "    new GetCollection(),", "    new Get(),", "    new Post(),", "])]",
      "final class BookReview", "{", "    public ?int $id = null;", "}", "",
    ].join("\n"),
    "app/src/ApiResource/Tag.php": [
      "<?php", "namespace App\\ApiResource;", "", "use ApiPlatform\\Metadata\\ApiResource;", "",
      "#[ApiResource(operations: [new Get(provider: TagsProvider::class)])]", "final class Tag", "{", "    public array $tags = [];", "}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /api/book-reviews",
    "POST /api/book-reviews [access_control(IS_AUTHENTICATED_FULLY)]",
    "GET /api/book-reviews/{id}",
    "GET /api/tags",
  ]);
});

apiPlatform("by default an operation without uriTemplate takes the class's plural name in snake case (API Platform's underscore generator), or the template and security of the ApiResource it is declared in", () => {
  const root = tempDir("tool-api-platform-underscore-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "api-platform/core": "^4.0" } }),
    "config/packages/api_platform.yaml": "api_platform:\n    title: Collections\n",
    "src/Entity/TagCategory.php": [
      "<?php", "namespace App\\Entity;", "", "use ApiPlatform\\Metadata\\ApiResource;", "",
      "#[ApiResource(operations: [new GetCollection(), new Get()])]",
      "#[ApiResource(uriTemplate: '/tags/{id}/category', uriVariables: ['id' => new Link(fromClass: Tag::class)], security: \"is_granted('ROLE_USER')\", operations: [new Get()])]",
      "class TagCategory", "{", "    private ?string $id = null;", "}", "",
    ].join("\n"),
    "src/Entity/Datum.php": [
      "<?php", "namespace App\\Entity;", "", "use ApiPlatform\\Metadata\\ApiResource;", "",
      "#[ApiResource(operations: [new GetCollection()])]", "class Datum", "{", "}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /data",
    "GET /tag_categories",
    "GET /tag_categories/{id}",
    "GET /tags/{id}/category [is_granted('ROLE_USER')]",
  ]);
});

apiPlatform("an item operation of an entity whose identifier a base entity declares (class Attachment extends AbstractDBElement) is served at /{id}; a resource's shortName names its path in place of its class", () => {
  const root = tempDir("tool-api-platform-inherited-id-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "api-platform/core": "^4.0" } }),
    "config/packages/api_platform.yaml": "api_platform:\n    title: Parts\n",
    "src/Entity/Base/AbstractDBElement.php": "<?php\nnamespace App\\Entity\\Base;\n\nabstract class AbstractDBElement\n{\n    #[ORM\\Id]\n    protected ?int $id = null;\n}\n",
    "src/Entity/Attachment.php": [
      "<?php", "namespace App\\Entity;", "", "use ApiPlatform\\Metadata\\ApiResource;", "",
      "#[ApiResource(", "    operations: [", "        new Get(security: 'is_granted(\"read\", object)'),", "        new GetCollection(),", "        new Delete(security: 'is_granted(\"delete\", object)'),", "    ],", ")]",
      "class Attachment extends AbstractNamedDBElement", "{", "    protected string $name = '';", "}", "",
    ].join("\n"),
    "src/Entity/AbstractParameter.php": [
      "<?php", "namespace App\\Entity;", "", "use ApiPlatform\\Metadata\\ApiResource;", "",
      "#[ApiResource(", "    shortName: 'Parameter',", "    operations: [new Get(), new Patch()],", ")]",
      "abstract class AbstractParameter extends AbstractNamedDBElement", "{", "}", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /attachments",
    "DELETE /attachments/{id} [is_granted(\"delete\", object)]",
    "GET /attachments/{id} [is_granted(\"read\", object)]",
    "GET /parameters/{id}",
    "PATCH /parameters/{id}",
  ]);
});

apiPlatform.run();
