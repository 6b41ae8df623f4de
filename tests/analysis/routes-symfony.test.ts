import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "../helpers/repo.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const symfony = suite("Symfony routes");

symfony("route attributes and annotations with class prefixes (one in a class constant), invokable controllers, IsGranted guards", () => {
  assert.equal(list(fixtureRepo("routes-symfony")), [
    "ALL /admin/dashboard src/Controller/Admin/DashboardController.php:16 DashboardController::dashboard [IsGranted(ROLE_ADMIN)]",
    "GET /blog src/Controller/BlogController.php:14 BlogController::index",
    "DELETE /blog/{id} src/Controller/BlogController.php:33 BlogController::delete [denyAccessUnlessGranted(ROLE_ADMIN)]",
    "GET /blog/{id}/edit src/Controller/BlogController.php:26 BlogController::edit [IsGranted(ROLE_EDITOR)]",
    "POST /blog/{id}/edit src/Controller/BlogController.php:26 BlogController::edit [IsGranted(ROLE_EDITOR)]",
    "GET /blog/{slug} src/Controller/BlogController.php:20 BlogController::show",
    "HEAD /blog/{slug} src/Controller/BlogController.php:20 BlogController::show",
    "GET /health src/Controller/HealthController.php:8 HealthController",
    "GET /legacy/report/{year} src/Controller/LegacyController.php:15 LegacyController::report [IsGranted(ROLE_USER)]",
  ]);
});

symfony("routes in tests, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-symfony")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("tests/") || /commented|not-a-route|fake/.test(r.path)));
});

symfony.run();
