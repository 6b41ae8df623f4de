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
  const parallel = extractAll(root, files, { workers: 2 });
  assert.is(serial.byWorkers, 0);
  // The workers did take part: otherwise this test would compare one thread with itself.
  assert.ok(parallel.byWorkers > 0, "the workers extracted no file");
  assert.is(JSON.stringify(parallel.facts), JSON.stringify(serial.facts));
  const languages = new Set(files.map((f) => f.language));
  assert.ok(languages.size >= 10, [...languages].join(", "));
});

test("the structure and the surfaces, extracted apart (on workers or not), make the whole facts", () => {
  // The structure alone is quick too: enough files that the main thread cannot take every batch
  // before the worker has loaded the extractors (with 6 copies it did, one run in three).
  const root = manyLanguages(10);
  const { files } = scan(root, { maxFiles: 100_000 });
  const whole = extractAll(root, files, { workers: 0 }).facts;
  const structure = extractAll(root, files, { part: "structure", workers: 1 });
  const surfaces = extractAll(root, files, { part: "surfaces", workers: 1 });
  // The part reaches the workers (the surfaces alone are quick: the main thread may take them all).
  assert.ok(structure.byWorkers > 0, "the workers extracted no file");
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
