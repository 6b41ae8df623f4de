import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT, runTool } from "../helpers/repo.ts";
import { eventually, smallRepo } from "./harness.ts";

const test = suite("tool serve: the command");

test("refuses a host that is not loopback, and a bad port, with exit 2 and one line", () => {
  for (const host of ["0.0.0.0", "192.168.1.2", "example.com", "::"]) {
    const result = runTool(["serve", "--host", host, "--port", "0"]);
    assert.is(result.code, 2, host);
    assert.is(result.stderr.trim().split("\n").length, 1);
    assert.match(result.stderr, /--host must be a loopback address/);
  }
  const port = runTool(["serve", "--port", "http"]);
  assert.is(port.code, 2);
  assert.match(port.stderr, /--port must be a number from 0 to 65535/);
  assert.match(runTool(["--help"]).stdout, /serve/);
});

test("a port already in use fails with one line that says what to do", async () => {
  const { createServer } = await import("node:net");
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  const port = (blocker.address() as { port: number }).port;
  try {
    const result = runTool(["serve", "--port", String(port)]);
    // A conflict (ToolError 409): cli/run.ts exits 1 for a conflict, 2 for a usage mistake.
    assert.ok(result.code === 1 || result.code === 2, `exit ${result.code}`);
    assert.is(result.stderr.trim().split("\n").length, 1);
    assert.match(result.stderr, new RegExp(`Port ${port} is in use.*--port`));
  } finally {
    blocker.close();
  }
});

test("prints the URL, serves the page and the index, and stops cleanly on SIGTERM and SIGINT", async () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const root = smallRepo();
    const child = spawn(process.execPath, [join(PROJECT_ROOT, "main.ts"), "serve", "--port", "0", "--root", root], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      assert.ok(
        await eventually(() => /http:\/\/127\.0\.0\.1:\d+\//.test(stdout), 10_000),
        `no URL printed: ${stdout} ${stderr}`,
      );
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout)![0];
      const page = await (await fetch(url)).text();
      assert.match(page, /<meta name="tool-token" content="[A-Za-z0-9_-]{43}"\/?>/);
      assert.match(page, /small-app/);
      const index = await (await fetch(`${url}api/project`)).json();
      assert.is(index.project.root, root);
      assert.ok(index.commands.some((c: { name: string }) => c.name === "serve"), "the command registry of tool");
      const events = await fetch(`${url}api/events`);
      const reader = events.body!.getReader();
      await reader.read();
      child.kill(signal);
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve("timeout"), 5000)),
      ]);
      assert.is(code, 0, `${signal}: exit code (stderr: ${stderr})`);
      const end = await Promise.race([
        reader.read().then((r) => r.done).catch(() => true),
        new Promise((resolve) => setTimeout(() => resolve("open"), 2000)),
      ]);
      assert.is(end, true, "the event stream was closed");
      assert.ok(existsSync(join(root, ".tool/cache/project-index.json")));
      assert.equal(
        readdirSync(join(root, ".tool/cache")).filter((name) => name.endsWith(".tmp")),
        [],
        "no half-written file",
      );
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }
});

test("started by `npm start`, the server stops when npm is killed by its pid", async () => {
  const root = smallRepo();
  const npm = spawn("npm", ["start", "--silent", "--", "--port", "0", "--root", root], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group: the cleanup below reaches a server left behind
  });
  let stdout = "";
  let stderr = "";
  npm.stdout.on("data", (chunk) => (stdout += chunk));
  npm.stderr.on("data", (chunk) => (stderr += chunk));
  try {
    assert.ok(await eventually(() => /http:\/\/127\.0\.0\.1:\d+\//.test(stdout), 30_000), `no URL printed: ${stdout} ${stderr}`);
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stdout)![0];
    assert.is((await fetch(`${url}api/project`)).status, 200);
    npm.kill("SIGKILL");
    const refused = () => fetch(url).then((response) => (response.body?.cancel(), false), () => true);
    assert.ok(await eventually(refused, 10_000), "the server still answers after npm is gone");
  } finally {
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // the group is gone already
    }
  }
});

test.run();
