import { suite } from "uvu";
import * as assert from "uvu/assert";
import { HttpClientFactory, HttpError } from "../../client/mod.ts";
import { outcome, startServer } from "./server.ts";
import type { TestServer } from "./server.ts";

let server: TestServer;
const test = suite("client.dedup()");
test.before(async () => void (server = await startServer()));
test.before.each(() => server.reset());
test.after(() => server.close());

test("10 concurrent identical GETs make one request and share one response object", async () => {
  server.plan("/items", [{ delayMs: 20, json: { items: [1, 2, 3] } }]);
  const client = HttpClientFactory.create(server.url).dedup();
  const responses = await Promise.all(
    Array.from({ length: 10 }, () => client.get("/items", { params: { page: 1 } })),
  );
  assert.is(server.count("/items"), 1);
  for (const response of responses) assert.ok(response === responses[0]);
  assert.equal(responses[0]?.data, { items: [1, 2, 3] });
});

test("without dedup the same 10 calls make 10 requests", async () => {
  const client = HttpClientFactory.create(server.url);
  const responses = await Promise.all(Array.from({ length: 10 }, () => client.get("/items")));
  assert.is(server.count("/items"), 10);
  assert.is(new Set(responses).size, 10);
});

test("different params do not merge, params in another order do", async () => {
  server.plan("/search", [{ delayMs: 20 }]);
  const client = HttpClientFactory.create(server.url).dedup();
  const [a, b, c, d] = await Promise.all([
    client.get("/search", { params: { q: "x", page: 1 } }),
    client.get("/search", { params: { page: 1, q: "x" } }),
    client.get("/search", { params: { q: "y", page: 1 } }),
    client.get("/search", { params: { q: "x", page: 2 } }),
  ]);
  assert.is(server.count("/search"), 3);
  assert.ok(a === b);
  assert.ok(a !== c && a !== d && c !== d);
});

test("calls with different Authorization headers never share a request", async () => {
  server.plan("/me", [{ delayMs: 20 }]);
  const client = HttpClientFactory.create(server.url).dedup();
  const [alice, alice2, bob] = await Promise.all([
    client.get("/me", { headers: { Authorization: "Bearer alice" } }),
    client.get("/me", { headers: { Authorization: "Bearer alice" } }),
    client.get("/me", { headers: { Authorization: "Bearer bob" } }),
  ]);
  assert.is(server.count("/me"), 2);
  assert.ok(alice === alice2);
  assert.ok(alice !== bob);
  const seen = server.requests.map((r) => r.headers.authorization).sort();
  assert.equal(seen, ["Bearer alice", "Bearer bob"]);
});

test("writes are not coalesced by default", async () => {
  server.plan("/orders", [{ delayMs: 20 }]);
  const client = HttpClientFactory.create(server.url).dedup();
  const [a, b] = await Promise.all([
    client.post("/orders", { data: { sku: 1 } }),
    client.post("/orders", { data: { sku: 1 } }),
  ]);
  assert.is(server.count("/orders"), 2);
  assert.ok(a !== b);
});

test("with writes opted in, equal data merges and different data does not", async () => {
  server.plan("/orders", [{ delayMs: 20 }]);
  const client = HttpClientFactory.create(server.url).dedup({ writes: true });
  const [a, b, c] = await Promise.all([
    client.put("/orders", { data: { sku: 1, qty: 2 } }),
    client.put("/orders", { data: { qty: 2, sku: 1 } }),
    client.put("/orders", { data: { sku: 1, qty: 3 } }),
  ]);
  assert.is(server.count("/orders"), 2);
  assert.ok(a === b);
  assert.ok(a !== c);
  assert.equal((a.data as { body: string }).body, '{"sku":1,"qty":2}');
});

test("a shared failure rejects every caller with the same error, then the entry is gone", async () => {
  server.plan("/broken", [{ delayMs: 20, status: 500 }, { json: { fixed: true } }]);
  const client = HttpClientFactory.create(server.url).dedup();
  const results = await Promise.all(Array.from({ length: 5 }, () => outcome(client.get("/broken"))));
  assert.is(server.count("/broken"), 1);
  const first = results[0]?.error;
  assert.instance(first, HttpError);
  for (const result of results) assert.ok(result.error === first);
  assert.is(client.inFlight, 0);
  const next = await client.get("/broken");
  assert.equal(next.data, { fixed: true });
  assert.is(server.count("/broken"), 2);
});

test("a settled request is not reused: the next call starts fresh", async () => {
  const client = HttpClientFactory.create(server.url).dedup();
  const first = await client.get("/items");
  assert.is(client.inFlight, 0);
  const second = await client.get("/items");
  assert.is(server.count("/items"), 2);
  assert.ok(first !== second);
});

test.run();
