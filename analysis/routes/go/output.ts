import { openingBrace } from "../../languages/curly.ts";
import { guardedMount } from "../common/mounts.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { join } from "./chain.ts";
import { CANDIDATE } from "../paths.ts";
import type { GoNode, GoRef } from "./types.ts";

/**
 * A route a wrapper function registers with a path it receives (`func (a *App) Get(path string, f
 * HandlerFunc) { a.Router.HandleFunc(path, f).Methods("GET") }`): calls to the wrapper are routes.
 * The path holds a marker per parameter (see marker); `handler` is the parameter index of the
 * handler, if passed; `router` the index of the router parameter it registers on, if it takes one
 * (`func addHandler(r chi.Router, path string, ...)`): each call's routes land on the router it passes.
 */
/**
 * `when`: the route is registered only when the wrapper's boolean parameter at `index` is `value`
 * (`if persistable { r.Post("/", ...) }`): a call passing the other literal registers none.
 */
export type Template = { methods: string[]; path: string; owner: GoNode | undefined; guards: string[]; handler: number | string; order: "first" | "last"; router?: number; when?: { index: number; value: boolean } };

export const MARK = "\u0001";

/** The marker of a wrapper's parameter `index` in a template's path; `spread` for a variadic one (`paths ...string`), whose every argument from there on is a route. */
export function marker(index: number, spread = false): string {
  return `${MARK}${index}${spread ? "*" : ""}${MARK}`;
}

/**
 * The wrapper's boolean parameter a route is registered under, when the innermost block around
 * `at` is an `if` on it alone (`if persistable {`, `if !readOnly {`).
 */
export function registeredWhen(code: string, at: number, template: ReadonlyMap<string, string>): Template["when"] {
  const open = openingBrace(code, at);
  const condition = open === -1 ? null : /\bif\s+(!\s*)?([A-Za-z_]\w*)\s*$/.exec(code.slice(Math.max(0, open - 100), open));
  const marked = condition ? template.get(condition[2]!) : undefined;
  return marked === undefined ? undefined : { index: parseInt(marked.slice(1), 10), value: !condition![1] };
}

/** A marked path as its literal parts and the positions of the parameters between them (`/api` + param 1 is `["/api", 1]`). */
function markedParts(path: string): (string | number)[] {
  return path.split(new RegExp(`${MARK}(\\d+)\\*?${MARK}`)).map((part, i) => (i % 2 ? Number(part) : part)).filter((part) => part !== "");
}

/** A template's marked path filled in with a call's argument values: one path per argument a variadic parameter takes; undefined when one is not known. */
export function filled(path: string, args: number, value: (index: number) => string | undefined): string[] | undefined {
  const spread = new RegExp(`${MARK}(\\d+)\\*${MARK}`).exec(path);
  const rounds = spread ? Array.from({ length: Math.max(0, args - Number(spread[1])) }, (_, k) => Number(spread[1]) + k) : [undefined];
  const paths: string[] = [];
  for (const round of rounds) {
    let known = true;
    const one = path.replace(new RegExp(`${MARK}(\\d+)(\\*?)${MARK}`, "g"), (_, i: string, star: string) => value(star ? round! : Number(i)) ?? ((known = false), ""));
    if (!known) return undefined;
    paths.push(one);
  }
  return paths;
}

/**
 * The registrations a Go walk collects, written out at the end, when every router has its
 * final name (a router a function returns takes the function's name once the walk sees the
 * `return`). Routers are written once per name.
 */
export class GoOutput {
  private readonly nodes: GoNode[] = [];
  private readonly routes: (() => Registration)[] = [];
  private readonly mounts: (() => Registration[])[] = [];
  /** Route wrappers by their qualified name. */
  readonly templates = new Map<string, Template[]>();
  /** The wrapper `name` (qualified) mounts its parameter `child` on `ref` under `prefix`, which holds markers of its parameters. */
  mountWrapper(name: string, ref: GoRef, prefix: string, child: number, at: number): void {
    this.mountWrappers.set(name, { ref, prefix, child, line: this.source.lineAt(at) });
  }

  /** What a wrapper being read again as a template found before is forgotten. */
  forget(name: string): void {
    this.templates.delete(name);
    this.mountWrappers.delete(name);
  }

  /** A route of the wrapper `name` (qualified) with a path it receives. */
  template(name: string, template: Template): void {
    this.templates.set(name, [...(this.templates.get(name) ?? []), template]);
  }

  /** Functions mounting a router they are handed (see mountWrapper), by their qualified name. */
  private readonly mountWrappers = new Map<string, { ref: GoRef; prefix: string; child: number; line: number }>();
  /** Functions that return what another function returns: their name, and that function's. */
  private readonly aliases: { name: string; of: string; line: number }[] = [];

  constructor(private readonly framework: string, private readonly source: RouteSource) {}

  node(name: string, at: number): GoNode {
    const node = { name, line: this.source.lineAt(at), emit: true, made: name };
    this.nodes.push(node);
    return node;
  }

  /** `name` returns the router `of` names (`func NewAPI(...) huma.API { api := bridge.New(...); return api }`). */
  alias(name: string, of: string, at: number): void {
    this.aliases.push({ name, of, line: this.source.lineAt(at) });
  }

  named(name: string): GoNode | undefined {
    return this.nodes.find((n) => n.name === name);
  }

  /** A registration whose owner is read when written out. */
  route(registration: () => Registration): void {
    this.routes.push(registration);
  }

  /**
   * Mounts a router (a node of this walk, or one named elsewhere) on `ref` under `prefix`, behind
   * the guards `ref` carries and `guards`. Both names are read when written out, as a router
   * a function returns is renamed then.
   */
  mount(ref: GoRef, prefix: string, child: GoNode | string, guards: readonly string[], at: number): void {
    // Candidates (middleware whose body decides, `?name`) stay on the routes registered on `ref` itself:
    // a router of their own between would change how a router handed back and mounted again is linked.
    const known = [...new Set([...ref.guards, ...guards])].filter((g) => !g.startsWith(CANDIDATE));
    this.mounts.push(() => guardedMount(this.framework, ref.node?.name ?? "", join(ref.prefix, prefix), typeof child === "string" ? child : child.name, known, this.source.lineAt(at), !!ref.prefixUnknown));
  }

  /** Middleware that guards every route of `ref`'s router under its prefix and `prefix`. */
  middleware(ref: GoRef, prefix: string, names: string[], at: number): void {
    this.routes.push(() => ({ type: "use", framework: this.framework, owner: ref.node?.name ?? "", prefix: join(ref.prefix, prefix), args: names, specifiers: [], guards: [], line: this.source.lineAt(at) }));
  }

  /** A point to go back to: what a dry walk (of route wrappers) added is dropped. */
  mark(): [number, number, number, number] {
    return [this.nodes.length, this.routes.length, this.mounts.length, this.aliases.length];
  }

  reset([nodes, routes, mounts, aliases]: [number, number, number, number]): void {
    this.nodes.length = nodes;
    this.routes.length = routes;
    this.mounts.length = mounts;
    this.aliases.length = aliases;
  }

  registrations(): Registration[] {
    const routers = [...new Map(this.nodes.filter((n) => n.emit).map((n) => [n.name, n])).values()];
    // A router renamed for the function that returns it is still found by the name it was made
    // under (`pkg::fn@12`), which another framework's walk of the file mounts (a Huma API on a group).
    const renamed = routers.filter((n) => n.made !== undefined && n.made !== n.name);
    // A router embedded in a struct (`type Handler struct { *mux.Router }`) is found by the field too, as a value of that type is mounted.
    const embedded = routers.filter((n) => n.embedded !== undefined && n.embedded !== n.name && n.embedded !== n.made);
    return [
      ...routers.map((n): Registration => ({ type: "router", framework: this.framework, name: n.name, prefix: "", guards: [], line: n.line, ...(n.handed ? { handed: true } : {}) })),
      ...renamed.map((n): Registration => ({ type: "router", framework: this.framework, name: n.made!, prefix: "", guards: [], aliasOf: n.name, line: n.line })),
      ...embedded.map((n): Registration => ({ type: "router", framework: this.framework, name: n.embedded!, prefix: "", guards: [], aliasOf: n.name, embedded: true, line: n.line })),
      ...this.aliases.map((a): Registration => ({ type: "router", framework: this.framework, name: a.name, prefix: "", guards: [], aliasOf: a.of, line: a.line })),
      ...[...this.mountWrappers].flatMap(([name, { ref, prefix, child, line }]): Registration[] => (ref.node ? [{ type: "router", framework: this.framework, name, prefix: "", guards: [], line, mountWrapper: { owner: ref.node.name, prefix: markedParts(join(ref.prefix, prefix)), child, guards: ref.guards.filter((g) => !g.startsWith(CANDIDATE)) } }] : [])),
      ...this.routes.map((r) => r()),
      ...this.mounts.flatMap((m) => m()),
    ];
  }
}
