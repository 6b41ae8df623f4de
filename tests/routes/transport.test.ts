import { suite } from "uvu";
import * as assert from "uvu/assert";
import net from "node:net";
import type { Listening } from "../../routes/mod.ts";
import { makeHarness, NOT_LOOPBACK_HOSTS, serveHarness } from "./harness.ts";

const test = suite("the guard over a real socket (raw Host headers, tokens, bodies)");
const h = makeHarness();
let server: Listening;

type Raw = { status: number; headers: string; body: string };

/** Sends raw bytes and reads until the server answers and closes (or `ms` pass). */
function raw(data: string | Buffer, ms = 3000): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => socket.write(data));
    let out = Buffer.alloc(0);
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = out.toString("latin1");
      const split = text.indexOf("\r\n\r\n");
      const head = split === -1 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head.toLowerCase(),
        body: split === -1 ? "" : text.slice(split + 4),
      });
    };
    const timer = setTimeout(done, ms);
    socket.on("data", (chunk) => {
      out = Buffer.concat([out, chunk as Buffer]);
      // Answers to requests whose body we never send: done once the whole answer is in.
      const text = out.toString("latin1");
      const length = /content-length: (\d+)/i.exec(text)?.[1];
      const split = text.indexOf("\r\n\r\n");
      if (length !== undefined && split !== -1 && out.length >= split + 4 + Number(length)) done();
    });
    socket.on("close", done);
    socket.on("error", reject);
  });
}

const get = (path: string, headerLines: string[], version = "1.1") =>
  raw(`GET ${path} HTTP/${version}\r\n${headerLines.map((l) => l + "\r\n").join("")}Connection: close\r\n\r\n`);

function assertRefused(res: Raw, status: number, label: string) {
  assert.is(res.status, status, label);
  assert.not.match(res.headers, "access-control-allow-origin", label);
  assert.not.match(res.body, h.token, label);
  assert.not.match(res.body, /<meta|<html/i, label);
}

test.before(async () => {
  server = await serveHarness(h);
});
test.after(async () => {
  await server.stop();
});

test("listens on loopback only", async () => {
  const { listen } = await import("../../routes/mod.ts");
  for (const hostname of ["0.0.0.0", "::", "192.168.1.10", "example.com"]) {
    try {
      await listen(h.app.fetch, { hostname, port: 0 });
      assert.unreachable(hostname);
    } catch (error) {
      assert.instance(error, RangeError, hostname);
      assert.match((error as Error).message, /loopback only/);
    }
  }
});

test("loopback Host headers are served", async () => {
  for (
    const host of [
      "127.0.0.1",
      `127.0.0.1:${server.port}`,
      "localhost",
      `localhost:${server.port}`,
      "[::1]",
      `[::1]:${server.port}`,
    ]
  ) {
    const res = await get("/api/project", [`Host: ${host}`]);
    assert.is(res.status, 200, host);
  }
});

test("every other raw Host header gets 421", async () => {
  // The same list over a real socket, and one with this server's own port and a path after it.
  const hosts = [...NOT_LOOPBACK_HOSTS, `localhost:${server.port}/x`];
  for (const host of hosts) {
    for (const path of ["/", "/api/project"]) assertRefused(await get(path, [`Host: ${host}`]), 421, `${host} ${path}`);
  }
  assertRefused(await get("/", ["Host: localhost", "Host: evil.example"]), 421, "two Host headers");
  assertRefused(await get("/", ["Host: localhost", "Host: localhost"]), 421, "two equal Host headers");
  assertRefused(await get("/", [], "1.0"), 421, "no Host header (HTTP/1.0)");
});

test("HTTP/1.1 without Host is refused before the app runs (Bun answers 400, RFC 9112 3.2)", async () => {
  const res = await get("/", []);
  assert.ok(res.status === 400 || res.status === 421, `status ${res.status}`);
  assertRefused(res, res.status, "no Host");
});

test("raw tokens: non-ASCII bytes get 403 (not 500), two token headers 403, the real one 204", async () => {
  const host = `Host: 127.0.0.1:${server.port}`;
  const postWith = (tokenBytes: Buffer | undefined, extra = "") =>
    raw(Buffer.concat([
      Buffer.from(
        `POST /api/refresh HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n${extra}`,
      ),
      ...(tokenBytes ? [Buffer.from("x-tool-token: "), tokenBytes, Buffer.from("\r\n")] : []),
      Buffer.from("Connection: close\r\n\r\n{}"),
    ]));
  assertRefused(await postWith(Buffer.from("t\u00f6k\u00e9n\u2713" + h.token.slice(7), "utf8")), 403, "utf-8 token");
  assertRefused(await postWith(Buffer.from([0xff, 0xfe, 0x80, 0x81])), 403, "invalid utf-8 token");
  assertRefused(await postWith(Buffer.from(h.token), `x-tool-token: ${h.token}\r\n`), 403, "two token headers");
  assertRefused(await postWith(undefined), 403, "no token");
  assert.is((await postWith(Buffer.from(h.token))).status, 204);
});

test("a rejected POST is answered without its body being read", async () => {
  const head = (token: string, extra = "") =>
    `POST /api/refresh HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 50000000\r\nx-tool-token: ${token}\r\n${extra}\r\n`;
  // 50 MB are declared, none are sent: the answer must come anyway.
  assertRefused(await raw(head("wrong")), 403, "wrong token");
  assertRefused(await raw(head(h.token, "Origin: http://evil.example\r\n")), 403, "foreign origin");
  assertRefused(await raw(head(h.token)), 413, "over 1 MiB");
});

test("an oversized body sent whole is always answered 413, 30 times out of 30", async () => {
  const body = Buffer.alloc(2 * 1024 * 1024, "x");
  const head = `POST /api/action HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nx-tool-token: ${h.token}\r\n\r\n`;
  const statuses: (number | string)[] = [];
  for (let i = 0; i < 30; i++) {
    statuses.push(await raw(Buffer.concat([Buffer.from(head), body])).then((res) => res.status, (error: Error) => error.message));
  }
  assert.equal(statuses, Array(30).fill(413));
});

test("an oversized chunked body is answered 413 too, 30 times out of 30", async () => {
  const chunk = Buffer.alloc(64 * 1024, "x");
  const chunks = Array.from({ length: 32 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]));
  const head = `POST /api/action HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nx-tool-token: ${h.token}\r\n\r\n`;
  const statuses: (number | string)[] = [];
  for (let i = 0; i < 30; i++) {
    statuses.push(await raw(Buffer.concat([Buffer.from(head), ...chunks, Buffer.from("0\r\n\r\n")])).then((res) => res.status, (error: Error) => error.message));
  }
  assert.equal(statuses, Array(30).fill(413));
});

test("a URL over 8 KiB is a 414 with { error }; past Bun's 16 KiB header limit the runtime answers 431", async () => {
  const host = `Host: 127.0.0.1:${server.port}`;
  const long = await get(`/api/source?file=${"a".repeat(10_000)}`, [host]);
  assert.is(long.status, 414);
  assert.match(JSON.parse(long.body).error, /URI too long/);
  const huge = await get(`/api/source?file=${"a".repeat(70_000)}`, [host]);
  assert.is(huge.status, 431);
  const fine = await get(`/api/source?file=${"a".repeat(4000)}`, [host]);
  assert.is(fine.status, 404, "a long URL under the limit reaches its route");
});

test("a CORS preflight from a foreign origin is granted nothing", async () => {
  const res = await raw(
    `OPTIONS /api/refresh HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: http://evil.example\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: x-tool-token\r\nConnection: close\r\n\r\n`,
  );
  assertRefused(res, 403, "preflight");
  assert.not.match(res.headers, "access-control-allow");
});

test("the Origin must be this server's own origin, on its own port", async () => {
  const send = (origin: string) =>
    fetch(`${server.url}api/refresh`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-tool-token": h.token },
    });
  for (
    const origin of [
      "null",
      "http://evil.example",
      "http://localhost.evil.example",
      `https://localhost:${server.port}`,
      `http://localhost:${server.port + 1}`,
      "file://",
      "chrome-extension://x",
    ]
  ) {
    const res = await send(origin);
    assert.is(res.status, 403, origin);
    assert.is(res.headers.get("access-control-allow-origin"), null);
    await res.body?.cancel();
  }
  for (const origin of [`http://127.0.0.1:${server.port}`, `http://localhost:${server.port}`]) {
    const res = await send(origin);
    assert.is(res.status, 204, origin);
  }
});

test("a token from an earlier start is refused by the next one", async () => {
  const earlier = h.token;
  const next = makeHarness({ root: h.root });
  const other = await serveHarness(next);
  try {
    const res = await fetch(`${other.url}api/refresh`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-tool-token": earlier },
    });
    assert.is(res.status, 403);
    await res.body?.cancel();
    assert.is.not(next.token, earlier);
  } finally {
    await other.stop();
  }
});

test.run();
