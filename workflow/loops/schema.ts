/** The shapes of a loop's state file (`.tool/tasks/<id>/loops/<loop>/state.json`); types are inferred. */
import { z } from "zod";

export const LOOP_ID = /^[a-z0-9][a-z0-9-]{1,80}$/;

/**
 * running: the loop's process is working on it. The rest are outcomes:
 * completed (every subtask done), stopped (a person asked), budget-exhausted (iterations,
 * minutes or cost ran out), stalled (a subtask was rejected on every rung of the ladder),
 * failed (the loop itself could not go on: no provider, a git error, a crash it caught).
 */
export const LoopStatus = z.enum(["running", "completed", "stopped", "budget-exhausted", "stalled", "failed"]);
export type LoopStatus = z.infer<typeof LoopStatus>;
export const ENDED: readonly LoopStatus[] = ["completed", "stopped", "budget-exhausted", "stalled", "failed"];

/** What the loop is doing now, for the live view and the `loop` event. */
export const LoopPhase = z.enum(["starting", "checkpoint", "agent", "gates", "rollback", "accepted", "ended"]);

export const Score = z.object({
  passed: z.number().int(),
  blocking: z.number().int(),
  failing: z.number().int(),
  subtasksDone: z.number().int(),
  subtasksTotal: z.number().int(),
});
export type Score = z.infer<typeof Score>;

export const Rung = z.object({ index: z.number().int(), provider: z.string(), model: z.string().nullable(), effort: z.string().nullable() });
export type Rung = z.infer<typeof Rung>;

export const GateOutcome = z.object({ gate: z.string(), kind: z.string(), status: z.string(), summary: z.string() });

export const Iteration = z.object({
  n: z.number().int(),
  subtask: z.string(),
  rung: Rung,
  /** accepted: gates passed, the subtask is done; rolled-back: its changes were undone. */
  decision: z.enum(["accepted", "rolled-back"]),
  reasons: z.array(z.string()),
  findings: z.array(z.string()),
  gates: z.array(GateOutcome),
  score: Score,
  judge: z.string().nullable(),
  agent: z.object({ run: z.string().nullable(), status: z.string(), transcript: z.string().nullable() }),
  changed: z.array(z.string()),
  cost: z.number(),
  startedAt: z.string(),
  endedAt: z.string(),
  ms: z.number(),
});
export type Iteration = z.infer<typeof Iteration>;

export const Budgets = z.object({ iterations: z.number().int().positive(), minutes: z.number().positive().nullable(), cost: z.number().positive().nullable() });
export type Budgets = z.infer<typeof Budgets>;

export const LoopState = z.object({
  task: z.string(),
  id: z.string(),
  status: LoopStatus,
  reason: z.string().nullable(),
  phase: LoopPhase,
  /** foreground: started in a terminal or CI; console: started from the console. */
  mode: z.enum(["foreground", "console"]),
  owner: z.object({ pid: z.number().int(), start: z.string().nullable() }),
  flow: z.string(),
  iteration: z.number().int(),
  accepted: z.number().int(),
  subtask: z.string().nullable(),
  score: Score,
  spent: z.object({ iterations: z.number().int(), minutes: z.number(), cost: z.number() }),
  budgets: Budgets,
  /** The ladder: each rung a provider with a model and effort, climbed after repeated rejections. */
  providers: z.array(Rung),
  rung: Rung,
  /** Rejections of the current subtask on the current rung. */
  rejections: z.number().int(),
  checkpoint: z.object({ tree: z.string(), commit: z.string() }).nullable(),
  ledger: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
  endedAt: z.string().nullable(),
  iterations: z.array(Iteration),
});
export type LoopState = z.infer<typeof LoopState>;
