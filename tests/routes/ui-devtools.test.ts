import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createApp, generateToken } from "../../routes/mod.ts";
import { ProjectService } from "../../workflow/index/mod.ts";
import { fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { HOST, makeHarness } from "./harness.ts";

/** The devtools-app fixture with some history: Ada changes the database layer six times, Bo the billing once. */
function shopRepo(): string {
  const root = fixtureRepo("devtools-app");
  for (let i = 1; i <= 6; i++) {
    writeFileSync(join(root, "src/db/index.js"), `${readLines(root, "src/db/index.js")}// change ${i}\n`);
    git(root, "commit", "-q", "-am", `db change ${i}`, "--author", "Ada Lovelace <ada@example.com>");
  }
  writeFileSync(join(root, "src/services/billing.js"), `${readLines(root, "src/services/billing.js")}// tweak\n`);
  git(root, "commit", "-q", "-am", "billing tweak", "--author", "Bo <bo@example.com>");
  return root;
}
const readLines = (root: string, file: string) => readFileSync(join(root, file), "utf8");

const shop = makeHarness({ root: shopRepo() });

async function get(path: string, options: { hx?: boolean; app?: { request: typeof shop.app.request } } = {}) {
  const res = await (options.app ?? shop.app).request(path, {
    headers: { ...HOST, ...(options.hx === false ? {} : { "hx-request": "true" }) },
  });
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    headers: res.headers,
    text: await res.text(),
  };
}

const VIEWS = [
  "overview",
  "map",
  "routes",
  "coupling",
  "cycles",
  "hotspots",
  "impact",
  "integrations",
  "team",
  "debt",
  "findings",
];
const fileLink = (file: string, line?: number) => `hx-get="/ui/source?file=${file}${line ? `&amp;line=${line}"` : ""}`;

const views = suite("devtools views");

views("every view answers its fragment to htmx and the whole shell to a plain request", async () => {
  for (const view of VIEWS) {
    const fragment = await get(`/ui/devtools/${view}`);
    assert.is(fragment.status, 200, view);
    assert.match(fragment.type, /text\/html/);
    assert.match(fragment.text, /^<title>/, view);
    assert.not.match(fragment.text, /<html/, view);
    const page = await get(`/ui/devtools/${view}`, { hx: false });
    assert.is(page.status, 200, view);
    assert.match(page.text, /^<!doctype html>/i);
    assert.match(page.text, new RegExp(`<main id="view"[^>]*data-address="devtools/${view}"`), view);
    assert.ok(page.text.includes('<div class="dt dt-'), view);
  }
});

views("results name their files: each view links files to the Source panel", async () => {
  const expected: Record<string, string> = {
    overview: "src/services/billing.js",
    routes: "src/routes/users.js",
    cycles: "src/services/ledger.js",
    hotspots: "src/db/index.js",
    "impact?file=src/db/index.js": "src/routes/users.js",
    integrations: "src/db/cache.js",
    debt: "src/legacy/export.js",
    findings: "src/routes/orders.js",
    "map?component=src/db": "src/db/index.js",
  };
  for (const [view, file] of Object.entries(expected)) {
    const { text } = await get(`/ui/devtools/${view}`);
    assert.ok(text.includes(fileLink(file)), `${view} links ${file}`);
    assert.match(
      text,
      /<a class="file" href="#devtools\/source\?file=[^"]+" hx-get="\/ui\/source\?file=[^"]+" hx-target="#panel"/,
    );
  }
});

views("overview: health with its deductions, composition, what needs attention first", async () => {
  const { text } = await get("/ui/devtools/overview");
  assert.match(text, /Architecture health/);
  assert.match(text, /<span class="badge high">40<\/span>/, "the test file is not part of the architecture");
  assert.match(
    text,
    /Import cycles<\/a><\/td><td class="num">3<\/td><td class="num">2 \(20%\)<\/td><td class="num">−60/,
  );
  assert.match(text, /<strong>9<\/strong> entry points<\/a> \(8 http, 1 job\)/);
  assert.match(text, /What needs attention first/);
  assert.match(text, /<span class="badge high">high<\/span> <strong>[^<]+<\/strong>/);
});

views("map: the SVG, colour control, focus on a component, download link", async () => {
  const all = await get("/ui/devtools/map");
  assert.match(all.text, /<svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="tool-map"/);
  for (const name of ["HTTP clients", "Scheduler", "src/routes", "PostgreSQL"]) {
    assert.ok(all.text.includes(`>${name}<`), name);
  }
  assert.match(all.text, /<a class="button" href="\/ui\/devtools\/map.svg" download="map.svg">Download SVG<\/a>/);
  assert.match(all.text, /<a href="#devtools\/map\?component=src\/db">/);
  const focused = await get("/ui/devtools/map?component=src/db&colour=churn");
  assert.match(focused.text, /Focused on src\/db/);
  assert.match(focused.text, /Component src\/db/);
  assert.match(focused.text, /class="tool-map-node component focus" data-id="component:src\/db"/);
  assert.match(
    focused.text,
    /href="\/ui\/devtools\/map.svg\?component=src\/db&amp;colour=churn" download="map-src-db.svg"/,
  );
  assert.match(focused.text, /<a href="#devtools\/map\?component=src\/db&amp;colour=churn" class="active"/);
});

views("map.svg: a standalone SVG file to download", async () => {
  const res = await get("/ui/devtools/map.svg?component=src/db", { hx: false });
  assert.is(res.status, 200);
  assert.is(res.type, "image/svg+xml; charset=utf-8");
  assert.is(res.headers.get("content-disposition"), 'attachment; filename="map-src-db.svg"');
  assert.match(res.text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(res.text, /<\/svg>\n$/);
  assert.not.match(res.text, /<a href/);
});

views("entry points: groups, guards, reach, curl for the chosen base URL, source around the handler", async () => {
  const { text } = await get("/ui/devtools/routes?base=https://shop.example.com");
  assert.match(text, /<h3>\/api <span class="count">7<\/span><\/h3>/);
  assert.match(text, /<code>DELETE \/api\/users\/\{id\}<\/code>/);
  assert.ok(text.includes("curl -g -X DELETE &#39;https://shop.example.com/api/users/{id}&#39;"));
  assert.match(text, /<code class="chip">requireAuth<\/code>/);
  assert.match(text, /<a class="chip integration" href="#devtools\/integrations">stripe<\/a>/);
  assert.match(text, /A scheduled job \(0 3 \* \* \*\)/);
  // The handler's definition, not only the registration line, with its line marked.
  assert.match(
    text,
    /<span class="ln focus"><span class="no" aria-hidden="true">\d+<\/span>async function removeUser\(req, res\) \{/,
  );
  assert.match(text, /Write routes without a guard/);
  assert.match(text, /Routes defined twice/);
  assert.match(text, /Documented, not implemented[\s\S]*GET \/api\/invoices/);
  assert.match(
    text,
    /href="\/ui\/devtools\/routes\/export\?format=http&amp;base=https:\/\/shop.example.com" download="routes.http"/,
  );
});

views("entry points: write routes without a guard list those the findings call high first; a low one says why on its badge", async () => {
  const root = tempDir("tool-devtools-unguarded-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "shop", dependencies: { express: "^4" } }),
    "server.js": [
      'const express = require("express");',
      "const app = express();",
      'app.post("/login", (req, res) => res.send("ok"));',
      'app.post("/api/internal/sync", (req, res) => res.send("ok"));',
      'app.post("/orders", (req, res) => res.send("ok"));',
      'app.get("/me", requireAuth, (req, res) => res.send("me"));',
      "app.listen(3000);",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const unguarded = makeHarness({ root });
  const { text } = await get("/ui/devtools/routes", { app: unguarded.app });
  const section = text.slice(text.indexOf("Write routes without a guard"));
  const order = ["POST /orders", "POST /login", "POST /api/internal/sync"].map((route) => section.indexOf(`<code>${route}</code>`));
  assert.ok(order.every((at) => at > 0), "each write route is listed");
  assert.ok(order[0]! < order[1]! && order[0]! < order[2]!, "the high one comes first");
  assert.match(section, /<code>POST \/login<\/code>[^<]*<a[^>]*>[^<]*<\/a> <span class="badge" title="its path \(login\) says it is public by design[^"]*">low<\/span>/);
  assert.match(section, /<code>POST \/api\/internal\/sync<\/code>[^<]*<a[^>]*>[^<]*<\/a> <span class="badge" title="its path names it internal[^"]*">low<\/span>/);
  assert.not.match(section.slice(0, Math.min(order[1]!, order[2]!)), /badge/, "the high one has no low badge");
});

views("entry points: a route whose action asks a policy ability that takes a guest shows that check beside its guards", async () => {
  const root = tempDir("tool-devtools-checks-");
  writeFiles(root, {
    "composer.json": JSON.stringify({ require: { "laravel/framework": "^11.0" } }),
    "routes/api.php": "<?php\nnamespace App\\Http\\Controllers;\nuse Illuminate\\Support\\Facades\\Route;\nRoute::post('/Photo', [PhotoController::class, 'upload']);\n",
    "app/Http/Controllers/PhotoController.php": "<?php\nnamespace App\\Http\\Controllers;\nuse App\\Http\\Requests\\UploadPhotoRequest;\nclass PhotoController extends Controller\n{\n    public function upload(UploadPhotoRequest $request): void { $this->photos->store($request->file('file')); }\n}\n",
    "app/Http/Requests/UploadPhotoRequest.php": "<?php\nnamespace App\\Http\\Requests;\nuse App\\Policies\\AlbumPolicy;\nclass UploadPhotoRequest extends FormRequest\n{\n    public function authorize(): bool\n    {\n        return Gate::check(AlbumPolicy::CAN_UPLOAD, [Album::class, $this->album]);\n    }\n}\n",
    "app/Policies/AlbumPolicy.php": "<?php\nnamespace App\\Policies;\nclass AlbumPolicy\n{\n    public const CAN_UPLOAD = 'canUpload';\n    public function canUpload(?User $user, ?Album $album = null): bool { return $user?->may_upload ?? false; }\n}\n",
  });
  git(root, "init", "-q");
  const checked = makeHarness({ root });
  const { text } = await get("/ui/devtools/routes", { app: checked.app });
  assert.match(text, /<dt>Checks<\/dt>\s*<dd class="dt-chips"><code class="chip">AlbumPolicy::canUpload<\/code><span class="muted">asks about each caller, and may let one without an account through<\/span><\/dd>/);
  assert.match(text, /<code>\/api\/Photo<\/code>\s*<span class="muted">PhotoController@upload<\/span>\s*<span class="badge" title="AlbumPolicy::canUpload asks about each caller[^"]*">checked<\/span>/);
});

views("entry points: filters by method, framework and text, grouped as asked", async () => {
  const del = await get("/ui/devtools/routes?method=delete");
  assert.match(del.text, /1 entry point of 9/);
  assert.match(del.text, /<option selected="">DELETE<\/option>/);
  const text = await get("/ui/devtools/routes?q=pay&group=file");
  assert.match(text.text, /1 entry point of 9/);
  assert.match(text.text, /<h3>src\/routes\/orders.js <span class="count">1<\/span>/);
  const cron = await get("/ui/devtools/routes?framework=node-cron&group=framework");
  assert.match(cron.text, /<h3>node-cron <span class="count">1<\/span>/);
  assert.match((await get("/ui/devtools/routes?q=nothing-matches")).text, /No entry point matches the filter/);
});

views("entry point exports: JSON, CSV, Markdown and .http of the filtered list", async () => {
  const json = await get("/ui/devtools/routes/export?format=json&method=POST", { hx: false });
  assert.is(json.type, "application/json; charset=utf-8");
  assert.is(json.headers.get("content-disposition"), 'attachment; filename="routes.json"');
  assert.equal(JSON.parse(json.text).map((r: { path: string }) => r.path).sort(), [
    "/api/orders/{orderId}/pay",
    "/api/users",
  ]);
  const csv = await get("/ui/devtools/routes/export?format=csv", { hx: false });
  assert.is(csv.type, "text/csv; charset=utf-8");
  assert.is(csv.text.trim().split("\r\n").length, 10);
  const md = await get("/ui/devtools/routes/export?format=md&q=users", { hx: false });
  assert.match(md.text, /^# Entry points \(4\)/);
  const http = await get("/ui/devtools/routes/export?format=http&base=http://127.0.0.1:8080", { hx: false });
  assert.is(http.headers.get("content-disposition"), 'attachment; filename="routes.http"');
  assert.match(http.text, /@baseUrl = http:\/\/127.0.0.1:8080/);
});

views("coupling: sortable metrics, main-sequence chart, SDP, dependency matrix", async () => {
  const { text } = await get("/ui/devtools/coupling?sort=ca&dir=desc");
  const rows = [...text.matchAll(/<tr><td><a href="#devtools\/map\?component=([^"]+)">/g)].map((m) => m[1]);
  assert.is(rows[0], "src/db");
  assert.match(text, /aria-sort="descending"><a href="#devtools\/coupling\?sort=ca" title="[^"]+">Ca ▼/);
  assert.match(text, /<svg class="dt-chart"[^>]*aria-label="Main-sequence chart/);
  assert.match(text, /<polygon class="zone pain"/);
  assert.match(text, /Stable Dependencies Principle/);
  assert.match(text, /<table class="dt-dsm">/);
  assert.match(text, /<td class="dep" title="src\/routes → src\/middleware: 2 imports">2<\/td>/);
  // I, A and D to two places in every row, 1.00 and 0.00 included, so the columns line up.
  const ratios = [...text.matchAll(/<td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td><td class="num">([^<]*)<\/td><td>/g)].flatMap((m) => m.slice(1));
  assert.ok(ratios.length >= 6, text.slice(0, 200));
  assert.ok(ratios.every((r) => /^\d\.\d\d$/.test(r)), ratios.join(" "));
  assert.ok(ratios.includes("1.00") || ratios.includes("0.00"), ratios.join(" "));
});

views("cycles: the loop of each file cycle with its import lines, and component cycles", async () => {
  const { text } = await get("/ui/devtools/cycles");
  assert.ok(text.includes(fileLink("src/services/billing.js", 2)));
  assert.ok(text.includes(fileLink("src/services/ledger.js", 1)));
  assert.match(text, /Runtime \(1\)/);
  assert.match((await get("/ui/devtools/cycles?kind=type")).text, /No type-only import cycles/);
});

views("hotspots and team: from history, author names only in the team view", async () => {
  const hot = await get("/ui/devtools/hotspots");
  // A file link may wrap after each slash (<wbr>).
  assert.match(hot.text, /<td><a class="file"[^>]*>src\/<wbr\/>db\/<wbr\/>index.js<\/a><\/td><td class="num">7<\/td>/);
  assert.not.match(hot.text, /Ada/);
  const team = await get("/ui/devtools/team");
  assert.match(team.text, /<svg class="dt-chart dt-activity"/);
  assert.match(team.text, /src\/db<\/a>: Ada Lovelace made 75% of 8 commits<\/li>/);
  assert.match(team.text, /by <strong>3 people<\/strong>/);
  for (const view of VIEWS.filter((v) => v !== "team")) {
    assert.not.match((await get(`/ui/devtools/${view}`)).text, /Ada Lovelace/, view);
  }
});

views("impact: dependents, entry points served, tests to run, integrations reached", async () => {
  const { text } = await get("/ui/devtools/impact?file=src/db/index.js");
  assert.match(text, /<strong>4 dependents<\/strong>/);
  assert.ok(text.includes(fileLink("test/users.test.js")));
  assert.match(text, /<code>GET \/api\/users<\/code>/);
  assert.match(text, /<a class="chip integration" href="#devtools\/integrations">postgresql<\/a>/);
  assert.match(text, /<input type="hidden" name="file" value="src\/db\/index.js"/);
  const two = await get("/ui/devtools/impact?file=src/db/index.js&add=src/db/cache.js");
  assert.match(two.text, /value="src\/db\/index.js,src\/db\/cache.js"/);
  assert.match(two.text, /redis/);
  assert.match((await get("/ui/devtools/impact")).text, /Pick one or more files/);
  const complete = await get("/ui/devtools/impact/complete?add=cache");
  assert.is(complete.text, '<option value="src/db/cache.js"></option>');
});

views("integrations: what the code uses, declared where, and environment variables", async () => {
  const { text } = await get("/ui/devtools/integrations");
  for (const name of ["PostgreSQL", "Redis", "Stripe"]) assert.match(text, new RegExp(`<strong>${name}</strong>`));
  // Categories as headings say them (not "Ai", "Http-client"); the components a service is used in are a list, not one run-on name.
  assert.match(text, /<th colspan="3">Databases<\/th>/);
  assert.match(text, /<th colspan="3">Payments<\/th>/);
  const root = tempDir("tool-ui-integrations-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "two", dependencies: { ioredis: "5.0.0" } }),
    "api/cache.js": 'const Redis = require("ioredis");\nmodule.exports = new Redis();\n',
    "worker/queue.js": 'const Redis = require("ioredis");\nmodule.exports = new Redis();\n',
  });
  git(root, "init", "-q");
  const two = await get("/ui/devtools/integrations", { app: makeHarness({ root }).app });
  assert.match(two.text, /in <a href="#devtools\/map\?component=api">api<\/a>, <a href="#devtools\/map\?component=worker">worker<\/a>/);
  assert.ok(text.includes(fileLink("package.json", 5)));
  assert.match(
    text,
    /<code>REDIS_URL<\/code><\/td><td><span class="dt-badges"><span class="badge warn">secret<\/span><span class="badge">service address<\/span><\/span><\/td><td><span class="badge medium">missing/,
  );
  assert.ok(text.includes(fileLink(".env.example")));
});

views("debt: markers by kind, complex and large files, files nothing imports", async () => {
  const { text } = await get("/ui/devtools/debt");
  assert.match(text, /FIXME \(1\)/);
  assert.match(text, /retries charge twice when the network drops/);
  assert.ok(text.includes(fileLink("src/legacy/export.js")));
  assert.match(text, /Most complex files/);
  const hack = await get("/ui/devtools/debt?marker=HACK");
  assert.match(hack.text, /keeps the ledger in memory/);
  assert.not.match(hack.text, /retries charge twice/);
});

views("findings: ranked, filtered by category and severity, create-task off without the new command", async () => {
  const { text } = await get("/ui/devtools/findings");
  const severities = [...text.matchAll(/<li class="dt-finding sev-(\w+)"/g)].map((m) => m[1]);
  assert.ok(severities.length > 5);
  assert.equal(
    severities,
    [...severities].sort((a, b) => ["high", "medium", "low"].indexOf(a!) - ["high", "medium", "low"].indexOf(b!)),
  );
  // The evidence reads as a sentence: a word space between the file and what it says.
  assert.match(text, /<\/a><span class="muted"> imports src\//);
  assert.match(text, /Creating tasks is not available: this build of tool has no `new` command/);
  assert.match(text, /<button type="button" class="button dt-mini" disabled="" title="[^"]+">Create task<\/button>/);
  const security = await get("/ui/devtools/findings?category=security");
  assert.match(security.text, /2 findings/);
  assert.match(security.text, /<option value="security" selected="">Security \(2\)<\/option>/);
  assert.match((await get("/ui/devtools/findings?severity=low")).text, /sev-low/);
  assert.not.match((await get("/ui/devtools/findings?severity=low")).text, /sev-high/);
});

views("findings: the create-task action posts the finding's task when tool has a new command", async () => {
  const service = new ProjectService({
    root: shop.root,
    commands: [{ name: "new", summary: "create a task", usage: "tool new <id>" }],
  });
  const app = createApp({ service, token: generateToken() });
  const { text } = await get("/ui/devtools/findings?category=security", { app });
  const button = /<button type="button" class="button dt-mini" hx-post="\/api\/improvements" hx-vals="([^"]+)"/.exec(
    text,
  );
  assert.ok(button, "an enabled create-task button");
  const vals = JSON.parse(button![1]!.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&"));
  assert.equal(Object.keys(vals), ["slug", "title", "detail", "preset"]);
  assert.match(vals.slug, /^guard-(post|delete)-api-/);
  assert.is(vals.preset, "standard");
});

views("source panel: the lines around a line, imports and imported by; the same as a view", async () => {
  const { status, text } = await get("/ui/source?file=src/db/index.js&line=3");
  assert.is(status, 200);
  assert.match(text, /<h2 class="dt-source-title">src\/db\/index.js<span class="muted">:3<\/span><\/h2>/);
  assert.match(
    text,
    /<span class="ln focus" id="L3"><span class="no" aria-hidden="true"> 3<\/span>const pool = new Pool/,
  );
  assert.match(text, /<code>pg<\/code> <span class="muted">package, line 1<\/span>/);
  assert.match(text, /Imported by <span class="count">2<\/span>/);
  assert.ok(text.includes(fileLink("src/routes/users.js", 3)));
  assert.match(text, /hx-get="\/ui\/brief\?target=src\/db\/index.js"/);
  const page = await get("/ui/devtools/source?file=src/db/index.js", { hx: false });
  assert.match(page.text, /^<!doctype html>[\s\S]*<article class="dt-source"/i);
});

views("AI brief: Markdown for a file or a component, with a copy button", async () => {
  const file = await get("/ui/brief?target=src/db/index.js");
  assert.match(file.text, /<button type="button" class="button primary" data-copy="#brief-markdown">/);
  assert.match(file.text, /<pre id="brief-markdown" class="dt-markdown"># Context: src\/db\/index.js/);
  const component = await get("/ui/brief?target=src/services");
  assert.match(component.text, /# Context: component src\/services/);
  assert.match(component.text, /For the component <a href="#devtools\/map\?component=src\/services">/);
});

const errors = suite("devtools errors and paging");

errors("bad query values answer 400 with a message that names the field, as HTML in the view's place", async () => {
  const cases: [string, RegExp][] = [
    ["/ui/devtools/map?colour=rainbow", /&quot;colour&quot;/],
    ["/ui/devtools/map?component=nope", /Unknown component &quot;nope&quot;/],
    ["/ui/devtools/routes?group=color", /&quot;group&quot;/],
    ["/ui/devtools/routes?base=ftp://x", /&quot;base&quot; must be an http:\/\/ or https:\/\/ URL/],
    ["/ui/devtools/routes?method=G%20T", /&quot;method&quot; must be an HTTP method name/],
    ["/ui/devtools/routes/export?format=xml", /&quot;format&quot; must be one of json, csv, md, http/],
    ["/ui/devtools/coupling?sort=size", /&quot;sort&quot;/],
    ["/ui/devtools/cycles?kind=all", /&quot;kind&quot;/],
    ["/ui/devtools/debt?page=0", /&quot;page&quot;/],
    ["/ui/devtools/debt?page=abc", /&quot;page&quot;/],
    ["/ui/devtools/debt?marker=NOTE", /&quot;marker&quot;/],
    ["/ui/devtools/findings?severity=urgent", /&quot;severity&quot;/],
    ["/ui/devtools/findings?page=9", /&quot;page&quot; 9 is past the last page \(1\)/],
    ["/ui/source", /&quot;file&quot; is required/],
    ["/ui/source?file=src/db/index.js&line=x", /&quot;line&quot;/],
  ];
  for (const [path, message] of cases) {
    const res = await get(path);
    assert.is(res.status, 400, path);
    assert.match(res.type, /text\/html/, path);
    assert.match(res.text, /<div class="card error dt-error" role="alert">/, path);
    assert.match(res.text, message, path);
  }
});

errors("unknown files, targets and views answer 404", async () => {
  for (
    const path of [
      "/ui/source?file=../etc/passwd",
      "/ui/devtools/impact?file=src/nope.js",
      "/ui/brief?target=nope",
      "/ui/devtools/nope",
    ]
  ) {
    const res = await get(path);
    assert.is(res.status, 404, path);
    assert.match(res.text, /dt-error/, path);
  }
  assert.match((await get("/ui/devtools/nope")).text, /No view “nope”[\s\S]*href="#devtools\/findings"/);
});

errors("long lists paginate: 200 rows a page, with previous and next links", async () => {
  const root = tempDir("tool-devtools-big-");
  const files: Record<string, string> = { "package.json": '{"name":"big"}' };
  for (let i = 0; i < 450; i++) {
    files[`lib/part${String(i).padStart(3, "0")}.ts`] = `// TODO: item ${i}\nexport const v${i} = ${i};\n`;
  }
  writeFiles(root, files);
  const big = makeHarness({ root });
  const first = await get("/ui/devtools/debt", { app: big.app });
  assert.match(first.text, /Rows 1–200 of 450 · page 1 of 3/);
  assert.match(first.text, /<a href="#devtools\/debt\?page=2" rel="next">Next →<\/a>/);
  assert.is((first.text.match(/TODO<\/span><\/td>/g) ?? []).length, 200);
  const last = await get("/ui/devtools/debt?page=3&upage=2", { app: big.app });
  assert.match(last.text, /Rows 401–450 of 450 · page 3 of 3/);
  assert.match(last.text, /Rows 201–400 of 450 · page 2 of 3/);
  assert.match(last.text, /<a href="#devtools\/debt\?page=2&amp;upage=2" rel="prev">← Previous<\/a>/);
  assert.is((await get("/ui/devtools/debt?page=4", { app: big.app })).status, 400);
});

views.run();
errors.run();
