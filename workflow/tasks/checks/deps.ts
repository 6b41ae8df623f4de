import { join } from "node:path";
import type { Check } from "./check.ts";
import { changedFiles, git } from "./git.ts";
import { tryReadInside } from "../../../core/inside.ts";

/** Manifests and the lockfiles that must change with them. */
const LOCKS: Record<string, string[]> = {
  "package.json": ["package-lock.json", "yarn.lock", "pnpm-lock.yaml", "bun.lock", "bun.lockb"],
  "Cargo.toml": ["Cargo.lock"],
  "go.mod": ["go.sum"],
  "pyproject.toml": ["poetry.lock", "uv.lock", "pdm.lock"],
  "Pipfile": ["Pipfile.lock"],
  "Gemfile": ["Gemfile.lock"],
  "composer.json": ["composer.lock"],
  "pubspec.yaml": ["pubspec.lock"],
  "mix.exs": ["mix.lock"],
};
const LOCKFILES = new Set(Object.values(LOCKS).flat());
const base = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const dir = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/") + 1));

/**
 * Dependency changes since the task started: manifests and lockfiles touched, and for
 * package.json the dependencies added, removed or re-versioned. Fails when a manifest changed
 * but the lockfile beside it (when the repository has one) did not.
 */
export const deps: Check = ({ root, base: since }) => {
  const changed = changedFiles(root, since);
  const manifests = changed.filter((f) => LOCKS[base(f)]);
  const lockfiles = changed.filter((f) => LOCKFILES.has(base(f)));
  const tracked = new Set((git(root, ["ls-files"]) ?? "").split("\n"));
  const stale = manifests.filter((m) => {
    const locks = LOCKS[base(m)]!.map((l) => dir(m) + l).filter((l) => tracked.has(l));
    return locks.length > 0 && !locks.some((l) => changed.includes(l));
  });
  const packages = manifests.filter((m) => base(m) === "package.json").map((m) => ({ manifest: m, ...packageDiff(root, since, m) }));
  const lines = [
    ...manifests.map((m) => `- manifest changed: ${m}`),
    ...lockfiles.map((l) => `- lockfile changed: ${l}`),
    ...packages.flatMap((p) => [...p.added.map((d) => `  + ${d}`), ...p.removed.map((d) => `  - ${d}`), ...p.changed.map((d) => `  ~ ${d}`)]),
    ...stale.map((m) => `- ${m} changed but its lockfile did not: run the install`),
  ];
  return {
    ok: stale.length === 0,
    summary: manifests.length || lockfiles.length ? `${manifests.length} manifests, ${lockfiles.length} lockfiles changed${stale.length ? `; ${stale.length} without their lockfile` : ""}` : "no dependency changes",
    details: { manifests, lockfiles, packages, stale },
    text: lines.join("\n") || "No dependency changes.",
  };
};

function packageDiff(root: string, since: string | null, manifest: string): { added: string[]; removed: string[]; changed: string[] } {
  const read = (text: string | undefined) => {
    try {
      const json = JSON.parse(text ?? "{}") as Record<string, Record<string, string> | undefined>;
      return { ...json.dependencies, ...json.devDependencies, ...json.peerDependencies, ...json.optionalDependencies } as Record<string, string>;
    } catch {
      return {};
    }
  };
  const before = read(since ? git(root, ["show", `${since}:${manifest}`]) : undefined);
  const now = read(readWorkingTree(root, manifest));
  return {
    added: Object.keys(now).filter((d) => !(d in before)).map((d) => `${d}@${now[d]}`),
    removed: Object.keys(before).filter((d) => !(d in now)).map((d) => `${d}@${before[d]}`),
    changed: Object.keys(now).filter((d) => d in before && before[d] !== now[d]).map((d) => `${d} ${before[d]} -> ${now[d]}`),
  };
}

function readWorkingTree(root: string, path: string): string | undefined {
  return tryReadInside(root, path);
}
