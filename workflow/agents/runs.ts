import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ToolError } from "../../core/errors.ts";
import { readTask, taskDir } from "../tasks/read.ts";
import { findProvider, onPath, readAgentsConfig } from "./config.ts";
import { buildPrompt } from "./prompt.ts";
import { type Provider, SAFE_WORD } from "./providers/mod.ts";
import { type AgentEvent, type AgentRun, type ParsedEvent, Permission, permissionRank, type RunStatus } from "./schema.ts";
import { RUN_ID } from "./transcripts.ts";

/** What POST /api/agents/run and `tool agent run` ask for. */
export const RunInput = z.object({
  task: z.string(),
  subtask: z.string().regex(/^\d{2}$/, "must be a two-digit subtask id (01, 02, ...)").optional(),
  provider: z.string().min(1),
  model: z.string().regex(SAFE_WORD, "must be a model name without spaces, shell characters or a leading dash").optional(),
  effort: z.string().regex(SAFE_WORD, "must be an effort name without spaces, shell characters or a leading dash").optional(),
  permission: Permission.optional(),
  prompt: z.string().max(20_000).optional(),
  issues: z.array(z.string().max(2000)).max(50, "holds at most 50 issues").optional(),
  stage: z.string().regex(/^[a-z-]{1,20}$/).optional(),
}).strict();
export type RunInput = z.infer<typeof RunInput>;

/** Between the signals of a stop: SIGINT, then SIGTERM, then SIGKILL, this far apart. */
export const STOP_STEP_MS = 2000;
const STDERR_TAIL = 20;

export type RunMessage = { kind: "event"; run: AgentRun; event: AgentEvent } | { kind: "end"; run: AgentRun };

type Live = {
  run: AgentRun;
  events: AgentEvent[];
  child: ChildProcess;
  stderr: string[];
  parsed: number;
  ending?: "stopped" | "timed-out";
  timer?: ReturnType<typeof setTimeout>;
  done: Promise<AgentRun>;
};

/**
 * The agent runs of this process: each a child process in the repository root, spawned with an
 * argument array in its own process group. Every line it prints becomes events (its provider's
 * format, else kept raw), appended to the transcript `.tool/tasks/<task>/agents/<run>.jsonl` as
 * they come and handed to the listeners (the console's `agent` and `agent-end` events).
 */
export class AgentRuns {
  readonly root: string;
  readonly #live = new Map<string, Live>();
  readonly #listeners = new Set<(message: RunMessage) => void>();

  constructor(root: string) {
    this.root = root;
  }

  /** Listens to every event and end of every run; returns the function that stops listening. */
  listen(listener: (message: RunMessage) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The live runs, newest first. */
  live(): AgentRun[] {
    return [...this.#live.values()].map((l) => ({ ...l.run })).reverse();
  }

  /** A live run with its events so far; undefined when no such run is live here. */
  get(id: string): (AgentRun & { events: AgentEvent[] }) | undefined {
    const live = this.#live.get(id);
    return live ? { ...live.run, events: [...live.events] } : undefined;
  }

  /**
   * Starts a run and answers at once with it (no events yet). 409 while a run is live on the
   * task; 400 for an unknown or untrusted provider, one not installed, a permission over its
   * ceiling, an unknown subtask, an effort it does not know.
   */
  start(input: RunInput): AgentRun {
    const parsed = RunInput.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new TypeError(`"${issue.path.join(".") || "run"}" ${issue.message}`);
    }
    const request = parsed.data;
    const task = readTask(this.root, request.task);
    const subtask = request.subtask === undefined ? undefined : task.subtasks.find((s) => s.id === request.subtask);
    if (request.subtask !== undefined && !subtask) throw new RangeError(`"subtask" ${request.subtask} is not a subtask of task "${task.id}"`);
    const { config, configError } = readAgentsConfig(this.root);
    if (configError) throw new ToolError("config-invalid", `.tool/config.json ${configError.key} ${configError.reason}: fix it before running an agent`, 409);
    const provider = findProvider(config, request.provider);
    const trust = config.trusted[provider.id];
    if (!trust) throw new RangeError(`"provider" ${provider.id} is not trusted: trust it first (tool agent trust ${provider.id})`);
    const permission = request.permission ?? "read";
    if (permissionRank(permission) > permissionRank(trust.maxPermission)) {
      throw new RangeError(`"permission" ${permission} is above ${provider.id}'s ceiling (${trust.maxPermission}): raise it with tool agent trust ${provider.id} --max-permission ${permission}`);
    }
    if (request.effort && provider.efforts.length && !provider.efforts.includes(request.effort)) {
      throw new RangeError(`"effort" must be one of ${provider.efforts.join(", ")} for ${provider.id}, not "${request.effort}"`);
    }
    if (request.effort && !provider.efforts.length) throw new RangeError(`"effort": ${provider.id} takes no effort`);
    if (!onPath(provider.bin)) throw new RangeError(`"provider" ${provider.id} is not installed (no ${provider.bin} on PATH): ${provider.install}`);
    for (const live of this.#live.values()) {
      if (live.run.task === task.id) throw new ToolError("agent-running", `an agent is already running on task "${task.id}" (${live.run.id}); stop it first`, 409);
    }

    const startedAt = new Date();
    const id = runId(startedAt, request.subtask, provider.id);
    const kind = request.issues?.length ? "fix" : subtask ? "subtask" : "task";
    const run: AgentRun = {
      id, task: task.id, subtask: subtask?.id ?? null, provider: provider.id, model: request.model ?? provider.recommended,
      effort: request.effort ?? null, stage: request.stage ?? task.stage, permission, kind, status: "running",
      startedAt: startedAt.toISOString(), endedAt: null, result: null,
      transcript: `.tool/tasks/${task.id}/agents/${id}.jsonl`, pid: null,
    };
    const prompt = buildPrompt(task, subtask, { prompt: request.prompt, issues: request.issues });
    const args = provider.args({ prompt, model: run.model ?? undefined, effort: run.effort ?? undefined, permission });
    mkdirSync(join(taskDir(this.root, task.id), "agents"), { recursive: true });
    const child = spawn(provider.bin, args, {
      cwd: this.root,
      detached: true, // its own process group: a stop reaches what it started too
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...provider.env?.({ prompt, permission }) },
    });
    run.pid = child.pid ?? null;
    let finish!: (run: AgentRun) => void;
    const live: Live = { run, events: [], child, stderr: [], parsed: 0, done: new Promise((resolve) => (finish = resolve)) };
    this.#live.set(id, live);
    this.#emit(live, { type: "start", text: `${provider.name} on ${task.id}${subtask ? ` subtask ${subtask.id}` : ""}`, data: { run: { ...run }, args } });
    live.timer = setTimeout(() => void this.#stop(live, "timed-out"), config.timeoutMinutes * 60_000);
    live.timer.unref?.();

    readLines(child.stdout!, (line) => this.#line(live, provider, line));
    readLines(child.stderr!, (line) => {
      live.stderr.push(line);
      if (live.stderr.length > STDERR_TAIL) live.stderr.shift();
      this.#emit(live, { type: "stderr", text: line });
    });
    let exited = false;
    const end = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (exited) return;
      exited = true;
      clearTimeout(live.timer);
      finish(this.#end(live, code, signal, error));
    };
    child.on("error", (error) => end(null, null, error));
    // `close` waits for stdout and stderr to be read to their end: no line is lost.
    child.on("close", (code, signal) => end(code, signal));
    return { ...run };
  }

  /** Waits for a live run to end. */
  async wait(id: string): Promise<AgentRun> {
    const live = this.#live.get(id);
    if (!live) throw new ToolError("unknown-run", `no live run "${id}"`, 404);
    return await live.done;
  }

  /** Stops a live run: SIGINT, then SIGTERM, then SIGKILL to its process group until it is gone. */
  async stop(id: string): Promise<AgentRun> {
    if (!RUN_ID.test(id)) throw new TypeError(`"id" must be a run id, not "${id}"`);
    const live = this.#live.get(id);
    if (!live) throw new ToolError("unknown-run", `no live run "${id}" (it ended, or never ran here)`, 404);
    return await this.#stop(live, "stopped");
  }

  /** Stops every live run (the server is shutting down). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.#live.values()].map((live) => this.#stop(live, "stopped")));
  }

  async #stop(live: Live, reason: "stopped" | "timed-out"): Promise<AgentRun> {
    if (!live.ending) {
      live.ending = reason;
      const group = live.child.pid;
      void (async () => {
        for (const signal of ["SIGINT", "SIGTERM", "SIGKILL"] as const) {
          if (live.run.status !== "running" || group === undefined) return;
          try {
            process.kill(-group, signal);
          } catch {
            return; // the group is gone
          }
          await Promise.race([live.done, new Promise((resolve) => setTimeout(resolve, STOP_STEP_MS))]);
        }
      })();
    }
    return await live.done;
  }

  #line(live: Live, provider: Provider, line: string): void {
    if (!line.trim()) return;
    let parsed: ParsedEvent[] | undefined;
    try {
      parsed = provider.parse(line);
    } catch {
      parsed = undefined; // a parser must never end a run
    }
    if (parsed === undefined) {
      this.#emit(live, { type: "raw", text: line });
      return;
    }
    live.parsed += parsed.length;
    for (const event of parsed) {
      this.#emit(live, event);
      if (event.type === "result") live.run.result = event.text ?? null;
    }
  }

  #end(live: Live, code: number | null, signal: NodeJS.Signals | null, error?: Error): AgentRun {
    const { run } = live;
    const resultError = live.events.some((e) => e.type === "result" && e.ok === false);
    const printedNothing = live.events.every((e) => e.type === "start" || e.type === "stderr");
    const status: RunStatus = live.ending ?? (error || code !== 0 || resultError || printedNothing ? "failed" : "succeeded");
    const tail = live.stderr.join("\n");
    const reason = error ? `could not start ${run.provider}: ${error.message}`
      : status === "failed" && printedNothing ? `${run.provider} ${code === 0 ? "printed nothing" : `exited with ${code ?? signal}`}${tail ? `: ${tail}` : ""}`
      : status === "failed" ? `${run.provider} ${resultError ? "reported an error" : `exited with ${code ?? signal}`}${tail ? `\n${tail}` : ""}`
      : status === "timed-out" ? `stopped after the ${readAgentsConfig(this.root).config.timeoutMinutes}-minute timeout`
      : status === "stopped" ? "stopped" : undefined;
    run.status = status;
    run.endedAt = new Date().toISOString();
    if (status !== "succeeded" && !run.result) run.result = reason ?? null;
    this.#emit(live, { type: "end", ok: status === "succeeded", text: reason ?? run.result ?? "", data: { status, exitCode: code, signal, result: run.result } });
    this.#live.delete(run.id);
    for (const listener of this.#listeners) listener({ kind: "end", run: { ...run } });
    return { ...run };
  }

  #emit(live: Live, parsed: ParsedEvent): void {
    const event: AgentEvent = { seq: live.events.length + 1, at: new Date().toISOString(), ...parsed };
    live.events.push(event);
    appendFileSync(join(this.root, live.run.transcript), JSON.stringify(event) + "\n");
    for (const listener of this.#listeners) listener({ kind: "event", run: live.run, event });
  }
}

/** A run id: when it started, what it worked on, which provider, and a few random letters. */
function runId(at: Date, subtask: string | undefined, provider: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `${stamp}-${subtask ?? "task"}-${provider}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Calls `onLine` for each line of a stream, the last one too even without a newline. */
function readLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffer = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf("\n")) !== -1) {
      onLine(buffer.slice(0, newline).replace(/\r$/, ""));
      buffer = buffer.slice(newline + 1);
    }
  });
  stream.on("end", () => {
    if (buffer) onLine(buffer);
    buffer = "";
  });
}
