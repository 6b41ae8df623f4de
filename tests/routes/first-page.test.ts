// The console answers with the structure first. The first index does not wait for routes,
// integrations and findings; on a repository with a long history it does not wait for the
// history either, which is read after (git in a child process), then `changed` is said and the
// history served whole: the same history as an analysis that read it at once.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { analyze, analyzeStructure, withHistory } from "../../analysis/mod.ts";
import { readHistoryAhead } from "../../analysis/history/mod.ts";
import { createApp, EventHub, generateToken, listen } from "../../routes/mod.ts";
import { buildProjectIndex, ProjectService } from "../../workflow/index/mod.ts";
import { tempDir } from "../helpers/repo.ts";
import { eventually, HOST } from "./harness.ts";
import { openStream } from "./sse.ts";

const test = suite("first page before the history");

/** A repository of `commits` commits over the last months, written with git fast-import. */
const START = Math.floor(Date.now() / 1000) - 200 * 86400;

function repoWithHistory(commits: number, start = START): string {
  const root = tempDir("tool-first-page-");
  spawnSync("git", ["init", "-q", "-b", "main"], { cwd: root });
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const chunks: string[] = [];
  for (let c = 1; c <= commits; c++) {
    const time = start + c * 3600;
    const who = c % 3 === 0 ? "Ada <ada@example.com>" : "Brook <brook@example.com>";
    chunks.push(`commit refs/heads/main\nmark :${c}\nauthor ${who} ${time} +0000\ncommitter ${who} ${time} +0000\n`, data(`change ${c}`));
    if (c > 1) chunks.push(`from :${c - 1}\n`);
    const file = `src/m${c % 12}.ts`;
    const next = `src/m${(c + 1) % 12}.ts`;
    chunks.push(`M 100644 inline ${file}\n`, data(`import { v } from "./m${(c + 1) % 12}.ts";\nexport const w${c} = v + ${c};\n`));
    chunks.push(`M 100644 inline ${next}\n`, data(`export const v = ${c};\n`));
  }
  const imported = spawnSync("git", ["fast-import", "--quiet"], { cwd: root, input: chunks.join("") });
  if (imported.status !== 0) throw new Error(String(imported.stderr));
  spawnSync("git", ["checkout", "-q", "main"], { cwd: root });
  return root;
}

test("analysis: a long uncached history is deferred when asked, a short one never; once read ahead it is the full history", async () => {
  const long = repoWithHistory(260);
  const deferred = analyze(long, { deferHistory: true });
  assert.is(deferred.history.pending, true);
  assert.is(deferred.history.available, false);
  assert.ok(deferred.files.length > 0, "the structure is there");
  assert.ok(await readHistoryAhead(long));
  const after = analyze(long, { deferHistory: true });
  assert.is(after.history.pending, undefined);
  assert.is(after.history.commits, 260);
  const direct = analyze(repoWithHistory(260)).history;
  assert.equal({ ...after.history, since: "" }, { ...direct, since: "" }, "read ahead = read at once");
  // The console completes its first report rather than analysing again: the same history and findings.
  const completed = withHistory(long, deferred);
  assert.equal({ ...completed.history, since: "" }, { ...after.history, since: "" });
  assert.not.ok(deferred.findings.some((f) => f.rule === "hidden-coupling"), "no history, no change coupling");
  assert.ok(completed.findings.some((f) => f.rule === "hidden-coupling"));
  assert.equal(completed.findings, after.findings, "findings weigh the history alike");

  const short = repoWithHistory(30);
  assert.is(analyze(short, { deferHistory: true }).history.commits, 30, "a short history is read at once");
  assert.is(analyze(long).history.pending, undefined, "without the option, never deferred");
});

test("console: the first answer has the structure with the history pending; `changed` follows and the history is whole", async () => {
  const root = repoWithHistory(260);
  const service = new ProjectService({ root, writeCache: false });
  const events = new EventHub(service);
  const token = generateToken();
  const server = await listen(createApp({ service, token, events }).fetch, { hostname: "127.0.0.1", port: 0 });
  const stream = await openStream(server.url);
  try {
    const get = async () => (await (await fetch(`${server.url}api/devtools`, { headers: HOST })).json()) as any;
    const first = await get();
    assert.ok(first.files.length > 0);
    assert.is(first.history.pending, true, JSON.stringify(first.history).slice(0, 200));
    assert.match(first.history.note, /being read/);
    assert.ok(await eventually(() => stream.events.some((e) => e.event === "changed"), 20_000), "a changed event");
    const second = await get();
    assert.is(second.history.pending, undefined);
    assert.is(second.history.commits, 260);
    const direct = analyze(root).history;
    assert.ok(direct.files.length > 0 && direct.coupling.length > 0);
    assert.equal([second.history.files, second.history.coupling], [direct.files, direct.coupling]);
  } finally {
    stream.close();
    await server.stop();
    await service.close();
  }
});

test("console: the first index is built from the structure alone, then the whole report follows; the index is the one a whole report gives", async () => {
  const root = repoWithHistory(30);
  let structures = 0;
  let wholes = 0;
  const service = new ProjectService({
    root,
    writeCache: false,
    analyzeStructure: (r) => (structures++, analyzeStructure(r)),
    analyze: (r, options) => (wholes++, analyze(r, options)),
  });
  const server = await listen(createApp({ service, token: generateToken() }).fetch, { hostname: "127.0.0.1", port: 0 });
  try {
    const first = (await (await fetch(`${server.url}api/project`, { headers: HOST })).json()) as any;
    assert.equal([structures, wholes], [1, 0], "the first answer waited for the structure only");
    // The whole report starts by itself a moment later, without a view asking for it.
    assert.ok(await eventually(() => wholes === 1, 10_000), "the whole report was started");
    const whole = (await (await fetch(`${server.url}api/devtools`, { headers: HOST })).json()) as any;
    assert.ok(whole.routes && whole.findings, "the views get the whole report");
    assert.is(wholes, 1, "one whole analysis, shared");
    const fromWhole = await buildProjectIndex(root, { report: await service.report() });
    const strip = (index: any) => ({ ...index, generatedAt: "" });
    assert.equal(strip(first), strip(JSON.parse(JSON.stringify(fromWhole))));
    assert.ok(first.graph.nodes.length > 0 && first.project.languages.length > 0);
  } finally {
    await server.stop();
    await service.close();
  }
});

test.run();
