// A language's standard library is not a package or an integration a change reaches.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { isStandardLibrary } from "../../analysis/stdlib.ts";
import { commitAll, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const test = suite("standard libraries");

test("each language's standard library is told apart from packages", () => {
  const yes: [string, string][] = [["python", "decimal"], ["python", "os.path"], ["typescript", "node:fs"], ["go", "net/http"], ["java", "java.util.List"], ["csharp", "System.Text"], ["ruby", "json"], ["rust", "std"]];
  const no: [string, string][] = [["python", "requests"], ["typescript", "hono"], ["go", "github.com/gin-gonic/gin"], ["java", "org.springframework.web"], ["csharp", "Newtonsoft.Json"], ["ruby", "rails"], ["rust", "serde"]];
  for (const [language, name] of yes) assert.ok(isStandardLibrary(language, name), `${language} ${name}`);
  for (const [language, name] of no) assert.not.ok(isStandardLibrary(language, name), `${language} ${name}`);
});

test("tool impact lists the packages a change reaches, not the standard library", () => {
  const root = tempDir("tool-stdlib-");
  writeFiles(root, {
    "app/money.py": "import decimal\nimport enum\nimport itertools\nimport re\nimport requests\n\ndef total(x):\n    return decimal.Decimal(x)\n",
    "web/server.ts": 'import { readFileSync } from "node:fs";\nimport { Hono } from "hono";\nexport const app = new Hono();\nexport const read = readFileSync;\n',
    "package.json": JSON.stringify({ dependencies: { hono: "^4" } }),
  });
  commitAll(root);
  const python = JSON.parse(runTool(["impact", "app/money.py", "--json", "--root", root]).stdout);
  assert.equal(python.packages, ["requests"]);
  const ts = JSON.parse(runTool(["impact", "web/server.ts", "--json", "--root", root]).stdout);
  assert.equal(ts.packages, ["hono"]);
});

test.run();
