import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { readConfigSection } from "../../../analysis/config.ts";
import type { Check } from "./check.ts";
import { readInside, tryReadInside } from "../../../core/inside.ts";

/** `.tool/config.json` key `verify`: the commands to run, replacing detection, and their time limit. */
export const VerifyConfig = z.object({
  commands: z.array(z.object({ name: z.string().min(1), run: z.array(z.string().min(1)).min(1) }).strict()).optional(),
  timeoutSeconds: z.number().int().min(1).max(7200).default(600),
}).strict();

type VerifyCommand = { name: string; run: string[] };
const TAIL_LINES = 40;

/**
 * The repository's verification commands (tests, lint, type check) as configured, or detected
 * from its manifests: package.json scripts (with the package manager its lockfile names),
 * go.mod, Cargo.toml, pytest configuration, a Makefile `test` target.
 */
export function verificationCommands(root: string): { commands: VerifyCommand[]; timeoutSeconds: number; configError?: { key: string; reason: string } } {
  const { value, configError } = readConfigSection(root, "verify", VerifyConfig);
  if (value.commands) return { commands: value.commands, timeoutSeconds: value.timeoutSeconds, ...(configError ? { configError } : {}) };
  const commands: VerifyCommand[] = [];
  const manifest = readJson(root, "package.json") as { scripts?: Record<string, string> } | undefined;
  if (manifest?.scripts) {
    const runner = existsSync(join(root, "pnpm-lock.yaml")) ? "pnpm" : existsSync(join(root, "yarn.lock")) ? "yarn" : existsSync(join(root, "bun.lock")) || existsSync(join(root, "bun.lockb")) ? "bun" : "npm";
    for (const script of ["typecheck", "type-check", "lint", "test"]) {
      const body = manifest.scripts[script];
      if (!body || /no test specified/.test(body)) continue;
      commands.push({ name: script, run: [runner, "run", script] });
    }
  }
  if (existsSync(join(root, "go.mod"))) commands.push({ name: "go test", run: ["go", "test", "./..."] });
  if (existsSync(join(root, "Cargo.toml"))) commands.push({ name: "cargo test", run: ["cargo", "test", "--quiet"] });
  const pyproject = tryReadInside(root, "pyproject.toml") ?? "";
  if (/\[tool\.pytest/.test(pyproject) || existsSync(join(root, "pytest.ini"))) commands.push({ name: "pytest", run: ["python3", "-m", "pytest", "-q"] });
  const makefile = tryReadInside(root, "Makefile") ?? "";
  if (/^test\s*:/m.test(makefile) && !commands.length) commands.push({ name: "make test", run: ["make", "test"] });
  return { commands, timeoutSeconds: value.timeoutSeconds, ...(configError ? { configError } : {}) };
}

/** Runs each verification command (argument arrays, never a shell) and records pass or fail with the tail of its output. */
export const verify: Check = ({ root }) => {
  const { commands, timeoutSeconds, configError } = verificationCommands(root);
  if (configError) {
    return { ok: false, summary: `config error: ${configError.key} ${configError.reason}`, details: { configError }, text: `${configError.key}: ${configError.reason}` };
  }
  if (!commands.length) {
    const text = "No verification commands found. Add test/lint/typecheck scripts, or set verify.commands in .tool/config.json.";
    return { ok: false, summary: "no verification commands found", details: { commands: [] }, text };
  }
  const results = commands.map((command) => {
    const started = performance.now();
    const result = spawnSync(command.run[0]!, command.run.slice(1), {
      cwd: root,
      encoding: "utf8",
      timeout: timeoutSeconds * 1000,
      env: { ...process.env, CI: "true", FORCE_COLOR: "0" },
      maxBuffer: 64 * 1024 * 1024,
    });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? `\n${result.error.message}` : ""}`;
    const timedOut = result.signal === "SIGTERM" && performance.now() - started >= timeoutSeconds * 1000 - 50;
    return {
      name: command.name,
      command: command.run,
      ok: result.status === 0,
      exitCode: result.status,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      ...(timedOut ? { timedOut: true } : {}),
      tail: output.trimEnd().split("\n").slice(-TAIL_LINES).join("\n"),
    };
  });
  const failed = results.filter((r) => !r.ok);
  return {
    ok: failed.length === 0,
    summary: failed.length ? `failed: ${failed.map((r) => r.name).join(", ")}` : `passed: ${results.map((r) => r.name).join(", ")}`,
    details: { commands: results },
    text: results.map((r) => `${r.ok ? "PASS" : "FAIL"} ${r.name} (${r.command.join(" ")}, ${r.seconds}s)${r.ok ? "" : `\n${r.tail.split("\n").map((l) => `    ${l}`).join("\n")}`}`).join("\n"),
  };
};

function readJson(root: string, path: string): unknown {
  try {
    return JSON.parse(readInside(root, path));
  } catch {
    return undefined;
  }
}
