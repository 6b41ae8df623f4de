import { VERSION } from "../core/version.ts";
import type { Command } from "./command.ts";

export function mainHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `tool ${VERSION}: a clear picture of the repository you run it in.`,
    "",
    "Usage: tool <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Global options:",
    "  --root DIR   the repository to read (default: the git root above the current folder)",
    "  --json       print only JSON on stdout",
    "  --help, -h   help for tool or for a command: tool <command> --help",
    "  --version    the version of tool",
  ].join("\n");
}

export function commandHelp(command: Command): string {
  return [`tool ${command.name}: ${command.summary}`, "", `Usage: ${command.usage}`, ...(command.details ? ["", command.details] : []), "", "Global options: --root DIR, --json, --help"].join("\n");
}

/** The command closest to a mistyped name (edit distance at most 2), if any. */
export function suggestCommand(name: string, names: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of names) {
    const distance = editDistance(name, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
