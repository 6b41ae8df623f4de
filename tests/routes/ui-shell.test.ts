import { suite } from "uvu";
import * as assert from "uvu/assert";
import { VERSION } from "../../core/version.ts";
import { addressOf, sectionOf } from "../../views/shell.tsx";
import { readSettings } from "../../workflow/settings.ts";
import { writeFiles } from "../helpers/repo.ts";
import { HOST, makeHarness, smallRepo } from "./harness.ts";

const test = suite("the console shell: page, Overview, Settings, palette, documents, static files (app.request)");
const HX = { ...HOST, "hx-request": "true" };

test("GET / is the whole page: token in the meta element, navigation, the Overview inside, the static files", async () => {
  const h = makeHarness();
  const res = await h.app.request("/", { headers: HOST });
  assert.is(res.status, 200);
  const html = await res.text();
  assert.ok(html.startsWith("<!doctype html>"));
  assert.match(html, `<meta name="tool-token" content="${h.token}"/>`);
  for (const label of ["Overview", "Tasks", "Loops", "Codebase", "Settings"]) assert.match(html, `>${label}</a>`);
  assert.match(html, '<main id="view" tabindex="-1" data-address="overview"');
  assert.match(html, "<title>Overview · small-app</title>");
  assert.match(html, 'hx-sse:connect="/api/events"');
  // One script (htmx, its SSE extension, the console's code), so all of it is there when htmx starts.
  assert.equal([...html.matchAll(/<script [^>]*>/g)].map((m) => m[0]), ['<script src="/static/console.js" defer="">']);
  assert.match(html, 'href="/static/console.css"');
  assert.match(html, 'id="panel"');
  assert.match(html, '<dialog id="palette"');
});

test("a /ui view answers its fragment to htmx (no token, a title) and the whole page otherwise", async () => {
  const h = makeHarness();
  const fragment = await h.app.request("/ui/overview", { headers: HX });
  assert.is(fragment.status, 200);
  assert.is(fragment.headers.get("vary"), "HX-Request");
  const text = await fragment.text();
  assert.ok(text.startsWith("<title>Overview · small-app</title>"), text.slice(0, 80));
  assert.not.match(text, /<html|<meta|tool-token/);
  assert.not.match(text, h.token);
  assert.match(text, /<h1 id="overview-title">small-app<\/h1>/);
  assert.match(text, /typescript/);
  assert.match(text, /README\.md/);
  assert.match(text, /hx-post="\/api\/refresh"/);
  const page = await (await h.app.request("/ui/settings", { headers: HOST })).text();
  assert.match(page, `content="${h.token}"`);
  assert.match(page, 'data-address="settings"');
  assert.match(page, 'aria-current="page">Settings</a>');
});

test("the Overview lists tasks with their stages when the task store has some", async () => {
  const root = smallRepo();
  writeFiles(root, {
    ".tool/tasks/add-login/task.md":
      "---\nid: add-login\ntitle: Add login\nworkflow: standard\ncreated: 2024-01-01T00:00:00Z\n---\n\n## Goal\n\nUsers log in.\n",
  });
  const h = makeHarness({ root });
  const text = await (await h.app.request("/ui/overview", { headers: HX })).text();
  assert.match(text, 'href="#task/add-login"');
  assert.match(text, /Add login/);
  assert.match(text, /<ol class="stages"[^>]*><li class="current" aria-current="step">plan<\/li><li>build<\/li>/);
});

test("the Overview's signals read as sentences: a word space before the file they name", async () => {
  const root = smallRepo();
  writeFiles(root, { "src/broken.ts": "export const broken = {\n  value: 1,\n" });
  const h = makeHarness({ root });
  const text = await (await h.app.request("/ui/overview", { headers: HX })).text();
  assert.match(text, /read by the lexical scan <a [^>]*>src\/<wbr\/>broken\.ts:\d+<\/a>/);
});

test("Settings shows the tool version, the stack, the commands, the config and its configError", async () => {
  const h = makeHarness();
  let text = await (await h.app.request("/ui/settings", { headers: HX })).text();
  assert.match(text, `<code>${VERSION}</code>`);
  assert.match(text, /No <code>\.tool\/config\.json<\/code>/);
  assert.match(text, />Hono<\/li>/);
  assert.match(text, /<code>graph<\/code>/, "the index's commands");
  assert.match(text, />Set the languages</);
  assert.match(text, /Doctor and changes/);

  writeFiles(h.root, { ".tool/config.json": '{"architecture": {"maxComponents": 500}, "workflow": "strict"}' });
  await h.service.refresh();
  text = await (await h.app.request("/ui/settings", { headers: HX })).text();
  assert.match(text, /configError/);
  assert.match(text, /&quot;architecture\.maxComponents&quot; must be 2 to 200/);
  assert.match(text, /&quot;workflow&quot;: &quot;strict&quot;/, "the parsed file");

  writeFiles(h.root, { ".tool/config.json": "{ not json" });
  text = await (await h.app.request("/ui/settings", { headers: HX })).text();
  assert.match(text, /not valid JSON/);
});

test("readSettings reads the config, lists every problem and never throws", () => {
  const root = smallRepo();
  assert.equal(readSettings(root).configErrors, []);
  assert.is(readSettings(root).exists, false);
  writeFiles(root, {
    ".tool/config.json": JSON.stringify({ history: { minDegree: 2 }, verify: { extra: 1 }, language: "de" }),
  });
  const settings = readSettings(root);
  assert.equal(settings.configErrors.map((e) => e.key), ["history.minDegree", "verify.extra"]);
  assert.is(settings.configError?.key, "history.minDegree");
  assert.is(settings.language, "de");
  writeFiles(root, { ".tool/config.json": "[1, 2]" });
  assert.match(readSettings(root).configError!.reason, /JSON object/);
});

test("the palette lists the views and top findings for an empty query, and finds files by name", async () => {
  const h = makeHarness();
  const empty = await (await h.app.request("/ui/palette", { headers: HX })).text();
  assert.match(empty, /<li class="palette-group" role="presentation">Views<\/li>/);
  assert.match(empty, /data-href="#devtools\/map"/);
  assert.match(empty, /data-href="#settings"/);
  const file = await (await h.app.request("/ui/palette?q=helper", { headers: HX })).text();
  assert.match(
    file,
    /<li id="palette-0" class="palette-item" role="option" aria-selected="false" data-href="#devtools\/source\?file=src%2Fhelper\.ts">/,
  );
  const none = await (await h.app.request("/ui/palette?q=zzzz-nothing", { headers: HX })).text();
  assert.match(none, /Nothing matches/);
  const long = await h.app.request(`/ui/palette?q=${"x".repeat(300)}`, { headers: HX });
  assert.is(long.status, 400);
});

test("a document of the index opens as a fragment; an unknown one is 404", async () => {
  const h = makeHarness();
  const doc = await h.app.request("/ui/doc?path=README.md", { headers: HX });
  assert.is(doc.status, 200);
  assert.match(await doc.text(), /A tiny app for the console tests/);
  const missing = await h.app.request("/ui/doc?path=NOPE.md", { headers: HX });
  assert.is(missing.status, 404);
  assert.match(await missing.text(), /No document/);
});

test("static files are embedded, typed, revalidated by ETag; others are 404", async () => {
  const h = makeHarness();
  for (
    const [file, type] of [
      ["console.js", "text/javascript"],
      ["console.css", "text/css"],
      ["devtools.css", "text/css"],
    ] as const
  ) {
    const res = await h.app.request(`/static/${file}`, { headers: HOST });
    assert.is(res.status, 200, file);
    assert.match(res.headers.get("content-type")!, type);
    assert.is(res.headers.get("cache-control"), "no-cache");
    const etag = res.headers.get("etag")!;
    assert.ok((await res.text()).length > 0);
    const again = await h.app.request(`/static/${file}`, { headers: { ...HOST, "if-none-match": etag } });
    assert.is(again.status, 304);
  }
  const script = await (await h.app.request("/static/console.js", { headers: HOST })).text();
  const at = (pattern: RegExp) => script.search(pattern);
  const [core, sse, own] = [at(/version\s*=\s*["']4\./), at(/registerExtension\(\s*["']sse["']/), at(/tool-token/)];
  assert.ok(core >= 0 && core < sse && sse < own, "htmx, then its SSE extension, then the console's code");
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
    assert.is((await h.app.request(`/static/${name}`, { headers: HOST })).status, 404, name);
  }
  assert.is((await h.app.request("/static/../package.json", { headers: HOST })).status, 404);
  assert.is((await h.app.request("/static/nope.js", { headers: HOST })).status, 404);
});

test("addresses: a /ui URL gives its hash address, and each address its section", () => {
  assert.is(addressOf("http://127.0.0.1/"), "overview");
  assert.is(addressOf("http://127.0.0.1/ui/devtools/map?component=src"), "devtools/map?component=src");
  assert.is(addressOf("http://127.0.0.1/ui/task/add-login"), "task/add-login");
  assert.is(sectionOf("task/add-login"), "tasks");
  assert.is(sectionOf("devtools/impact?file=a.ts,b.ts"), "devtools");
  assert.is(sectionOf("settings"), "settings");
  assert.is(sectionOf("nowhere"), "overview");
});

test.run();
