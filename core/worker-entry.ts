/**
 * Where a worker thread's entry point is, given its path from the repository's root
 * (`analysis/extract/worker.ts`). Run from source, it is that file. In the single binary every
 * module's import.meta.url is the binary's own, and each worker entry (scripts/build.ts lists
 * them) is kept at its source path below the binary's root.
 */
export function workerEntry(pathFromRoot: string): URL {
  const inBinary = /\/\$bunfs\/|~BUN/.test(import.meta.url);
  return new URL(`${inBinary ? "./" : "../"}${pathFromRoot}`, import.meta.url);
}
