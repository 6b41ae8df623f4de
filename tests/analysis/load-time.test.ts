// Whether a module reads what it imports while it loads: what decides if an import cycle can
// fail at start-up (analysis/graph/load-time.ts), and the cycle findings that follow from it.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { LOAD_TIME_CACHE_FILE, namesReadAtLoad, usedAsValue, usedAtLoad } from "../../analysis/graph/load-time.ts";
import { spawnSync } from "node:child_process";
import { readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("imports read while a module loads");

test("names read only inside functions, methods, callbacks and components are not read at load", () => {
  const lazy = [
    'import { useAuth, AuthContext as Ctx } from "./auth";',
    "export function Provider(props: { children: unknown }): JSX.Element {",
    "  const auth = useAuth();",
    "  if (auth) { return <Ctx.Provider value={auth}>{props.children}</Ctx.Provider>; }",
    "  return null;",
    "}",
    "export const store = {",
    "  load() { return useAuth(); },",
    "};",
    "export const later = (n: number) => { for (const x of [n]) useAuth(x); };",
    "export class Box { open(): void { new Ctx(); } }",
  ].join("\n");
  assert.is(usedAtLoad(lazy, "./auth"), false);
});

test("an export list passes imported names on as live bindings: no read at load, but a use of them as values; `export default` of one reads it", () => {
  const barrel = 'import PostingQuoteSelection from "./PostingQuoteSelection";\nimport { getGlobalState } from "./globalState";\nexport default function (props) { return props.mode; }\nexport {\n  PostingQuoteSelection,\n  getGlobalState,\n}\n';
  assert.is(usedAtLoad(barrel, "./PostingQuoteSelection"), false);
  assert.is(usedAtLoad(barrel, "./globalState"), false);
  assert.is(usedAsValue(barrel, "./PostingQuoteSelection"), true);
  assert.is(usedAtLoad('import Thing from "./thing";\nexport default Thing;\n', "./thing"), true);
  assert.is(usedAtLoad('import Thing from "./thing";\nexport { Thing };\nexport const copy = { Thing };\n', "./thing"), true);
  // A TypeScript barrel, whose names read anywhere and at load come from one pass.
  const root = tempDir("tool-export-list-");
  writeFiles(root, {
    "src/components/index.ts": 'import Header from "./Header";\nimport Footer from "./Footer";\nexport { Header, Footer };\n',
    "src/components/Header.tsx": 'import { Footer } from "./index";\nconst Header = () => Footer();\nexport default Header;\n',
    "src/components/Footer.tsx": 'import { Header } from "./index";\nconst Footer = () => Header;\nexport default Footer;\n',
  });
  commitAll(root);
  assert.equal(analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]), [["low", "Lazy import cycle of 3 files"]]);
});

test("a top-level call, an object literal, a class's heritage or an if block read at load", () => {
  const cases = [
    'import { useLocalStorage } from "./storage";\nconst { get } = useLocalStorage(false);\nexport const token = () => get("t");\n',
    'import { Foo } from "./foo";\nexport default { components: { Foo } };\n',
    'import { Base } from "./base";\nexport class Child extends Base {}\n',
    'import { ready } from "./ready";\nif (ready) { console.log("go"); }\n',
    'import "./side-effect";\n',
    // After an expression-bodied arrow ends (at a comma, a closing bracket, a line the next does not go on from), reads are at load again.
    'import Thing from "./thing";\nexport const f = () => other\nexport const g = Thing.x\n',
    'import Thing from "./thing";\nexport const r = relation(() => other, Thing);\n',
    'import Thing from "./thing";\nexport const r = [() => other]; Thing.go();\n',
  ];
  assert.equal(cases.map((text) => usedAtLoad(text, /from "([^"]+)"|import "([^"]+)"/.exec(text)!.slice(1).find(Boolean)!)), [true, true, true, true, true, true, true, true]);
});

test("an object literal's key names a property, not the import of that name: no read at load, nor a use; its value, a shorthand and a computed key are read", () => {
  const keyed = 'import { dateGranularity } from "./validators";\nexport const DEFAULTS = {\n  range: { days: 30 },\n  dateGranularity: "auto",\n} satisfies Config;\nconst { dateGranularity: picked } = DEFAULTS;\n';
  assert.is(usedAtLoad(keyed, "./validators"), false);
  assert.is(usedAsValue(keyed, "./validators"), false);
  for (const read of ['{ granularity: dateGranularity }', '{ dateGranularity }', '{ [dateGranularity]: 1 }', '{ a: 1, b: ok ? dateGranularity : 2 }']) {
    assert.is(usedAtLoad(`import { dateGranularity } from "./validators";\nexport const x = ${read};\n`, "./validators"), true, read);
  }
});

test("an expression-bodied arrow (an ORM relation's lazy reference) reads its names when called", () => {
  const relation = [
    'import { Region } from "./region";',
    "export const Country = model.define(\"country\", {",
    "  region: model.belongsTo(() => Region, { mappedBy: \"countries\" }),",
    "  regions: model.hasMany(",
    "    () =>",
    "      Region",
    "  ),",
    "})",
    "export const pick = (x: number) => x > 1",
    "  ? Region",
    "  : null",
  ].join("\n");
  assert.is(usedAtLoad(relation, "./region"), false);
  assert.is(usedAtLoad('import { Region } from "./region";\n@Entity()\nexport class Country {\n  @ManyToOne(() => Region, (r) => r.countries)\n  region: Region;\n}\n', "./region"), false, "TypeORM's decorator");
});

test("a JS cycle whose imports are all read inside functions (or are a barrel's re-exports, or requires made inside functions) is a low lazy cycle; one with a read at load stays high", () => {
  const root = tempDir("tool-load-time-");
  writeFiles(root, {
    "src/stores/album.ts": 'import { songStore } from "./song";\nexport const albumStore = { byId(id: string) { return songStore.forAlbum(id); } };\n',
    "src/stores/song.ts": 'import { albumStore } from "./album";\nexport const songStore = { forAlbum(id: string) { return [albumStore, id]; } };\n',
    "src/auth/service.ts": 'import { useLocalStorage } from "./storage";\nconst storage = useLocalStorage(false);\nexport const authService = { token: () => storage.get("t") };\n',
    "src/auth/storage.ts": 'import { authService } from "./service";\nexport const useLocalStorage = (scoped: boolean) => ({ get: (k: string) => (scoped ? authService.token() : k) });\n',
    // A barrel re-exports a hook that imports a sibling through the barrel, read only inside the hook.
    "src/hooks/index.ts": 'export * from "./auth";\nexport * from "./accounts";\n',
    "src/hooks/auth.ts": 'export const useAuth = () => ({ user: null });\n',
    "src/hooks/accounts.ts": 'import { useAuth } from ".";\nexport const useAccounts = () => {\n  return useAuth().user;\n};\n',
    // CommonJS: a require made inside a function runs when it is called; one at the top runs at load.
    "lib/tools.js": 'const { getLocalAddress } = require("./network");\nmodule.exports = { host: () => "h", getLocalAddress };\n',
    "lib/network.js": 'const os = require("os");\nasync function getLocalAddress() {\n  const tools = require("./tools");\n  return tools.host();\n}\nmodule.exports = { getLocalAddress };\n',
    "lib/a.js": 'const b = require("./b");\nmodule.exports = { a: () => b.b() };\n',
    "lib/b.js": 'const a = require("./a");\nif (process.env.X) { require("./a"); }\nmodule.exports = { b: () => a.a() };\n',
  });
  commitAll(root);
  const cycles = analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title, f.evidence[0]!.file]);
  assert.equal(cycles.sort(), [
    ["high", "Import cycle of 2 files", "lib/a.js"],
    ["high", "Import cycle of 2 files", "src/auth/service.ts"],
    ["low", "Lazy import cycle of 2 files", "lib/network.js"],
    ["low", "Lazy import cycle of 2 files", "src/hooks/accounts.ts"],
    ["low", "Lazy import cycle of 2 files", "src/stores/album.ts"],
  ]);
});

test("in TypeScript, names read only in declarations of types (interfaces, type aliases, declare) are not read at load; a class's heritage and a value still are", () => {
  const types = [
    'import { StoreProduct } from "../../product"',
    'import { BaseCollection, Kind } from "../common"',
    "",
    "export interface StoreCollection extends Omit<BaseCollection, \"products\"> {",
    "  products?: StoreProduct[]",
    "  nested: { kind: Kind }",
    "}",
    "export type Listed = StoreProduct[]",
    "type Pair<T> = [T, BaseCollection];",
    "declare const legacy: StoreProduct",
    "export const describe = (c: StoreCollection) => c.products?.length",
  ].join("\n");
  assert.is(namesReadAtLoad(types, true).has("StoreProduct"), false);
  assert.is(namesReadAtLoad(types, true).has("BaseCollection"), false);
  assert.is(namesReadAtLoad(types, false).has("StoreProduct"), true, "in JavaScript the words are not TypeScript's");
  const values = 'import { Base, type } from "./base";\nexport interface Shape { base: Base }\nexport class Child extends Base {}\nconst kind = type;\n';
  assert.is(namesReadAtLoad(values, true).has("Base"), true);
  assert.is(namesReadAtLoad(values, true).has("type"), true, "`type` as a name is read");
});

test("in TypeScript, annotations are passed over (return, parameter, variable and class field types, implements clauses); initialisers, heritage, ternaries and object literals are still read; a parameter's default is read when the function is called, not at load", () => {
  const cases: [string, string[], string[]][] = [
    [
      "export abstract class Storage implements IStorage, Other {\n  async get(key: string): Promise<Checkpoint | undefined> {\n    return this.x(Impl)\n  }\n  abstract list(options?: ListOptions): Promise<Checkpoint[]>\n  private cache: CacheMap = new Map()\n  save(data: Checkpoint, { a }: Opts = defaults): void {}\n}\n",
      [],
      ["IStorage", "Other", "Checkpoint", "ListOptions", "CacheMap", "Impl", "Map", "defaults"],
    ],
    ["const x: Config = load(Source)\nexport const f = (a: A, b = fallback): R => a\nexport const y = cond ? f(z) : other\n", ["load", "Source", "cond", "f", "z", "other"], ["Config", "A", "R", "fallback"]],
    ["export class Child extends Base<Props> {\n  static registry: Registry = create(Factory)\n}\nexport default {\n  name: Value,\n}\n", ["Base", "create", "Factory", "Value"], ["Registry"]],
    ["export function build(opts: { mode: Mode; retries: number } = { mode: DEFAULT }): { out: Out } {\n  return Impl\n}\nexport const t = test ? a : b\n", ["test", "a", "b"], ["Mode", "Out", "Impl", "DEFAULT"]],
    // Read at load before the function, it stays read; a call's arguments are no parameters.
    ["export const KEY = base(SHORTCUT)\nexport function Badge({ keys = SHORTCUT, label = LABEL }) {\n  return keys\n}\nexport const used = register(LABEL2, (x = LATER) => x)\n", ["base", "SHORTCUT", "register", "LABEL2"], ["LABEL", "LATER"]],
    // An object literal's methods: their defaults are read when called; a call in a property's value is read at load.
    ["const Utils = {\n  colour(\n    c?: string | null,\n    fallback = Constants.defaultTagColor,\n  ): InstanceType<typeof Color> {\n    return c\n  },\n  size: measure(Sizes.base),\n}\nexport default Utils\n", ["measure", "Sizes"], ["Constants", "Color"]],
  ];
  for (const [code, read, notRead] of cases) {
    const names = namesReadAtLoad(code, true);
    assert.equal(read.filter((n) => !names.has(n)), [], `read at load in:\n${code}`);
    assert.equal(notRead.filter((n) => names.has(n)), [], `not read at load in:\n${code}`);
  }
});

test("in a class body, member names are no reads and an instance field's initialiser runs when an instance is made; decorators and static initialisers run at load", () => {
  const code = [
    "@Component({ providers: [PageService] })",
    "export class Store {",
    "  @Input() getIssueIds: Ids",
    "  static registry = create(Factory)",
    "  private caches = new WeakMap(Cache);",
    "  handler = (a) => helper(a)",
    "  static { register(Plugin) }",
    "  async load(key) { return fetchIt(key) }",
    "  label = format",
    "}",
    "export const after = Tail",
  ].join("\n");
  for (const typescript of [true, false]) {
    const atLoad = namesReadAtLoad(code, typescript);
    const read = ["Component", "PageService", "Input", "create", "Factory", "register", "Plugin", "Tail"];
    const notRead = ["getIssueIds", "registry", "caches", "WeakMap", "Cache", "handler", "helper", "load", "fetchIt", "label", "format"];
    assert.equal(read.filter((n) => !atLoad.has(n)), [], `read at load (typescript: ${typescript})`);
    assert.equal(notRead.filter((n) => atLoad.has(n)), [], `not read at load (typescript: ${typescript})`);
  }
  const keyed = namesReadAtLoad('const attrs = { class: "row" };\nexport default { component: Child };\n');
  assert.ok(keyed.has("Child"), "a key named class opens no class body");
  const anywhere = namesReadAtLoad(code, true, true);
  assert.equal(["WeakMap", "Cache", "helper", "fetchIt", "format"].filter((n) => !anywhere.has(n)), [], "an instance's initialisers and methods still use their names");
  assert.equal(["getIssueIds", "caches", "label"].filter((n) => anywhere.has(n)), [], "member names are no uses");
});

test("a TypeScript cycle closed by imports used only in interfaces and type aliases is a low lazy cycle", () => {
  const root = tempDir("tool-load-time-types-");
  writeFiles(root, {
    "src/http/product.ts": 'import { collectionName } from "./collection";\nexport class StoreProduct {\n  label() { return collectionName(this); }\n}\n',
    "src/http/collection.ts": 'import { StoreProduct } from "./product";\nexport interface StoreCollection {\n  products?: StoreProduct[]\n}\nexport type Collections = Array<StoreProduct | StoreCollection>;\nexport function collectionName(p: unknown) { return String(p); }\n',
  });
  commitAll(root);
  const cycles = analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]);
  assert.equal(cycles, [["low", "Lazy import cycle of 2 files"]]);
});

test("the answers are kept on disk per importer, and an edited importer is read again", () => {
  const root = tempDir("tool-load-time-cache-");
  writeFiles(root, {
    "src/a.ts": 'import { b } from "./b";\nexport function a() { return b(); }\n',
    "src/b.ts": 'import { a } from "./a";\nexport const b = () => a();\n',
  });
  commitAll(root);
  const cycle = () => analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]);
  assert.equal(cycle(), [["low", "Lazy import cycle of 2 files"]]);
  const stored = JSON.parse(readFileSync(join(root, LOAD_TIME_CACHE_FILE), "utf8"));
  assert.equal(Object.keys(stored.entries).sort(), ["src/a.ts", "src/b.ts"]);
  assert.equal(cycle(), [["low", "Lazy import cycle of 2 files"]]);
  // Now a reads b while it loads: the cached "only inside functions" must not stand.
  writeFiles(root, { "src/a.ts": 'import { b } from "./b";\nexport function a() { return 1; }\nexport const first = b();\n' });
  utimesSync(join(root, "src/a.ts"), new Date(), new Date(Date.now() + 5000));
  assert.equal(cycle(), [["high", "Import cycle of 2 files"]]);
});

test("a TypeScript import whose names are used only as types is erased by compiling; one used as a value anywhere is not", () => {
  const typesOnly = [
    'import { Orchestrator, Step } from "./orchestrator"',
    "export class Store {",
    "  private owner?: Orchestrator",
    "  hasExpired({ step }: { step?: Step }, now: number): boolean {",
    "    const next: Step | undefined = step",
    "    return (next as Step) !== undefined && ('x' as Orchestrator) !== null",
    "  }",
    "  check = (o: Orchestrator): o is Orchestrator => o satisfies Orchestrator",
    "}",
  ].join("\n");
  assert.is(usedAsValue(typesOnly, "./orchestrator"), false);
  assert.is(usedAsValue(typesOnly.replace("return (next", "new Orchestrator()\n    return (next"), "./orchestrator"), true, "constructed inside a method");
  assert.is(usedAsValue(typesOnly.replace("const next: Step", "const next = Step.first as Step"), "./orchestrator"), true, "a static read inside a method");
  assert.is(usedAsValue('import Thing from "./thing";\nexport const f = () => <Thing />;\n', "./thing"), true, "a JSX element");
  assert.is(usedAsValue('import "./side-effect";\n', "./side-effect"), true);
});

test("TypeScript type arguments and type parameters are the compiler's; a comparison is still a read", () => {
  const cache = [
    'import { RequestContext } from "../api";',
    "export class Cache {",
    "  private caches = new WeakMap<RequestContext, Map<string, unknown>>();",
    "  get<T = unknown>(ctx: RequestContext, key: string): T | undefined { return this.caches.get(ctx)?.get(key) as T }",
    "}",
    "export function make() { return create<RequestContext>(); }",
  ].join("\n");
  assert.is(usedAsValue(cache, "../api"), false);
  assert.is(usedAsValue(cache.replace("return create<RequestContext>();", "return a < RequestContext && b > (c);"), "../api"), true, "a comparison");
  assert.is(usedAsValue(cache.replace("new WeakMap<RequestContext", "new RequestContext<RequestContext"), "../api"), true, "constructed with a type argument");
});

// Two folders whose barrels import each other's, as a grid's utils and configs do: a theme reads
// a colour helper at load, a region reads the default size at load. Node runs each module of
// the loop first, and the tool's verdict must be Node's.
function gridLoop(utilsBarrel: string) {
  const root = tempDir("tool-load-order-");
  writeFiles(root, {
    "package.json": '{ "name": "grid", "type": "module" }\n',
    "src/utils/utils.mjs": 'export const hexToRGBA = (hex) => hex + "ff";\n',
    "src/utils/region.mjs": 'import { GRID_DEFAULT } from "../configs/index.mjs";\nexport const regionSize = GRID_DEFAULT.size * 2;\n',
    "src/utils/index.mjs": utilsBarrel,
    "src/configs/grid.mjs": "export const GRID_DEFAULT = { size: 4 };\n",
    "src/configs/theme.mjs": 'import { hexToRGBA } from "../utils/index.mjs";\nexport const theme = { cell: hexToRGBA("#fff") };\n',
    "src/configs/index.mjs": 'export * from "./grid.mjs";\nexport * from "./theme.mjs";\n',
  });
  commitAll(root);
  const entries = ["src/utils/index.mjs", "src/utils/region.mjs", "src/configs/index.mjs", "src/configs/theme.mjs"];
  const nodeFails = entries.filter((entry) => spawnSync(process.execPath, ["-e", `await import(${JSON.stringify(join(root, entry))})`], { encoding: "utf8" }).status !== 0);
  const cycles = analyze(root).findings.filter((f) => f.rule === "import-cycle");
  return { nodeFails, cycles };
}

// A router reads its views while it loads, a view reads its section, and the section uses the router
// only in a method: entered at the router the loop loads, entered at the section the view meets it unfinished.
function routerLoop(main: string) {
  const root = tempDir("tool-entrances-");
  writeFiles(root, {
    "package.json": '{ "name": "dash", "type": "module" }\n',
    "src/router.mjs": 'import Home from "./views/Home.mjs";\nexport const routes = [{ path: "/", component: Home }];\nexport default { routes };\n',
    "src/views/Home.mjs": 'import Section from "../components/Section.mjs";\nexport default { name: "Home", components: { Section } };\n',
    "src/components/Section.mjs": 'import router from "../router.mjs";\nexport default { name: "Section", methods: { open() { return router.routes; } } };\n',
    "src/main.mjs": main,
  });
  commitAll(root);
  const fails = (entry: string) => spawnSync(process.execPath, ["-e", `await import(${JSON.stringify(join(root, entry))})`], { encoding: "utf8" }).status !== 0;
  const nodeFails = ["src/router.mjs", "src/views/Home.mjs", "src/components/Section.mjs"].filter(fails);
  return { nodeFails, mainFails: fails("src/main.mjs"), cycles: analyze(root).findings.filter((f) => f.rule === "import-cycle") };
}

// A calendar and its content read each other's exports while loading. Function declarations are
// bound before any module of the loop runs; a `const` is not until its module has.
function calendarLoop(hook: string) {
  const root = tempDir("tool-hoisted-");
  writeFiles(root, {
    "package.json": '{ "name": "calendar", "type": "module" }\n',
    "src/calendar.mjs": `import { Content } from "./content.mjs";\n${hook}\nexport const Calendar = { Content };\n`,
    "src/content.mjs": 'import { useCalendar } from "./calendar.mjs";\nexport function Content() { return useCalendar(); }\nexport const wrapped = [useCalendar].map((f) => f.name);\n',
  });
  commitAll(root);
  const entries = ["src/calendar.mjs", "src/content.mjs"];
  const nodeFails = entries.filter((entry) => spawnSync(process.execPath, ["-e", `await import(${JSON.stringify(join(root, entry))})`], { encoding: "utf8" }).status !== 0);
  return { nodeFails, cycles: analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]) };
}

test("an ES module's function declarations are bound before any module of a loop runs: reading one while loading fails from no entry; a const read so fails entered where its module has not run", () => {
  const hoisted = calendarLoop("export function useCalendar() { return 1; }");
  assert.equal(hoisted.nodeFails, [], "Node loads the loop from each of its modules");
  assert.equal(hoisted.cycles, [["low", "Lazy import cycle of 2 files"]]);
  const constant = calendarLoop("export const useCalendar = () => 1;");
  assert.equal(constant.nodeFails, ["src/calendar.mjs"]);
  assert.equal(constant.cycles, [["high", "Import cycle of 2 files"]]);
});

test("Svelte components that use each other from their instance scripts (recursive components) load in any order: low; an import in a module script runs at load", () => {
  const root = tempDir("tool-svelte-cycle-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "ui", devDependencies: { svelte: "^4.2.0" } }),
    "src/filter/Filter.svelte": '<script lang="ts">\n  import FilterGroup from "./FilterGroup.svelte";\n  export let filter;\n</script>\n\n{#if filter.group}<FilterGroup group={filter.group} />{/if}\n',
    "src/filter/FilterGroup.svelte": '<script lang="ts">\n  import Filter from "./Filter.svelte";\n  export let group;\n</script>\n\n{#each group.items as item}<Filter filter={item} />{/each}\n',
    "src/menu/Menu.svelte": '<script context="module" lang="ts">\n  import { entries } from "./Entry.svelte";\n  export const all = [...entries];\n</script>\n\n<ul>{#each all as e}<li>{e}</li>{/each}</ul>\n',
    "src/menu/Entry.svelte": '<script context="module" lang="ts">\n  import { all } from "./Menu.svelte";\n  export const entries = ["a"];\n  export const count = all.length;\n</script>\n\n<span />\n',
  });
  commitAll(root);
  const cycles = analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.evidence.map((e) => e.file).sort().join(" ")]);
  assert.equal(cycles.sort(), [["high", "src/menu/Entry.svelte src/menu/Menu.svelte"], ["low", "src/filter/Filter.svelte src/filter/FilterGroup.svelte"]]);
});

test("Vue components that use each other from <script setup> (recursive components) load in any order: low; a plain <script> registering them in its options object reads them at load", () => {
  const root = tempDir("tool-vue-cycle-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "ui", dependencies: { vue: "^3.4.0" } }),
    "src/tree/TreeNode.vue": '<script setup lang="ts">\nimport TreeList from "./TreeList.vue";\ndefineProps<{ node: Node }>();\n</script>\n\n<template><TreeList v-if="node.children" :nodes="node.children" /></template>\n',
    "src/tree/TreeList.vue": '<script setup lang="ts">\nimport TreeNode from "./TreeNode.vue";\ndefineProps<{ nodes: Node[] }>();\n</script>\n\n<template><TreeNode v-for="n in nodes" :node="n" /></template>\n',
    "src/menu/MenuItem.vue": '<script lang="ts">\nimport MenuList from "./MenuList.vue";\nexport default { name: "MenuItem", components: { MenuList } };\n</script>\n\n<template><MenuList /></template>\n',
    "src/menu/MenuList.vue": '<script lang="ts">\nimport MenuItem from "./MenuItem.vue";\nexport default { name: "MenuList", components: { MenuItem } };\n</script>\n\n<template><MenuItem /></template>\n',
  });
  commitAll(root);
  const cycles = analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.evidence.map((e) => e.file).sort().join(" ")]);
  assert.equal(cycles.sort(), [["high", "src/menu/MenuItem.vue src/menu/MenuList.vue"], ["low", "src/tree/TreeList.vue src/tree/TreeNode.vue"]]);
});

test("a loop through barrels that run each module a reader needs before the reader loads in any order: low; listed the other way round, it fails entered at the barrel, and the loop shown starts with the read", () => {
  const safe = gridLoop('export * from "./utils.mjs";\nexport * from "./region.mjs";\n');
  assert.equal(safe.nodeFails, [], "Node loads the loop from each of its modules");
  assert.equal(safe.cycles.map((f) => [f.severity, f.title]), [["low", "Lazy import cycle of 4 files"]]);

  const failing = gridLoop('export * from "./region.mjs";\nexport * from "./utils.mjs";\n');
  assert.equal(failing.nodeFails, ["src/utils/index.mjs"], "Node fails entered at the utils barrel");
  assert.equal(failing.cycles.map((f) => [f.severity, f.title]), [["high", "Import cycle of 4 files"]]);
  const first = failing.cycles[0]!.evidence[0]!;
  assert.equal([first.file, first.detail], ["src/configs/theme.mjs", "imports src/utils/index.mjs and reads it while loading"]);
});

test("a loop that fails entered at one of its files but loads from those the rest of the app imports (a router read by nothing it loads back first) is low, and Node agrees; entered by the app at the failing file, it stays high", () => {
  const safe = routerLoop('import router from "./router.mjs";\nconsole.log(router.routes.length);\n');
  assert.equal(safe.nodeFails, ["src/views/Home.mjs", "src/components/Section.mjs"], "Node fails entered at the view or the section");
  assert.equal(safe.mainFails, false, "the app's entry loads the loop");
  assert.equal(safe.cycles.map((f) => [f.severity, f.title]), [["low", "Import cycle of 3 files"]]);
  assert.match(safe.cycles[0]!.action, /loads in the order the app imports these files/);

  const failing = routerLoop('import Section from "./components/Section.mjs";\nimport router from "./router.mjs";\nconsole.log(Section.name, router.routes.length);\n');
  assert.equal(failing.mainFails, true, "the app's entry enters the loop at the section");
  assert.equal(failing.cycles.map((f) => [f.severity, f.title]), [["high", "Import cycle of 3 files"]]);

  // The same loop of Vue components, whose plain <script> registers what it imports at load.
  const root = tempDir("tool-entrances-vue-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "dash", dependencies: { vue: "^3.4.0", "vue-router": "^4.0.0" } }),
    "src/router.js": 'import { createRouter } from "vue-router";\nimport Home from "./views/Home.vue";\nexport default createRouter({ routes: [{ path: "/", component: Home }] });\n',
    "src/views/Home.vue": '<script>\nimport Section from "../components/Section.vue";\nexport default { name: "Home", components: { Section } };\n</script>\n\n<template><Section /></template>\n',
    "src/components/Section.vue": '<script>\nimport router from "../router.js";\nexport default { name: "Section", methods: { open() { router.push("/"); } } };\n</script>\n\n<template><a @click="open">Open</a></template>\n',
    "src/main.js": 'import { createApp } from "vue";\nimport router from "./router.js";\ncreateApp({}).use(router).mount("#app");\n',
  });
  commitAll(root);
  assert.equal(analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title]), [["low", "Import cycle of 3 files"]]);
});

test.run();
