import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes, routeLines } from "../helpers/routes.ts";

const jaxrs = suite("JAX-RS routes");

const java = (lines: string[]) => lines.join("\n") + "\n";

jaxrs("resources with @ApplicationPath, class and method @Path, a constant from another Kotlin file, @RolesAllowed overridden per method and lifted by @PermitAll; REST clients are not routes", () => {
  assert.equal(routeLines("routes-jaxrs"), [
    "GET /api/authors src/main/kotlin/org/acme/library/authors/AuthorResource.kt:11 AuthorResource.list",
    "PUT /api/authors/{id} src/main/kotlin/org/acme/library/authors/AuthorResource.kt:14 AuthorResource.update [Authenticated]",
    "GET /api/books src/main/java/org/acme/library/BookResource.java:12 BookResource.list [RolesAllowed(reader)]",
    "POST /api/books src/main/java/org/acme/library/BookResource.java:23 BookResource.create [RolesAllowed(librarian)]",
    "DELETE /api/books/{id} src/main/java/org/acme/library/BookResource.java:29 BookResource.delete [RolesAllowed(librarian,admin)]",
    "GET /api/books/{id} src/main/java/org/acme/library/BookResource.java:17 BookResource.get [RolesAllowed(reader)]",
    "GET /api/books/catalog src/main/java/org/acme/library/BookResource.java:34 BookResource.catalog",
  ]);
});

jaxrs("a path parameter with spaces around its pattern ({id : \\d+}) is {id}; one that is an optional ending ({optionalFever : (/fever)?}{optionalSlash : (/)?}) is left out; a pattern that may be empty without a slash ({page:[0-9]*}) stays", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/main/java/com/feeds/FeverREST.java": java([
      "package com.feeds;",
      "import jakarta.ws.rs.*;",
      '@Path("/rest/fever")',
      "public class FeverREST {",
      "    @GET",
      '    @Path("/user/{userId}{optionalTrailingFever : (/fever)?}{optionalTrailingSlash : (/)?}")',
      '    public String get(@PathParam("userId") Long userId) { return ""; }',
      "    @GET",
      '    @Path("/item/{id : \\d+}")',
      '    public String item(@PathParam("id") Long id) { return ""; }',
      "    @GET",
      '    @Path("/objects/info/{file:[^/]*}")',
      '    public String file(@PathParam("file") String file) { return ""; }',
      "    @GET",
      '    @Path("/page/{page:[0-9]*}")',
      '    public String page(@PathParam("page") String page) { return ""; }',
      "}",
    ]),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), ["GET /rest/fever/item/{id}", "GET /rest/fever/objects/info/{file}", "GET /rest/fever/page/{page}", "GET /rest/fever/user/{userId}"]);
});

jaxrs("a method's @Path that starts with a constant of another file takes its value (Kotlin templates, Java concatenation)", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/main/kotlin/io/blog/web/Routes.kt": 'package io.blog.web\n\nobject Routes {\n    const val USERS_PATH = "/users"\n    const val USER_PATH = "/user"\n}\n',
    "src/main/kotlin/io/blog/user/UserResource.kt": [
      "package io.blog.user",
      "import io.blog.web.Routes.USERS_PATH",
      "import io.blog.web.Routes.USER_PATH",
      "import javax.annotation.security.RolesAllowed",
      "import javax.ws.rs.*",
      '@Path("/")',
      "class UserResource {",
      "    @POST",
      "    @Path(USERS_PATH)",
      "    fun register() = Unit",
      "    @POST",
      '    @Path("$USERS_PATH/login")',
      "    fun login() = Unit",
      "    @GET",
      "    @Path(USER_PATH)",
      '    @RolesAllowed("user")',
      "    fun current() = Unit",
      "    @GET",
      '    @Path("$UNKNOWN_PATH/x")',
      "    fun unknown() = Unit",
      "}",
    ].join("\n"),
    "src/main/java/io/blog/tags/Paths.java": 'package io.blog.tags;\n\npublic final class Paths {\n    public static final String TAGS = "/tags";\n}\n',
    "src/main/java/io/blog/tags/TagResource.java": [
      "package io.blog.tags;",
      "import javax.ws.rs.*;",
      '@Path("/api")',
      "public class TagResource {",
      "    @GET",
      '    @Path(Paths.TAGS + "/popular")',
      "    public String popular() { return \"\"; }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /api/tags/popular TagResource.popular []",
    "GET /user UserResource.current [RolesAllowed(user)]",
    "POST /users UserResource.register []",
    "POST /users/login UserResource.login []",
  ]);
});

jaxrs("a resource interface's implementation hands the request to a service whose CDI decorator requires a signed-in caller: guarded; a method the decorator does not check, or that only requires a non-null argument, is not", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/main/java/org/acme/blog/JaxRsApp.java": 'package org.acme.blog;\n@ApplicationPath("/api")\npublic class JaxRsApp extends Application {}\n',
    "src/main/java/org/acme/blog/jaxrs/ArticlesResource.java": [
      "package org.acme.blog.jaxrs;",
      '@Path("articles")',
      "public interface ArticlesResource {",
      "    @POST",
      "    Response create(ArticleParam param);",
      "    @GET",
      '    @Path("{slug}")',
      "    ArticleDto get(@PathParam(\"slug\") String slug);",
      "    @DELETE",
      '    @Path("{slug}")',
      "    Response delete(@PathParam(\"slug\") String slug);",
      "}",
      "",
    ].join("\n"),
    "src/main/java/org/acme/blog/jaxrs/impl/ArticlesResourceImpl.java": [
      "package org.acme.blog.jaxrs.impl;",
      "@RequestScoped",
      "public class ArticlesResourceImpl implements ArticlesResource {",
      "    @Inject",
      "    ArticleService articleService;",
      "    @Override",
      "    public Response create(ArticleParam param) {",
      "        ArticleBase a = articleService.create(param);",
      "        return Response.created(URI.create(a.getSlug())).build();",
      "    }",
      "    @Override",
      "    public ArticleDto get(String slug) {",
      "        return articleService.get(slug);",
      "    }",
      "    @Override",
      "    public Response delete(String slug) {",
      "        articleService.delete(slug);",
      "        return Response.noContent().build();",
      "    }",
      "}",
      "",
    ].join("\n"),
    "src/main/java/org/acme/blog/services/ArticleService.java": "package org.acme.blog.services;\npublic interface ArticleService {\n    ArticleBase create(ArticleParam p);\n    ArticleDto get(String slug);\n    void delete(String slug);\n}\n",
    "src/main/java/org/acme/blog/services/authz/ArticleServiceAuthorizer.java": [
      "package org.acme.blog.services.authz;",
      "@Decorator",
      "public class ArticleServiceAuthorizer implements ArticleService {",
      "    private ArticleService delegate;",
      "    private Authorization authorization;",
      "    @Override",
      "    public ArticleBase create(ArticleParam p) {",
      "        authorization.requireLogin();",
      "        return delegate.create(p);",
      "    }",
      "    @Override",
      "    public ArticleDto get(String slug) {",
      "        Objects.requireNonNull(slug);",
      "        return delegate.get(slug);",
      "    }",
      "    @Override",
      "    public void delete(String slug) {",
      "        articleAuthorization.authorizeDelete(slug);",
      "        delegate.delete(slug);",
      "    }",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/articles [ArticleService.create refuses without a signed-in user]",
    "DELETE /api/articles/{slug} [ArticleService.delete refuses without a signed-in user]",
    "GET /api/articles/{slug}",
  ]);
});

jaxrs("Jersey's servlet mounted in code at /api/* prefixes every resource; a request filter of the app's that answers 401 guards them all but @PermitAll methods; one bound by an annotation (@Secured) is not global", () => {
  const root = tempDir("tool-jaxrs-servlet-filter-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>jersey-container-servlet</artifactId></dependency></dependencies></project>\n",
    "src/main/java/org/tracker/web/WebServer.java": [
      "package org.tracker.web;",
      "import org.glassfish.jersey.servlet.ServletContainer;",
      "public class WebServer {",
      "    void initApi(ServletContextHandler servletHandler) {",
      "        ResourceConfig resourceConfig = new ResourceConfig();",
      "        resourceConfig.packages(ServerResource.class.getPackage().getName());",
      '        servletHandler.addServlet(new ServletHolder(new ServletContainer(resourceConfig)), "/api/*");',
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/org/tracker/api/security/SecurityRequestFilter.java": [
      "package org.tracker.api.security;",
      "import jakarta.ws.rs.container.ContainerRequestFilter;",
      "public class SecurityRequestFilter implements ContainerRequestFilter {",
      "    public void filter(ContainerRequestContext requestContext) {",
      "        if (user == null && !method.isAnnotationPresent(PermitAll.class)) {",
      "            throw new WebApplicationException(Response.status(Response.Status.UNAUTHORIZED).build());",
      "        }",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/org/tracker/api/security/SecuredFilter.java": [
      "package org.tracker.api.security;",
      "import jakarta.ws.rs.container.ContainerRequestFilter;",
      "@Secured",
      "@Provider",
      "public class SecuredFilter implements ContainerRequestFilter {",
      "    public void filter(ContainerRequestContext requestContext) {",
      "        requestContext.abortWith(Response.status(Response.Status.UNAUTHORIZED).build());",
      "    }",
      "}",
    ].join("\n"),
    "src/main/java/org/tracker/api/resource/ServerResource.java": [
      "package org.tracker.api.resource;",
      "import jakarta.ws.rs.*;",
      '@Path("server")',
      "public class ServerResource {",
      "    @PermitAll",
      "    @GET",
      "    public Server get() { return server; }",
      "    @PUT",
      "    public Server update(Server entity) { return entity; }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /api/server",
    "PUT /api/server [SecurityRequestFilter]",
  ]);
});

jaxrs("two Jersey servlets at /api/* and /api/v2/*, held in variables: each prefixes the packages its configuration scans (a package list, or a ResourceConfig class of the app's, which scans its own); @AuthenticationNotRequired lifts the app-wide request filter", () => {
  const root = tempDir("tool-jaxrs-two-servlets-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>jersey-container-servlet</artifactId></dependency></dependencies></project>\n",
    "server/src/main/java/org/tracker/Application.java": [
      "package org.tracker;",
      "import org.glassfish.jersey.servlet.ServletContainer;",
      "import org.glassfish.jersey.server.ResourceConfig;",
      "public class Application {",
      "    void start(ServletContextHandler context) {",
      "        final var v1Config = new ResourceConfig();",
      '        v1Config.packages("org.tracker.filters", "org.tracker.resources.v1");',
      '        final var v1 = new ServletHolder("v1", new ServletContainer(v1Config));',
      '        context.addServlet(v1, "/api/*");',
      '        final var v2 = new ServletHolder("v2", new ServletContainer(',
      "                new org.tracker.resources.v2.ApiConfig()));",
      '        context.addServlet(v2, "/api/v2/*");',
      '        context.addServlet(new ServletHolder("default", DefaultServlet.class), "/");',
      "    }",
      "}",
    ].join("\n"),
    "server/src/main/java/org/tracker/filters/AuthenticationFilter.java": [
      "package org.tracker.filters;",
      "import jakarta.ws.rs.container.ContainerRequestFilter;",
      "public class AuthenticationFilter implements ContainerRequestFilter {",
      "    public void filter(ContainerRequestContext request) {",
      "        if (principal == null) request.abortWith(Response.status(Response.Status.UNAUTHORIZED).build());",
      "    }",
      "}",
    ].join("\n"),
    "server/src/main/java/org/tracker/resources/v1/UserResource.java": [
      "package org.tracker.resources.v1;",
      "import jakarta.ws.rs.*;",
      '@Path("/v1/user")',
      "public class UserResource {",
      '    @POST @Path("login")',
      "    @AuthenticationNotRequired",
      "    public Response login() { return ok(); }",
      '    @GET @Path("self")',
      "    public Response self() { return ok(); }",
      "}",
    ].join("\n"),
    "server/src/main/java/org/tracker/resources/v2/ComponentsResource.java": [
      "package org.tracker.resources.v2;",
      "import jakarta.ws.rs.*;",
      '@Path("/components")',
      "public class ComponentsResource {",
      "    @GET",
      "    public Response list() { return ok(); }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "POST /api/v1/user/login",
    "GET /api/v1/user/self [AuthenticationFilter]",
    "GET /api/v2/components [AuthenticationFilter]",
  ]);
});

jaxrs("a resource serves the resource methods of the base classes it extends (two levels, generic), under its own @Path", () => {
  const root = tempDir("tool-jaxrs-base-resources-");
  writeFiles(root, {
    "pom.xml": "<project><dependencies><dependency><artifactId>jersey-server</artifactId></dependency></dependencies></project>\n",
    "src/main/java/org/tracker/api/BaseObjectResource.java": [
      "package org.tracker.api;",
      "import jakarta.ws.rs.*;",
      "public abstract class BaseObjectResource<T extends BaseModel> extends BaseResource {",
      '    @Path("{id}")',
      "    @GET",
      "    public Response getSingle(@PathParam(\"id\") long id) { return ok(); }",
      "    @POST",
      "    public Response add(T entity) { return ok(); }",
      "}",
    ].join("\n"),
    "src/main/java/org/tracker/api/SimpleObjectResource.java": [
      "package org.tracker.api;",
      "import jakarta.ws.rs.*;",
      "public class SimpleObjectResource<T extends BaseModel> extends BaseObjectResource<T> {",
      "    @GET",
      "    public Collection<T> get(@QueryParam(\"all\") boolean all) { return list(); }",
      "}",
    ].join("\n"),
    "src/main/java/org/tracker/api/resource/CalendarResource.java": [
      "package org.tracker.api.resource;",
      "import jakarta.ws.rs.*;",
      "import org.tracker.api.SimpleObjectResource;",
      '@Path("calendars")',
      "public class CalendarResource extends SimpleObjectResource<Calendar> {",
      "    public CalendarResource() { super(Calendar.class); }",
      "}",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /calendars SimpleObjectResource.get",
    "POST /calendars BaseObjectResource.add",
    "GET /calendars/{id} BaseObjectResource.getSingle",
  ]);
});

jaxrs("a web.xml mapping Jersey's ServletContainer at /api/* puts /api before its module's resources (not another module's); a resource method that turns away a caller with `if (!authenticate()) throw`, or throws an exception named for the unauthenticated, at its top is guarded", () => {
  const root = tempDir("tool-jaxrs-web-xml-");
  writeFiles(root, {
    "docs-web/src/main/webapp/WEB-INF/web.xml": [
      '<?xml version="1.0" encoding="UTF-8"?>',
      "<web-app>",
      "  <!-- <servlet-mapping><servlet-name>JerseyServlet</servlet-name><url-pattern>/old/*</url-pattern></servlet-mapping> -->",
      "  <filter-mapping><filter-name>tokenFilter</filter-name><url-pattern>/api/*</url-pattern></filter-mapping>",
      "  <servlet>",
      "    <servlet-name>JerseyServlet</servlet-name>",
      "    <servlet-class>org.glassfish.jersey.servlet.ServletContainer</servlet-class>",
      "  </servlet>",
      "  <servlet-mapping>",
      "    <servlet-name>JerseyServlet</servlet-name>",
      "    <url-pattern>/api/*</url-pattern>",
      "  </servlet-mapping>",
      "</web-app>",
    ].join("\n"),
    "docs-web/src/main/java/com/acme/docs/rest/DocumentResource.java": [
      "package com.acme.docs.rest;",
      "import jakarta.ws.rs.*;",
      '@Path("/document")',
      "public class DocumentResource extends BaseResource {",
      "    @GET",
      '    @Path("{id: [a-z0-9\\\\-]+}")',
      '    public Response get(@PathParam("id") String id) {',
      "        authenticate();",
      "        return Response.ok().build();",
      "    }",
      "    @DELETE",
      '    @Path("{id}")',
      '    public Response delete(@PathParam("id") String id) {',
      "        if (!authenticate()) {",
      "            throw new ForbiddenClientException();",
      "        }",
      "        return Response.ok().build();",
      "    }",
      "    @PUT",
      '    @Path("{id}")',
      '    public Response update(@PathParam("id") String id) {',
      "        Principal caller = principal();",
      "        if (caller == null) {",
      '            throw new UnauthorizedException("sign in first");',
      "        }",
      "        return Response.ok().build();",
      "    }",
      "}",
    ].join("\n"),
    "admin-api/src/main/java/com/acme/admin/StatusResource.java": ["package com.acme.admin;", "import jakarta.ws.rs.*;", '@Path("/status")', "public class StatusResource {", "    @GET", '    public String status() { return "ok"; }', "}"].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["DELETE /api/document/{id} [delete refuses without a signed-in user]", "GET /api/document/{id}", "GET /status", "PUT /api/document/{id} [update refuses without a signed-in user]"].sort());
});

jaxrs("a resource method taking Dropwizard's @Auth principal is guarded (its auth filter answers 401 without credentials); one taking it as an Optional, or a Kotlin nullable, is not", () => {
  const root = tempDir("tool-jaxrs-dropwizard-auth-");
  writeFiles(root, {
    "pom.xml": "<project><artifactId>server</artifactId><dependencies><dependency><groupId>io.dropwizard</groupId><artifactId>dropwizard-auth</artifactId></dependency></dependencies></project>\n",
    "src/main/java/org/example/controllers/AccountController.java": [
      "package org.example.controllers;",
      "",
      "import io.dropwizard.auth.Auth;",
      "import javax.ws.rs.*;",
      "",
      '@Path("/v1/accounts")',
      "public class AccountController {",
      "  @PUT",
      '  @Path("/gcm")',
      "  public void setGcmRegistrationId(@Auth AuthenticatedDevice auth, @NotNull @Valid GcmRegistrationId registrationId) {",
      "  }",
      "",
      "  @HEAD",
      '  @Path("/account/{identifier}")',
      "  public Response accountExists(@Auth Optional<AuthenticatedDevice> authenticatedAccount, @PathParam(\"identifier\") String identifier) {",
      "    return Response.ok().build();",
      "  }",
      "}",
      "",
    ].join("\n"),
    "src/main/kotlin/org/example/controllers/KeysController.kt": [
      "package org.example.controllers",
      "",
      "import io.dropwizard.auth.Auth",
      "import javax.ws.rs.*",
      "",
      '@Path("/v2/keys")',
      "class KeysController {",
      "  @GET",
      "  fun getStatus(@Auth auth: AuthenticatedDevice): KeyCount = KeyCount()",
      "",
      "  @GET",
      '  @Path("/{identifier}")',
      "  fun getKeys(@Auth auth: AuthenticatedDevice?, @PathParam(\"identifier\") id: String): Keys = Keys()",
      "}",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /v2/keys [Auth]", "GET /v2/keys/{identifier}", "HEAD /v1/accounts/account/{identifier}", "PUT /v1/accounts/gcm [Auth]"]);
});

jaxrs("sub-resource locators lead on to the resource they return, below their path, under a Guice-served Jersey servlet; a locator returning Object leads nowhere", () => {
  const root = tempDir();
  writeFiles(root, {
    "web/src/main/java/org/vault/ApiApplication.java": java(["package org.vault;", "import javax.ws.rs.ApplicationPath;", "import javax.ws.rs.core.Application;", '@ApplicationPath("/*")', "public class ApiApplication extends Application {}"]),
    "web/src/main/java/org/vault/RestModule.java": java([
      "package org.vault;",
      "import com.google.inject.servlet.ServletModule;",
      "import org.glassfish.jersey.servlet.ServletContainer;",
      "public class RestModule extends ServletModule {",
      "    @Override",
      "    protected void configureServlets() {",
      '        serve("/api/*").with(ServletContainer.class, params());',
      "    }",
      "}",
    ]),
    "web/src/main/java/org/vault/session/SessionService.java": java([
      "package org.vault.session;",
      "import javax.ws.rs.*;",
      "import org.vault.directory.DirectoryResource;",
      '@Path("/session")',
      "public class SessionService {",
      '    @Path("data/{source}")',
      "    public DirectoryResource<Secret, ApiSecret> secrets(@PathParam(\"source\") String source) { return null; }",
      '    @Path("ext/{source}")',
      "    public Object extension() { return null; }",
      "    @GET",
      '    @Path("info")',
      "    public String info() { return \"\"; }",
      "}",
    ]),
    "web/src/main/java/org/vault/directory/DirectoryResource.java": java([
      "package org.vault.directory;",
      "import javax.ws.rs.*;",
      "public abstract class DirectoryResource<I, E> {",
      "    @GET",
      "    public java.util.Map<String, E> list() { return null; }",
      "    @POST",
      "    public E create(E object) { return object; }",
      '    @Path("{identifier}")',
      "    public ObjectResource<I, E> object(@PathParam(\"identifier\") String id) { return null; }",
      "}",
    ]),
    "web/src/main/java/org/vault/directory/ObjectResource.java": java([
      "package org.vault.directory;",
      "import javax.ws.rs.*;",
      "public class ObjectResource<I, E> {",
      "    @GET",
      "    public E get() { return null; }",
      "    @DELETE",
      "    public void delete() {}",
      "}",
    ]),
    "web/src/main/java/org/vault/directory/Unmounted.java": java(["package org.vault.directory;", "import javax.ws.rs.*;", "public class Unmounted {", "    @GET", "    public String nothing() { return \"\"; }", "}"]),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "DELETE /api/session/data/{source}/{identifier}",
    "GET /api/session/data/{source}",
    "GET /api/session/data/{source}/{identifier}",
    "GET /api/session/info",
    "POST /api/session/data/{source}",
  ]);
});

jaxrs("a sub-resource locator that hands a credential parameter to an authentication service first guards every resource below it; one handing on an id, or a token to no such service, guards nothing", () => {
  const root = tempDir();
  writeFiles(root, {
    "src/main/java/org/desk/RootService.java": java([
      "package org.desk;",
      "import javax.ws.rs.*;",
      '@Path("/")',
      "public class RootService {",
      "    private AuthenticationService authenticationService;",
      '    @Path("session")',
      "    public SessionResource session(@TokenParam String authToken) throws Exception {",
      "        Session session = authenticationService.getSession(authToken);",
      "        return new SessionResource(session);",
      "    }",
      '    @Path("public/{id}")',
      "    public SessionResource shared(@PathParam(\"id\") String id) {",
      "        return new SessionResource(authenticationService.lookup(id));",
      "    }",
      '    @Path("cached")',
      "    public SessionResource cached(@HeaderParam(\"X-Session-Token\") String token) {",
      "        return new SessionResource(cache.get(token));",
      "    }",
      "}",
    ]),
    "src/main/java/org/desk/SessionResource.java": java(["package org.desk;", "import javax.ws.rs.*;", "public class SessionResource {", "    @GET", "    public String info() { return \"\"; }", "}"]),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /cached", "GET /public/{id}", "GET /session [authenticationService.getSession]"]);
});

jaxrs.run();
