import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ExponentialJitterRetryStrategy, HttpClientFactory, HttpError } from "../../client/mod.ts";
import type { RetryStrategy } from "../../client/mod.ts";
import { outcome, startServer } from "./server.ts";
import type { TestServer } from "./server.ts";

let server: TestServer;
const test = suite("client.retry()");
test.before(async () => void (server = await startServer()));
test.before.each(() => server.reset());
test.after(() => server.close());

const fast = () => new ExponentialJitterRetryStrategy(1, 5);

/** A strategy that waits nothing and remembers what it was asked. */
function recording(): RetryStrategy & { calls: [number, number | undefined][] } {
  const calls: [number, number | undefined][] = [];
  return {
    calls,
    delay(retry, retryAfterMs) {
      calls.push([retry, retryAfterMs]);
      return 0;
    },
  };
}

test("retries a 503 until it succeeds and reports the attempts", async () => {
  server.plan("/flaky", [{ status: 503 }, { status: 503 }, { json: { ok: true } }]);
  const response = await HttpClientFactory.create(server.url).retry(3, fast()).get("/flaky");
  assert.equal(response.data, { ok: true });
  assert.is(response.attempts, 3);
  assert.is(server.count("/flaky"), 3);
});

test("retries a dropped connection", async () => {
  server.plan("/drop", [{ drop: true }, { json: "back" }]);
  const response = await HttpClientFactory.create(server.url).retry(2, fast()).get("/drop");
  assert.is(response.data, "back");
  assert.is(server.count("/drop"), 2);
});

test("gives up after count retries with the last status and attempt count", async () => {
  server.plan("/down", [{ status: 502 }]);
  const { error } = await outcome(HttpClientFactory.create(server.url).retry(2, fast()).get("/down"));
  assert.instance(error, HttpError);
  assert.is((error as HttpError).status, 502);
  assert.is((error as HttpError).attempts, 3);
  assert.is(server.count("/down"), 3);
});

test("does not retry a 404", async () => {
  server.plan("/missing", [{ status: 404 }]);
  const { error } = await outcome(HttpClientFactory.create(server.url).retry(3, fast()).get("/missing"));
  assert.is((error as HttpError).status, 404);
  assert.is(server.count("/missing"), 1);
});

test("with dedup, retries run once inside the shared request and every caller gets the success", async () => {
  server.plan("/shared", [{ delayMs: 10, status: 500 }, { status: 503 }, { json: { n: 1 } }]);
  const client = HttpClientFactory.create(server.url).dedup().retry(3, fast());
  const responses = await Promise.all(Array.from({ length: 6 }, () => client.get("/shared")));
  assert.is(server.count("/shared"), 3);
  for (const response of responses) assert.ok(response === responses[0]);
  assert.equal(responses[0]?.data, { n: 1 });
  assert.is(responses[0]?.attempts, 3);
});

test("does not retry POST or PATCH by default", async () => {
  server.plan("/orders", [{ status: 503 }]);
  const client = HttpClientFactory.create(server.url).retry(3, fast());
  const post = await outcome(client.post("/orders", { data: { a: 1 } }));
  const patch = await outcome(client.patch("/orders", { data: { a: 1 } }));
  assert.is((post.error as HttpError).attempts, 1);
  assert.is((patch.error as HttpError).attempts, 1);
  assert.is(server.count("/orders"), 2);
});

test("retries POST when asked, and PUT and DELETE always", async () => {
  server.plan("/orders", [{ status: 503 }, { status: 201 }]);
  const asked = HttpClientFactory.create(server.url).retry(1, fast(), { nonIdempotent: true });
  assert.is((await asked.post("/orders", { data: {} })).status, 201);
  server.reset();
  server.plan("/orders", [{ status: 503 }, { status: 200 }]);
  const client = HttpClientFactory.create(server.url).retry(1, fast());
  assert.is((await client.put("/orders", { data: {} })).attempts, 2);
  server.reset();
  server.plan("/orders", [{ status: 503 }, { status: 200 }]);
  assert.is((await client.delete("/orders")).attempts, 2);
});

test("passes Retry-After, in seconds or as an HTTP date, to the strategy", async () => {
  const date = new Date(Date.now() + 60_000).toUTCString();
  server.plan("/busy", [{ status: 429, retryAfter: "2" }, { status: 503, retryAfter: date }, { status: 503 }, {}]);
  const strategy = recording();
  await HttpClientFactory.create(server.url).retry(3, strategy).get("/busy");
  assert.is(strategy.calls.length, 3);
  assert.equal(strategy.calls[0], [0, 2000]);
  const [retry, fromDate] = strategy.calls[1] ?? [];
  assert.is(retry, 1);
  assert.ok(fromDate !== undefined && fromDate > 55_000 && fromDate <= 60_000, String(fromDate));
  assert.equal(strategy.calls[2], [2, undefined]);
});

test("Retry-After is honoured but capped at maxDelayMs", async () => {
  server.plan("/busy", [{ status: 503, retryAfter: "30" }, {}]);
  const client = HttpClientFactory.create(server.url).retry(1, new ExponentialJitterRetryStrategy(0, 40));
  const started = Date.now();
  const response = await client.get("/busy");
  const waited = Date.now() - started;
  assert.is(response.attempts, 2);
  assert.ok(waited >= 30, `waited ${waited} ms: Retry-After was ignored`);
  assert.ok(waited < 5000, `waited ${waited} ms: Retry-After was not capped`);
});

test("custom statuses replace the default list", async () => {
  server.plan("/teapot", [{ status: 418 }, {}]);
  const response = await HttpClientFactory.create(server.url).retry(1, fast(), { statuses: [418] }).get("/teapot");
  assert.is(response.attempts, 2);
});

test("rejects a negative or fractional count", () => {
  const client = HttpClientFactory.create(server.url);
  assert.throws(() => client.retry(-1), RangeError);
  assert.throws(() => client.retry(1.5), RangeError);
});

test.run();
