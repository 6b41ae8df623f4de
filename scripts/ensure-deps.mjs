// Installs dependencies on first use: `npm start`, `npm test` and `npm run build` call this
// first, so a fresh clone needs no separate install step. It installs only when node_modules
// is missing or older than the lockfile.
//
// `npm ci` is tried first (it installs exactly the lockfile). Some registries serve a
// package's optional per-platform binaries only for some platforms (Deno's, here), so the
// lockfile cannot list all of them and `npm ci` refuses it as out of sync; then
// `npm install --no-save` installs the same versions without rewriting the tracked files.
import { existsSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";

const marker = "node_modules/.package-lock.json";
const lock = "package-lock.json";
const stale = !existsSync(marker) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);

if (stale) {
  const run = (args) => spawnSync("npm", [...args, "--no-audit", "--no-fund"], { stdio: ["ignore", "inherit", "inherit"] }).status;
  console.error("Installing dependencies (npm ci) ...");
  let status = run(["ci"]);
  if (status !== 0) {
    console.error("npm ci refused the lockfile; installing with npm install --no-save instead ...");
    status = run(["install", "--no-save"]);
  }
  process.exit(status ?? 1);
}
