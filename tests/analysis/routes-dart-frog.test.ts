import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines } from "../helpers/routes.ts";

const dartFrog = suite("dart_frog routes");

dartFrog("file routes with parameters, methods from the HttpMethod switch (refused ones left out), _middleware guards for their folder", () => {
  assert.equal(routeLines("routes-dart-frog"), [
    "ALL / routes/index.dart:3 onRequest",
    "ALL /admin/stats routes/admin/stats.dart:3 onRequest [bearerAuthentication]",
    "GET /api/users routes/api/users/index.dart:5 onRequest",
    "POST /api/users routes/api/users/index.dart:5 onRequest",
    "GET /api/users/{id} routes/api/users/[id].dart:3 onRequest",
    "PATCH /api/users/{id} routes/api/users/[id].dart:3 onRequest",
    "PUT /api/users/{id} routes/api/users/[id].dart:3 onRequest",
  ]);
});

dartFrog("cases that fall through to a refusal are not served, and a Flutter app's routes folder is no API", () => {
  const root = tempDir();
  writeFiles(root, {
    "api/pubspec.yaml": "name: api\ndependencies:\n  dart_frog: ^1.0.0\n",
    "api/routes/todos.dart": [
      "import 'package:dart_frog/dart_frog.dart';",
      "Future<Response> onRequest(RequestContext context) async {",
      "  switch (context.request.method) {",
      "    case HttpMethod.get:",
      "      return Response();",
      "    case HttpMethod.put:",
      "    case HttpMethod.delete:",
      "      return Response(statusCode: HttpStatus.methodNotAllowed);",
      "  }",
      "}",
    ].join("\n"),
    "mobile/pubspec.yaml": "name: mobile\ndependencies:\n  flutter:\n    sdk: flutter\n",
    "mobile/routes/home.dart": "import 'package:flutter/widgets.dart';\nclass Home extends StatelessWidget {}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), ["GET /todos api/routes/todos.dart"]);
});

dartFrog.run();
