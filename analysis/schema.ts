/**
 * The shapes of the Devtools report, defined once. The CLI's --json, the API, the MCP server
 * and the console views all speak these; types are inferred from the schemas.
 */
import { z } from "zod";
import { FunctionFact, ImportKind, MarkerFact } from "./facts.ts";
import { RouteKind } from "./routes/registration.ts";

export const FileNode = z.object({
  path: z.string(),
  language: z.string(),
  lines: z.number().int(),
  size: z.number().int(),
  complexity: z.number().int(),
  nesting: z.number().int(),
  /** The function with the most decision points of its own, where the language's functions are found. */
  mostComplexFunction: FunctionFact.optional(),
  functions: z.number().int(),
  types: z.number().int(),
  abstractTypes: z.number().int(),
  markers: z.array(MarkerFact),
  /** Name of the component the file belongs to. */
  component: z.string(),
  /** What the file is for (analysis/roles.ts): the architecture and code findings are about source. */
  role: z.enum(["source", "generated", "test", "fixture", "example", "tooling", "vendored"]),
  /** Nothing imports it and it does not look like an entry point (tests, mains, configs...). */
  unused: z.boolean(),
  /** Distinct files that import this one, and that this one imports. */
  fanIn: z.number().int(),
  fanOut: z.number().int(),
  parse: z.enum(["lexical", "parsed"]),
});
export type FileNode = z.infer<typeof FileNode>;

export const Edge = z.object({
  from: z.string(),
  to: z.string(),
  kind: ImportKind,
  line: z.number().int(),
  specifier: z.string(),
  /** Set where the import names a package or namespace and the edge goes to each of its files. */
  coarse: z.boolean().optional(),
});
export type Edge = z.infer<typeof Edge>;

export const Unresolved = z.object({
  file: z.string(),
  specifier: z.string(),
  kind: ImportKind,
  line: z.number().int(),
  reason: z.string(),
});
export type Unresolved = z.infer<typeof Unresolved>;

export const External = z.object({
  file: z.string(),
  specifier: z.string(),
  name: z.string(),
  kind: ImportKind,
  line: z.number().int(),
});
export type External = z.infer<typeof External>;

export const Cycle = z.object({
  /** runtime: the files import each other at run time; type: only through type imports. */
  kind: z.enum(["runtime", "type"]),
  files: z.array(z.string()),
  /** One concrete loop through the files, the first file repeated at the end. */
  loop: z.array(z.string()),
  /**
   * The loop's first file reads what it imports from the second while it loads (JavaScript,
   * TypeScript): entered from the second, the loop meets that name unfinished.
   */
  readAtLoad: z.boolean().optional(),
  /**
   * A cycle whose read at load fails only entered from some of its files, not from those the
   * rest of the app imports (JavaScript, TypeScript, components): it loads in the app's order,
   * and fails when one of its files runs first (a test of that file alone, a worker, a script).
   */
  safelyEntered: z.boolean().optional(),
  /**
   * A runtime cycle that cannot fail while its files load: closed only by lazy imports
   * (`import()`, a Python import inside a function, Ruby's autoload), or Python imports that
   * find every name they read already bound whichever module is imported first (a package's
   * `__init__.py` that gathers its submodules while they import from it).
   */
  lazy: z.boolean().optional(),
  /**
   * A runtime cycle the team closes on purpose with `forwardRef(() => X)` (Angular components,
   * NestJS modules and providers): it loads in the order the app enters it.
   */
  deliberate: z.boolean().optional(),
});
export type Cycle = z.infer<typeof Cycle>;

export const Hub = z.object({ file: z.string(), fanIn: z.number().int(), fanOut: z.number().int() });
export type Hub = z.infer<typeof Hub>;

export const HealthRule = z.enum(["import-cycle", "hub-file", "boundary-violation"]);
export type HealthRule = z.infer<typeof HealthRule>;

export const Deduction = z.object({
  rule: HealthRule,
  weight: z.number(),
  points: z.number().int(),
  share: z.number(),
  files: z.array(z.string()),
});
export type Deduction = z.infer<typeof Deduction>;

export const Health = z.object({
  score: z.number().int(),
  sourceFiles: z.number().int(),
  deductions: z.array(Deduction),
});
export type Health = z.infer<typeof Health>;

export const Component = z.object({
  /** The folder the component is, or "." for files in the repository root. */
  name: z.string(),
  files: z.number().int(),
  lines: z.number().int(),
  languages: z.array(z.string()),
  /** Afferent coupling: components that depend on this one. */
  ca: z.number().int(),
  /** Efferent coupling: components this one depends on. */
  ce: z.number().int(),
  instability: z.number(),
  abstractness: z.number(),
  distance: z.number(),
  zone: z.enum(["pain", "uselessness", "main-sequence", "isolated"]),
  types: z.number().int(),
  abstractTypes: z.number().int(),
  functions: z.number().int(),
  dependsOn: z.array(z.object({ component: z.string(), imports: z.number().int() })),
  dependedOnBy: z.array(z.string()),
});
export type Component = z.infer<typeof Component>;

export const SdpViolation = z.object({
  from: z.string(),
  to: z.string(),
  fromInstability: z.number(),
  toInstability: z.number(),
  imports: z.number().int(),
  example: z.object({ file: z.string(), line: z.number().int(), target: z.string() }),
});
export type SdpViolation = z.infer<typeof SdpViolation>;

export const DependencyMatrix = z.object({
  components: z.array(z.string()),
  /** counts[row][column]: imports from the row component into the column component. */
  counts: z.array(z.array(z.number().int())),
  mutual: z.array(z.tuple([z.string(), z.string()])),
});
export type DependencyMatrix = z.infer<typeof DependencyMatrix>;

export const BoundaryViolation = z.object({
  /** Index of the rule in architecture.rules. */
  rule: z.number().int(),
  from: z.string(),
  to: z.string(),
  line: z.number().int(),
  specifier: z.string(),
  reason: z.string(),
});
export type BoundaryViolation = z.infer<typeof BoundaryViolation>;

export const ComponentsSection = z.object({
  source: z.enum(["inferred", "depth", "configured"]),
  configError: z.object({ key: z.string(), reason: z.string() }).optional(),
  items: z.array(Component),
  sdpViolations: z.array(SdpViolation),
  sdpMargin: z.number(),
  matrix: DependencyMatrix,
  boundaryViolations: z.array(BoundaryViolation),
});
export type ComponentsSection = z.infer<typeof ComponentsSection>;

export const Route = z.object({
  method: z.string(),
  /** The full path: prefixes, versions and mounts applied, parameters written `{name}`. */
  path: z.string(),
  file: z.string(),
  line: z.number().int(),
  framework: z.string(),
  handler: z.string(),
  guards: z.array(z.string()),
  kind: RouteKind,
  /**
   * The path is written after a prefix that comes from configuration the analysis cannot read
   * (`opts.prefix + "users"`, the options a variable hands to a plugin): the path shown lacks it.
   */
  prefixUnknown: z.boolean().optional(),
  /**
   * The code declares the route public on purpose: ASP.NET `[AllowAnonymous]`, a handler that
   * calls its auth helper with `{ skipAuth: true }`.
   */
  public: z.boolean().optional(),
  /**
   * The code exempts the route from CSRF checks (Django's `@csrf_exempt`): it is meant for
   * callers from outside the site (a webhook, a provider's callback, a client with a key).
   */
  csrfExempt: z.boolean().optional(),
  /**
   * The methods a route of every method (ALL) was written for: a Django function view that acts on
   * POST and renders a page otherwise answers every method, but it is a form (GET) and its
   * submission (POST). A write route when one of them writes.
   */
  handles: z.array(z.string()).optional(),
  /**
   * Checks of the caller the code makes that may let one without an account through, by design
   * or by a setting: a Laravel form request asking a policy ability that takes `?User`. No guard,
   * and no certain gap either.
   */
  checks: z.array(z.string()).optional(),
  /** The host the route is served for alone (Phoenix's `scope "/", host: "preview."`); any host when absent. */
  host: z.string().optional(),
  /** What the handler's file reaches through the import graph. */
  reaches: z.object({ components: z.array(z.string()), integrations: z.array(z.string()) }),
});
export type Route = z.infer<typeof Route>;

const RouteRef = z.object({ method: z.string(), path: z.string(), file: z.string(), line: z.number().int() });

export const ContractOperation = z.object({ method: z.string(), path: z.string(), line: z.number().int() });
export const Contract = z.object({
  file: z.string(),
  kind: z.enum(["openapi", "swagger", "graphql", "protobuf"]),
  operations: z.array(ContractOperation),
});
export type Contract = z.infer<typeof Contract>;

export const RoutesSection = z.object({
  items: z.array(Route),
  frameworks: z.array(z.string()),
  duplicates: z.array(z.object({ method: z.string(), path: z.string(), routes: z.array(RouteRef) })),
  /**
   * Write routes with no route-level guard, listed only when no global guard was found;
   * `public` when the code declares the route public (see Route).
   */
  unguardedWrites: z.array(RouteRef.extend({ handler: z.string(), public: z.boolean().optional(), csrfExempt: z.boolean().optional(), prefixUnknown: z.boolean().optional(), checks: z.array(z.string()).optional() })),
  globalGuard: z.boolean(),
  contracts: z.array(Contract),
  drift: z.object({
    documentedNotImplemented: z.array(ContractOperation.extend({ file: z.string() })),
    implementedNotDocumented: z.array(RouteRef),
  }),
});
export type RoutesSection = z.infer<typeof RoutesSection>;

export const FileHistory = z.object({
  path: z.string(),
  commits: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  /** Commits that say they fix a defect (analysis/history/log.ts), of at most maxFilesPerCommit files. */
  fixes: z.number().int(),
  /**
   * Of those fixes, the ones that changed the file's most complex function (`git log -L`): only
   * for the files whose complexity finding it decides (analysis/history/function-fixes.ts).
   */
  functionFixes: z.number().int().optional(),
  authors: z.number().int(),
  mainAuthor: z.string(),
  mainAuthorShare: z.number(),
});
export type FileHistory = z.infer<typeof FileHistory>;

export const ChangeCoupling = z.object({
  a: z.string(),
  b: z.string(),
  shared: z.number().int(),
  /** shared commits / average commits of the two files */
  degree: z.number(),
  /** Whether either file imports the other; a pair that changes together without it is hidden coupling. */
  imports: z.boolean(),
  /** Both import one file of their own folder (two implementations of one base): their changes follow it. */
  siblings: z.boolean().optional(),
});
export type ChangeCoupling = z.infer<typeof ChangeCoupling>;

export const Ownership = z.object({
  component: z.string(),
  commits: z.number().int(),
  authors: z.array(z.object({ name: z.string(), commits: z.number().int(), share: z.number() })),
  /** How few people made at least half of the changes. */
  busFactor: z.number().int(),
  mainAuthor: z.string(),
  mainAuthorShare: z.number(),
  /** One person made almost every change (80% or more of at least 5 commits). */
  knowledgeRisk: z.boolean(),
});
export type Ownership = z.infer<typeof Ownership>;

export const Hotspot = z.object({
  file: z.string(),
  commits: z.number().int(),
  complexity: z.number().int(),
  dependents: z.number().int(),
  lines: z.number().int(),
  /** 0 to 100: the product of the file's percentile ranks in churn, complexity and dependents. */
  score: z.number(),
});
export type Hotspot = z.infer<typeof Hotspot>;

export const HistorySection = z.object({
  available: z.boolean(),
  /** Why history is missing or incomplete: no git, no commits, a shallow clone. */
  note: z.string().optional(),
  /** Not read yet: the server reads a long history after its first answer, then refreshes. */
  pending: z.boolean().optional(),
  shallow: z.boolean(),
  since: z.string(),
  commits: z.number().int(),
  authors: z.number().int(),
  activity: z.object({
    weeks: z.array(z.object({ week: z.string(), commits: z.number().int() })),
    activeAuthors90d: z.number().int(),
  }),
  files: z.array(FileHistory),
  coupling: z.array(ChangeCoupling),
  ownership: z.array(Ownership),
  hotspots: z.array(Hotspot),
  thresholds: z.object({ minCommits: z.number(), minSharedCommits: z.number(), minDegree: z.number(), maxFilesPerCommit: z.number() }),
  configError: z.object({ key: z.string(), reason: z.string() }).optional(),
});
export type HistorySection = z.infer<typeof HistorySection>;

export const Impact = z.object({
  files: z.array(z.string()),
  /** Every file that depends on the chosen ones, directly (distance 1) or through others. */
  dependents: z.array(z.object({ file: z.string(), distance: z.number().int(), via: z.string() })),
  entryPoints: z.array(z.object({ method: z.string(), path: z.string(), file: z.string(), line: z.number().int(), kind: z.string() })),
  tests: z.array(z.object({ file: z.string(), reason: z.enum(["depends on the change", "named like a changed file"]) })),
  /** Packages and integrations the chosen files reach through their imports. */
  packages: z.array(z.string()),
  integrations: z.array(z.string()),
});
export type Impact = z.infer<typeof Impact>;

export const Severity = z.enum(["high", "medium", "low"]);
export type Severity = z.infer<typeof Severity>;

export const FindingCategory = z.enum([
  "architecture", "hotspots", "complexity", "routes", "security", "configuration", "dead-code", "knowledge", "debt",
]);
export type FindingCategory = z.infer<typeof FindingCategory>;

export const Finding = z.object({
  /** Stable across runs while the evidence is the same: the rule and a hash of what it is about. */
  id: z.string(),
  category: FindingCategory,
  rule: z.string(),
  severity: Severity,
  title: z.string(),
  evidence: z.array(z.object({ file: z.string(), line: z.number().int().optional(), detail: z.string().optional() })),
  action: z.string(),
  /** What a task created from the finding would say. */
  task: z.object({ title: z.string(), detail: z.string() }),
});
export type Finding = z.infer<typeof Finding>;

export const IntegrationCategory = z.enum([
  "database", "cache", "broker", "search", "storage", "cloud", "payments", "ai", "observability", "auth", "http-client", "email", "messaging", "analytics",
]);
export type IntegrationCategory = z.infer<typeof IntegrationCategory>;

/** Why an integration is listed: a manifest declares it, a compose file runs it, or code imports it. */
export const IntegrationSource = z.object({
  file: z.string(),
  line: z.number().int().optional(),
  kind: z.enum(["manifest", "compose", "import"]),
  /** The package as declared, the service and image, or the import specifier. */
  detail: z.string(),
});
export type IntegrationSource = z.infer<typeof IntegrationSource>;

export const Integration = z.object({
  id: z.string(),
  name: z.string(),
  category: IntegrationCategory,
  sources: z.array(IntegrationSource),
  /** Files whose runtime imports use it. */
  files: z.array(z.string()),
});
export type Integration = z.infer<typeof Integration>;

export const IntegrationsSection = z.object({
  items: z.array(Integration),
  /** Every manifest and compose file read, with its kind (npm, pypi, ..., compose). */
  manifests: z.array(z.object({ file: z.string(), kind: z.string() })),
  /** Manifests that could not be parsed; their dependencies are missing from the items. */
  unreadable: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type IntegrationsSection = z.infer<typeof IntegrationsSection>;

export const EnvVariable = z.object({
  name: z.string(),
  files: z.array(z.object({ file: z.string(), line: z.number().int() })),
  /** Its name says it holds a credential (KEY, SECRET, TOKEN, PASSWORD, a connection string...). */
  secret: z.boolean(),
  /** Its name says it locates a service (URL, HOST, PORT, ENDPOINT, DSN...). */
  serviceAddress: z.boolean(),
  /** Set by the platform, the shell, CI or the toolchain (NODE_ENV, HOME, CI, ...): no example entry is expected. */
  provided: z.boolean(),
  /** Listed in an example file, or provided. */
  documented: z.boolean(),
});
export type EnvVariable = z.infer<typeof EnvVariable>;

export const ConfigurationSection = z.object({
  variables: z.array(EnvVariable),
  /** The example file compared against (the shallowest `.env.example`, `.env.sample` or `.env.template`), or null. */
  exampleFile: z.string().nullable(),
  exampleFiles: z.array(z.string()),
  /** Names the example files list that no scanned code reads. */
  unread: z.array(z.string()),
});
export type ConfigurationSection = z.infer<typeof ConfigurationSection>;

/** Something the reader should know about the result; `file` is absent when it concerns a whole language or the run. */
export const Warning = z.object({ file: z.string().optional(), line: z.number().int().optional(), message: z.string() });
export type Warning = z.infer<typeof Warning>;

export const Report = z.object({
  generatedAt: z.string(),
  root: z.string(),
  truncated: z.boolean(),
  skipped: z.array(z.object({ file: z.string(), reason: z.string() })),
  warnings: z.array(Warning),
  git: z.boolean(),
  files: z.array(FileNode),
  edges: z.array(Edge),
  unresolved: z.array(Unresolved),
  externals: z.array(External),
  cycles: z.array(Cycle),
  hubs: z.array(Hub),
  hubThreshold: z.number().int(),
  components: ComponentsSection,
  routes: RoutesSection,
  integrations: IntegrationsSection,
  configuration: ConfigurationSection,
  history: HistorySection,
  findings: z.array(Finding),
  health: Health,
  timings: z.record(z.string(), z.number()),
});
export type Report = z.infer<typeof Report>;
