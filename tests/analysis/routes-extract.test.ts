import { suite } from "uvu";
import * as assert from "uvu/assert";
import { extractRoutes } from "../../analysis/routes/extract.ts";
import type { Framework } from "../../analysis/routes/framework.ts";
import { express } from "../../analysis/routes/frameworks/express.ts";

const extract = suite("route extraction");

extract("a scanner that fails on a file costs its framework's routes of that file, said, not the analysis", () => {
  const failing: Framework = { id: "failing", name: "Failing", languages: ["javascript"], hint: /./, scan: () => { throw new RangeError("Maximum call stack size exceeded"); } };
  const routes = extractRoutes("javascript", "app.js", "const express = require('express');\nconst app = express();\napp.get('/health', health);\n", [failing, express])!;
  assert.equal(routes.scanErrors, [{ framework: "failing", message: "Maximum call stack size exceeded" }]);
  assert.ok(routes.registrations.some((r) => r.type === "route" && r.path === "/health"), "the other framework's routes stand");
});

extract.run();
