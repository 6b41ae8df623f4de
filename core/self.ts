import { existsSync } from "node:fs";

/**
 * How to start this same `tool` as a child process: the runtime and main.ts when run from
 * source (`bun main.ts`), the binary alone when compiled (`dist/tool`, whose script path is
 * inside the binary and not on disk).
 */
export function selfCommand(): string[] {
  const script = process.argv[1];
  return script && /\.(ts|js|mjs)$/.test(script) && existsSync(script) ? [process.execPath, script] : [process.execPath];
}
