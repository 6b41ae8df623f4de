import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * When a process started, as a string that stays the same for the life of that process and
 * differs for a later process given the same pid: field 22 of /proc/<pid>/stat (clock ticks
 * since boot) on Linux, `ps -o lstart=` elsewhere. Undefined when no such process runs.
 *
 * @example
 * const owner = { pid: process.pid, start: processStart(process.pid) };
 * isAlive(owner); // true while this process runs, false after, even if the pid is reused
 */
export function processStart(pid: number): string | undefined {
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19];
  } catch {
    if (process.platform === "linux") return undefined;
    const ps = spawnSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8" });
    return ps.status === 0 && ps.stdout.trim() ? ps.stdout.trim() : undefined;
  }
}

/** An owner record: a process, told apart from a later one that reuses its pid. */
export type ProcessOwner = { pid: number; start?: string | null };

/** This process as an owner record. */
export const currentOwner = (): { pid: number; start: string | null } => ({ pid: process.pid, start: processStart(process.pid) ?? null });

/** True while the recorded process still runs: the pid exists and started when the record says. */
export function isAlive(owner: ProcessOwner): boolean {
  const start = processStart(owner.pid);
  if (start === undefined) return false;
  return !owner.start || owner.start === start;
}

/** The parent of a process, from /proc (Linux) or `ps -o ppid=`; undefined when unknown. */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return parent > 0 ? parent : undefined;
  } catch {
    if (process.platform === "linux") return undefined;
    const ps = spawnSync("ps", ["-o", "ppid=", "-p", String(pid)], { encoding: "utf8" });
    const parent = Number(ps.stdout?.trim());
    return ps.status === 0 && parent > 0 ? parent : undefined;
  }
}

/**
 * This process's ancestors up to and including the npm that started it (`npm start` runs
 * `sh -c "bun main.ts serve"`), as owner records; empty when npm did not start it.
 */
export function npmAncestors(): ProcessOwner[] {
  if (!process.env.npm_lifecycle_event) return [];
  const chain: ProcessOwner[] = [];
  for (let pid = parentOf(process.pid); pid && pid > 1 && chain.length < 4; pid = parentOf(pid)) {
    chain.push({ pid, start: processStart(pid) ?? null });
    if (/\bnpm\b|npm-cli/.test(commandOf(pid))) return chain;
  }
  return [];
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    const ps = spawnSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" });
    return ps.status === 0 ? ps.stdout : "";
  }
}
