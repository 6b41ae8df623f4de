import { existsSync, readdirSync } from "node:fs";
import { readInside } from "../../core/inside.ts";
import { join } from "node:path";
import { writeFileAtomic } from "../../core/atomic.ts";
import { ToolError } from "../../core/errors.ts";
import { isAlive } from "../../core/process.ts";
import { taskDir, taskIds } from "../tasks/mod.ts";
import { TASK_ID } from "../tasks/schema.ts";
import { LOOP_ID, LoopState } from "./schema.ts";

/** At most this many iterations are kept in state.json (the ledger keeps every one). */
export const KEPT_ITERATIONS = 200;
export const MAX_LISTED = 100;

export const loopDir = (root: string, task: string, id: string) => join(taskDir(root, task), "loops", id);
export const statePath = (root: string, task: string, id: string) => join(loopDir(root, task, id), "state.json");
export const stopPath = (root: string, task: string, id: string) => join(loopDir(root, task, id), "stop.json");
export const ledgerPath = (root: string, task: string, id: string) => join(loopDir(root, task, id), "ledger.jsonl");

export function checkIds(task: string, id: string): void {
  if (!TASK_ID.test(task)) throw new TypeError(`task id "${task}" must match ^[a-z0-9][a-z0-9-]{1,80}$`);
  if (!LOOP_ID.test(id)) throw new TypeError(`loop id "${id}" must match ^[a-z0-9][a-z0-9-]{1,80}$`);
}

/** Writes the loop's state atomically, keeping the last 200 iterations. */
export function writeLoopState(root: string, state: LoopState): void {
  if (state.iterations.length > KEPT_ITERATIONS) state.iterations.splice(0, state.iterations.length - KEPT_ITERATIONS);
  writeFileAtomic(statePath(root, state.task, state.id), JSON.stringify(state, null, 2) + "\n");
}

/** Reads a loop's state; 400 for malformed ids, 404 when there is no such loop, 422 for a damaged file. */
export function readLoopState(root: string, task: string, id: string): LoopState {
  checkIds(task, id);
  const file = statePath(root, task, id);
  if (!existsSync(file)) throw new ToolError("unknown-loop", `task "${task}" has no loop "${id}"`, 404);
  try {
    return LoopState.parse(JSON.parse(readInside(root, file)));
  } catch (error) {
    throw new ToolError("malformed-loop", `${file} cannot be read: ${(error as Error).message.split("\n")[0]}`, 422);
  }
}

/** Live only while the process that writes the loop runs (pid and start time, so a reused pid is not it). */
export const isLive = (state: LoopState): boolean => state.status === "running" && isAlive(state.owner);

export type StopRequest = { at: string; reason: string };

export function readStopRequest(root: string, task: string, id: string): StopRequest | undefined {
  try {
    return JSON.parse(readInside(root, stopPath(root, task, id))) as StopRequest;
  } catch {
    return undefined;
  }
}

/** Asks a running loop to stop: it polls for this file. 409 when the loop is not running. */
export function requestStop(root: string, task: string, id: string, reason = ""): StopRequest {
  const state = readLoopState(root, task, id);
  if (!isLive(state)) throw new ToolError("loop-not-running", `loop "${id}" of task "${task}" is not running (${state.status}${state.status === "running" ? ", its process is gone" : ""})`, 409);
  const request = { at: new Date().toISOString(), reason: reason.trim().slice(0, 500) || "stopped by request" };
  writeFileAtomic(stopPath(root, task, id), JSON.stringify(request) + "\n");
  return request;
}

/** Every loop of every task, newest activity first, at most 100; a damaged state file is skipped. */
export function listLoops(root: string): LoopState[] {
  const loops: LoopState[] = [];
  for (const task of taskIds(root)) {
    const folder = join(taskDir(root, task), "loops");
    if (!existsSync(folder)) continue;
    for (const id of readdirSync(folder)) {
      if (!LOOP_ID.test(id) || !existsSync(statePath(root, task, id))) continue;
      try {
        loops.push(readLoopState(root, task, id));
      } catch {
        // a torn or hand-broken state file: the loop is not listed rather than breaking the list
      }
    }
  }
  return loops.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, MAX_LISTED);
}

/** The list item of SPEC's "Loop summary". */
export function loopSummary(state: LoopState) {
  return {
    task: state.task, id: state.id, status: state.status, reason: state.reason, live: isLive(state), mode: state.mode,
    flow: state.flow, iteration: state.iteration, accepted: state.accepted, maxIterations: state.budgets.iterations,
    subtask: state.subtask, phase: state.phase, score: state.score, spent: state.spent, budgets: state.budgets,
    providers: state.providers, rung: state.rung, startedAt: state.startedAt, updatedAt: state.updatedAt, endedAt: state.endedAt,
  };
}
export type LoopSummary = ReturnType<typeof loopSummary>;

/** SPEC's "Loop detail": liveness, a pending stop, a forecast at the current pace, the next step, and the state. */
export function loopDetail(root: string, task: string, id: string) {
  const state = readLoopState(root, task, id);
  const live = isLive(state);
  return {
    live,
    stopPending: live && readStopRequest(root, task, id) !== undefined,
    forecast: forecast(state),
    next: nextStep(state, live),
    summary: loopSummary(state),
    state,
  };
}

/** What is left at the current pace: iterations, minutes and cost to finish the open subtasks. */
export function forecast(state: LoopState) {
  const left = state.score.subtasksTotal - state.score.subtasksDone;
  const done = state.spent.iterations;
  const perIteration = done ? { minutes: state.spent.minutes / done, cost: state.spent.cost / done } : null;
  // Each open subtask takes at least one iteration; the pace so far says how many accepted ones cost.
  const iterationsPerSubtask = state.accepted ? done / state.accepted : 1;
  const iterations = Math.ceil(left * iterationsPerSubtask);
  const minutes = perIteration ? round(iterations * perIteration.minutes) : null;
  const cost = perIteration ? round(iterations * perIteration.cost) : null;
  const fits = (need: number | null, budget: number | null, spent: number) => need === null || budget === null || spent + need <= budget;
  return {
    subtasksLeft: left,
    iterations,
    minutes,
    cost,
    withinBudget: state.spent.iterations + iterations <= state.budgets.iterations && fits(minutes, state.budgets.minutes, state.spent.minutes) && fits(cost, state.budgets.cost, state.spent.cost),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

function nextStep(state: LoopState, live: boolean): string {
  const again = `tool loop start ${state.task}`;
  if (state.status === "running") {
    return live ? `The loop is working on subtask ${state.subtask ?? "-"}; stop it with: tool loop stop ${state.task} ${state.id}` : `The loop's process is gone without an outcome; check the ledger (tool loop verify ${state.task} ${state.id}) and start again: ${again}`;
  }
  if (state.status === "completed") return `Every subtask is done; run the task's flow: tool flow run ${state.task}`;
  if (state.status === "stalled") return `Subtask ${state.subtask ?? "-"} was rejected on every rung: read its last transcript and the gate results, adjust the subtask, then: ${again}`;
  if (state.status === "budget-exhausted") return `A budget ran out (${state.reason ?? ""}); raise it to go on: ${again} --max-iterations N`;
  if (state.status === "stopped") return `Stopped (${state.reason ?? "by request"}); start again when ready: ${again}`;
  return `The loop failed: ${state.reason ?? "unknown reason"}. Fix that, then: ${again}`;
}
