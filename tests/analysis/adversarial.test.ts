// Inputs that made a scanner's pattern backtrack for minutes: the analysis must get through
// them. Run in a child process with a limit a hundred times what they take, so a regression
// fails here instead of hanging the suite (this checks that it ends, not how fast).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, PROJECT_ROOT, tempDir, writeFiles } from "../helpers/repo.ts";

const adversarial = suite("adversarial inputs");

const LIMIT_MS = 60_000;

function routesWithin(root: string): { method: string; path: string; file: string }[] {
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, "main.ts"), "routes", "--json"], { cwd: root, encoding: "utf8", timeout: LIMIT_MS, maxBuffer: 64 << 20 });
  assert.is(result.signal, null, `tool routes did not finish in ${LIMIT_MS / 1000} s`);
  assert.is(result.status, 0, result.stderr);
  return JSON.parse(result.stdout).items;
}

adversarial("a JS module with a long template literal (an e-mail's HTML) among its routes", () => {
  const root = tempDir("tool-adversarial-js-");
  writeFiles(root, {
    "src/mail.ts": [
      'import { WebSocketServer } from "ws";',
      "export function page(name: string): string {",
      "  return `",
      '        <div class="row">Hello</div>\n'.repeat(3000),
      "  `;",
      "}",
      'const wss = new WebSocketServer({ path: "/live" });',
      'wss.on("connection", (socket) => socket.send(page("x")));',
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(routesWithin(root).map((r) => `${r.method} ${r.path}`), ["WS /live"]);
});

adversarial("C# files with a long block comment", () => {
  const root = tempDir("tool-adversarial-cs-");
  writeFiles(root, {
    "Api/Program.cs": [
      "var app = WebApplication.Create(args);",
      "/*" + " x\n".repeat(100000) + "*/",
      'app.MapGet("/health", () => "ok");',
      "app.Run();",
    ].join("\n"),
    "Api/OrdersController.cs": [
      "using Microsoft.AspNetCore.Mvc;",
      "/*" + " \n".repeat(240000) + "*/",
      '[ApiController] [Route("orders")]',
      "public class OrdersController : ControllerBase {",
      '  [HttpGet] public IActionResult List() => Ok();',
      "}",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(routesWithin(root).map((r) => `${r.method} ${r.path}`).sort(), ["GET /health", "GET /orders"]);
});

adversarial("a Python task module with a long run of comment lines", () => {
  const root = tempDir("tool-adversarial-py-");
  writeFiles(root, {
    "app/tasks.py": [
      "from celery import Celery",
      'app = Celery("app")',
      "# x\n".repeat(60000),
      "@app.task",
      "def send_mail(to):",
      "    return to",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(routesWithin(root).map((r) => `${r.method} ${r.path}`), ["CONSUME app.tasks.send_mail"]);
});

adversarial.run();
