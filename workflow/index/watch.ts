import { type FSWatcher, watch } from "node:fs";
import { inNeverScanned, keptFolders } from "../../analysis/mod.ts";

export type WatchOptions = {
  /** Quiet time after the last change before `onChange` runs (default 300 ms). */
  debounceMs?: number;
  /** Longest a burst of changes can hold `onChange` back (default 2000 ms). */
  maxWaitMs?: number;
  onError?: (error: Error) => void;
};

export type ProjectWatcher = {
  close(): void;
  /** Settles once changes are being watched (or the watch failed and onError was told). */
  ready: Promise<void>;
};

/**
 * Watches the repository recursively and calls `onChange` with the changed paths once edits
 * settle. Ignores the folders the analysis never scans, `.tool/cache` (the server's own
 * writes) and the loops' and agent runs' own files, but not the rest of `.tool/tasks` (the
 * index shows tasks), nor `.git/HEAD` and branch refs
 * (the index shows the branch and commits).
 */
export function watchProject(
  root: string,
  onChange: (paths: string[]) => void,
  options: WatchOptions = {},
): ProjectWatcher {
  const debounceMs = options.debounceMs ?? 300;
  const maxWaitMs = options.maxWaitMs ?? 2000;
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  let closed = false;

  const flush = () => {
    timer = undefined;
    if (closed || pending.size === 0) return;
    const paths = [...pending];
    pending.clear();
    onChange(paths);
  };

  const kept = keptFolders(root);
  let watcher: FSWatcher;
  try {
    watcher = watch(root, { recursive: true }, (_event, filename) => {
      const path = filename === null ? "" : String(filename).replaceAll("\\", "/");
      if (closed || (path && !isWatchedPath(path, kept))) return;
      const now = Date.now();
      if (pending.size === 0) firstAt = now;
      pending.add(path || ".");
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, Math.max(0, Math.min(debounceMs, firstAt + maxWaitMs - now)));
    });
  } catch (error) {
    options.onError?.(error as Error);
    return { close() {}, ready: Promise.resolve() };
  }
  watcher.on("error", (error) => options.onError?.(error));
  // Set up before returning: a watch in a worker thread printed the console's address 65 ms
  // sooner on payload but answered the first page no sooner on two cores, for 10 MB more.
  return {
    ready: Promise.resolve(),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}

/**
 * Whether a change at this repository path can change the index or the analysis. `kept`: the
 * never-scanned folders the repository takes back (keptFolders).
 */
export function isWatchedPath(path: string, kept: readonly string[] = []): boolean {
  const parts = path.split("/");
  if (parts[0] === ".git") return path === ".git/HEAD" || path.startsWith(".git/refs/heads/");
  // Loops and agent runs write their own state and transcripts many times a second; they are
  // followed by their own watchers, and what they change in a task (a subtask's status) is
  // written in the task's files, which are watched.
  if (parts[0] === ".tool") return parts[1] !== "cache" && !(parts[1] === "tasks" && (parts[3] === "loops" || parts[3] === "agents"));
  // The trailing slash makes a never-scanned folder itself (`node_modules` made or removed) count as inside it.
  return !inNeverScanned(`${path}/`, kept);
}
