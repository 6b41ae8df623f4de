// Extraction spread over worker threads gives the facts of one thread, byte for byte.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { extractAll } from "../../analysis/extract/pool.ts";
import { scan } from "../../analysis/scan.ts";
import { tempDir } from "../helpers/repo.ts";

const FIXTURES = join(import.meta.dir, "../fixtures");

/** Every fixture repository side by side, copied enough times that a worker gets batches too. */
function manyLanguages(copies: number): string {
  const root = tempDir("tool-extract-pool-");
  const fixtures = readdirSync(FIXTURES).filter((name) => /^(lang|routes|entry)-/.test(name));
  for (let copy = 0; copy < copies; copy++) {
    for (const name of fixtures) cpSync(join(FIXTURES, name), join(root, `c${copy}`, name), { recursive: true });
  }
  return root;
}

const test = suite("parallel extraction");

test("workers extract the same facts as one thread, in the same order, byte for byte", () => {
  const root = manyLanguages(6);
  const { files } = scan(root, { maxFiles: 100_000 });
  assert.ok(files.length > 1000, `${files.length} files`);
  const serial = extractAll(root, files, { workers: 0 });
  // The workers alone, so that they surely take part (a worker slow to start, on a loaded machine,
  // may find every batch taken by this thread), and with this thread, as an analysis runs.
  const parallel = extractAll(root, files, { workers: 2, thisThread: false });
  const shared = extractAll(root, files, { workers: 2 });
  assert.is(serial.byWorkers, 0);
  assert.is(parallel.byWorkers, files.length);
  assert.is(JSON.stringify(parallel.facts), JSON.stringify(serial.facts));
  assert.is(JSON.stringify(shared.facts), JSON.stringify(serial.facts));
  const languages = new Set(files.map((f) => f.language));
  assert.ok(languages.size >= 10, [...languages].join(", "));
});

test("the structure and the surfaces, extracted apart (on workers or not), make the whole facts", () => {
  const root = manyLanguages(3);
  const { files } = scan(root, { maxFiles: 100_000 });
  const whole = extractAll(root, files, { workers: 0 }).facts;
  // On the worker alone: the part reaches it.
  const structure = extractAll(root, files, { part: "structure", workers: 1, thisThread: false });
  const surfaces = extractAll(root, files, { part: "surfaces", workers: 1, thisThread: false });
  assert.is(structure.byWorkers, files.length);
  assert.is(surfaces.byWorkers, files.length);
  assert.ok(structure.facts.every((f) => !f.routes && !f.env));
  assert.ok(surfaces.facts.filter((s) => s.routes).length > 100, "the fixtures register routes");
  const merged = structure.facts.map((f, i) => ({ ...f, ...surfaces.facts[i] }));
  assert.is(JSON.stringify(merged), JSON.stringify(whole));
});

test("a file that cannot be read fails the same way with workers as without", () => {
  const root = manyLanguages(1);
  const { files } = scan(root, { maxFiles: 100_000 });
  const missing = [...files, { path: "gone.ts", language: "typescript", size: 1, mtimeMs: 0 }];
  assert.throws(() => extractAll(root, missing, { workers: 0 }), /ENOENT/);
  assert.throws(() => extractAll(root, missing, { workers: 1 }), /ENOENT/);
});

test.run();
