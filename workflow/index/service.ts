import { join } from "node:path";
import { analyze, analyzeStructure, type Report, type StructureReport, withHistory } from "../../analysis/mod.ts";
import { readHistoryAhead } from "../../analysis/history/mod.ts";
import { writeCacheFile } from "../../core/atomic.ts";
import { AgentRuns } from "../agents/runs.ts";
import { WriteQueue } from "../queue.ts";
import { buildProjectIndex } from "./build.ts";
import type { CommandInfo, ProjectIndex, Signal } from "./schema.ts";

export const INDEX_CACHE_FILE = ".tool/cache/project-index.json";
/** After a first index built from the structure alone: time for the page's assets to go out. */
const WHOLE_REPORT_DELAY_MS = 300;

/**
 * `deferHistory`: the first analysis may leave a long, uncached history for later (`history.pending`);
 * `includeAll`: tests, fixtures and vendored code in the architecture too (the views' scope switch).
 */
export type Analyzer = (root: string, options: { deferHistory: boolean; includeAll?: boolean }) => Report | Promise<Report>;

/** One generation of the index: its number, the index, and its JSON (serialized once). */
export type IndexSnapshot = { readonly version: number; readonly index: ProjectIndex; readonly json: string };

export type ProjectServiceOptions = {
  root: string;
  commands?: readonly CommandInfo[];
  /** The analysis to run; `analyze` from analysis/ by default (tests pass a fake). */
  analyze?: Analyzer;
  /**
   * The structure alone, which the first index is built from so that the first page does not
   * wait for routes, integrations and findings: `analyzeStructure` by default, none when
   * `analyze` is given (the index then waits for that report, as every later index does).
   */
  analyzeStructure?: (root: string) => StructureReport | Promise<StructureReport>;
  queue?: WriteQueue;
  /** Write `.tool/cache/project-index.json` on every build (default true). */
  writeCache?: boolean;
};

/**
 * The project state a long-running process serves: the index (built on first use, rebuilt
 * by `refresh`) and the analysis report (built on first use, shared by concurrent callers,
 * dropped when the index refreshes). Index builds run on the write queue, one at a time;
 * every refresh bumps `version` and tells the listeners.
 */
export class ProjectService {
  readonly root: string;
  readonly queue: WriteQueue;
  /** The coding-agent runs this process started (workflow/agents). */
  readonly agents: AgentRuns;
  readonly #commands: readonly CommandInfo[];
  readonly #analyze: Analyzer;
  readonly #analyzeStructure: ProjectServiceOptions["analyzeStructure"];
  readonly #writeCache: boolean;
  #version = 1;
  #snapshot: Promise<IndexSnapshot> | undefined;
  #report: { promise: Promise<Report>; settled: boolean } | undefined;
  /** The report with tests, fixtures and vendored code in the architecture, built when a view asks. */
  #reportAll: Promise<Report> | undefined;
  #pendingRefresh: Promise<number> | undefined;
  /** Whether the pending refresh must analyse again (anything but the deferred history arriving). */
  #refreshWhole = false;
  /** Only the first analysis defers the history: the page is useful first, complete next. */
  #firstAnalysis = true;
  /** Only the first index may be built from the structure alone (see #indexReport). */
  #firstIndex = true;
  /** Starts the whole report after a first index built from the structure alone. */
  #wholeTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #listeners = new Set<(version: number) => void>();

  constructor(options: ProjectServiceOptions) {
    this.root = options.root;
    this.queue = options.queue ?? new WriteQueue();
    this.agents = new AgentRuns(options.root);
    this.#commands = options.commands ?? [];
    this.#analyze = options.analyze ?? ((root, { deferHistory, includeAll }) => analyze(root, { deferHistory, includeAll }));
    this.#analyzeStructure = options.analyzeStructure ?? (options.analyze ? undefined : (root) => analyzeStructure(root, { factsLater: true }));
    this.#writeCache = options.writeCache ?? true;
  }

  /** The generation of the index: 1 for the first build, one more for each refresh. */
  get version(): number {
    return this.#version;
  }

  /**
   * The analysis report: built on first call and cached; callers that arrive while a build
   * runs share it. `refresh` starts a new build unless one is already running.
   */
  report(options: { refresh?: boolean; includeAll?: boolean } = {}): Promise<Report> {
    if (options.includeAll) return this.#allReport();
    const current = this.#report;
    if (current && (!options.refresh || !current.settled)) return current.promise;
    const entry = { settled: false, promise: this.#runAnalysis() };
    this.#report = entry;
    entry.promise.then(
      () => (entry.settled = true),
      () => {
        entry.settled = true;
        if (this.#report === entry) this.#report = undefined; // a failed build is retried next time
      },
    );
    return entry.promise;
  }

  #allReport(): Promise<Report> {
    if (!this.#reportAll) {
      const promise = Promise.resolve().then(() => this.#analyze(this.root, { deferHistory: false, includeAll: true }));
      this.#reportAll = promise;
      promise.catch(() => {
        if (this.#reportAll === promise) this.#reportAll = undefined; // retried next time
      });
    }
    return this.#reportAll;
  }

  /** The current index, built (on the queue) on first call. */
  snapshot(): Promise<IndexSnapshot> {
    if (!this.#snapshot) {
      const promise = this.queue.run("index", () => this.#build(this.#version));
      this.#snapshot = promise;
      promise.catch(() => {
        if (this.#snapshot === promise) this.#snapshot = undefined;
      });
    }
    return this.#snapshot;
  }

  /**
   * Drops the cached report, rebuilds the index on the write queue, bumps `version` and tells
   * every listener. Calls made while a refresh waits in the queue join it; a call made while
   * one runs queues the next (files may have changed after it started). `historyOnly`: the
   * history the first analysis deferred has been read, and nothing else is known to have
   * changed, so the report is completed (withHistory) rather than analysed again, unless an
   * ordinary refresh joined it.
   */
  refresh(options: { historyOnly?: boolean } = {}): Promise<number> {
    if (!options.historyOnly) this.#refreshWhole = true;
    if (this.#pendingRefresh) return this.#pendingRefresh;
    const job = this.queue.run("refresh", async () => {
      this.#pendingRefresh = undefined;
      const previous = this.#refreshWhole ? undefined : this.#report;
      this.#refreshWhole = false;
      this.#report = undefined;
      this.#reportAll = undefined;
      const completed = previous && (await previous.promise.catch(() => undefined));
      if (completed?.history.pending) {
        this.#report = { settled: true, promise: Promise.resolve(withHistory(this.root, completed)) };
      }
      const snapshot = await this.#build(this.#version + 1);
      this.#version = snapshot.version;
      this.#snapshot = Promise.resolve(snapshot);
      for (const listener of this.#listeners) {
        try {
          listener(snapshot.version);
        } catch {
          // one broken listener does not stop the others
        }
      }
      return snapshot.version;
    });
    this.#pendingRefresh = job;
    job.catch(() => {
      if (this.#pendingRefresh === job) this.#pendingRefresh = undefined;
    });
    return job;
  }

  /** Calls `listener` with the new version after every refresh; returns the unsubscribe. */
  onChange(listener: (version: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Refuses new writes and waits for queued ones: nothing is left half-written. */
  close(): Promise<void> {
    clearTimeout(this.#wholeTimer);
    this.#listeners.clear();
    return this.queue.close();
  }

  async #runAnalysis(): Promise<Report> {
    await null; // callers in the same tick all receive this promise before the work starts
    const deferHistory = this.#firstAnalysis;
    this.#firstAnalysis = false;
    const report = await this.#analyze(this.root, { deferHistory });
    if (report.history.pending) void this.#completeHistory();
    return report;
  }

  /**
   * Reads the history the first analysis left for later (git runs in a child process, so
   * requests are answered meanwhile), then refreshes: listeners hear `changed` and the pages
   * fill in. Should git fail, the refresh reads it the ordinary way and says what went wrong.
   */
  async #completeHistory(): Promise<void> {
    await readHistoryAhead(this.root);
    await this.refresh({ historyOnly: true }).catch(() => {}); // a closed queue: the server is stopping
  }

  /**
   * What the index summarises: the structure is all it shows. For the first index, when no
   * report is built or building, the structure is analysed alone (without routes,
   * integrations and findings it takes about two thirds of the time, cold) so that the first
   * page does not wait for the rest. The whole report starts a moment after the index is
   * served, so the page's styles and scripts go out first; a view that asks sooner starts it.
   */
  #indexReport(): { report: Promise<StructureReport>; whole: boolean } {
    const structure = this.#analyzeStructure;
    if (!structure || !this.#firstIndex || this.#report) return { report: this.report(), whole: true };
    this.#firstIndex = false;
    return { report: Promise.resolve().then(() => structure(this.root)), whole: false };
  }

  async #build(version: number): Promise<IndexSnapshot> {
    const signals: Signal[] = [];
    const { report: analysis, whole } = this.#indexReport();
    const report = analysis.catch((error: Error) => {
      // The index still shows the project; the graph sections stay empty and say why.
      signals.push({ level: "warning", code: "analysis-failed", message: `The analysis failed: ${error.message}` });
      return undefined;
    });
    const index = await buildProjectIndex(this.root, { report, commands: this.#commands });
    index.signals.unshift(...signals);
    const json = JSON.stringify(index);
    if (this.#writeCache) this.#writeFile(json);
    if (!whole) {
      this.#wholeTimer = setTimeout(() => void this.report().catch(() => {}), WHOLE_REPORT_DELAY_MS);
      this.#wholeTimer.unref?.(); // a process that is done with the service does not wait for it
    }
    return { version, index, json };
  }

  #writeFile(json: string): void {
    try {
      writeCacheFile(join(this.root, INDEX_CACHE_FILE), json);
    } catch {
      // A read-only checkout is still served; only the file copy is missing.
    }
  }
}
