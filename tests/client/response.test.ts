import { suite } from "uvu";
import * as assert from "uvu/assert";
import { HttpClientFactory, HttpError } from "../../client/mod.ts";
import { outcome, startServer } from "./server.ts";
import type { TestServer } from "./server.ts";

let server: TestServer;
const test = suite("client responses");
test.before(async () => void (server = await startServer()));
test.before.each(() => server.reset());
test.after(() => server.close());

test("a JSON body is parsed once and every joined caller can read it", async () => {
  server.plan("/doc", [{ delayMs: 10, json: { name: "tool", tags: ["a"] } }]);
  const client = HttpClientFactory.create(server.url).dedup();
  const responses = await Promise.all([client.get("/doc"), client.get("/doc"), client.get("/doc")]);
  for (const response of responses) {
    assert.equal(response.data, { name: "tool", tags: ["a"] });
  }
  assert.is(server.count("/doc"), 1);
});

test("a text body arrives as text", async () => {
  server.plan("/plain", [{ text: "hello" }]);
  const response = await HttpClientFactory.create(server.url).get("/plain");
  assert.is(response.data, "hello");
});

test("the response carries status, lower-case headers, URL, method and attempts", async () => {
  server.plan("/made", [{ status: 201, headers: { "X-Trace": "abc" } }]);
  const response = await HttpClientFactory.create(`${server.url}/`).get("/made", { params: { a: 1 } });
  assert.is(response.status, 201);
  assert.is(response.statusText, "Created");
  assert.is(response.ok, true);
  assert.is(response.headers["x-trace"], "abc");
  assert.is(response.headers["content-type"], "application/json");
  assert.is(response.url, `${server.url}/made?a=1`);
  assert.is(response.method, "GET");
  assert.is(response.attempts, 1);
});

test("a shared response cannot be changed by one caller", async () => {
  const response = await HttpClientFactory.create(server.url).get("/x");
  assert.throws(() => {
    (response as { status: number }).status = 500;
  });
  assert.throws(() => {
    (response.headers as Record<string, string>)["x"] = "y";
  });
});

test("HEAD resolves without a body", async () => {
  const response = await HttpClientFactory.create(server.url).head("/x");
  assert.is(response.status, 200);
  assert.is(response.data, null);
  assert.is(server.requests[0]?.method, "HEAD");
});

test("JSON data is sent as JSON, a string as text", async () => {
  const client = HttpClientFactory.create(server.url, { headers: { "x-tool-token": "t" } });
  await client.post("/json", { data: { a: [1] } });
  await client.patch("/text", { data: "raw" });
  await client.delete("/gone");
  const [json, text, gone] = server.requests;
  assert.is(json?.headers["content-type"], "application/json");
  assert.is(json?.body, '{"a":[1]}');
  assert.is(json?.headers["x-tool-token"], "t");
  assert.is(text?.headers["content-type"], "text/plain;charset=UTF-8");
  assert.is(text?.body, "raw");
  assert.is(gone?.method, "DELETE");
});

test("a non-2xx answer rejects with an HttpError that carries the response", async () => {
  server.plan("/missing", [{ status: 404, json: { error: "no such item" } }]);
  const { error } = await outcome(HttpClientFactory.create(server.url).get("/missing"));
  assert.instance(error, HttpError);
  const httpError = error as HttpError;
  assert.is(httpError.status, 404);
  assert.is(httpError.method, "GET");
  assert.is(httpError.url, `${server.url}/missing`);
  assert.is(httpError.attempts, 1);
  assert.equal(httpError.response?.data, { error: "no such item" });
  assert.match(httpError.message, "GET");
  assert.match(httpError.message, "404");
});

test("a dropped connection rejects with an HttpError of status 0 and a cause", async () => {
  server.plan("/drop", [{ drop: true }]);
  const { error } = await outcome(HttpClientFactory.create(server.url).get("/drop"));
  assert.instance(error, HttpError);
  const httpError = error as HttpError;
  assert.is(httpError.status, 0);
  assert.is(httpError.response, undefined);
  assert.ok(httpError.cause !== undefined);
});

test.run();
