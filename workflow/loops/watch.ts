import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { taskIds, taskDir } from "../tasks/mod.ts";
import { LOOP_ID, type LoopState } from "./schema.ts";
import { readLoopState, statePath } from "./store.ts";

export type LoopChange = { state: LoopState; ended: boolean };

/**
 * Tells about loops as their state files change, also loops run by another process (a
 * terminal, CI). It polls the state files' modification times every `intervalMs` (250 ms),
 * which is also the debounce: at most one report per loop per interval, and the latest state
 * is always reported. `ended` is true once, when a loop seen running has reached an outcome.
 * Polling rather than a file watcher: loops write often, and a stat per loop is cheaper and
 * surer across file systems than rebuilding on every watcher event.
 */
export function watchLoops(root: string, onChange: (change: LoopChange) => void, intervalMs = 250): { close(): void } {
  const seen = new Map<string, { mtimeMs: number; size: number; status: string }>();
  let first = true;
  const poll = () => {
    for (const task of taskIds(root)) {
      const folder = join(taskDir(root, task), "loops");
      if (!existsSync(folder)) continue;
      for (const id of readdirSync(folder)) {
        if (!LOOP_ID.test(id)) continue;
        let stat;
        try {
          stat = statSync(statePath(root, task, id));
        } catch {
          continue;
        }
        const key = `${task}/${id}`;
        const before = seen.get(key);
        if (before && before.mtimeMs === stat.mtimeMs && before.size === stat.size) continue;
        let state: LoopState;
        try {
          state = readLoopState(root, task, id);
        } catch {
          continue; // mid-replace on a file system without atomic rename, or damaged: next poll
        }
        seen.set(key, { mtimeMs: stat.mtimeMs, size: stat.size, status: state.status });
        // Loops that had ended before the watch began are history, not news.
        if (first) continue;
        const ended = state.status !== "running" && (before === undefined || before.status === "running");
        onChange({ state, ended });
      }
    }
    first = false;
  };
  try {
    poll();
  } catch {
    first = false;
  }
  const timer = setInterval(() => {
    try {
      poll();
    } catch {
      // the task store is being moved or removed: try again at the next tick
    }
  }, intervalMs);
  return { close: () => clearInterval(timer) };
}
