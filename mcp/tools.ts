import { existsSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { groundChange } from "../analysis/ground.ts";
import { impactOf } from "../analysis/impact.ts";
import type { Report } from "../analysis/schema.ts";
import { taskFlows } from "../workflow/flows/mod.ts";
import { projectFacts } from "../workflow/index/project.ts";
import { listLoops, loopSummary } from "../workflow/loops/store.ts";
import { verificationCommands } from "../workflow/tasks/checks/verify.ts";
import { readTask, TASK_ID, taskIds } from "../workflow/tasks/mod.ts";
import { whyLine } from "../workflow/why.ts";

/** What the tools read: the repository and its analysis, built once and kept until files change. */
export type ToolContext = { root: string; report(): Promise<Report>; documents(report: Report): Map<string, string[]> };

const limit = (fallback = 20) => z.number().int().min(1).max(200).default(fallback).describe(`How many items at most (default ${fallback}); the answer says how many were left out.`);
const taskId = z.string().regex(TASK_ID, "must be a task id (lower-case letters, digits, dashes)").describe("The task's id, as `tool tasks` lists it.");

/** A list cut to `n`, with how many were left out. */
function cut<T>(items: readonly T[], n: number): { items: T[]; left: number } {
  return { items: items.slice(0, n), left: Math.max(0, items.length - n) };
}

const INSTRUCTION_FILES = ["AGENTS.md", "CLAUDE.md", "GEMINI.md", ".github/copilot-instructions.md", ".cursorrules", ".cursor/rules", "CONTRIBUTING.md"];

// `args` arrive checked by the SDK against `input`; each tool reads the fields it declared.
// deno-lint-ignore no-explicit-any
type Tool = { title: string; description: string; input: z.ZodRawShape; run(context: ToolContext, args: any): Promise<unknown> | unknown };

/** The thirteen read-only tools of `tool mcp` (SPEC.md, MCP server). */
export const TOOLS: Record<string, Tool> = {
  project_overview: {
    title: "Project overview",
    description: "Languages, frameworks, package managers, verification commands and the instruction files for agents in this repository.",
    input: {},
    async run({ root, report }) {
      const analysis = await report();
      const facts = projectFacts(root, analysis.files.map((f) => f.path), analysis, []);
      return {
        name: facts.name, languages: facts.languages, frameworks: facts.frameworks, packageManagers: facts.packageManagers,
        verification: verificationCommands(root).commands.map((c) => ({ name: c.name, run: c.run })),
        instructionFiles: INSTRUCTION_FILES.filter((f) => existsSync(join(root, f))),
        files: analysis.files.length, health: analysis.health.score,
      };
    },
  },
  list_tasks: {
    title: "List tasks",
    description: "The tasks with their stage, subtask progress, check outcomes and flow outcomes.",
    input: { limit: limit() },
    run({ root }, { limit: n }) {
      const tasks = taskIds(root).flatMap((id) => {
        try {
          const t = readTask(root, id);
          return [{
            id: t.id, title: t.title, stage: t.stage, next: t.next, done: t.done !== null,
            subtasks: { done: t.subtasks.filter((s) => s.status === "done").length, total: t.subtasks.length },
            checks: t.statuses, flows: taskFlows(root, t).filter((f) => f.lastRun).map((f) => ({ flow: f.name, status: f.status })),
          }];
        } catch {
          return [];
        }
      });
      const { items, left } = cut(tasks, n);
      return { tasks: items, left };
    },
  },
  get_task: {
    title: "Get a task",
    description: "One task in full: goal, criteria, subtasks, evidence of its checks, flows, activity.",
    input: { task: taskId },
    run({ root }, { task }) {
      const t = readTask(root, task);
      return { ...t, flows: taskFlows(root, t).map(({ name, status, lastRun }) => ({ name, status, lastRun })), activity: t.activity.slice(-20) };
    },
  },
  next_subtasks: {
    title: "Next subtasks",
    description: "Subtasks in progress or ready to start (their dependencies done), across tasks or in one.",
    input: { task: taskId.optional().describe("Only this task's subtasks (optional)."), limit: limit() },
    run({ root }, { task, limit: n }) {
      const ids = task ? [task] : taskIds(root);
      const subtasks = ids.flatMap((id) => {
        const t = readTask(root, id);
        return t.subtasks.filter((s) => s.status === "in-progress" || s.ready).map((s) => ({ task: t.id, id: s.id, title: s.title, status: s.status, files: s.files, criteria: s.criteria, checklist: s.checklist }));
      });
      const { items, left } = cut(subtasks, n);
      return { subtasks: items, left };
    },
  },
  loop_status: {
    title: "Loop status",
    description: "Autonomous loops, newest activity first: status, progress against budgets, whether their process still runs.",
    input: { task: taskId.optional().describe("Only this task's loops (optional)."), limit: limit() },
    run({ root }, { task, limit: n }) {
      const loops = listLoops(root).filter((l) => !task || l.task === task).map(loopSummary);
      const { items, left } = cut(loops, n);
      return { loops: items, left };
    },
  },
  ground_change: {
    title: "Ground a change",
    description: "From a plain-language change request: the files, tests, entry points and shared modules it likely touches, each with its reasons, similar earlier tasks and co-changing files.",
    input: { request: z.string().min(3).max(2000).describe("The change, in plain words: what should be different."), limit: limit(10) },
    async run(context, { request, limit: n }) {
      const report = await context.report();
      const tasks = taskIds(context.root).flatMap((id) => {
        try {
          const t = readTask(context.root, id);
          return [{ id: t.id, title: t.title, goal: t.goal }];
        } catch {
          return [];
        }
      });
      return groundChange({ report, documents: context.documents(report), tasks }, request, n);
    },
  },
  why: {
    title: "Why a line exists",
    description: "The commit that last changed a line (its message, no author), the tasks, criteria, loop iterations and checks behind it, decision records and contracts that bear on it.",
    input: {
      file: z.string().min(1).max(4096).describe("A source file, relative to the repository root."),
      line: z.number().int().min(1).describe("The line number, from 1."),
    },
    async run(context, { file, line }) {
      return whyLine(context.root, await context.report(), file, line);
    },
  },
  impact: {
    title: "Impact of a change",
    description: "Direct and transitive importers of files, the tests among them, the entry points they serve, the integrations they reach.",
    input: { files: z.array(z.string().min(1).max(4096)).min(1).max(50).describe("Source files, relative to the repository root."), limit: limit() },
    async run(context, { files, limit: n }) {
      const report = await context.report();
      const known = new Set(report.files.map((f) => f.path));
      const unknown = (files as string[]).filter((f) => !known.has(f));
      if (unknown.length) throw new RangeError(`"files": ${unknown.join(", ")} ${unknown.length > 1 ? "are" : "is"} not a file the analysis knows`);
      const impact = impactOf(report, files);
      const dependents = cut(impact.dependents, n);
      return { ...impact, dependents: dependents.items, dependentsLeft: dependents.left, tests: impact.tests.slice(0, n), entryPoints: impact.entryPoints.slice(0, n) };
    },
  },
  graph_summary: {
    title: "Graph summary",
    description: "Import cycles, hub files, the most depended-on files and the Git hotspots.",
    input: { limit: limit(10) },
    async run(context, { limit: n }) {
      const report = await context.report();
      const depended = [...report.files].sort((a, b) => b.fanIn - a.fanIn).slice(0, n).map((f) => ({ file: f.path, dependents: f.fanIn }));
      return {
        files: report.files.length, edges: report.edges.length, health: report.health.score,
        cycles: cut(report.cycles.map((c) => ({ kind: c.kind, files: c.files.length, loop: c.loop })), n),
        hubs: cut(report.hubs, n),
        mostDependedOn: depended,
        hotspots: cut(report.history.hotspots, n),
      };
    },
  },
  list_routes: {
    title: "List routes",
    description: "Entry points: HTTP routes with their full paths and guards, consumers, jobs, sockets; filterable.",
    input: {
      method: z.string().max(10).optional().describe("Only this HTTP method (GET, POST, ...)."),
      path: z.string().max(200).optional().describe("Only routes whose path contains this text."),
      file: z.string().max(4096).optional().describe("Only routes declared in this file."),
      kind: z.string().max(20).optional().describe("Only this kind (http, consumer, job, websocket, grpc, graphql, ...)."),
      limit: limit(),
    },
    async run(context, { method, path, file, kind, limit: n }) {
      const report = await context.report();
      const routes = report.routes.items.filter((r) => (!method || r.method.toUpperCase() === method.toUpperCase()) && (!path || r.path.includes(path)) && (!file || r.file === file) && (!kind || r.kind === kind))
        .map(({ method, path, file, line, framework, handler, guards, kind }) => ({ method, path, file, line, framework, handler, guards, kind }));
      const { items, left } = cut(routes, n);
      return { routes: items, left, frameworks: report.routes.frameworks };
    },
  },
  architecture: {
    title: "Architecture",
    description: "Components with their coupling (Ca, Ce, instability, abstractness, distance, zone), dependency-rule and boundary violations.",
    input: { limit: limit() },
    async run(context, { limit: n }) {
      const { components } = await context.report();
      const items = components.items.map(({ name, files, ca, ce, instability, abstractness, distance, zone, dependsOn }) => ({ name, files, ca, ce, instability, abstractness, distance, zone, dependsOn: dependsOn.map((d) => d.component) }));
      return { source: components.source, components: cut(items, n), sdpViolations: cut(components.sdpViolations, n), boundaryViolations: cut(components.boundaryViolations, n) };
    },
  },
  audit: {
    title: "Audit",
    description: "Ranked findings: architecture, hotspots, complexity, routes, security, configuration, dead code, knowledge, debt.",
    input: {
      severity: z.enum(["high", "medium", "low"]).optional().describe("Only findings of this severity or worse."),
      limit: limit(),
    },
    async run(context, { severity, limit: n }) {
      const order = ["high", "medium", "low"];
      const findings = (await context.report()).findings.filter((f) => !severity || order.indexOf(f.severity) <= order.indexOf(severity))
        .map(({ id, category, severity, title, evidence, action }) => ({ id, category, severity, title, evidence: evidence.slice(0, 3), action }));
      const { items, left } = cut(findings, n);
      return { findings: items, left };
    },
  },
  search_capabilities: {
    title: "Search capabilities",
    description: "Search the capability catalog (skills, commands, agents to install into a coding agent). Never installs.",
    input: { query: z.string().min(1).max(200).describe("Words to look for."), limit: limit() },
    run(_context, { query }) {
      // The catalog comes with the capabilities feature; until then there is nothing to find.
      return { query, capabilities: [], left: 0, note: "this version of tool has no capability catalog yet" };
    },
  },
};


