// Installs dependencies on first use: `npm start`, `npm test` and `npm run build`
// call this first, so a fresh clone needs no separate install step.
// It runs `npm ci` only when node_modules is missing or older than the lockfile.
import { existsSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";

const marker = "node_modules/.package-lock.json";
const lock = "package-lock.json";
const stale = !existsSync(marker) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);

if (stale) {
  console.error("Installing dependencies (npm ci) ...");
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { stdio: ["ignore", "inherit", "inherit"] });
  process.exit(result.status ?? 1);
}
