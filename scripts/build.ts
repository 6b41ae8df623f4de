// Builds the single-file binary dist/tool: `bun build --compile --minify --bytecode main.ts`.
// Every asset the program needs is imported by the code, so the binary runs with nothing beside it.
// --bytecode ships the code compiled, so a command does not parse half a megabyte of JavaScript
// before it starts: `tool --version` takes 50 ms rather than 120. A Bun binary would also read
// `.env` and `bunfig.toml` from the folder it runs in, the user's repository: the tool must not
// take a project's secrets into its own environment (and its child processes'), nor fail to
// start because of a project's Bun settings.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const result = spawnSync(process.execPath, ["build", "--compile", "--minify", "--bytecode", "--format=esm", "--no-compile-autoload-dotenv", "--no-compile-autoload-bunfig", "main.ts", "analysis/extract/worker.ts", "--outfile", "dist/tool"], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
