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

test("Axum: an extractor argument that requires a user guards the handler; Option<...> and Maybe... do not", () => {
  assert.equal(guarded({
    "Cargo.toml": '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\naxum = "0.7"\n',
    "src/http/mod.rs": "mod listing;\n\nuse axum::{routing::get, Router};\n\npub fn router() -> Router {\n    Router::new()\n        .route(\"/api/user\", get(current_user).put(update_user))\n        .route(\"/api/articles\", get(listing::list_articles))\n}\n\nasync fn current_user(auth_user: AuthUser, ctx: Extension<ApiContext>) -> Json<User> {\n    todo!()\n}\n\nasync fn update_user(\n    maybe: Option<AuthUser>,\n    Json(req): Json<UpdateUser>,\n) -> Result<Json<User>, Error> {\n    todo!()\n}\n",
    "src/http/listing.rs": "pub async fn list_articles(maybe_user: MaybeAuthUser, Query(q): Query<ListQuery>) -> Json<Vec<Article>> {\n    todo!()\n}\n",
    "src/main.rs": "mod http;\n\n#[tokio::main]\nasync fn main() {\n    let app = http::router();\n    axum::Server::bind(&addr).serve(app.into_make_service()).await.unwrap();\n}\n",
  }), ["GET /api/articles open", "GET /api/user guarded", "PUT /api/user open"]);
});

test("Django REST Framework: IsAuthenticatedOrReadOnly lets anyone read", () => {
  assert.equal(guarded({
    "requirements.txt": "django\ndjangorestframework\n",
    "app/views.py": "from rest_framework import generics\nfrom rest_framework.permissions import IsAuthenticatedOrReadOnly\n\n\nclass ArticleList(generics.ListCreateAPIView):\n    permission_classes = (IsAuthenticatedOrReadOnly,)\n",
    "app/urls.py": "from django.urls import path\n\nfrom .views import ArticleList\n\nurlpatterns = [\n    path(\"api/articles\", ArticleList.as_view()),\n]\n",
  }), ["GET /api/articles open", "POST /api/articles guarded"]);
});

test("Phoenix: a pipeline named optional (:opt_auth) guards nothing; :auth does", () => {
  assert.equal(guarded({
    "mix.exs": 'defmodule App.MixProject do\n  use Mix.Project\n  def project, do: [app: :app, deps: [{:phoenix, "~> 1.7"}]]\nend\n',
    "lib/app_web/router.ex": [
      "defmodule AppWeb.Router do", "  use AppWeb, :router", "",
      "  pipeline :opt_auth do", "    plug AppWeb.AuthOptPipeline", "  end", "",
      "  pipeline :auth do", "    plug AppWeb.AuthPipeline", "  end", "",
      '  scope "/api", AppWeb do', "    pipe_through [:opt_auth]", '    get "/articles", ArticleController, :index', "  end", "",
      '  scope "/api", AppWeb do', "    pipe_through [:auth]", '    post "/articles", ArticleController, :create', "  end",
      "end", "",
    ].join("\n"),
  }), ["GET /api/articles open", "POST /api/articles guarded"]);
});

test("NestJS: a guest guard reads the caller without requiring one; Passport's local guard is the sign-in itself", () => {
  assert.equal(guarded({
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/articles.controller.ts": [
      'import { Controller, Get, Post, UseGuards } from "@nestjs/common";', "",
      '@Controller("articles")', "export class ArticlesController {",
      "  @UseGuards(JwtGuestAuthGuard)", "  @Get()", "  list() { return []; }", "",
      "  @UseGuards(JwtAuthGuard)", "  @Post()", "  create() { return {}; }", "",
      "  @UseGuards(LocalAuthGuard)", '  @Post("login")', "  login() { return {}; }",
      "}", "",
    ].join("\n"),
  }), ["GET /articles open", "POST /articles guarded", "POST /articles/login open"]);
});

test("Phoenix: a pipeline that only verifies a token guards nothing; a controller's plug ... when action in [...] guards those actions", () => {
  assert.equal(guarded({
    "mix.exs": 'defmodule App.MixProject do\n  use Mix.Project\n  def project, do: [app: :app, deps: [{:phoenix, "~> 1.7"}, {:guardian, "~> 2.0"}]]\nend\n',
    "lib/app_web/router.ex": [
      "defmodule AppWeb.Router do", "  use AppWeb, :router", "",
      "  pipeline :api do", '    plug(:accepts, ["json"])', '    plug(Guardian.Plug.VerifyHeader, realm: "Token")', "    plug(Guardian.Plug.LoadResource, allow_blank: true)", "  end", "",
      '  scope "/", AppWeb do', "    pipe_through(:api)", '    resources("/articles", ArticleController, only: [:index, :create])', "  end",
      "end", "",
    ].join("\n"),
    "lib/app_web/controllers/article_controller.ex": [
      "defmodule AppWeb.ArticleController do", "  use AppWeb, :controller", "",
      "  plug(", "    Guardian.Plug.EnsureAuthenticated", "    when action in [", "           :create", "         ]", "  )", "",
      "  def index(conn, _params), do: json(conn, [])", "  def create(conn, _params), do: json(conn, %{})",
      "end", "",
    ].join("\n"),
  }), ["GET /articles open", "POST /articles guarded"]);
});

test("Express: verifyToken(false) is optional, an auth error handler is no guard; NestJS: ThrottlerGuard and FeatureFlagGuard guard other things than who calls", () => {
  assert.equal(guarded({
    "package.json": JSON.stringify({ dependencies: { express: "^4.19.0" } }),
    "src/app.js": 'import express from "express";\nconst app = express();\napp.use(authErrorHandler);\napp.get("/articles", verify_token(false), list);\napp.post("/articles", verify_token(true), create);\nexport default app;\n',
  }), ["GET /articles open", "POST /articles guarded"], "an error handler named auth... guards nothing");
  assert.equal(guarded({
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/tags.controller.ts": [
      'import { Controller, Get, Post, UseGuards } from "@nestjs/common";', "",
      "@UseGuards(ThrottlerGuard, FeatureFlagGuard)", '@Controller("tags")', "export class TagsController {",
      "  @Get()", "  list() { return []; }", "",
      "  @UseGuards(JwtAuthGuard)", "  @Post()", "  create() { return {}; }",
      "}", "",
    ].join("\n"),
  }), ["GET /tags open", "POST /tags guarded"]);
});

test("a session loader is no guard (express-session, chi with scs's LoadAndSave); a check named for the session is", () => {
  assert.equal(guarded({
    "package.json": JSON.stringify({ dependencies: { express: "^4", "express-session": "^1" } }),
    "app.js": "const express = require('express');\nconst session = require('express-session');\nconst app = express();\napp.use(session({ secret: 's' }));\napp.get('/articles', list);\napp.post('/articles', requireSession, create);\napp.listen(3000);\n",
  }), ["GET /articles open", "POST /articles guarded"]);
  assert.equal(guarded({
    "go.mod": "module example.com/app\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.0\n",
    "main.go": 'package main\n\nimport "github.com/go-chi/chi/v5"\n\nfunc routes(app *application) *chi.Mux {\n\tmux := chi.NewRouter()\n\tmux.Group(func(r chi.Router) {\n\t\tr.Use(app.sessionManager.LoadAndSave)\n\t\tr.Get("/articles", app.list)\n\t})\n\tmux.Group(func(r chi.Router) {\n\t\tr.Use(app.sessionManager.LoadAndSave)\n\t\tr.Use(app.authenticatedOnly)\n\t\tr.Post("/articles", app.create)\n\t})\n\treturn mux\n}\n',
  }), ["GET /articles open", "POST /articles guarded"]);
});

test("a check that applies only when a setting asks for it (check_if_login_required) is optional; require_login is not", () => {
  assert.equal(guarded({
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails', '~> 8.0'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :news, only: [:index, :create]\nend\n",
    "app/controllers/news_controller.rb": [
      "class NewsController < ApplicationController",
      "  before_action :check_if_login_required",
      "  before_action :require_login, only: [:create]",
      "  def index; end",
      "  def create; end",
      "end", "",
    ].join("\n"),
  }), ["GET /news open", "POST /news guarded"]);
});

test("Express: a guard-named middleware that reads the caller and passes every request on (req.isAuthenticated = valid; next()) is optional, found through a CommonJS barrel (module.exports = { auth: require('./auth') }); the one that refuses beside it guards", () => {
  assert.equal(guarded({
    "package.json": JSON.stringify({ dependencies: { express: "^4.19.0" } }),
    "middleware/auth.js": "const jwt = require('jsonwebtoken');\n\nconst auth = (req, res, next) => {\n  const header = req.header('Authorization');\n  let valid = false;\n  if (header) {\n    try {\n      jwt.verify(header.split(' ')[1], process.env.SECRET);\n      valid = true;\n    } catch {}\n  }\n  req.isAuthenticated = valid;\n  next();\n};\n\nmodule.exports = auth;\n",
    "middleware/requireAuth.js": "const requireAuth = (req, res, next) => {\n  if (!req.isAuthenticated) {\n    return res.status(401).json({ error: 'Unauthorized' });\n  }\n  next();\n};\n\nmodule.exports = requireAuth;\n",
    "middleware/index.js": "module.exports = {\n  auth: require('./auth'),\n  requireAuth: require('./requireAuth'),\n};\n",
    "routes/apps.js": "const express = require('express');\nconst router = express.Router();\nconst { auth, requireAuth } = require('../middleware');\n\nrouter.route('/').post(auth, requireAuth, create).get(auth, list);\n\nmodule.exports = router;\n",
    "api.js": "const express = require('express');\nconst api = express();\napi.use('/api/apps', require('./routes/apps'));\nmodule.exports = api;\n",
  }), ["GET /api/apps open", "POST /api/apps guarded"]);
});

test.run();
