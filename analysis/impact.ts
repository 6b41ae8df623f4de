import { ToolError } from "../core/errors.ts";
import { isTestFile } from "./entry-points.ts";
import type { Impact, Report } from "./schema.ts";
import { isStandardLibrary } from "./stdlib.ts";

/** The analysis results impact needs; the whole report fits. */
export type ImpactInput = Pick<Report, "files" | "edges" | "externals" | "routes"> & { integrations?: { items: { id: string; files: string[] }[] } };

/**
 * What a change to `files` touches: walk the import graph backwards for every dependent
 * (with its distance and the file it depends through), the entry points they serve, the tests
 * to run (tests among the dependents, and tests named like a changed file), and forwards for
 * the packages and integrations the changed files reach. Unknown files are a 404.
 *
 * @example impactOf(report, ["src/db.ts"]).tests // [{ file: "src/db.test.ts", reason: ... }]
 */
export function impactOf(report: ImpactInput, files: readonly string[]): Impact {
  const known = new Set(report.files.map((f) => f.path));
  for (const file of files) {
    if (!known.has(file)) throw new ToolError("unknown-file", `"${file}" is not a file the analysis knows`, 404);
  }
  const importers = new Map<string, string[]>();
  const imports = new Map<string, string[]>();
  for (const e of report.edges) {
    (importers.get(e.to) ?? importers.set(e.to, []).get(e.to)!).push(e.from);
    if (e.kind !== "type") (imports.get(e.from) ?? imports.set(e.from, []).get(e.from)!).push(e.to);
  }

  const distance = new Map<string, { distance: number; via: string }>(files.map((f) => [f, { distance: 0, via: f }]));
  const queue = [...files];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i]!;
    const at = distance.get(file)!.distance;
    for (const importer of (importers.get(file) ?? []).sort()) {
      if (distance.has(importer)) continue;
      distance.set(importer, { distance: at + 1, via: file });
      queue.push(importer);
    }
  }
  const dependents = [...distance].filter(([, d]) => d.distance > 0)
    .map(([file, d]) => ({ file, distance: d.distance, via: d.via }))
    .sort((a, b) => a.distance - b.distance || a.file.localeCompare(b.file));

  const touched = new Set(distance.keys());
  const entryPoints = report.routes.items.filter((r) => touched.has(r.file))
    .map(({ method, path, file, line, kind }) => ({ method, path, file, line, kind }));

  const stems = new Set(files.map(stemOf));
  const tests: Impact["tests"] = [];
  for (const { file } of dependents) if (isTestFile(file)) tests.push({ file, reason: "depends on the change" });
  for (const f of report.files) {
    if (!isTestFile(f.path) || touched.has(f.path) || !stems.has(testedStem(f.path))) continue;
    tests.push({ file: f.path, reason: "named like a changed file" });
  }

  const reached = new Set(files);
  const forward = [...files];
  for (let i = 0; i < forward.length; i++) {
    for (const next of imports.get(forward[i]!) ?? []) if (!reached.has(next)) (reached.add(next), forward.push(next));
  }
  // The language's own standard library is not a package the change reaches.
  const languageOf = new Map(report.files.map((f) => [f.path, f.language]));
  const packages = [...new Set(report.externals.filter((e) => reached.has(e.file) && e.kind !== "type" && !isStandardLibrary(languageOf.get(e.file) ?? "", e.name)).map((e) => e.name))].sort();
  const integrations = (report.integrations?.items ?? []).filter((i) => i.files.some((f) => reached.has(f))).map((i) => i.id).sort();
  return { files: [...files], dependents, entryPoints, tests, packages, integrations };
}

/** `src/user_service.ts` -> `user_service`. */
const stemOf = (path: string) => path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "").replace(/\.(d|module)$/, "").toLowerCase();

/** The name a test file tests: `user.test.ts`, `test_user.py`, `user_test.go`, `UserTest.java` -> `user`. */
function testedStem(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");
  return name.replace(/\.(test|spec|e2e)$/i, "").replace(/^test_/i, "").replace(/_(test|spec)$/i, "").replace(/Tests?$/, "").toLowerCase();
}
