// Counts read as a person writes them: "1 commit by 1 person", never "1 commits by 1 people".
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { commitAll, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("plurals");

test("tool hotspots and tool graph on a one-commit, one-person, one-file repository", () => {
  const root = tempDir("tool-plural-");
  writeFiles(root, { "src/app.ts": "export const app = 1;\n" });
  commitAll(root);
  const hotspots = runTool(["hotspots", "--root", root]);
  assert.match(hotspots.stdout, /^1 commit by 1 person since /m);
  const graph = runTool(["graph", "--root", root]);
  assert.match(graph.stdout, /^1 file, 0 imports between them/m);
});

test.run();
