import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
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
