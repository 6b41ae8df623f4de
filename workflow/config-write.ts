import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_FILE } from "../analysis/config.ts";
import { writeFileAtomic } from "../core/atomic.ts";
import { ToolError } from "../core/errors.ts";
import { readInside } from "../core/inside.ts";
import { withLock } from "../core/lock.ts";

/**
 * Changes one section of `.tool/config.json` and keeps every other key as written: the file is
 * read, the section replaced, the whole written atomically, under the `.tool` folder's lock so
 * two writers never lose each other's change. A file that does not parse is left alone (409).
 */
export async function updateConfigSection<T>(root: string, key: string, change: (current: unknown) => T): Promise<T> {
  const dir = join(root, ".tool");
  const path = join(root, CONFIG_FILE);
  mkdirSync(dir, { recursive: true }); // its lock lives there
  return await withLock(root, dir, () => {
    let config: Record<string, unknown> = {};
    if (existsSync(path)) {
      try {
        const parsed = JSON.parse(readInside(root, path)) as unknown;
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new SyntaxError("it must hold a JSON object");
        config = parsed as Record<string, unknown>;
      } catch (error) {
        throw new ToolError("config-invalid", `${CONFIG_FILE} cannot be changed until it is fixed: ${(error as Error).message}`, 409);
      }
    }
    const next = change(config[key]);
    config[key] = next;
    writeFileAtomic(path, JSON.stringify(config, null, 2) + "\n");
    return next;
  });
}
