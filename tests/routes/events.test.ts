import { suite } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startConsole } from "../../routes/mod.ts";
import { eventually, makeHarness, serveHarness, smallRepo } from "./harness.ts";
import { openStream } from "./sse.ts";

const test = suite("GET /api/events: ready, changed, keep-alive, release, file watcher");

test("a client gets ready with the version and a retry hint, then changed after each rebuild", async () => {
  const h = makeHarness();
  const server = await serveHarness(h);
  try {
    const stream = await openStream(server.url);
    assert.is(stream.res.status, 200);
    assert.match(stream.res.headers.get("content-type")!, /^text\/event-stream/);
    assert.ok(await eventually(() => stream.named("ready").length === 1));
    assert.equal(stream.named("ready")[0], { version: 1 });
    assert.ok(Number(stream.events[0]!.retry) > 0, "retry hint");
    const other = await openStream(server.url);
    assert.ok(await eventually(() => other.named("ready").length === 1));
    const res = await fetch(`${server.url}api/refresh`, { method: "POST", headers: { "x-tool-token": h.token } });
    assert.is(res.status, 204);
    assert.ok(
      await eventually(() => stream.named("changed").length === 1 && other.named("changed").length === 1),
      "every open page is told",
    );
    assert.equal(stream.named("changed")[0], { version: 2 });
    await stream.close();
    await other.close();
  } finally {
    h.events.close();
    await server.stop();
  }
});

test("keep-alive comments arrive at a steady interval", async () => {
  const h = makeHarness({ keepAliveMs: 50 });
  const server = await serveHarness(h);
  try {
    const stream = await openStream(server.url);
    assert.ok(await eventually(() => stream.events.filter((e) => e.comment === "keep-alive").length >= 3, 3000));
    await stream.close();
  } finally {
    h.events.close();
    await server.stop();
  }
});

test("the streams of clients that left are released", async () => {
  const h = makeHarness();
  const server = await serveHarness(h);
  try {
    const streams = await Promise.all(Array.from({ length: 20 }, () => openStream(server.url)));
    assert.ok(await eventually(() => h.events.size === 20), `open: ${h.events.size}`);
    await Promise.all(streams.map((s) => s.close()));
    assert.ok(await eventually(() => h.events.size === 0), `still open: ${h.events.size}`);
  } finally {
    h.events.close();
    await server.stop();
  }
});

test("closing the hub (shutdown) ends every stream", async () => {
  const h = makeHarness();
  const server = await serveHarness(h);
  try {
    const stream = await openStream(server.url);
    assert.ok(await eventually(() => h.events.size === 1));
    h.events.close();
    assert.ok(await eventually(() => stream.ended()), "the client sees the end of the stream");
  } finally {
    await server.stop();
  }
});

test("an edited file is noticed by the watcher, the index rebuilt and changed sent", async () => {
  const root = smallRepo();
  const running = await startConsole({ root, hostname: "127.0.0.1", port: 0, debounceMs: 100, log: () => {} });
  try {
    const stream = await openStream(running.url);
    assert.ok(await eventually(() => stream.named("ready").length === 1));
    // Let the warm-up build finish so the edit is not folded into it.
    await running.service.snapshot();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = stream.named("changed").length;
    writeFileSync(join(root, "src/helper.ts"), "export const helper = () => 2;\nexport const more = 1;\n");
    assert.ok(await eventually(() => stream.named("changed").length > before, 10_000), "a changed event arrives");
    const version = stream.named("changed").at(-1).version;
    assert.ok(version >= 2);
    const index = await (await fetch(`${running.url}api/project`)).json();
    assert.ok(
      index.graph.nodes.some((n: { id: string; lines: number }) => n.id === "src/helper.ts" && n.lines === 2),
      "the index shows the edit",
    );
    // The server's own cache writes never trigger a rebuild.
    const settled = running.service.version;
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.is(running.service.version, settled, "no rebuild loop from .tool/cache writes");
    await stream.close();
  } finally {
    await running.close();
  }
});

test.run();
