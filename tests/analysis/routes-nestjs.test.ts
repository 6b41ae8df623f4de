import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { routeLines, guardedRoutes } from "../helpers/routes.ts";

const nest = suite("NestJS routes");

nest("controllers, global prefix, URI versioning, guards at class, method, module and app scope, exactly", () => {
  assert.equal(routeLines("routes-nestjs"), [
    "GET /api/health src/health.controller.ts:6 HealthController.check [SessionGuard]",
    "GET /api/v1/users src/users/users.controller.ts:14 UsersController.findAll [SessionGuard,JwtAuthGuard]",
    "POST /api/v1/users src/users/users.controller.ts:24 UsersController.create [SessionGuard,JwtAuthGuard,RolesGuard]",
    "DELETE /api/v1/users/{id} src/users/users.controller.ts:36 UsersController.remove [SessionGuard,JwtAuthGuard]",
    "GET /api/v1/users/{id} src/users/users.controller.ts:19 UsersController.findOne [SessionGuard,JwtAuthGuard]",
    "GET /api/v2/cats src/cats/cats.controller.ts:8 CatsController.findAll [SessionGuard]",
    "POST /api/v2/cats src/cats/cats.controller.ts:13 CatsController.create [AuthMiddleware,SessionGuard]",
    "GET /api/v2/users/{id}/profile src/users/users.controller.ts:31 UsersController.profile [SessionGuard,JwtAuthGuard]",
  ]);
});

nest("without enableVersioning versions stay out of the path; useGlobalGuards guards every route", () => {
  const root = tempDir();
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "11" } }),
    "src/main.ts": [
      "const app = await NestFactory.create(AppModule);",
      "app.useGlobalGuards(new ApiKeyGuard());",
    ].join("\n"),
    "src/orders.controller.ts": [
      '@Controller({ path: "orders", version: "3" })',
      "export class OrdersController {",
      '  @Get(["", "all"])',
      "  list() {}",
      '  @Patch(":id")',
      "  update() {}",
      "}",
    ].join("\n"),
  });
  const section = analyze(root).routes;
  assert.equal(section.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /orders OrdersController.list [ApiKeyGuard]",
    "PATCH /orders/{id} OrdersController.update [ApiKeyGuard]",
    "GET /orders/all OrdersController.list [ApiKeyGuard]",
  ]);
  assert.ok(section.globalGuard);
});

nest("in a repository of several NestJS applications, what one bootstrap sets (URI versioning, a global prefix, a global guard) holds for that application's routes alone, and two applications serving one path is no duplicate", () => {
  const root = tempDir("tool-nest-applications-");
  writeFiles(root, {
    "package.json": JSON.stringify({ private: true, workspaces: ["apps/*"] }),
    "apps/api/package.json": JSON.stringify({ name: "api", dependencies: { "@nestjs/core": "10" } }),
    "apps/api/src/bootstrap.ts": [
      "export async function bootstrap() {",
      "  const app = await NestFactory.create(AppModule);",
      "  app.enableVersioning({ type: VersioningType.URI, defaultVersion: '1' });",
      "  app.useGlobalGuards(new ApiKeyGuard());",
      "  await app.listen(3000);",
      "}",
    ].join("\n"),
    "apps/api/src/subscribers.controller.ts": "@Controller('subscribers')\nexport class SubscribersController {\n  @Get()\n  list() {}\n}\n",
    "apps/worker/package.json": JSON.stringify({ name: "worker", dependencies: { "@nestjs/core": "10" } }),
    "apps/worker/src/bootstrap.ts": [
      "export async function bootstrap() {",
      "  const app = await NestFactory.create(AppModule);",
      "  app.setGlobalPrefix('v1');",
      "  await app.listen(3004);",
      "}",
    ].join("\n"),
    "apps/worker/src/health.controller.ts": "@Controller('health-check')\nexport class HealthController {\n  @Get()\n  check() {}\n}\n",
    "apps/webhook/package.json": JSON.stringify({ name: "webhook", dependencies: { "@nestjs/core": "10" } }),
    "apps/webhook/src/main.ts": "const app = await NestFactory.create(AppModule);\nawait app.listen(3003);\n",
    "apps/webhook/src/webhooks.controller.ts": "@Controller('/webhooks')\nexport class WebhooksController {\n  @Post('/:environmentId/email')\n  email() {}\n}\n",
    "apps/webhook/src/app.controller.ts": "@Controller()\nexport class AppController {\n  @Get()\n  hello() {}\n}\n",
    "apps/worker/src/app.controller.ts": "@Controller()\nexport class AppController {\n  @Get()\n  hello() {}\n}\n",
    "apps/ws/package.json": JSON.stringify({ name: "ws", dependencies: { "@nestjs/core": "10" } }),
    "apps/ws/src/main.ts": "const app = await NestFactory.create(AppModule);\nawait app.listen(3002);\n",
    "apps/ws/src/app.controller.ts": "@Controller()\nexport class AppController {\n  @Get()\n  ping() {}\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /",
    "GET /",
    "GET /v1",
    "GET /v1/health-check",
    "GET /v1/subscribers [ApiKeyGuard]",
    "POST /webhooks/{environmentId}/email",
  ]);
  assert.equal(analyze(root).routes.duplicates, []);
});

nest("SwaggerModule.setup serves the Swagger UI at its path, outside the global prefix", () => {
  const root = tempDir("tool-nest-swagger-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/swagger": "^7" } }),
    "src/main.ts": "import { NestFactory } from '@nestjs/core';\nimport { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';\nimport { AppModule } from './app.module';\n\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  app.setGlobalPrefix('api');\n  const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());\n  SwaggerModule.setup('/docs', app, document);\n  await app.listen(3000);\n}\nbootstrap();\n",
    "src/tags.controller.ts": "import { Controller, Get } from '@nestjs/common';\n\n@Controller('tags')\nexport class TagsController {\n  @Get()\n  list() { return []; }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), ["GET /api/tags TagsController.list", "GET /docs (Swagger UI)"]);
});

nest("a middleware class applied with consumer.apply().forRoutes() that hands on a request without an Authorization header guards nothing; one that refuses it guards", () => {
  const root = tempDir("tool-nest-optional-middleware-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/main.ts": "import { NestFactory } from '@nestjs/core';\nimport { AppModule } from './app.module';\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  await app.listen(3000);\n}\nbootstrap();\n",
    "src/app.module.ts": [
      "import { MiddlewareConsumer, Module, RequestMethod } from '@nestjs/common';",
      "import { AuthMiddleware } from './auth.middleware';",
      "import { RequireUserMiddleware } from './require-user.middleware';",
      "import { TagsController } from './tags.controller';",
      "@Module({ controllers: [TagsController] })",
      "export class AppModule {",
      "  configure(consumer: MiddlewareConsumer) {",
      "    consumer.apply(AuthMiddleware).forRoutes({ path: '*', method: RequestMethod.ALL });",
      "    consumer.apply(RequireUserMiddleware).forRoutes({ path: 'tags', method: RequestMethod.POST });",
      "  }",
      "}",
    ].join("\n"),
    "src/auth.middleware.ts": [
      "import { Injectable, NestMiddleware } from '@nestjs/common';",
      "@Injectable()",
      "export class AuthMiddleware implements NestMiddleware {",
      "  async use(req: any, res: any, next: () => void) {",
      "    if (!req.headers.authorization) {",
      "      req.user = null;",
      "      next();",
      "      return;",
      "    }",
      "    req.user = await this.users.fromToken(req.headers.authorization.split(' ')[1]);",
      "    next();",
      "  }",
      "}",
    ].join("\n"),
    "src/require-user.middleware.ts": [
      "import { Injectable, NestMiddleware, UnauthorizedException } from '@nestjs/common';",
      "@Injectable()",
      "export class RequireUserMiddleware implements NestMiddleware {",
      "  use(req: any, res: any, next: () => void) {",
      "    if (!req.user) throw new UnauthorizedException();",
      "    next();",
      "  }",
      "}",
    ].join("\n"),
    "src/tags.controller.ts": "import { Controller, Get, Post } from '@nestjs/common';\n@Controller('tags')\nexport class TagsController {\n  @Get()\n  list() { return []; }\n  @Post()\n  create() { return {}; }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /tags",
    "POST /tags [RequireUserMiddleware]",
  ]);
});

nest("routes the global prefix excludes (setGlobalPrefix(\"api\", { exclude: [...] })) are served without it, by path or by path and method", () => {
  const root = tempDir("tool-nest-prefix-exclude-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/main.ts": [
      "import { RequestMethod } from '@nestjs/common';",
      "import { NestFactory } from '@nestjs/core';",
      "import { AppModule } from './app.module';",
      "async function bootstrap() {",
      "  const app = await NestFactory.create(AppModule);",
      "  app.setGlobalPrefix('api', { exclude: ['sitemap.xml', { path: 'health', method: RequestMethod.GET }] });",
      "  await app.listen(3000);",
      "}",
      "bootstrap();",
    ].join("\n"),
    "src/app.module.ts": "import { Module } from '@nestjs/common';\nimport { SiteController } from './site.controller';\n@Module({ controllers: [SiteController] })\nexport class AppModule {}\n",
    "src/site.controller.ts": [
      "import { Controller, Get, Post } from '@nestjs/common';",
      "@Controller()",
      "export class SiteController {",
      "  @Get('sitemap.xml') sitemap() { return ''; }",
      "  @Get('health') health() { return 'ok'; }",
      "  @Post('health') report() { return 'ok'; }",
      "  @Get('tags') tags() { return []; }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["POST /api/health", "GET /api/tags", "GET /health", "GET /sitemap.xml"]);
});

nest("a decorator the project composes with applyDecorators(UseGuards(...)) guards the methods and classes that wear it; one composing no guard does not", () => {
  const root = tempDir("tool-nest-composed-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10", "@nestjs/passport": "^10" } }),
    "src/decorators/requires-scope.decorator.ts": [
      "import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';",
      "import { AuthGuard } from '@nestjs/passport';",
      "import { ScopeGuard } from '../guards/scope.guard';",
      "export function RequiresScope(...scopes: string[]) {",
      "  return applyDecorators(SetMetadata('scopes', scopes), UseGuards(AuthGuard('jwt'), ScopeGuard));",
      "}",
      "export const Cached = (ttl: number) => applyDecorators(SetMetadata('ttl', ttl));",
    ].join("\n"),
    "src/app.module.ts": "import { Module } from '@nestjs/common';\nimport { AccountController } from './account.controller';\nimport { AdminController } from './admin.controller';\n@Module({ controllers: [AccountController, AdminController] })\nexport class AppModule {}\n",
    "src/account.controller.ts": [
      "import { Controller, Get, Post } from '@nestjs/common';",
      "import { Cached, RequiresScope } from './decorators/requires-scope.decorator';",
      "@Controller('account')",
      "export class AccountController {",
      "  @Get() @RequiresScope('account:read') list() { return []; }",
      "  @Post() @RequiresScope('account:create') create() { return {}; }",
      "  @Get('public') @Cached(60) shown() { return {}; }",
      "}",
    ].join("\n"),
    "src/admin.controller.ts": [
      "import { Controller, Get } from '@nestjs/common';",
      "import { RequiresScope } from './decorators/requires-scope.decorator';",
      "@Controller('admin')",
      "@RequiresScope('admin')",
      "export class AdminController {",
      "  @Get('stats') stats() { return {}; }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /account [AuthGuard,ScopeGuard]",
    "POST /account [AuthGuard,ScopeGuard]",
    "GET /account/public",
    "GET /admin/stats [AuthGuard,ScopeGuard]",
  ]);
});

nest("a global guard (APP_GUARD) that allows a request without the header it reads guards nothing; one that refuses it guards every route", () => {
  const root = tempDir("tool-nest-app-guard-optional-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/app.module.ts": [
      "import { Module } from '@nestjs/common';",
      "import { APP_GUARD } from '@nestjs/core';",
      "import { ImpersonationWriteGuard } from './guards/impersonation-write.guard';",
      "import { ApiKeyGuard } from './guards/api-key.guard';",
      "import { TagsController } from './tags.controller';",
      "@Module({",
      "  controllers: [TagsController],",
      "  providers: [{ provide: APP_GUARD, useClass: ImpersonationWriteGuard }, { provide: APP_GUARD, useClass: ApiKeyGuard }],",
      "})",
      "export class AppModule {}",
    ].join("\n"),
    "src/guards/impersonation-write.guard.ts": [
      "import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';",
      "@Injectable()",
      "export class ImpersonationWriteGuard implements CanActivate {",
      "  canActivate(context: ExecutionContext): boolean {",
      "    const request = context.switchToHttp().getRequest();",
      "    if (!request.headers?.[HEADER_KEY_IMPERSONATION.toLowerCase()]) {",
      "      return true;",
      "    }",
      "    return request.method === 'GET';",
      "  }",
      "}",
    ].join("\n"),
    "src/guards/api-key.guard.ts": [
      "import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';",
      "@Injectable()",
      "export class ApiKeyGuard implements CanActivate {",
      "  canActivate(context: ExecutionContext): boolean {",
      "    const request = context.switchToHttp().getRequest();",
      "    if (!request.headers['x-api-key']) {",
      "      throw new UnauthorizedException();",
      "    }",
      "    return true;",
      "  }",
      "}",
    ].join("\n"),
    "src/tags.controller.ts": "import { Controller, Get } from '@nestjs/common';\n@Controller('tags')\nexport class TagsController {\n  @Get()\n  list() { return []; }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /tags [ApiKeyGuard]"]);
});

nest("a global guard class not named like a check (APP_GUARD useClass: Ability) guards when its canActivate turns a caller away; a handler given the public role (@Roles('public')) is let through; one that only counts requests guards nothing", () => {
  const root = tempDir("tool-nest-app-guard-candidate-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/app.module.ts": [
      "import { Module } from '@nestjs/common';",
      "import { APP_GUARD } from '@nestjs/core';",
      "import { Ability } from './ability';",
      "import { RequestCounter } from './request-counter';",
      "import { ContentController } from './content.controller';",
      "@Module({",
      "  controllers: [ContentController],",
      "  providers: [{ provide: APP_GUARD, useClass: Ability }, { provide: APP_GUARD, useClass: RequestCounter }],",
      "})",
      "export class AppModule {}",
    ].join("\n"),
    "src/ability.ts": [
      "import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';",
      "@Injectable()",
      "export class Ability implements CanActivate {",
      "  constructor(private reflector: Reflector) {}",
      "  async canActivate(context: ExecutionContext): Promise<boolean> {",
      "    const roles = this.reflector.get<string[]>('roles', context.getHandler());",
      "    if (roles?.includes('public')) {",
      "      return true;",
      "    }",
      "    const { user } = context.switchToHttp().getRequest();",
      "    if (!user) {",
      "      throw new UnauthorizedException();",
      "    }",
      "    return true;",
      "  }",
      "}",
    ].join("\n"),
    "src/request-counter.ts": [
      "import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';",
      "@Injectable()",
      "export class RequestCounter implements CanActivate {",
      "  canActivate(context: ExecutionContext): boolean {",
      "    metrics.requests += 1;",
      "    return true;",
      "  }",
      "}",
    ].join("\n"),
    "src/roles.decorator.ts": "import { SetMetadata } from '@nestjs/common';\nexport const Roles = (...roles: string[]) => SetMetadata('roles', roles);\n",
    "src/content.controller.ts": [
      "import { Controller, Get, Post } from '@nestjs/common';",
      "import { Roles } from './roles.decorator';",
      "@Controller('content')",
      "export class ContentController {",
      "  @Post()",
      "  create() { return {}; }",
      "",
      "  @Roles('public')",
      "  @Get('feed')",
      "  feed() { return []; }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["POST /content [Ability]", "GET /content/feed"]);
});

nest("a handler or controller marked public by the project's decorator (@Public(), SetMetadata(IS_PUBLIC_KEY, true)) lifts the global guard; its own @UseGuards still apply", () => {
  const root = tempDir("tool-nest-public-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/app.module.ts": [
      "import { Module } from '@nestjs/common';",
      "import { APP_GUARD } from '@nestjs/core';",
      "import { AuthGuard } from './auth.guard';",
      "import { AuthController } from './auth.controller';",
      "import { HealthController } from './health.controller';",
      "@Module({ controllers: [AuthController, HealthController], providers: [{ provide: APP_GUARD, useClass: AuthGuard }] })",
      "export class AppModule {}",
    ].join("\n"),
    "src/public.decorator.ts": "import { SetMetadata } from '@nestjs/common';\nexport const IS_PUBLIC_KEY = 'isPublic';\nexport const Public = () => SetMetadata(IS_PUBLIC_KEY, true);\n",
    "src/auth.guard.ts": [
      "import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';",
      "@Injectable()",
      "export class AuthGuard {",
      "  canActivate(context: ExecutionContext) {",
      "    if (this.reflector.getAllAndOverride(IS_PUBLIC_KEY, [context.getHandler()])) return true;",
      "    if (!context.switchToHttp().getRequest().user) throw new UnauthorizedException();",
      "    return true;",
      "  }",
      "}",
    ].join("\n"),
    "src/auth.controller.ts": [
      "import { Controller, Get, Post, UseGuards } from '@nestjs/common';",
      "import { Public } from './public.decorator';",
      "@Controller('auth')",
      "export class AuthController {",
      "  @Public()",
      "  @Post('signin')",
      "  signin() {}",
      "",
      "  @Public()",
      "  @UseGuards(ShareAuthGuard)",
      "  @Get('share')",
      "  share() {}",
      "",
      "  @Get('me')",
      "  me() {}",
      "}",
    ].join("\n"),
    "src/health.controller.ts": "import { Controller, Get } from '@nestjs/common';\nimport { Public } from './public.decorator';\n@Public()\n@Controller('health')\nexport class HealthController {\n  @Get()\n  check() {}\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /auth/me [AuthGuard]",
    "GET /auth/share [ShareAuthGuard]",
    "POST /auth/signin",
    "GET /health",
  ]);
});

nest("a middleware made by a factory and imported through a barrel is read where the factory is: one that hands on a request without a token guards nothing", () => {
  const root = tempDir("tool-nest-factory-middleware-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/app.module.ts": [
      "import { MiddlewareConsumer, Module, RequestMethod } from '@nestjs/common';",
      "import { createAuthMiddleware, createJwtMiddleware } from './common/middleware';",
      "import { TagsController } from './tags.controller';",
      "@Module({ controllers: [TagsController] })",
      "export class AppModule {",
      "  configure(consumer: MiddlewareConsumer) {",
      "    consumer.apply(createAuthMiddleware()).forRoutes({ path: '*', method: RequestMethod.ALL });",
      "    consumer.apply(createJwtMiddleware()).forRoutes({ path: 'tags', method: RequestMethod.DELETE });",
      "  }",
      "}",
    ].join("\n"),
    "src/common/middleware/index.ts": "export { createAuthMiddleware } from './auth/auth.middleware';\nexport { createJwtMiddleware } from './admin/admin.middleware';\n",
    "src/common/middleware/auth/auth.middleware.ts": [
      "import { Injectable, NestMiddleware } from '@nestjs/common';",
      "export function createAuthMiddleware(relations?: string[]) {",
      "  @Injectable()",
      "  class AuthMiddleware implements NestMiddleware {",
      "    async use(req: any, _res: any, next: () => void) {",
      "      const token = req.headers.authorization?.split(' ')[1];",
      "      if (!token) {",
      "        req.user = null;",
      "        next();",
      "        return;",
      "      }",
      "      req.user = await findUser(token, relations);",
      "      next();",
      "    }",
      "  }",
      "  return AuthMiddleware;",
      "}",
    ].join("\n"),
    "src/common/middleware/admin/admin.middleware.ts": [
      "import { Injectable, NestMiddleware, UnauthorizedException } from '@nestjs/common';",
      "export function createJwtMiddleware() {",
      "  @Injectable()",
      "  class JwtMiddleware implements NestMiddleware {",
      "    use(req: any, _res: any, next: () => void) {",
      "      const token = req.headers.authorization;",
      "      if (!token) throw new UnauthorizedException();",
      "      next();",
      "    }",
      "  }",
      "  return JwtMiddleware;",
      "}",
    ].join("\n"),
    "src/tags.controller.ts": "import { Controller, Delete, Get } from '@nestjs/common';\n@Controller('tags')\nexport class TagsController {\n  @Get()\n  list() { return []; }\n  @Delete()\n  clear() { return {}; }\n}\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "DELETE /tags [createJwtMiddleware]",
    "GET /tags",
  ]);
});

nest("RouterModule's paths reach the controllers of the modules they name, children after their parent, under the global prefix; an imported module's controllers take no path", () => {
  const root = tempDir("tool-nest-router-module-");
  const controller = (name: string, path: string, guard = "") =>
    `import { Controller, Get, UseGuards } from "@nestjs/common";\n\n@Controller("${path}")\n${guard}export class ${name} {\n  @Get(":id")\n  find() {}\n}\n`;
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "10", "@nestjs/common": "10" } }),
    "src/main.ts": 'const app = await NestFactory.create(AppModule);\napp.setGlobalPrefix("v1");\n',
    "src/app.module.ts": [
      'import { Module } from "@nestjs/common";',
      'import { RouterModule, Routes } from "@nestjs/core";',
      'import { PublicApiModule } from "./api/public/public-api.module";',
      'import { PrivateApiModule } from "./api/private/private-api.module";',
      'import { AuthModule } from "./api/private/auth/auth.module";',
      'import { HealthModule } from "./health/health.module";',
      "",
      'export const PUBLIC_API_PREFIX = "/api/v2";',
      "",
      "const routes: Routes = [",
      "  { path: PUBLIC_API_PREFIX, module: PublicApiModule },",
      '  { path: "/api/private", module: PrivateApiModule, children: [{ path: "auth", module: AuthModule }] },',
      "];",
      "",
      "@Module({",
      "  imports: [RouterModule.register(routes), PublicApiModule, PrivateApiModule, HealthModule],",
      "})",
      "export class AppModule {}",
    ].join("\n"),
    "src/api/public/public-api.module.ts": [
      'import { Module } from "@nestjs/common";',
      'import { NotesController } from "./notes/notes.controller";',
      'import { HealthModule } from "../../health/health.module";',
      "",
      "@Module({",
      "  imports: [HealthModule],",
      "  controllers: [NotesController],",
      "})",
      "export class PublicApiModule {}",
    ].join("\n"),
    "src/api/public/notes/notes.controller.ts": controller("NotesController", "notes", "@UseGuards(ApiTokenGuard)\n"),
    "src/api/private/private-api.module.ts": 'import { Module } from "@nestjs/common";\nimport { MeController } from "./me/me.controller";\n\n@Module({ controllers: [MeController] })\nexport class PrivateApiModule {}\n',
    "src/api/private/me/me.controller.ts": controller("MeController", "me", "@UseGuards(SessionGuard)\n"),
    "src/api/private/auth/auth.module.ts": 'import { Module } from "@nestjs/common";\nimport { AuthController } from "./auth.controller";\n\n@Module({ controllers: [AuthController] })\nexport class AuthModule {}\n',
    "src/api/private/auth/auth.controller.ts": controller("AuthController", "local"),
    "src/health/health.module.ts": 'import { Module } from "@nestjs/common";\nimport { HealthController } from "./health.controller";\n\n@Module({ controllers: [HealthController] })\nexport class HealthModule {}\n',
    "src/health/health.controller.ts": controller("HealthController", "health"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /v1/api/private/auth/local/{id} AuthController.find",
    "GET /v1/api/private/me/{id} MeController.find [SessionGuard]",
    "GET /v1/api/v2/notes/{id} NotesController.find [ApiTokenGuard]",
    "GET /v1/health/{id} HealthController.find",
  ]);
});

nest("a single sign-on through another provider's strategy (@UseGuards(GithubSSOGuard), a class extending AuthGuard('openidconnect'), AuthGuard('google') and a factory's OAuthCallbackGuard('google') in place) is the way in, no check of the caller; GoogleAuthGuard, JwtAuthGuard, AuthGuard('jwt') and AuthGuard('api-key') beside it are", () => {
  const root = tempDir("tool-nest-sso-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "11" } }),
    "src/auth/auth.controller.ts": [
      "import { Controller, Get, UseGuards } from '@nestjs/common';",
      "@Controller('auth')",
      "export class AuthController {",
      "  @Get('github')",
      "  @UseGuards(GithubSSOGuard)",
      "  async githubAuth() {}",
      "  @Get('microsoft/callback')",
      "  @UseGuards(MicrosoftSSOGuard)",
      "  async microsoftCallback() {}",
      "  @Get('settings')",
      "  @UseGuards(GoogleAuthGuard)",
      "  async settings() {}",
      "  @Get('me')",
      "  @UseGuards(JwtAuthGuard)",
      "  async me() {}",
      "  @Get('oidc/callback')",
      "  @UseGuards(OIDCGuard)",
      "  async oidcCallback() {}",
      "  @Get('tokens')",
      "  @UseGuards(ApiKeyGuard)",
      "  async tokens() {}",
      // Made for a strategy in place: the strategy tells too.
      "  @Get('google')",
      "  @UseGuards(AuthGuard('google'))",
      "  async google() {}",
      "  @Get('google/callback')",
      "  @UseGuards(OAuthCallbackGuard('google'))",
      "  async googleCallback() {}",
      "  @Get('keys')",
      "  @UseGuards(AuthGuard('jwt'))",
      "  async keys() {}",
      "}",
    ].join("\n"),
    // Guards of the project's named for no provider: their Passport strategy tells.
    "src/auth/oidc.guard.ts": "import { AuthGuard } from '@nestjs/passport';\nexport class OIDCGuard extends AuthGuard('openidconnect') {}\n",
    "src/auth/api-key.guard.ts": "import { AuthGuard } from '@nestjs/passport';\nexport class ApiKeyGuard extends AuthGuard('api-key') {}\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /auth/github",
    "GET /auth/google",
    "GET /auth/google/callback",
    "GET /auth/keys [AuthGuard]",
    "GET /auth/me [JwtAuthGuard]",
    "GET /auth/microsoft/callback",
    "GET /auth/oidc/callback",
    "GET /auth/settings [GoogleAuthGuard]",
    "GET /auth/tokens [ApiKeyGuard]",
  ]);
});

nest("a global guard that lets through every handler without its metadata (a policies guard) guards nothing by itself, a route-level one still does; middleware applied with forRoutes(...controllers) guards each controller of the array", () => {
  const root = tempDir("tool-nest-metadata-guard-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/common": "^10" } }),
    "src/app.module.ts": [
      "import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';",
      "import { APP_GUARD } from '@nestjs/core';",
      "import { PoliciesGuard } from './guards/policies.guard';",
      "import { AuthMiddleware } from './auth.middleware';",
      "import { PostsController, UsersController, PublicController } from './controllers';",
      "const authenticatedControllers = [",
      "  PostsController,",
      "  UsersController,",
      "];",
      "@Module({",
      "  controllers: [PublicController, ...authenticatedControllers],",
      "  providers: [{ provide: APP_GUARD, useClass: PoliciesGuard }],",
      "})",
      "export class AppModule implements NestModule {",
      "  configure(consumer: MiddlewareConsumer) {",
      "    consumer.apply(AuthMiddleware).forRoutes(...authenticatedControllers);",
      "  }",
      "}",
    ].join("\n"),
    "src/guards/policies.guard.ts": [
      "import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';",
      "import { Reflector } from '@nestjs/core';",
      "@Injectable()",
      "export class PoliciesGuard implements CanActivate {",
      "  constructor(private _reflector: Reflector) {}",
      "  async canActivate(context: ExecutionContext): Promise<boolean> {",
      "    const policyHandlers =",
      "      this._reflector.get<string[]>(CHECK_POLICIES_KEY, context.getHandler()) || [];",
      "    if (!policyHandlers || !policyHandlers.length) {",
      "      return true;",
      "    }",
      "    return check(policyHandlers, context);",
      "  }",
      "}",
    ].join("\n"),
    "src/auth.middleware.ts": [
      "import { Injectable, NestMiddleware, UnauthorizedException } from '@nestjs/common';",
      "@Injectable()",
      "export class AuthMiddleware implements NestMiddleware {",
      "  use(req, res, next) {",
      "    if (!req.headers.auth) throw new UnauthorizedException();",
      "    next();",
      "  }",
      "}",
    ].join("\n"),
    "src/controllers.ts": [
      "import { Controller, Get, UseGuards } from '@nestjs/common';",
      "import { PoliciesGuard } from './guards/policies.guard';",
      "@Controller('posts')",
      "export class PostsController {",
      "  @Get()",
      "  list() { return []; }",
      "}",
      "@Controller('users')",
      "export class UsersController {",
      "  @Get()",
      "  list() { return []; }",
      "}",
      "@Controller('public')",
      "export class PublicController {",
      "  @Get()",
      "  feed() { return []; }",
      "  @Get('stats')",
      "  @UseGuards(PoliciesGuard)",
      "  stats() { return []; }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /posts [AuthMiddleware]",
    "GET /public",
    "GET /public/stats [PoliciesGuard]",
    "GET /users [AuthMiddleware]",
  ]);
});

nest.run();
