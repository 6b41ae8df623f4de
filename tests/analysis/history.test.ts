import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { analyze } from "../../analysis/mod.ts";
import { aggregateCommits } from "../../analysis/history/aggregate.ts";
import { windowLog } from "../../analysis/history/commits.ts";
import { renamedPaths } from "../../analysis/history/log.ts";
import { git, runTool, tempDir } from "../helpers/repo.ts";

const DAY = 24 * 3600 * 1000;

/** Commits the given files as an author at a date, as a real `git commit` would record them. */
function commit(dir: string, author: string, daysAgo: number, files: Record<string, string>, message = "change"): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const date = new Date(Date.now() - daysAgo * DAY).toISOString();
  const email = `${author.toLowerCase().replace(/[^a-z]/g, "")}@example.com`;
  const env = { ...process.env, GIT_AUTHOR_NAME: author, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: author, GIT_COMMITTER_EMAIL: email, GIT_COMMITTER_DATE: date };
  for (const args of [["add", "-A"], ["commit", "-q", "--allow-empty", "-m", message]]) {
    const result = spawnSync("git", args, { cwd: dir, env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(result.stderr);
  }
}

function historyRepo(): string {
  const dir = tempDir();
  spawnSync("git", ["init", "-q", "-b", "main"], { cwd: dir });
  commit(dir, "Olga Old", 400, { "src/a.ts": "export const a = 0;\n" }, "before the window");
  for (let i = 0; i < 5; i++) {
    commit(dir, "Alice", 100 - i, {
      "src/a.ts": `export const a = ${i};\nexport function f(x: number) { return x > ${i} ? x : 0; }\n`,
      "src/b.ts": `export const b = ${i};\n`,
    });
  }
  commit(dir, "dependabot[bot]", 50, { "src/a.ts": "export const a = 9;\nexport function f(x: number) { return x > 1 && x < 9 ? x : 0; }\n" });
  commit(dir, "Bob", 40, { "src/c.ts": 'import { a } from "./a";\nexport const c = a;\n' });
  commit(dir, "Bob", 39, { "src/c.ts": 'import { a } from "./a";\nexport const c = a + 1;\n' });
  commit(dir, "Carol", 30, { "src/old.ts": "export const o = 1;\n" });
  commit(dir, "Carol", 29, { "src/old.ts": "export const o = 2;\n" });
  renameSync(join(dir, "src/old.ts"), join(dir, "src/renamed.ts"));
  commit(dir, "Alice", 20, {}, "rename");
  const many: Record<string, string> = {};
  for (let i = 0; i < 31; i++) many[`gen/f${i}.ts`] = `export const v${i} = ${i};\n`;
  commit(dir, "Alice", 10, many, "generated");
  return dir;
}

const test = suite("history");

test("history counts commits in the 12-month window per file, following renames", () => {
  const h = analyze(historyRepo()).history;
  assert.ok(h.available);
  assert.is(h.shallow, false);
  // 5 (Alice) + bot + 2 (Bob) + 2 (Carol) + rename + generated; Olga's commit is older than a year.
  assert.is(h.commits, 12);
  assert.is(h.authors, 3, "Alice, Bob, Carol; the bot is not a person");
  const file = (path: string) => h.files.find((f) => f.path === path)!;
  assert.is(file("src/a.ts").commits, 6);
  assert.is(file("src/a.ts").mainAuthor, "Alice");
  assert.is(file("src/a.ts").mainAuthorShare, 1, "the bot's commit is not ownership");
  assert.is(file("src/renamed.ts").commits, 3, "two commits under the old name and the rename");
  assert.is(file("src/renamed.ts").mainAuthor, "Carol");
});

test("change coupling: pairs above the thresholds, without bots or huge commits, marked when they do not import", () => {
  const h = analyze(historyRepo()).history;
  assert.equal(h.coupling, [{ a: "src/a.ts", b: "src/b.ts", shared: 5, degree: 1, imports: false }]);
  assert.not.ok(h.coupling.some((c) => c.a.startsWith("gen/")), "the 31-file commit is left out");
  assert.equal(h.thresholds, { minCommits: 5, minSharedCommits: 5, minDegree: 0.3, maxFilesPerCommit: 30 });
});

test("ownership per component: bus factor and knowledge risk", () => {
  const h = analyze(historyRepo()).history;
  const src = h.ownership.find((o) => o.component === "src")!;
  // file changes in src by people: Alice 5+5 (a, b) + 1 (rename), Bob 2, Carol 2
  assert.equal(src.authors.map((a) => [a.name, a.commits]), [["Alice", 11], ["Bob", 2], ["Carol", 2]]);
  assert.is(src.busFactor, 1);
  assert.is(src.knowledgeRisk, false, "Alice made 73%, under 80%");
  const gen = h.ownership.find((o) => o.component === "gen")!;
  assert.is(gen.knowledgeRisk, true);
});

test("activity and hotspots", () => {
  const h = analyze(historyRepo()).history;
  assert.is(h.activity.weeks.length, 52);
  assert.is(h.activity.weeks.reduce((n, w) => n + w.commits, 0), 12);
  assert.is(h.activity.activeAuthors90d, 3);
  assert.is(h.hotspots[0]!.file, "src/a.ts", "the only changed file with decision points and a dependent");
});

test("history says so outside git and in a shallow clone; the rest still works", () => {
  const plain = tempDir();
  writeFileSync(join(plain, "a.ts"), "export const a = 1;\n");
  const report = analyze(plain);
  assert.is(report.history.available, false);
  assert.match(report.history.note!, /not a git repository/);
  assert.is(report.files.length, 1);

  const source = historyRepo();
  const shallow = join(tempDir(), "shallow");
  spawnSync("git", ["clone", "-q", "--depth", "1", `file://${source}`, shallow]);
  const h = analyze(shallow).history;
  assert.ok(h.available);
  assert.ok(h.shallow);
  assert.match(h.note!, /shallow clone/);
});

test("a repository with missing objects gives the history git could read, marked incomplete", () => {
  const repo = historyRepo();
  // Remove one blob of an old commit: `git log --numstat` prints the newer commits, then fails.
  const blob = git(repo, "rev-parse", "HEAD~8:src/a.ts").trim();
  spawnSync("rm", ["-f", join(repo, ".git/objects", blob.slice(0, 2), blob.slice(2))]);
  const h = analyze(repo).history;
  assert.ok(h.available);
  assert.match(h.note!, /git log stopped early/);
  assert.ok(h.commits > 0 && h.commits < 12, `${h.commits} commits read`);
});

test("renamedPaths() reads both numstat rename forms", () => {
  assert.equal(renamedPaths("src/{old => new}/x.ts"), { from: "src/old/x.ts", to: "src/new/x.ts" });
  assert.equal(renamedPaths("src/{ => lib}/x.ts"), { from: "src/x.ts", to: "src/lib/x.ts" });
  assert.equal(renamedPaths("a.ts => b.ts"), { from: "a.ts", to: "b.ts" });
  assert.is(renamedPaths("plain.ts"), undefined);
});

test("tool hotspots prints hotspots and coupled pairs; --json has them", () => {
  const repo = historyRepo();
  const text = runTool(["hotspots", "--root", repo]);
  assert.is(text.code, 0, text.stderr);
  assert.match(text.stdout, /12 commits by 3 people/);
  assert.match(text.stdout, /src\/a\.ts <-> src\/b\.ts  5 shared commits, degree 1\.00  \(no import between them\)/);
  const json = JSON.parse(runTool(["hotspots", "--json", "--root", repo]).stdout);
  assert.is(json.hotspots[0].file, "src/a.ts");
  assert.is(runTool(["hotspots", "--limit", "0", "--root", repo]).code, 2);
});

test("fixes: commits whose subject says they repair a defect, not sweeping or automated ones", () => {
  const dir = tempDir();
  spawnSync("git", ["init", "-q", "-b", "main"], { cwd: dir });
  commit(dir, "Alice", 30, { "src/a.ts": "export const a = 0;\n", "src/b.ts": "export const b = 0;\n" }, "first");
  commit(dir, "Alice", 29, { "src/a.ts": "export const a = 1;\n" }, "fix(router): wildcard after a parameter");
  commit(dir, "Alice", 28, { "src/a.ts": "export const a = 2;\n" }, "Guard against a panic on empty paths");
  commit(dir, "Alice", 27, { "src/a.ts": "export const a = 3;\n" }, "Rename the prefix option, debug output");
  commit(dir, "dependabot[bot]", 26, { "src/b.ts": "export const b = 1;\n" }, "fix(deps): bump a package");
  // One "fix" over 40 files is a sweep (formatting, lint), not a defect in each of them.
  commit(dir, "Alice", 25, Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`src/f${i}.ts`, `export const f = ${i};\n`])), "fix lint everywhere");
  commit(dir, "Alice", 24, { "src/b.ts": "export const b = 2;\n" }, "Security: escape the header (GHSA-1234)");
  const fixes = Object.fromEntries(analyze(dir).history.files.map((f) => [f.path, f.fixes]));
  assert.equal([fixes["src/a.ts"], fixes["src/b.ts"], fixes["src/f0.ts"]], [2, 1, 0]);
});

const incremental = suite("incremental history");

const head = (dir: string) => git(dir, "rev-parse", "HEAD").trim();
const YEAR = new Date(Date.now() - 365 * DAY);
/** The totals a read of the whole window from nothing gives (no cache read or written). */
const fromNothing = (dir: string, since = YEAR) => {
  const cache = join(dir, ".tool/cache/history-commits.json");
  const kept = existsSync(cache) ? readFileSync(cache) : undefined;
  rmSync(cache, { force: true });
  const log = windowLog(dir, head(dir), since, { write: false })!;
  if (kept) writeFileSync(cache, kept);
  return aggregateCommits(log.commits, 30, log.complete);
};
const cachedRead = (dir: string, since = YEAR) => {
  const log = windowLog(dir, head(dir), since)!;
  return aggregateCommits(log.commits, 30, log.complete);
};

incremental("after new commits the figures equal a rebuild from nothing", () => {
  const dir = historyRepo();
  cachedRead(dir);
  commit(dir, "Dana", 5, { "src/a.ts": "export const a = 42;\n", "src/d.ts": "export const d = 1;\n" });
  commit(dir, "Erin", 1, { "src/d.ts": "export const d = 2;\n" });
  const moved = cachedRead(dir);
  assert.equal(moved, fromNothing(dir));
  assert.is(moved.commits, 14);
  assert.is(moved.files["src/d.ts"]!.commits, 2);
  assert.is(JSON.parse(readFileSync(join(dir, ".tool/cache/history-commits.json"), "utf8")).head, head(dir), "the cache moved to the new HEAD");
});

incremental("after new commits only those are read from git: the older ones come from the cache", () => {
  const dir = historyRepo();
  cachedRead(dir);
  const cache = join(dir, ".tool/cache/history-commits.json");
  // Mark a cached commit: had the old history been read again, the mark would be gone.
  const stored = JSON.parse(readFileSync(cache, "utf8"));
  stored.commits.find((c: { author: string }) => c.author === "Bob").author = "Bob (from the cache)";
  writeFileSync(cache, JSON.stringify(stored));
  commit(dir, "Dana", 5, { "src/d.ts": "export const d = 1;\n" });
  const moved = cachedRead(dir);
  assert.ok(Object.values(moved.names).includes("Bob (from the cache)"));
  assert.ok(moved.files["src/d.ts"], "the new commit was read");
});

incremental("commits that leave the window are dropped without reading the rest again", () => {
  const dir = historyRepo();
  cachedRead(dir);
  const later = new Date(Date.now() - 35 * DAY);
  const narrowed = cachedRead(dir, later);
  assert.equal(narrowed, fromNothing(dir, later));
  assert.is(narrowed.commits, 4, "Carol's two, the rename and the generated commit are within 35 days");
});

incremental("a log git cut short (a missing object) is extended by the new commits alone, as a rebuild would give", () => {
  const dir = historyRepo();
  const blob = git(dir, "rev-parse", "HEAD~8:src/a.ts").trim();
  spawnSync("rm", ["-f", join(dir, ".git/objects", blob.slice(0, 2), blob.slice(2))]);
  const cut = cachedRead(dir);
  assert.not.ok(cut.complete);
  const cache = join(dir, ".tool/cache/history-commits.json");
  const stored = JSON.parse(readFileSync(cache, "utf8"));
  stored.commits.find((c: { author: string }) => c.author === "Carol").author = "Carol (from the cache)";
  writeFileSync(cache, JSON.stringify(stored));
  commit(dir, "Dana", 5, { "src/d.ts": "export const d = 1;\n" });
  const moved = cachedRead(dir);
  assert.ok(Object.values(moved.names).includes("Carol (from the cache)"), "the cut log was extended, not read again");
  assert.ok(moved.files["src/d.ts"], "the new commit was read");
  assert.not.ok(moved.complete, "still marked incomplete");
  const rebuilt = fromNothing(dir);
  assert.equal({ ...moved, names: {} }, { ...rebuilt, names: {} });
  assert.is(moved.commits, cut.commits + 1);
});
incremental("a rewritten history (the cached HEAD is no longer an ancestor) is read whole once", () => {
  const dir = historyRepo();
  cachedRead(dir);
  git(dir, "reset", "-q", "--hard", "HEAD~2");
  commit(dir, "Frank", 3, { "src/f.ts": "export const f = 1;\n" }, "another line of history");
  const rewritten = cachedRead(dir);
  assert.equal(rewritten, fromNothing(dir));
  assert.ok(rewritten.files["src/f.ts"]);
  assert.not.ok(rewritten.files["gen/f0.ts"], "the dropped commits are gone");
});

incremental.run();
test.run();
