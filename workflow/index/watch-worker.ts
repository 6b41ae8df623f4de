// The project watcher's thread (watch.ts): watches the repository recursively and posts each
// changed path the index or the analysis can depend on (isWatchedPath); the thread that started
// it debounces them.
import { watch } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { keptFolders } from "../../analysis/scan.ts";
import { isWatchedPath } from "./watch.ts";

export type WatchMessage = { kind: "ready" } | { kind: "change"; path: string } | { kind: "error"; message: string };

const post = (message: WatchMessage) => parentPort!.postMessage(message);
const { root } = workerData as { root: string };
try {
  const kept = keptFolders(root);
  const watcher = watch(root, { recursive: true }, (_event, filename) => {
    const path = filename === null ? "" : String(filename).replaceAll("\\", "/");
    if (!path || isWatchedPath(path, kept)) post({ kind: "change", path });
  });
  watcher.on("error", (error) => post({ kind: "error", message: error.message }));
  post({ kind: "ready" });
} catch (error) {
  post({ kind: "error", message: (error as Error).message });
}
