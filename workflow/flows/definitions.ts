import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ToolError } from "../../core/errors.ts";
import { tryReadInside } from "../../core/inside.ts";
import { CHECKS } from "../tasks/schema.ts";

export const FLOWS_DIR = ".tool/flows";
const NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

const GateBase = {
  name: z.string().regex(NAME, "must be a lower-case name (letters, digits, dashes)"),
  /** Gates this one waits for: it runs only once they passed. */
  needs: z.array(z.string().regex(NAME)).max(20).default([]),
};
export const Gate = z.discriminatedUnion("kind", [
  z.object({ ...GateBase, kind: z.literal("check"), check: z.enum(CHECKS) }).strict(),
  z.object({
    ...GateBase,
    kind: z.literal("command"),
    run: z.array(z.string().min(1).max(500)).min(1).max(50),
    timeoutSeconds: z.number().int().min(1).max(24 * 3600).default(600),
  }).strict(),
  z.object({ ...GateBase, kind: z.literal("judge"), provider: z.string().regex(NAME).optional(), model: z.string().max(100).optional() }).strict(),
  z.object({ ...GateBase, kind: z.literal("approval") }).strict(),
]);
export type Gate = z.infer<typeof Gate>;

export const Flow = z.object({
  name: z.string().regex(NAME, "must be a lower-case name (letters, digits, dashes)"),
  description: z.string().max(500).default(""),
  contract: z.string().max(2000).default(""),
  gates: z.array(Gate).min(1, "must hold at least one gate").max(30),
}).strict().superRefine((flow, ctx) => {
  const names = new Set<string>();
  flow.gates.forEach((gate, i) => {
    if (names.has(gate.name)) ctx.addIssue({ code: "custom", path: ["gates", i, "name"], message: `"${gate.name}" is used by two gates` });
    for (const need of gate.needs) {
      if (!names.has(need)) ctx.addIssue({ code: "custom", path: ["gates", i, "needs"], message: `"${need}" is not a gate before this one` });
    }
    names.add(gate.name);
  });
});
export type Flow = z.infer<typeof Flow>;

const SHIP_CHECKS = ["validate", "verify", "guard", "security", "deps", "readiness"] as const;

/** The flows every repository has; `.tool/flows/<name>.json` adds others or overrides these. */
export const BUILT_IN: readonly Flow[] = [
  {
    name: "ship",
    description: "The task is shippable: well-formed, verified, in scope, secure, its dependencies known, ready.",
    contract: "When ship passes, the task's files are valid, the verification commands pass, the change stays in the task's scope and architecture, adds no secret or unguarded write route, its dependency changes are listed, and every criterion is specified and tested.",
    gates: SHIP_CHECKS.map((check) => ({ name: check, kind: "check" as const, check, needs: [] })),
  },
  {
    name: "iterate",
    description: "What each iteration of a loop must hold before its change is kept.",
    contract: "When iterate passes, the task's files are valid, the verification commands pass, and the change stays in scope and adds no secret or unguarded write route. Readiness and dependencies are for the whole task: ship checks them.",
    gates: (["validate", "verify", "guard", "security"] as const).map((check) => ({ name: check, kind: "check" as const, check, needs: [] })),
  },
  {
    name: "review",
    description: "A structured review of the diff, then a judging agent's verdict on it.",
    contract: "When review passes, review.md describes the change and an agent, reading the diff against the criteria, found that it meets them (or a person decided so where it could not tell).",
    gates: [
      { name: "review", kind: "check", check: "review", needs: [] },
      { name: "judge", kind: "judge", needs: ["review"] },
    ],
  },
  {
    name: "pr",
    description: "The ship checks, a person's sign-off, then the pull request.",
    contract: "When pr passes, the ship checks hold, a person signed the change off, and the pull request is open.",
    gates: [
      ...SHIP_CHECKS.map((check) => ({ name: check, kind: "check" as const, check, needs: [] })),
      { name: "sign-off", kind: "approval", needs: [...SHIP_CHECKS] },
      { name: "open-pr", kind: "check", check: "pr", needs: ["sign-off"] },
    ],
  },
];

/** A flow file that could not be read, with the field at fault. */
export type FlowProblem = { file: string; error: string };

/**
 * The flows of a repository: the built-in ones, then `.tool/flows/*.json` (read on every call, so
 * a file added while the server runs is seen). A gate may give `id` for its `name`. A bad file
 * is listed with the field at fault and left out.
 */
export function loadFlows(root: string): { flows: Flow[]; problems: FlowProblem[] } {
  const flows = new Map(BUILT_IN.map((f) => [f.name, f]));
  const problems: FlowProblem[] = [];
  const dir = join(root, FLOWS_DIR);
  if (existsSync(dir)) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
      const file = `${FLOWS_DIR}/${name}`;
      const text = tryReadInside(root, file);
      let raw: unknown;
      try {
        raw = JSON.parse(text ?? "");
      } catch (error) {
        problems.push({ file, error: `not valid JSON: ${(error as Error).message}` });
        continue;
      }
      const parsed = Flow.safeParse(withGateNames(raw));
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        problems.push({ file, error: `"${issue.path.join(".") || "(root)"}" ${issue.message}` });
        continue;
      }
      flows.set(parsed.data.name, parsed.data);
    }
  }
  return { flows: [...flows.values()], problems };
}

/** A gate's `id` stands for its `name`. */
function withGateNames(raw: unknown): unknown {
  const flow = raw as { gates?: unknown } | null;
  if (!flow || typeof flow !== "object" || !Array.isArray(flow.gates)) return raw;
  return {
    ...flow,
    gates: flow.gates.map((gate) => {
      if (!gate || typeof gate !== "object" || "name" in gate || !("id" in gate)) return gate;
      const { id, ...rest } = gate as Record<string, unknown>;
      return { name: id, ...rest };
    }),
  };
}

/** A flow by name; 404 when there is none (a bad file of that name says why). */
export function findFlow(root: string, name: string): Flow {
  if (!NAME.test(name)) throw new TypeError(`"flow" must be a flow name (lower-case letters, digits, dashes), not "${name}"`);
  const { flows, problems } = loadFlows(root);
  const flow = flows.find((f) => f.name === name);
  if (flow) return flow;
  const problem = problems.find((p) => p.file === `${FLOWS_DIR}/${name}.json`);
  throw new ToolError("unknown-flow", problem ? `flow "${name}" cannot be read: ${problem.file} ${problem.error}` : `no flow "${name}"`, 404);
}
