/**
 * The shape of the project index (GET /api/project and `.tool/cache/project-index.json`),
 * defined once; types are inferred from the schemas.
 */
import { z } from "zod";
import { Cycle, Health, Hub } from "../../analysis/mod.ts";
import { Artifact } from "../tasks/mod.ts";

export const LanguageShare = z.object({ id: z.string(), files: z.number().int(), lines: z.number().int() });
export const Framework = z.object({ name: z.string(), manifest: z.string() });
export const PackageManager = z.object({ name: z.string(), evidence: z.string() });
export const Manifest = z.object({ file: z.string(), ecosystem: z.string() });

export const ProjectFacts = z.object({
  name: z.string(),
  root: z.string(),
  languages: z.array(LanguageShare),
  frameworks: z.array(Framework),
  packageManagers: z.array(PackageManager),
  manifests: z.array(Manifest),
  toolVersion: z.string(),
  defaultWorkflow: z.string(),
  activeAdapter: z.string().nullable(),
});
export type ProjectFacts = z.infer<typeof ProjectFacts>;

export const CommandInfo = z.object({ name: z.string(), summary: z.string(), usage: z.string() });
export type CommandInfo = z.infer<typeof CommandInfo>;

export const Preset = z.object({
  name: z.string(),
  description: z.string(),
  stages: z.array(z.string()),
  tasks: z.number().int(),
});
export type Preset = z.infer<typeof Preset>;

export const TaskSummary = z.object({
  id: z.string(),
  title: z.string(),
  preset: z.string(),
  stages: z.array(z.string()),
  stage: z.string(),
  next: z.string().nullable(),
  goal: z.string(),
  acceptanceCriteria: z.array(
    z.object({ id: z.string(), text: z.string(), specified: z.boolean(), tested: z.boolean() }),
  ),
  scope: z.array(z.string()),
  artifacts: z.array(Artifact),
  /** The checks run so far (validate, verify, ...), each with its outcome. */
  reports: z.array(z.object({ check: z.string(), ok: z.boolean(), at: z.string(), summary: z.string() })),
  validation: z.object({ ok: z.boolean(), at: z.string(), summary: z.string() }).nullable(),
  subtasks: z.object({
    total: z.number().int(),
    done: z.number().int(),
    ready: z.number().int(),
    problems: z.number().int(),
  }),
  flows: z.array(z.object({ flow: z.string(), status: z.string(), runs: z.number().int() })),
  updated: z.string(),
});
export type TaskSummary = z.infer<typeof TaskSummary>;

export const DocumentType = z.enum(["spec", "doc", "adr"]);
export const ProjectDocument = z.object({
  path: z.string(),
  title: z.string(),
  type: DocumentType,
  excerpt: z.string(),
  content: z.string(),
  /** Set when `content` was cut at the size limit. */
  truncated: z.boolean(),
});
export type ProjectDocument = z.infer<typeof ProjectDocument>;

/** One top-level folder of the import graph (components come with their own issue). */
export const ModuleSummary = z.object({
  path: z.string(),
  files: z.number().int(),
  lines: z.number().int(),
  languages: z.array(z.string()),
  /** Other modules importing this one, and that this one imports. */
  fanIn: z.number().int(),
  fanOut: z.number().int(),
});
export type ModuleSummary = z.infer<typeof ModuleSummary>;

export const GraphSummary = z.object({
  nodes: z.array(z.object({
    id: z.string(),
    language: z.string(),
    lines: z.number().int(),
    complexity: z.number().int(),
    fanIn: z.number().int(),
    fanOut: z.number().int(),
  })),
  edges: z.array(z.object({ from: z.string(), to: z.string(), kind: z.string() })),
  health: Health.nullable(),
  cycles: z.array(Cycle),
  hubs: z.array(Hub),
  hotspots: z.array(z.unknown()),
  truncated: z.boolean(),
});
export type GraphSummary = z.infer<typeof GraphSummary>;

export const Improvement = z.object({
  slug: z.string(),
  title: z.string(),
  detail: z.string(),
  severity: z.enum(["high", "medium", "low"]),
  preset: z.string(),
  evidence: z.array(z.string()),
});
export type Improvement = z.infer<typeof Improvement>;

export const Signal = z.object({
  level: z.enum(["warning", "info"]),
  code: z.string(),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().optional(),
});
export type Signal = z.infer<typeof Signal>;

export const GitChange = z.object({
  file: z.string(),
  status: z.string(),
  staged: z.boolean(),
  from: z.string().optional(),
});
export const GitCommit = z.object({
  hash: z.string(),
  short: z.string(),
  author: z.string(),
  date: z.string(),
  subject: z.string(),
});
export const GitState = z.object({
  available: z.boolean(),
  branch: z.string().nullable(),
  head: z.string().nullable(),
  changes: z.array(GitChange),
  changesTotal: z.number().int(),
  commits: z.array(GitCommit),
});
export type GitState = z.infer<typeof GitState>;

export const ProjectIndex = z.object({
  generatedAt: z.string(),
  project: ProjectFacts,
  commands: z.array(CommandInfo),
  presets: z.array(Preset),
  tasks: z.array(TaskSummary),
  specs: z.array(ProjectDocument),
  docs: z.array(ProjectDocument),
  adrs: z.array(ProjectDocument),
  modules: z.array(ModuleSummary),
  couplings: z.array(z.unknown()),
  graph: GraphSummary,
  improvements: z.array(Improvement),
  signals: z.array(Signal),
  git: GitState,
  adapters: z.array(z.unknown()),
  agents: z.array(z.unknown()),
  workflows: z.array(z.unknown()),
  lab: z.array(z.unknown()),
  capabilities: z.array(z.unknown()),
});
export type ProjectIndex = z.infer<typeof ProjectIndex>;
