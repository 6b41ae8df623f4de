// Whether a module reads what it imports while it loads: what decides if an import cycle can
// fail at start-up (analysis/graph/load-time.ts), and the cycle findings that follow from it.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { usedAtLoad } from "../../analysis/graph/load-time.ts";
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

test("a top-level call, an object literal, a class's heritage or an if block read at load", () => {
  const cases = [
    'import { useLocalStorage } from "./storage";\nconst { get } = useLocalStorage(false);\nexport const token = () => get("t");\n',
    'import { Foo } from "./foo";\nexport default { components: { Foo } };\n',
    'import { Base } from "./base";\nexport class Child extends Base {}\n',
    'import { ready } from "./ready";\nif (ready) { console.log("go"); }\n',
    'import "./side-effect";\n',
    'import Thing from "./thing";\nexport const f = () => Thing;\n', // an expression-bodied arrow is not followed (read as if at load)
  ];
  assert.equal(cases.map((text) => usedAtLoad(text, /from "([^"]+)"|import "([^"]+)"/.exec(text)!.slice(1).find(Boolean)!)), [true, true, true, true, true, true]);
});

test("a JS cycle whose imports are all read inside functions is a low lazy cycle; one with a read at load stays high", () => {
  const root = tempDir("tool-load-time-");
  writeFiles(root, {
    "src/stores/album.ts": 'import { songStore } from "./song";\nexport const albumStore = { byId(id: string) { return songStore.forAlbum(id); } };\n',
    "src/stores/song.ts": 'import { albumStore } from "./album";\nexport const songStore = { forAlbum(id: string) { return [albumStore, id]; } };\n',
    "src/auth/service.ts": 'import { useLocalStorage } from "./storage";\nconst storage = useLocalStorage(false);\nexport const authService = { token: () => storage.get("t") };\n',
    "src/auth/storage.ts": 'import { authService } from "./service";\nexport const useLocalStorage = (scoped: boolean) => ({ get: (k: string) => (scoped ? authService.token() : k) });\n',
  });
  commitAll(root);
  const cycles = analyze(root).findings.filter((f) => f.rule === "import-cycle").map((f) => [f.severity, f.title, f.evidence[0]!.file]);
  assert.equal(cycles.sort(), [
    ["high", "Import cycle of 2 files", "src/auth/service.ts"],
    ["low", "Lazy import cycle of 2 files", "src/stores/album.ts"],
  ]);
});

test.run();
