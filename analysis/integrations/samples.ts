/**
 * Folders of sample data (test fixtures, testdata, snapshots): their manifests, compose files,
 * imports and environment reads describe the samples, not the project, so the integrations
 * and configuration sections leave them out. The project index draws the same line.
 */
const SAMPLE_FOLDERS = new Set(["fixtures", "__fixtures__", "testdata", "__snapshots__"]);

export function isSampleData(path: string): boolean {
  const parts = path.split("/");
  for (let i = 0; i < parts.length - 1; i++) if (SAMPLE_FOLDERS.has(parts[i]!)) return true;
  return false;
}
