import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const play = suite("Play routes");

play("conf/routes lines are routes: :params, *rest and $id<regex> parameters, a route file included under a prefix (-> /admin admin.Routes); Assets serving a folder, comments and modifier lines are none; a routes file of the tests serves nothing", () => {
  const root = tempDir("tool-play-routes-");
  writeFiles(root, {
    "build.sbt": 'lazy val root = (project in file(".")).enablePlugins(PlayScala)\n',
    "conf/routes": [
      "# Routes",
      "# This file defines all application routes (Higher priority routes first)",
      "GET     /                                  controllers.Application.index",
      "GET     /clusters/:c                       controllers.Cluster.cluster(c: String)",
      "+ nocsrf",
      "POST    /clusters/:c/topics/:t/delete      controllers.Topic.handleDeleteTopic(c: String, t: String)",
      "GET     /items/$id<[0-9]+>                 controllers.Items.show(id: Long)",
      "GET     /files/*path                       controllers.Files.serve(path)",
      "#GET    /old                               controllers.Old.index",
      "->      /admin                             admin.Routes",
      "GET     /assets/*file                      controllers.Assets.versioned(path=\"/public\", file: Asset)",
      "",
    ].join("\n"),
    "conf/admin.routes": "GET     /users        controllers.admin.Users.list\nDELETE  /users/:id    controllers.admin.Users.delete(id: Long)\n",
    "test/conf/routes": "GET     /test-only    controllers.Fake.index\n",
    "app/controllers/Application.scala": "package controllers\nclass Application extends Controller { def index = Action { Ok(\"\") } }\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}`), [
    "GET / conf/routes:3 controllers.Application.index",
    "GET /admin/users conf/routes:10 controllers.admin.Users.list",
    "DELETE /admin/users/{id} conf/routes:10 controllers.admin.Users.delete",
    "GET /clusters/{c} conf/routes:4 controllers.Cluster.cluster",
    "POST /clusters/{c}/topics/{t}/delete conf/routes:6 controllers.Topic.handleDeleteTopic",
    "GET /files/* conf/routes:8 controllers.Files.serve",
    "GET /items/{id} conf/routes:7 controllers.Items.show",
  ]);
});

play.run();
