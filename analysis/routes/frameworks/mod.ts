/**
 * The framework table: every route scanner, and the comment/string syntax of each language
 * they read. Adding a framework is one module and one line here.
 */
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import type { Syntax } from "../../languages/strip.ts";
import { go } from "../../languages/go.ts";
import { rust } from "../../languages/rust.ts";
import { swift } from "../../languages/swift.ts";
import { dart } from "../../languages/dart.ts";
import { csharp } from "../../languages/csharp.ts";
import { kotlin } from "../../languages/kotlin.ts";
import { java } from "../../languages/java.ts";
import { python } from "../../languages/python.ts";
import { ruby } from "../../languages/ruby/mod.ts";
import { php } from "../../languages/php/mod.ts";
import { elixir } from "../../languages/elixir/mod.ts";
import type { Framework } from "../framework.ts";
import { consumersJs } from "./consumers-js.ts";
import { consumersJvm } from "./consumers-jvm.ts";
import { consumersNest } from "./consumers-nest.ts";
import { consumersPython } from "./consumers-python.ts";
import { consumersRuby } from "./consumers-ruby.ts";
import { jobsDotnet } from "./jobs-dotnet.ts";
import { jobsJs } from "./jobs-js.ts";
import { jobsJvm } from "./jobs-jvm.ts";
import { jobsPython } from "./jobs-python.ts";
import { websocketsChannels } from "./websockets-channels.ts";
import { websocketsJs } from "./websockets-js.ts";
import { websocketsPhoenix } from "./websockets-phoenix.ts";
import { grpcClasses } from "./grpc-classes.ts";
import { grpcGo } from "./grpc-go.ts";
import { grpcJs } from "./grpc-js.ts";
import { graphqlGo } from "./graphql-go.ts";
import { graphqlJs } from "./graphql-js.ts";
import { graphqlJvm } from "./graphql-jvm.ts";
import { graphqlPython } from "./graphql-python.ts";
import { fastapi } from "./fastapi.ts";
import { ninja } from "./ninja.ts";
import { adonis } from "./adonis.ts";
import { slim } from "./slim.ts";
import { cakephp } from "./cakephp.ts";
import { flarum } from "./flarum.ts";
import { utopia } from "./utopia.ts";
import { codeigniter } from "./codeigniter.ts";
import { codeigniter3 } from "./codeigniter3.ts";
import { fasthttpRouter } from "./fasthttp-router.ts";
import { orpc } from "./orpc.ts";
import { trpc } from "./trpc.ts";
import { apiPlatform } from "./api-platform.ts";
import { flask } from "./flask.ts";
import { litestar } from "./litestar.ts";
import { pyramid } from "./pyramid.ts";
import { pocketbase } from "./pocketbase.ts";
import { tornado } from "./tornado.ts";
import { werkzeug } from "./werkzeug.ts";
import { cherrypy } from "./cherrypy.ts";
import { falcon } from "./falcon.ts";
import { django } from "./django.ts";
import { rails } from "./rails.ts";
import { sinatra } from "./sinatra.ts";
import { grape } from "./grape.ts";
import { laravel } from "./laravel.ts";
import { symfony } from "./symfony.ts";
import { phoenix } from "./phoenix.ts";
import { express } from "./express.ts";
import { nestjs } from "./nestjs.ts";
import { fastify } from "./fastify.ts";
import { fsExports } from "./fs-exports.ts";
import { hono } from "./hono.ts";
import { elysia } from "./elysia.ts";
import { drash } from "./drash.ts";
import { nodeHttp } from "./node-http.ts";
import { koa } from "./koa.ts";
import { connectRoute } from "./connect-route.ts";
import { egg } from "./egg.ts";
import { hapi } from "./hapi.ts";
import { angular } from "./angular.ts";
import { vueRouter } from "./vue-router.ts";
import { reactRouter } from "./react-router.ts";
import { reactRouterConfig } from "./react-router-config.ts";
import { nethttp } from "./nethttp.ts";
import { beego } from "./beego.ts";
import { flamego, macaron } from "./macaron.ts";
import { goProjectRouter } from "./go-project-router.ts";
import { goSwagger } from "./go-swagger.ts";
import { goRouteObjects } from "./go-route-objects.ts";
import { prometheusRoute } from "./prometheus-route.ts";
import { goMethodRegistrars } from "./go-method-registrars.ts";
import { gin } from "./gin.ts";
import { echo } from "./echo.ts";
import { chi } from "./chi.ts";
import { routegroup } from "./routegroup.ts";
import { fiber } from "./fiber.ts";
import { goframe } from "./goframe.ts";
import { gorilla } from "./gorilla.ts";
import { httprouter } from "./httprouter.ts";
import { huma } from "./huma.ts";
import { kratos } from "./kratos.ts";
import { goZero } from "./go-zero.ts";
import { bunrouter } from "./bunrouter.ts";
import { goa } from "./goa.ts";
import { spring } from "./spring.ts";
import { inversify } from "./inversify.ts";
import { tegg } from "./tegg.ts";
import { jaxrs } from "./jaxrs.ts";
import { micronaut } from "./micronaut.ts";
import { blade } from "./blade.ts";
import { ktor } from "./ktor.ts";
import { javalin } from "./javalin.ts";
import { http4k } from "./http4k.ts";
import { aspnet } from "./aspnet.ts";
import { minimalApi } from "./minimal-api.ts";
import { fastendpoints } from "./fastendpoints.ts";
import { axum } from "./axum.ts";
import { actix } from "./actix.ts";
import { rocket } from "./rocket.ts";
import { warp } from "./warp.ts";
import { tide } from "./tide.ts";
import { poem } from "./poem.ts";
import { vapor } from "./vapor.ts";
import { shelf } from "./shelf.ts";
import { dartFrog } from "./dart-frog.ts";
import { nestSwagger } from "./nest-swagger.ts";
import { laravelAttributes } from "./laravel-attributes.ts";

export const FRAMEWORKS: readonly Framework[] = [express, fastify, hono, trpc, orpc, elysia, drash, nodeHttp, koa, connectRoute, egg, hapi, nestjs, nestSwagger, inversify, tegg, adonis, fsExports, angular, vueRouter, reactRouter, reactRouterConfig, fastapi, ninja, flask, litestar, pyramid, tornado, cherrypy, falcon, werkzeug, consumersJs, consumersNest, consumersPython, consumersJvm, consumersRuby, jobsJs, jobsPython, jobsJvm, jobsDotnet, websocketsJs, websocketsPhoenix, websocketsChannels, grpcJs, grpcGo, grpcClasses, graphqlJs, graphqlPython, graphqlJvm, graphqlGo, django, nethttp, gin, echo, chi, fiber, pocketbase, gorilla, goframe, beego, macaron, flamego, goProjectRouter, goSwagger, goRouteObjects, prometheusRoute, goMethodRegistrars, httprouter, fasthttpRouter, huma, kratos, goZero, bunrouter, routegroup, goa, spring, jaxrs, micronaut, blade, ktor, javalin, http4k, aspnet, minimalApi, fastendpoints, axum, actix, rocket, warp, tide, poem, vapor, shelf, dartFrog, rails, sinatra, grape, laravel, laravelAttributes, codeigniter, codeigniter3, slim, cakephp, flarum, utopia, symfony, apiPlatform, phoenix];

/** How each language writes comments and strings, so scanners never read inside them. */
export const SYNTAX: Record<string, Syntax> = {
  javascript: javascriptSyntax,
  typescript: javascriptSyntax,
  vue: javascriptSyntax,
  svelte: javascriptSyntax,
  python: python.syntax,
  ruby: ruby.syntax,
  php: php.syntax,
  elixir: elixir.syntax,
  java: java.syntax,
  kotlin: kotlin.syntax,
  csharp: csharp.syntax,
  go: go.syntax,
  rust: rust.syntax,
  swift: swift.syntax,
  dart: dart.syntax,
};

/** Languages whose files carry JS import bindings and exports for the linker. */
export const JS_LANGUAGES = new Set(["javascript", "typescript", "vue", "svelte"]);
