import { z } from "zod";

/**
 * What one file says about its entry points, read once per file and cached with its facts.
 * A scanner reports what it sees locally; the linker (link.ts) puts the pieces together across
 * files: which router is mounted where, under which prefix, behind which guards.
 */
export const RouteKind = z.enum(["http", "fs", "client", "ws", "grpc", "graphql", "consumer", "job"]);
export type RouteKind = z.infer<typeof RouteKind>;

const base = { framework: z.string(), line: z.number().int() };

export const Registration = z.discriminatedUnion("type", [
  /** A route: methods and path relative to its owner (a router or app variable, a class). */
  z.object({
    type: z.literal("route"),
    ...base,
    kind: RouteKind,
    methods: z.array(z.string()),
    path: z.string(),
    handler: z.string(),
    guards: z.array(z.string()),
    /** The router or app variable the route hangs on; "" when the path is already complete. */
    owner: z.string(),
  }),
  /** A router object created in this file (`express.Router()`, `APIRouter(prefix=...)`). */
  z.object({
    type: z.literal("router"),
    ...base,
    name: z.string(),
    prefix: z.string(),
    guards: z.array(z.string()),
  }),
  /**
   * `owner.use(prefix?, a, b)` and its likes: each argument is a router to mount (a local
   * router, or an imported one) or a middleware; the linker decides which.
   */
  z.object({
    type: z.literal("use"),
    ...base,
    owner: z.string(),
    prefix: z.string(),
    args: z.array(z.string()),
    /** A module mounted by path rather than by a name (`require("./x")`, Django's include("app.urls")). */
    specifiers: z.array(z.string()),
    guards: z.array(z.string()),
  }),
  /** A name this file exports: `export default router`, `module.exports = router`, `export const r`. */
  z.object({ type: z.literal("export"), local: z.string(), as: z.string() }),
  /** A prefix or guard that applies to every route of the framework (NestJS setGlobalPrefix, useGlobalGuards). */
  z.object({ type: z.literal("global"), ...base, prefix: z.string().optional(), guard: z.string().optional() }),
]);
export type Registration = z.infer<typeof Registration>;
export type RouteRegistration = Extract<Registration, { type: "route" }>;
export type RouterRegistration = Extract<Registration, { type: "router" }>;
export type UseRegistration = Extract<Registration, { type: "use" }>;

/** A name a file imports: `import users from "./users"` is { local: "users", specifier: "./users", imported: "default" }. */
export const Binding = z.object({ local: z.string(), specifier: z.string(), imported: z.string() });
export type Binding = z.infer<typeof Binding>;

export const FileRoutes = z.object({
  registrations: z.array(Registration),
  bindings: z.array(Binding),
});
export type FileRoutes = z.infer<typeof FileRoutes>;
