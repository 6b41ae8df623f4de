// Builds the single-file binary dist/tool: `bun build --compile --minify main.ts`.
// Every asset the program needs is imported by the code, so the binary runs with nothing beside it.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const result = spawnSync(process.execPath, ["build", "--compile", "--minify", "main.ts", "--outfile", "dist/tool"], {
  cwd: root,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
