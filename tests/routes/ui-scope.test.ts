// The architecture views (map, coupling, cycles, findings) are about the product's code; their
// scope switch (`include=tests`) brings tests, fixtures and vendored code back, kept in the address.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createApp, generateToken } from "../../routes/mod.ts";
import { ProjectService } from "../../workflow/index/mod.ts";
import { repoWithTestsAndFixtures } from "../helpers/repo.ts";
import { HOST } from "./harness.ts";

const test = suite("views' scope switch");

const root = repoWithTestsAndFixtures("tool-scope-");
const service = new ProjectService({ root, writeCache: false });
const app = createApp({ service, token: generateToken() });
const get = async (path: string) => {
  const res = await app.request(path, { headers: { ...HOST, "hx-request": "true" } });
  return { status: res.status, text: await res.text() };
};

test("cycles: the fixture's cycle only with include=tests; the switch keeps the other parameters", async () => {
  const product = await get("/ui/devtools/cycles");
  assert.is(product.status, 200);
  assert.not.match(product.text, /cyclic\/a\.ts/);
  assert.match(product.text, /href="#devtools\/cycles\?include=tests"/);
  const all = await get("/ui/devtools/cycles?include=tests");
  assert.match(all.text, /cyclic\/a\.ts/);
  assert.match(all.text, /aria-current="page"[^>]*>All files, tests included|All files, tests included/);
  const typeTab = await get("/ui/devtools/cycles?kind=type&include=tests");
  assert.match(typeTab.text, /href="#devtools\/cycles\?kind=type"/, "switching back keeps kind");
});

test("coupling, map and findings: test components and fixture findings only in the wider scope", async () => {
  for (const view of ["coupling", "map"]) {
    assert.not.match((await get(`/ui/devtools/${view}`)).text, /tests\/fixtures/, view);
    assert.match((await get(`/ui/devtools/${view}?include=tests`)).text, /tests\/fixtures|tests/, view);
  }
  assert.not.match((await get("/ui/devtools/findings")).text, /cyclic\/a\.ts/);
  assert.match((await get("/ui/devtools/findings?include=tests")).text, /cyclic\/a\.ts/);
});

test("a bad scope is a 400 naming the field", async () => {
  const bad = await get("/ui/devtools/coupling?include=everything");
  assert.is(bad.status, 400);
  assert.match(bad.text, /include/);
});

test.run();
