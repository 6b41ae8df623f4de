// Installs dependencies on first use: `npm start`, `npm test` and `npm run build` call this
// first, so a fresh clone needs no separate install step. It installs only when node_modules
// is missing or older than the lockfile.
//
// `npm ci` installs exactly the versions CI tested. The lockfile holds every platform's
// optional packages (Deno, whose registry entries it could not hold, is installed by the CI
// step that needs it, not from here), so `npm ci` is expected to work. If it does not, the
// fallback `npm install --no-save` may pick other versions than CI tested: that is said loudly.
import { existsSync, statSync } from "node:fs";
import { spawnSync } from "node:child_process";

const marker = "node_modules/.package-lock.json";
const lock = "package-lock.json";
const stale = !existsSync(marker) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);

if (stale) {
  const npm = (args, stdio) => spawnSync("npm", [...args, "--no-audit", "--no-fund"], { stdio, encoding: "utf8", maxBuffer: 1 << 26 });
  console.error("Installing dependencies (npm ci) ...");
  const ci = npm(["ci"], ["ignore", "inherit", "pipe"]);
  let status = ci.status;
  if (status !== 0) {
    const reason = /npm error (?!code)(.+)/.exec(ci.stderr ?? "")?.[1] ?? `exit ${status}`;
    console.error([
      "",
      "!! npm ci refused package-lock.json: " + reason.trim(),
      "!! Falling back to `npm install --no-save`: the versions installed may differ from the ones CI tested.",
      "!! Please report this; `npm ci` from a fresh clone is meant to work.",
      "",
    ].join("\n"));
    status = npm(["install", "--no-save"], ["ignore", "inherit", "inherit"]).status;
    if (status !== 0) process.stderr.write(ci.stderr ?? "");
  }
  process.exit(status ?? 1);
}
