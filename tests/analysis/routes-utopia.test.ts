import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { tempDir, writeFiles } from "../helpers/repo.ts";

const utopia = suite("utopia-php routes");

utopia("Http:: chains and platform actions (setHttpMethod + setHttpPath) are routes at their paths and aliases; an api route is guarded by its scope label unless guests hold that scope (app/config/roles.php); a path joined with a value not known here is none; a file of another library calling Http:: is not read", () => {
  const root = tempDir("tool-utopia-");
  writeFiles(root, {
    "composer.json": '{ "require": { "utopia-php/http": "^2.0" } }\n',
    "app/config/roles.php": "<?php\n\nreturn [\n    User::ROLE_GUESTS => [\n        'label' => 'Guests',\n        'scopes' => [\n            'public',\n            'sessions.write',\n            'locale.read',\n        ],\n    ],\n    User::ROLE_USERS => [\n        'label' => 'Users',\n        'scopes' => ['account', 'users.read'],\n    ],\n];\n",
    "app/controllers/api/account.php": [
      "<?php",
      "",
      "use Utopia\\Http\\Http;",
      "",
      "Http::post('/v1/account')",
      "    ->desc('Create account')",
      "    ->groups(['api', 'account', 'auth'])",
      "    ->label('scope', 'sessions.write')",
      "    ->action(function ($request, $response) {",
      "        $response->json([]);",
      "    });",
      "",
      "Http::get('/v1/account/prefs')",
      "    ->desc('Get account preferences')",
      "    ->groups(['api', 'account'])",
      "    ->label('scope', 'account')",
      "    ->alias('/v1/account/preferences')",
      "    ->action(function ($response) {",
      "        $response->json([]);",
      "    });",
      "",
      "Http::get('/robots.txt')",
      "    ->desc('Robots')",
      "    ->label('scope', 'public')",
      "    ->action(function ($response) {",
      "        $response->text('User-agent: *');",
      "    });",
      "",
    ].join("\n"),
    "src/Appwrite/Platform/Modules/Users/Http/Users/Get.php": [
      "<?php",
      "",
      "namespace Appwrite\\Platform\\Modules\\Users\\Http\\Users;",
      "",
      "use Utopia\\Platform\\Action;",
      "",
      "class Get extends Action",
      "{",
      "    public function __construct()",
      "    {",
      "        $this",
      "            ->setHttpMethod(Action::HTTP_REQUEST_METHOD_GET)",
      "            ->setHttpPath('/v1/users/:userId')",
      "            ->desc('Get user')",
      "            ->groups(['api', 'users'])",
      "            ->label('scope', ['users.read', 'users.write'])",
      "            ->callback($this->action(...));",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/Appwrite/Platform/Modules/Project/Http/OAuth2/Update.php": [
      "<?php",
      "",
      "use Utopia\\Platform\\Action;",
      "",
      "class Update extends Action",
      "{",
      "    public function __construct(string $providerId)",
      "    {",
      "        $this",
      "            ->setHttpMethod(Action::HTTP_REQUEST_METHOD_PATCH)",
      "            ->setHttpPath('/v1/project/oauth2/' . $providerId)",
      "            ->groups(['api', 'project'])",
      "            ->label('scope', 'project.write');",
      "    }",
      "}",
      "",
    ].join("\n"),
    "lib/other/Routes.php": "<?php\n\nuse Other\\Http;\n\nHttp::get('/not-utopia');\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /robots.txt []",
    "POST /v1/account []",
    "GET /v1/account/preferences [scope(account)]",
    "GET /v1/account/prefs [scope(account)]",
    "GET /v1/users/{userId} [scope(users.read|users.write)]",
  ]);
});

utopia.run();
