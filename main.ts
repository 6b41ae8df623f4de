#!/usr/bin/env bun
/**
 * `tool`: one program, started inside a repository, that gives its people and their coding
 * agents a clear picture of the project. This entry only hands argv to the command table.
 */
import process from "node:process";
import { runCli } from "./cli/run.ts";

const code = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => process.stdout.write(text + "\n"),
  stderr: (text) => process.stderr.write(text.startsWith("\r") ? text : text + "\n"),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
});
process.exitCode = code;
