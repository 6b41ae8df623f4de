// The project overview counts what the product is: its languages without tests and fixtures,
// the same manifests as the Integrations view, and no signal about a fixture that is broken on
// purpose.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { buildProjectIndex } from "../../workflow/index/build.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("index: the product's facts");

function repo(): string {
  const root = tempDir("tool-index-product-");
  writeFiles(root, {
    "package.json": JSON.stringify({ name: "app", dependencies: { hono: "^4.0.0" } }),
    "deno.json": '{\n  // Deno allows comments\n  "imports": { "zod": "npm:zod@^4", "@std/path": "jsr:@std/path@^1", },\n}\n',
    "src/app.ts": 'import { Hono } from "hono";\nexport const app = new Hono();\n',
    "src/a.py": "x = 1\n",
    "tests/fixtures/ruby/app.rb": Array.from({ length: 400 }, (_, i) => `x${i} = ${i}`).join("\n") + "\n",
    "tests/fixtures/broken/bad.ts": "export const = ;\n{\n",
    "tests/fixtures/broken/missing.ts": 'import { gone } from "./nowhere.ts";\nexport const x = gone;\n',
  });
  commitAll(root);
  return root;
}

test("languages are the product's, most lines first; manifests agree with the Integrations view; fixtures raise no signal", async () => {
  const root = repo();
  const report = analyze(root);
  const index = await buildProjectIndex(root, { report });
  assert.equal(index.project.languages.map((l) => l.id), ["typescript", "python"], "no ruby from a fixture");
  assert.equal(index.project.manifests.map((m) => m.file).sort(), report.integrations.manifests.map((m) => m.file).sort());
  assert.ok(report.integrations.manifests.some((m) => m.file === "deno.json"), "deno.json, with comments and trailing commas, is read");
  assert.not.ok(index.signals.some((s) => s.file?.startsWith("tests/fixtures")), JSON.stringify(index.signals));
  assert.ok(analyze(root, { includeAll: true }).warnings.some((w) => w.file === "tests/fixtures/broken/bad.ts"), "with everything included the broken fixture is said");
});

test.run();
