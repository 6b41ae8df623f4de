import { suite } from "uvu";
import * as assert from "uvu/assert";
import { HttpClientFactory } from "../../client/mod.ts";
import { startServer } from "./server.ts";
import type { TestServer } from "./server.ts";

let server: TestServer;
const test = suite("HttpClientFactory.create()");
test.before(async () => void (server = await startServer()));
test.before.each(() => server.reset());
test.after(() => server.close());

test("dedup() and retry() chain in any order and configure the same client", async () => {
  const client = HttpClientFactory.create(server.url);
  assert.ok(client.dedup() === client);
  assert.ok(client.retry(2).dedup() === client);
  assert.ok(client.dedup().retry(1) === client);
  server.plan("/items", [{ delayMs: 10, status: 503 }, {}]);
  const [a, b] = await Promise.all([client.get("/items"), client.get("/items")]);
  assert.ok(a === b);
  assert.is(a.attempts, 2);
});

test("paths are appended to the base URL, with or without slashes", async () => {
  const client = HttpClientFactory.create(`${server.url}/api/`);
  await client.get("v1/items");
  await client.get("/v1/items");
  assert.equal(server.requests.map((r) => r.path), ["/api/v1/items", "/api/v1/items"]);
});

test("default headers go with every call and per-call headers win", async () => {
  const client = HttpClientFactory.create(server.url, { headers: { "x-tool-token": "a", accept: "text/plain" } });
  await client.get("/x", { headers: { accept: "application/json" } });
  assert.is(server.requests[0]?.headers["x-tool-token"], "a");
  assert.is(server.requests[0]?.headers.accept, "application/json");
});

test("a relative base URL is refused with a TypeError", () => {
  assert.throws(() => HttpClientFactory.create("/api"), (error: unknown) => error instanceof TypeError);
});

test.run();
