import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { ToolError } from "../../core/errors.ts";
import { currentOwner } from "../../core/process.ts";
import { readTask, setSubtaskStatus } from "../tasks/mod.ts";
import type { Subtask, Task } from "../tasks/schema.ts";
import { changedPaths, restoreCheckpoint, snapshotTree, takeCheckpoint } from "../snapshot.ts";
import { appendEntry, type LedgerEntry, type LedgerType } from "./ledger.ts";
import type { Budgets, Iteration, LoopState, Rung, Score } from "./schema.ts";
import { isLive, ledgerPath, listLoops, loopDir, readStopRequest, writeLoopState } from "./store.ts";

/** The most iterations a loop may be given (SPEC's limit). */
export const MAX_ITERATIONS = 200;
/** Rejections of one subtask on one rung before the loop climbs to the next rung. */
export const REJECTIONS_PER_RUNG = 2;
/** How often a running loop looks for a stop request, also while the agent works. */
export const STOP_POLL_MS = 500;

export type AgentOutcome = { run: string | null; status: string; transcript: string | null; cost: number; error?: string };
export type GatesOutcome = { outcome: string; gates: { gate: string; kind: string; status: string; summary: string }[]; judge: string | null; findings: string[] };

/** What a loop runs on: the agent runner, the flow's gates and the provider ladder. */
export type LoopDeps = {
  runAgent(input: { root: string; task: Task; subtask: Subtask; rung: Rung; signal: AbortSignal; deadline: number | null }): Promise<AgentOutcome>;
  runGates(input: { root: string; task: string; flow: string; signal: AbortSignal }): Promise<GatesOutcome>;
  /** The rungs to climb, first the one asked for; throws (400) for an untrusted or unknown provider. */
  ladder(input: { root: string; provider?: string; model?: string; effort?: string }): Rung[];
};

export type LoopOptions = {
  task: string;
  flow?: string;
  provider?: string;
  model?: string;
  effort?: string;
  maxIterations?: number;
  maxMinutes?: number;
  maxCost?: number;
  mode?: LoopState["mode"];
};

/** Progress as it happens: the state after each phase, for stderr lines or the console. */
export type LoopProgress = (state: LoopState, message: string) => void;

const now = () => new Date().toISOString();

/**
 * Checks everything a loop needs before it starts, so a refusal is one clear line and
 * nothing is written: a known task, budgets that are positive numbers, a trusted provider, a
 * ready subtask, no other live loop on the task, and no uncommitted change in a file the
 * loop may have to restore.
 */
export function prepareLoop(root: string, options: LoopOptions, deps: LoopDeps): { task: Task; budgets: Budgets; ladder: Rung[] } {
  const task = readTask(root, options.task);
  const budgets = {
    iterations: positive("--max-iterations", options.maxIterations ?? 20, true),
    minutes: options.maxMinutes === undefined ? null : positive("--max-minutes", options.maxMinutes),
    cost: options.maxCost === undefined ? null : positive("--max-cost", options.maxCost),
  };
  if (budgets.iterations > MAX_ITERATIONS) throw new RangeError(`--max-iterations must be at most ${MAX_ITERATIONS}`);
  const running = listLoops(root).find((l) => l.task === task.id && isLive(l));
  if (running) throw new ToolError("loop-running", `a loop is already running on task "${task.id}" (${running.id}); stop it first: tool loop stop ${task.id} ${running.id}`, 409);
  const ladder = deps.ladder({ root, provider: options.provider, model: options.model, effort: options.effort });
  if (!ladder.length) throw new TypeError("no trusted agent provider to run: trust one with `tool agent trust <provider>`");
  if (!task.subtasks.some((s) => s.ready)) {
    const open = task.subtasks.filter((s) => s.status !== "done");
    throw new ToolError("no-ready-subtask", open.length ? `task "${task.id}" has no ready subtask (open: ${open.map((s) => `${s.id} ${s.status}`).join(", ")})` : `task "${task.id}" has no open subtask`, 409);
  }
  const dirty = dirtyFiles(root);
  const needed = task.subtasks.filter((s) => s.status !== "done").flatMap((s) => s.files).filter((f) => dirty.has(f));
  if (needed.length) throw new ToolError("dirty-files", `uncommitted changes in ${[...new Set(needed)].join(", ")}, which the loop may have to restore: commit or stash them first`, 409);
  return { task, budgets, ladder };
}

function positive(flag: string, value: number, integer = false): number {
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) throw new RangeError(`${flag} must be a positive ${integer ? "whole " : ""}number, not "${value}"`);
  return value;
}

function dirtyFiles(root: string): Set<string> {
  const out = spawnSync("git", ["status", "--porcelain", "-z", "--untracked-files=all"], { cwd: root, encoding: "utf8" });
  if (out.status !== 0) throw new ToolError("not-git", "a loop needs a git repository (its checkpoints are git trees)", 409);
  return new Set(out.stdout.split("\0").filter(Boolean).map((l) => l.slice(3)));
}

/**
 * Runs a loop in this process until it reaches an outcome: each iteration picks the next
 * ready subtask, takes a checkpoint, runs the agent, runs the flow's gates, then accepts the
 * change (subtask done, checkpoint advanced) or rolls it back to the checkpoint. Every step
 * is written to state.json and every decision to the hash-chained ledger.
 */
export async function runLoop(root: string, options: LoopOptions, deps: LoopDeps, progress: LoopProgress = () => {}): Promise<LoopState> {
  const { task, budgets, ladder } = prepareLoop(root, options, deps);
  const id = loopId();
  mkdirSync(loopDir(root, task.id, id), { recursive: true });
  writeFileSync(ledgerPath(root, task.id, id), "", { flag: "wx" });
  const started = Date.now();
  const state: LoopState = {
    task: task.id, id, status: "running", reason: null, phase: "starting", mode: options.mode ?? "foreground", owner: currentOwner(),
    flow: options.flow ?? "ship", iteration: 0, accepted: 0, subtask: null, score: score(task, null), spent: { iterations: 0, minutes: 0, cost: 0 },
    budgets, providers: ladder, rung: ladder[0]!, rejections: 0, checkpoint: null, ledger: null, startedAt: now(), updatedAt: now(), endedAt: null, iterations: [],
  };
  let head: LedgerEntry | undefined;
  const record = (type: LedgerType, data: Record<string, unknown>) => {
    head = appendEntry(ledgerPath(root, task.id, id), head, type, data);
    state.ledger = { seq: head.seq, hash: head.hash };
  };
  const save = (phase: LoopState["phase"], message: string) => {
    state.phase = phase;
    state.updatedAt = now();
    state.spent.minutes = Math.round(((Date.now() - started) / 60_000) * 100) / 100;
    writeLoopState(root, state);
    progress(state, message);
  };
  const ref = `refs/tool/loops/${task.id}/${id}`;
  const end = (status: LoopState["status"], reason: string) => {
    state.status = status;
    state.reason = reason;
    state.endedAt = now();
    record("end", { status, reason, iterations: state.iteration, accepted: state.accepted, spent: state.spent });
    save("ended", `${status}: ${reason}`);
    return state;
  };

  record("start", { task: task.id, flow: state.flow, budgets, providers: ladder, owner: state.owner });
  try {
    state.checkpoint = takeCheckpoint(root, ref, `tool loop ${id}: start`);
    record("checkpoint", { tree: state.checkpoint.tree, commit: state.checkpoint.commit, reason: "start" });
    save("checkpoint", `loop ${id} started on ${task.id}`);
    for (;;) {
      const stop = readStopRequest(root, task.id, id);
      if (stop) {
        record("stop", { reason: stop.reason, at: stop.at });
        return end("stopped", stop.reason);
      }
      const exhausted = budgetLeft(state, started);
      if (exhausted) return end("budget-exhausted", exhausted);
      const current = readTask(root, task.id);
      state.score = score(current, state.iterations.at(-1) ?? null);
      const subtask = current.subtasks.find((s) => s.ready);
      if (!subtask) {
        if (current.subtasks.every((s) => s.status === "done")) return end("completed", `all ${current.subtasks.length} subtasks are done`);
        return end("stalled", `no ready subtask: ${current.subtasks.filter((s) => s.status !== "done").map((s) => `${s.id} ${s.status}`).join(", ")}`);
      }
      const outcome = await iterate(root, state, current, subtask, deps, started, (phase, message) => save(phase, message), record);
      if (outcome === "stopped") {
        const request = readStopRequest(root, task.id, id);
        record("stop", { reason: request?.reason ?? "stopped", at: request?.at ?? now() });
        return end("stopped", request?.reason ?? "stopped by request");
      }
      if (outcome === "stalled") return end("stalled", `subtask ${subtask.id} was rejected ${REJECTIONS_PER_RUNG} times on each of ${state.providers.length} rung(s); last: ${state.iterations.at(-1)?.reasons.join("; ") ?? ""}`);
    }
  } catch (error) {
    return end("failed", error instanceof Error ? error.message : String(error));
  }
}

type Recorder = (type: LedgerType, data: Record<string, unknown>) => void;

/** One iteration; answers what the loop does next. */
async function iterate(root: string, state: LoopState, task: Task, subtask: Subtask, deps: LoopDeps, started: number, save: (phase: LoopState["phase"], message: string) => void, record: Recorder): Promise<"next" | "stopped" | "stalled"> {
  const begun = Date.now();
  const at = now();
  state.iteration++;
  state.spent.iterations++;
  state.subtask = subtask.id;
  await setSubtaskStatus(root, task.id, subtask.id, "in-progress");
  save("agent", `iteration ${state.iteration}: subtask ${subtask.id} "${subtask.title}" with ${state.rung.provider}${state.rung.model ? ` ${state.rung.model}` : ""}`);
  const stopper = watchForStop(root, state);
  const deadline = state.budgets.minutes === null ? null : started + state.budgets.minutes * 60_000;
  let agent: AgentOutcome;
  let gates: GatesOutcome = { outcome: "skipped", gates: [], judge: null, findings: [] };
  try {
    agent = await deps.runAgent({ root, task, subtask, rung: state.rung, signal: stopper.signal, deadline });
    state.spent.cost = Math.round((state.spent.cost + agent.cost) * 10_000) / 10_000;
    if (!stopper.signal.aborted && agent.status === "succeeded") {
      save("gates", `iteration ${state.iteration}: agent ${agent.status}; running the ${state.flow} gates`);
      gates = await deps.runGates({ root, task: task.id, flow: state.flow, signal: stopper.signal });
    }
  } finally {
    stopper.stop();
  }
  const changed = changedPaths(root, state.checkpoint!.tree, snapshotTree(root));
  const stopped = stopper.signal.aborted;
  const reasons = stopped ? ["a stop was requested"] : decisionReasons(agent, gates, changed);
  const accepted = !stopped && reasons.length === 0;
  if (accepted) {
    await setSubtaskStatus(root, task.id, subtask.id, "done", true);
    state.checkpoint = takeCheckpoint(root, `refs/tool/loops/${state.task}/${state.id}`, `tool loop ${state.id}: subtask ${subtask.id} accepted`);
    state.accepted++;
    state.rejections = 0;
  } else {
    save("rollback", `iteration ${state.iteration}: rolling back (${reasons.join("; ")})`);
    restoreCheckpoint(root, state.checkpoint!.tree);
    await setSubtaskStatus(root, task.id, subtask.id, "pending", true);
    if (!stopped) state.rejections++;
  }
  const iteration: Iteration = {
    n: state.iteration, subtask: subtask.id, rung: state.rung, decision: accepted ? "accepted" : "rolled-back",
    reasons: accepted ? [`the ${state.flow} gates passed`] : reasons, findings: gates.findings, gates: gates.gates,
    score: score(readTask(root, task.id), null), judge: gates.judge,
    agent: { run: agent.run, status: agent.status, transcript: agent.transcript }, changed, cost: agent.cost,
    startedAt: at, endedAt: now(), ms: Date.now() - begun,
  };
  state.iterations.push(iteration);
  state.score = iteration.score;
  record("iteration", { n: iteration.n, subtask: subtask.id, decision: iteration.decision, reasons: iteration.reasons, rung: state.rung, agent: iteration.agent, gates: gates.gates.map((g) => `${g.gate}:${g.status}`), changed, cost: agent.cost });
  if (accepted) record("checkpoint", { tree: state.checkpoint!.tree, commit: state.checkpoint!.commit, reason: `subtask ${subtask.id} accepted` });
  save("accepted", `iteration ${state.iteration}: ${iteration.decision}${accepted ? "" : ` (${reasons.join("; ")})`}`);
  if (stopped) return "stopped";
  if (!accepted && state.rejections >= REJECTIONS_PER_RUNG) {
    const next = state.providers[state.rung.index + 1];
    if (!next) return "stalled";
    state.rung = next;
    state.rejections = 0;
  }
  return "next";
}

/** Why an iteration is not accepted; none means accepted. */
function decisionReasons(agent: AgentOutcome, gates: GatesOutcome, changed: string[]): string[] {
  if (agent.status !== "succeeded") return [`the agent run ${agent.status}${agent.error ? `: ${agent.error}` : ""}`];
  const reasons: string[] = [];
  if (!changed.length) reasons.push("the agent changed no file");
  if (gates.outcome !== "passed") {
    const failing = gates.gates.filter((g) => g.status !== "passed" && g.status !== "skipped");
    reasons.push(`the gates did not pass (${gates.outcome}${failing.length ? `: ${failing.map((g) => `${g.gate} ${g.status}: ${g.summary}`).join("; ")}` : ""})`);
  }
  return reasons;
}

/** The first budget that is spent, as a reason; undefined while every budget has room. */
function budgetLeft(state: LoopState, started: number): string | undefined {
  const { budgets, spent } = state;
  if (spent.iterations >= budgets.iterations) return `${spent.iterations} of ${budgets.iterations} iterations used`;
  const minutes = (Date.now() - started) / 60_000;
  if (budgets.minutes !== null && minutes >= budgets.minutes) return `${budgets.minutes} minutes used`;
  if (budgets.cost !== null && spent.cost >= budgets.cost) return `$${spent.cost} of $${budgets.cost} spent`;
  return undefined;
}

/** Aborts when a stop request appears, polling while the agent and the gates work. */
function watchForStop(root: string, state: LoopState): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    if (readStopRequest(root, state.task, state.id)) controller.abort(new Error("stop requested"));
  }, STOP_POLL_MS);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

function score(task: Task, last: Iteration | null): Score {
  const gates = last?.gates ?? [];
  return {
    passed: gates.filter((g) => g.status === "passed").length,
    blocking: gates.filter((g) => g.status === "waiting").length,
    failing: gates.filter((g) => g.status === "failed" || g.status === "error").length,
    subtasksDone: task.subtasks.filter((s) => s.status === "done").length,
    subtasksTotal: task.subtasks.length,
  };
}

/** A loop id that sorts by start time: 20261124-221530-k3f9. */
function loopId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${Math.random().toString(36).slice(2, 6)}`;
}
