import { suite } from "uvu";
import * as assert from "uvu/assert";
import { canonicalJson, requestKey } from "../../client/key.ts";
import { prepareRequest } from "../../client/request.ts";
import type { DataRequestOptions, Method } from "../../client/request.ts";

const base = "http://127.0.0.1:4173";

function key(method: Method, path: string, options: DataRequestOptions = {}, writes = false) {
  return requestKey(prepareRequest(base, new Headers(), method, path, options), writes);
}

const test = suite("requestKey()");

test("params in a different order give one key", () => {
  assert.is(
    key("GET", "/items", { params: { a: 1, b: "x" } }),
    key("GET", "/items", { params: { b: "x", a: 1 } }),
  );
});

test("params in the path and in options give one key", () => {
  assert.is(key("GET", "/items?b=2", { params: { a: 1 } }), key("GET", "/items", { params: { a: 1, b: 2 } }));
});

test("values of a repeated param keep their order", () => {
  assert.is.not(key("GET", "/items", { params: { a: [1, 2] } }), key("GET", "/items", { params: { a: [2, 1] } }));
});

test("different params, path or method give different keys", () => {
  const keys = new Set([
    key("GET", "/items", { params: { a: 1 } }),
    key("GET", "/items", { params: { a: 2 } }),
    key("GET", "/items", { params: { b: 1 } }),
    key("GET", "/items"),
    key("GET", "/other", { params: { a: 1 } }),
    key("HEAD", "/items", { params: { a: 1 } }),
  ]);
  assert.is(keys.size, 6);
});

test("values that would collide when joined as text stay apart", () => {
  assert.is.not(key("GET", "/a", { params: { x: "1&y=2" } }), key("GET", "/a", { params: { x: "1", y: "2" } }));
  assert.is.not(key("GET", "/a", { params: { "x|y": "z" } }), key("GET", "/a", { params: { x: "y|z" } }));
  assert.is.not(
    key("PUT", "/a", { data: '{"n":1}' }, true),
    key("PUT", "/a", { data: { n: 1 } }, true),
  );
});

test("a different Authorization or Cookie never shares a key", () => {
  const alice = key("GET", "/me", { headers: { Authorization: "Bearer alice" } });
  const bob = key("GET", "/me", { headers: { authorization: "Bearer bob" } });
  const anonymous = key("GET", "/me");
  const cookie = key("GET", "/me", { headers: { cookie: "session=1" } });
  assert.is(new Set([alice, bob, anonymous, cookie]).size, 4);
  assert.is(alice, key("GET", "/me", { headers: { authorization: "Bearer alice" } }));
});

test("write methods get no key unless writes are opted in", () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
    assert.is(key(method, "/items", { data: { a: 1 } }), undefined, method);
    assert.type(key(method, "/items", { data: { a: 1 } }, true), "string", method);
  }
});

test("write data is part of the key, as canonical JSON", () => {
  assert.is(
    key("POST", "/items", { data: { a: 1, b: 2 } }, true),
    key("POST", "/items", { data: { b: 2, a: 1 } }, true),
  );
  assert.is.not(key("POST", "/items", { data: { a: 1 } }, true), key("POST", "/items", { data: { a: 2 } }, true));
  assert.is.not(key("POST", "/items", { data: { a: 1 } }, true), key("PUT", "/items", { data: { a: 1 } }, true));
});

test("a raw body is never coalesced", () => {
  assert.is(key("POST", "/bytes", { data: new Uint8Array([1, 2]) }, true), undefined);
});

const json = suite("canonicalJson()");

json("sorts keys at every depth and keeps array order", () => {
  assert.is(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }), '{"a":[2,{"c":4,"d":3}],"b":1}');
  assert.is(canonicalJson({ x: [1, 2] }) === canonicalJson({ x: [2, 1] }), false);
});

test.run();
json.run();
