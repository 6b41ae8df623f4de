import { suite } from "uvu";
import * as assert from "uvu/assert";
import { routeLines } from "../helpers/routes.ts";

const jaxrs = suite("JAX-RS routes");

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

jaxrs.run();
