import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ExponentialJitterRetryStrategy, HttpClientFactory } from "../../client/mod.ts";
import { outcome, startServer, until } from "./server.ts";
import type { TestServer } from "./server.ts";

let server: TestServer;
const test = suite("aborting a call");
test.before(async () => void (server = await startServer()));
test.before.each(() => server.reset());
test.after(() => server.close());

const later = (ms: number) => new Promise((tick) => setTimeout(tick, ms));

/**
 * Whether `promise` settles before the event loop turns: without waiting for any timer or
 * response. A check of order, not of milliseconds, so a loaded machine cannot fail it.
 */
async function settlesAtOnce(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(() => (settled = true), () => (settled = true));
  await new Promise((tick) => setImmediate(tick));
  return settled;
}

test("an already-aborted signal rejects at once with its reason and sends nothing", async () => {
  const reason = new Error("changed my mind");
  const signal = AbortSignal.abort(reason);
  for (const client of [HttpClientFactory.create(server.url), HttpClientFactory.create(server.url).dedup()]) {
    const result = await Promise.race([
      outcome(client.get("/items", { signal })),
      later(1000).then(() => ({ error: "hung" })),
    ]);
    assert.ok(result.error === reason);
  }
  await later(20);
  assert.is(server.count(), 0);
});

test("one caller's abort ends only its own wait; the shared request goes on", async () => {
  server.plan("/slow", [{ delayMs: 150, json: { done: true } }]);
  const client = HttpClientFactory.create(server.url).dedup();
  const controller = new AbortController();
  const quitter = outcome(client.get("/slow", { signal: controller.signal }));
  const stayers = [client.get("/slow"), client.get("/slow", { signal: new AbortController().signal })];
  await later(20);
  const reason = new Error("quit");
  controller.abort(reason);
  const shared = Promise.all(stayers);
  assert.ok(await settlesAtOnce(quitter), "the abort was not prompt");
  assert.not.ok(await settlesAtOnce(shared), "the others' wait ended with it");
  assert.ok((await quitter).error === reason);
  const [a, b] = await shared;
  assert.ok(a === b);
  assert.equal(a?.data, { done: true });
  assert.is(server.count("/slow"), 1);
  assert.is(server.aborted(), 0);
});

test("when every caller aborts, the shared request is cancelled", async () => {
  server.plan("/slow", [{ delayMs: 300 }, {}]);
  const client = HttpClientFactory.create(server.url).dedup();
  const controllers = [new AbortController(), new AbortController(), new AbortController()];
  const calls = controllers.map((c) => outcome(client.get("/slow", { signal: c.signal })));
  await until(() => server.count("/slow") === 1);
  controllers[0]?.abort();
  controllers[1]?.abort();
  await later(30);
  assert.is(server.aborted(), 0, "cancelled while a caller still waited");
  controllers[2]?.abort();
  const results = await Promise.all(calls);
  results.forEach((result, i) => assert.ok(result.error === controllers[i]?.signal.reason));
  await until(() => server.aborted() === 1);
  assert.is(client.inFlight, 0);
  await client.get("/slow");
  assert.is(server.count("/slow"), 2);
});

test("without dedup, aborting the call cancels its request", async () => {
  server.plan("/slow", [{ delayMs: 300 }]);
  const controller = new AbortController();
  const call = outcome(HttpClientFactory.create(server.url).get("/slow", { signal: controller.signal }));
  await until(() => server.count("/slow") === 1);
  controller.abort();
  assert.instance((await call).error, DOMException);
  await until(() => server.aborted() === 1);
});

test("an abort during a backoff sleep rejects promptly and stops the retries", async () => {
  server.plan("/down", [{ status: 503 }]);
  let fetches = 0;
  const counting = (input: string, init: RequestInit) => {
    fetches++;
    return fetch(input, init);
  };
  const client = HttpClientFactory.create(server.url, { fetch: counting }).dedup()
    .retry(5, new ExponentialJitterRetryStrategy(400, 400, () => 0.99));
  const controller = new AbortController();
  const call = outcome(client.get("/down", { signal: controller.signal }));
  await until(() => server.count("/down") === 1);
  await later(20);
  controller.abort();
  assert.ok(await settlesAtOnce(call), "the abort waited for the backoff");
  const result = await call;
  assert.ok(result.error === controller.signal.reason);
  await later(450);
  assert.is(fetches, 1, "the abandoned request went on after its backoff");
  assert.is(server.count("/down"), 1);
  assert.is(client.inFlight, 0);
});

test("an aborted request is never retried", async () => {
  server.plan("/slow", [{ delayMs: 200 }]);
  const client = HttpClientFactory.create(server.url).retry(3, new ExponentialJitterRetryStrategy(1, 1));
  const controller = new AbortController();
  const call = outcome(client.get("/slow", { signal: controller.signal }));
  await until(() => server.count("/slow") === 1);
  controller.abort();
  await call;
  await until(() => server.aborted() === 1);
  await later(50);
  assert.is(server.count("/slow"), 1);
});

test.run();
