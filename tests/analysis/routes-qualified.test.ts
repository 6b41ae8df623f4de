import { suite } from "uvu";
import * as assert from "uvu/assert";
import { qualifiedLookup } from "../../analysis/routes/qualified.ts";

const routers = [
  { file: "internal/api/users.go", name: "internal/api::RegisterUsers", framework: "gin", value: "users" },
  { file: "internal/api/posts.go", name: "internal/api::PostHandler.Routes", framework: "gin", value: "posts" },
  { file: "internal/admin/admin.go", name: "internal/admin::Handler.Routes", framework: "gin", value: "admin" },
  { file: "svc-a/src/api.rs", name: "crate::api::router", framework: "axum", value: "a" },
  { file: "svc-b/src/api.rs", name: "crate::api::router", framework: "axum", value: "b" },
];
const edges = new Map([["cmd/main.go\0github.com/acme/app/internal/api", "internal/api/users.go"]]);
const lookup = qualifiedLookup(routers, (from, specifier) => edges.get(`${from}\0${specifier}`));

const qualified = suite("qualified router names");

qualified("a name qualified by its own scope is found in any file of it", () => {
  assert.is(lookup("internal/api/routes.go", "internal/api::RegisterUsers", "gin"), "users");
});

qualified("an import path scope finds the router in the folder the import resolves to, methods by their name", () => {
  assert.is(lookup("cmd/main.go", "github.com/acme/app/internal/api::RegisterUsers", "gin"), "users");
  assert.is(lookup("cmd/main.go", "github.com/acme/app/internal/api::Routes", "gin"), "posts");
});

qualified("an unknown scope falls back to the only router of that name, never to one of several", () => {
  assert.is(lookup("main.go", "*::RegisterUsers", "gin"), "users");
  assert.is(lookup("main.go", "*::Routes", "gin"), undefined);
  assert.is(lookup("main.go", "*::RegisterUsers", "echo"), undefined);
});

qualified("routers sharing a name across crates resolve to the nearest one; plain names are not qualified", () => {
  assert.is(lookup("svc-b/src/main.rs", "crate::api::router", "axum"), "b");
  assert.is(lookup("svc-a/src/main.rs", "crate::api::router", "axum"), "a");
  assert.is(lookup("main.go", "RegisterUsers", "gin"), undefined);
});

qualified.run();
