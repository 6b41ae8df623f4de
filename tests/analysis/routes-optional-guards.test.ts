// Guards that do not guard: a middleware or dependency whose arguments make it optional reads the
// caller when there is one and lets everyone through, so the route it wraps is not guarded.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("optional guards");

const guarded = (files: Record<string, string>) => {
  const root = tempDir("tool-optional-guard-");
  writeFiles(root, files);
  commitAll(root);
  return analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.guards.length ? "guarded" : "open"}`).sort();
};

test("Gin: AuthMiddleware(false) is optional, AuthMiddleware(true) guards", () => {
  assert.equal(guarded({
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
    "main.go": 'package main\n\nimport "github.com/gin-gonic/gin"\n\nfunc main() {\n\tr := gin.Default()\n\topen := r.Group("/api")\n\topen.Use(AuthMiddleware(false))\n\topen.GET("/articles", list)\n\tauth := r.Group("/api")\n\tauth.Use(AuthMiddleware(true))\n\tauth.POST("/articles", create)\n\tr.Run()\n}\n',
  }), ["GET /api/articles open", "POST /api/articles guarded"]);
});

test("FastAPI: a dependency called with required=False is optional", () => {
  assert.equal(guarded({
    "requirements.txt": "fastapi\n",
    "app/main.py": 'from fastapi import APIRouter, Depends, FastAPI\n\napp = FastAPI()\nrouter = APIRouter()\n\n\n@router.get("/articles")\ndef list_articles(user=Depends(get_current_user_authorizer(required=False))):\n    return []\n\n\n@router.post("/articles")\ndef create_article(user=Depends(get_current_user_authorizer())):\n    return {}\n\n\napp.include_router(router, prefix="/api")\n',
  }), ["GET /api/articles open", "POST /api/articles guarded"]);
});

test("Ktor: authenticate(optional = true) is optional", () => {
  assert.equal(guarded({
    "build.gradle.kts": 'dependencies { implementation("io.ktor:ktor-server-core:2.3.0") }\n',
    "src/main/kotlin/App.kt": 'package app\n\nimport io.ktor.server.application.*\nimport io.ktor.server.auth.*\nimport io.ktor.server.routing.*\n\nfun Application.module() {\n    routing {\n        authenticate("jwt", optional = true) {\n            get("/articles") { }\n        }\n        authenticate("jwt") {\n            post("/articles") { }\n        }\n    }\n}\n',
  }), ["GET /articles open", "POST /articles guarded"]);
});

test.run();
