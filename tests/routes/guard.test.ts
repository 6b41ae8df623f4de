import { suite } from "uvu";
import * as assert from "uvu/assert";
import { generateToken, isLoopbackHost, isLoopbackOrigin, tokensEqual } from "../../routes/mod.ts";
import { HOST, makeHarness, NOT_LOOPBACK_HOSTS, post } from "./harness.ts";

const test = suite("the guard in front of every route (app.request)");
const h = makeHarness();
const { app, token } = h;

/** What a rejected answer must never carry. */
async function assertBare(res: Response, status: number) {
  assert.is(res.status, status);
  assert.is(res.headers.get("access-control-allow-origin"), null, "no CORS grant");
  assert.is(res.headers.get("cache-control"), "no-store");
  const text = await res.text();
  assert.not.match(text, token, "no token");
  assert.not.match(text, /<html|<meta/i, "no page content");
  assert.type(JSON.parse(text).error, "string");
}

test("GET needs no token; the page carries the token in <meta name=tool-token>, JSON never does", async () => {
  const page = await app.request("/", { headers: HOST });
  assert.is(page.status, 200);
  assert.is(page.headers.get("cache-control"), "no-store");
  const html = await page.text();
  assert.match(html, new RegExp(`<meta name="tool-token" content="${token}"/?>`));
  assert.match(html, 'href="/api/project"');
  const project = await app.request("/api/project", { headers: HOST });
  assert.is(project.status, 200);
  assert.is(project.headers.get("cache-control"), "no-store");
  assert.not.match(await project.text(), token);
});

test("isLoopbackHost accepts 127.0.0.1, localhost and [::1], with or without a port", () => {
  for (
    const host of [
      "127.0.0.1",
      "127.0.0.1:4173",
      "localhost",
      "localhost:1",
      "LOCALHOST:80",
      "[::1]",
      "[::1]:4173",
      "[::1]:65535",
    ]
  ) {
    assert.ok(isLoopbackHost(host), host);
  }
});

test("a Host that is not a loopback name gets 421, on pages and API alike", async () => {
  for (const host of NOT_LOOPBACK_HOSTS) {
    assert.not.ok(isLoopbackHost(host), host);
    for (const path of ["/", "/api/project", "/api/events"]) {
      const res = await app.request(path, { headers: { host } });
      await assertBare(res, 421);
    }
  }
  // app.request sets no Host header unless given one: a missing Host.
  await assertBare(await app.request("/api/project"), 421);
  await assertBare(await app.request("/"), 421);
});

test("a POST without the right x-tool-token gets 403", async () => {
  const wrong = [
    ["missing", undefined],
    ["empty", ""],
    ["same length, wrong", token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")],
    ["a prefix", token.slice(0, 20)],
    // Trailing spaces are not part of a header value (RFC 9110 5.5): "<token> " arrives as the
    // token. A space followed by anything is a different value.
    ["the token plus a space and more", token + " x"],
    ["the token twice", `${token}, ${token}`],
    ["latin-1 bytes", "t\u00f6k\u00e9n" + token.slice(6)],
    ["the previous start's token", generateToken()],
  ] as const;
  for (const [label, value] of wrong) {
    const headers: Record<string, string> = { ...HOST, "content-type": "application/json" };
    if (value !== undefined) headers["x-tool-token"] = value;
    const res = await app.request("/api/refresh", { method: "POST", headers, body: "{}" });
    assert.is(res.status, 403, label);
    await assertBare(res, 403);
  }
  const query = await app.request(`/api/refresh?token=${token}`, {
    method: "POST",
    headers: { ...HOST, "content-type": "application/json" },
  });
  await assertBare(query, 403);
  const ok = await app.request("/api/refresh", post(token));
  assert.is(ok.status, 204);
});

test("tokensEqual is exact and never throws on odd input", () => {
  assert.ok(tokensEqual(token, token));
  for (const value of [null, undefined, "", " ", token.toUpperCase(), token + "\u0000", "\u2713".repeat(43)]) {
    assert.not.ok(tokensEqual(value, token), String(value));
  }
});

const BAD_ORIGINS = [
  "null",
  "http://evil.example",
  "http://localhost.evil.example",
  "https://localhost:4173",
  "http://localhost:4174",
  "file://",
  "chrome-extension://x",
  "http://127.0.0.1:4173/path",
  "",
];

test("a POST with an Origin other than this server's loopback origin gets 403, even with the token", async () => {
  for (const origin of BAD_ORIGINS) {
    const res = await app.request("/api/refresh", post(token, undefined, { origin }));
    await assertBare(res, 403);
    assert.not.ok(isLoopbackOrigin(origin, 4173), origin);
  }
  for (const origin of ["http://127.0.0.1:4173", "http://localhost:4173", "http://[::1]:4173"]) {
    const res = await app.request("/api/refresh", post(token, undefined, { origin }));
    assert.is(res.status, 204, origin);
  }
});

test("a rejected request's body is never read", async () => {
  let pulled = false;
  // highWaterMark 0: the stream is pulled only when someone reads the body.
  const body = () =>
    new ReadableStream({
      pull(controller) {
        pulled = true;
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    }, { highWaterMark: 0 });
  const cases: [Record<string, string>, number][] = [
    [{ host: "evil.example", "content-type": "application/json", "x-tool-token": token }, 421],
    [{ ...HOST, "content-type": "application/json" }, 403],
    [{ ...HOST, "content-type": "application/json", "x-tool-token": token, origin: "http://evil.example" }, 403],
    [{ ...HOST, "content-type": "text/plain", "x-tool-token": token }, 415],
  ];
  for (const [headers, status] of cases) {
    pulled = false;
    const res = await app.request(
      "/api/refresh",
      { method: "POST", headers, body: body(), duplex: "half" } as RequestInit,
    );
    await assertBare(res, status);
    assert.not.ok(pulled, `body read for a ${status}`);
  }
  pulled = false;
  const accepted = await app.request(
    "/api/refresh",
    {
      method: "POST",
      headers: { ...HOST, "content-type": "application/json", "x-tool-token": token },
      body: body(),
      duplex: "half",
    } as RequestInit,
  );
  assert.is(accepted.status, 204);
  assert.ok(pulled, "an accepted request's body is read (the probe works)");
});

test("a CORS preflight is granted nothing", async () => {
  const preflight = {
    "access-control-request-method": "POST",
    "access-control-request-headers": "x-tool-token, content-type",
  };
  const foreign = await app.request("/api/refresh", {
    method: "OPTIONS",
    headers: { ...HOST, ...preflight, origin: "http://evil.example" },
  });
  await assertBare(foreign, 403);
  const own = await app.request("/api/refresh", { method: "OPTIONS", headers: { ...HOST, ...preflight } });
  assert.is(own.status, 204);
  for (const name of ["access-control-allow-origin", "access-control-allow-headers", "access-control-allow-methods"]) {
    assert.is(own.headers.get(name), null, name);
  }
});

test("a POST whose content type is not application/json gets 415", async () => {
  for (
    const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "text/json",
    ]
  ) {
    const res = await app.request("/api/refresh", post(token, "{}", { "content-type": type }));
    await assertBare(res, 415);
  }
  const noType = await app.request("/api/refresh", {
    method: "POST",
    headers: { ...HOST, "x-tool-token": token },
    body: "{}",
  });
  await assertBare(noType, 415);
  const withCharset = await app.request(
    "/api/refresh",
    post(token, "{}", { "content-type": "application/json; charset=utf-8" }),
  );
  assert.is(withCharset.status, 204);
  const bodiless = await app.request("/api/refresh", { method: "POST", headers: { ...HOST, "x-tool-token": token } });
  assert.is(bodiless.status, 204, "a write without a body needs no content type");
});

test("a body over 1 MiB gets 413, declared or streamed", async () => {
  const big = JSON.stringify({ pad: "x".repeat(1024 * 1024) });
  const declared = await app.request("/api/refresh", post(token, big));
  await assertBare(declared, 413);
  const chunk = new Uint8Array(64 * 1024).fill(32);
  let sent = 0;
  const stream = new ReadableStream({
    pull(controller) {
      if (sent > 2 * 1024 * 1024) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const streamed = await app.request(
    "/api/refresh",
    {
      method: "POST",
      headers: { ...HOST, "content-type": "application/json", "x-tool-token": token, "transfer-encoding": "chunked" },
      body: stream,
      duplex: "half",
    } as RequestInit,
  );
  await assertBare(streamed, 413);
});

test("malformed JSON and unknown fields get 400 naming the problem", async () => {
  const bad = await app.request("/api/refresh", post(token, "{ not json"));
  assert.is(bad.status, 400);
  assert.match((await bad.json()).error, /not valid JSON/);
  const field = await app.request("/api/refresh", post(token, { force: true }));
  assert.is(field.status, 400);
  assert.match((await field.json()).error, /unknown field "force"/);
  const notObject = await app.request("/api/refresh", post(token, "[1]"));
  assert.is(notObject.status, 400);
  const query = await app.request("/api/source", { headers: HOST });
  assert.is(query.status, 400);
  assert.match((await query.json()).error, /"file" is required/);
});

test("an unknown address is a JSON 404; every answer forbids framing and sniffing", async () => {
  const res = await app.request("/api/nothing", { headers: HOST });
  assert.is(res.status, 404);
  assert.match((await res.json()).error, /No such address/);
  assert.is(res.headers.get("x-frame-options"), "DENY");
  assert.is(res.headers.get("x-content-type-options"), "nosniff");
  const put = await app.request("/api/refresh", { method: "PUT", headers: HOST });
  assert.is(put.status, 403, "any write method needs the token");
});

test.run();
