#!/usr/bin/env bun
/**
 * `tool`: one program, started inside a repository, that gives its people and their coding
 * agents a clear picture of the project. This entry only hands argv to the command table.
 */
import process from "node:process";
import { runCli } from "./cli/run.ts";

// A reader that stops early (`tool graph --json | head`) closes the pipe: that is the end of
// the output, not an error, as for any command-line program.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}

const code = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: (text) => process.stdout.write(text + "\n"),
  stderr: (text) => process.stderr.write(text.startsWith("\r") ? text : text + "\n"),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
});
process.exitCode = code;
