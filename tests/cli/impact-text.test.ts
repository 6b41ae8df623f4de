// `tool impact` on a central file: each list stops at 20 lines in text and says how many more
// there are; --json lists them all.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("tool impact text");

test("a file with 30 dependents: 20 listed, the rest counted, all in --json", () => {
  const root = tempDir("tool-impact-cap-");
  const files: Record<string, string> = { "src/core.ts": "export const core = 1;\n" };
  for (let i = 0; i < 30; i++) files[`src/use${String(i).padStart(2, "0")}.ts`] = `import { core } from "./core.ts";\nexport const u${i} = core;\n`;
  writeFiles(root, files);
  commitAll(root);
  const text = runTool(["impact", "src/core.ts", "--root", root]).stdout;
  assert.match(text, /^Dependents: 30$/m);
  assert.is(text.split("\n").filter((l) => /^\s+src\/use\d\d\.ts$/.test(l)).length, 20);
  assert.match(text, /… and 10 more \(--json lists all\)/);
  assert.is(JSON.parse(runTool(["impact", "src/core.ts", "--json", "--root", root]).stdout).dependents.length, 30);
});

test.run();
