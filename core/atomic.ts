import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import process from "node:process";

/**
 * Writes a file so that readers see the old content or the new, never a torn mix:
 * the data goes to a temp file in the same folder, then a rename replaces the target.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  // Unique enough for a temp name beside the target; node:crypto would cost every command its load.
  const temp = `${path}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`;
  writeFileSync(temp, data);
  renameSync(temp, path);
}

const CACHE_FOLDER = /^(.*[\\/]\.tool[\\/]cache)[\\/]/;

/**
 * writeFileAtomic for a file of a repository's `.tool/cache/`, which is machine-local: the
 * folder's `.gitignore` (`*`) is written first, so that the cache never shows in the user's
 * `git status`, not even for the moment between its first file and the ignore file.
 */
export function writeCacheFile(path: string, data: string | Uint8Array): void {
  const folder = CACHE_FOLDER.exec(path)?.[1];
  if (folder && !existsSync(join(folder, ".gitignore"))) writeFileAtomic(join(folder, ".gitignore"), "*\n");
  writeFileAtomic(path, data);
}
