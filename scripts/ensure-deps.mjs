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
  const npm = (args, stdio) => spawnSync("npm", [...args, "--no-audit", "--no-fund"], { stdio, encoding: "utf8", maxBuffer: 1 << 26 });
  console.error("Installing dependencies (npm ci) ...");
  // npm ci's refusal is a page of usage text; it is shown only if the fallback fails too.
  const ci = npm(["ci"], ["ignore", "inherit", "pipe"]);
  let status = ci.status;
  if (status !== 0) {
    const reason = /npm error (?!code)(.+)/.exec(ci.stderr ?? "")?.[1] ?? `exit ${status}`;
    console.error(`npm ci refused the lockfile (${reason.trim()}); installing with npm install --no-save instead ...`);
    status = npm(["install", "--no-save"], ["ignore", "inherit", "inherit"]).status;
    if (status !== 0) process.stderr.write(ci.stderr ?? "");
  }
  process.exit(status ?? 1);
}
