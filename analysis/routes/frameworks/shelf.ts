import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { DOTTED, staticValue, stringConstants, type ValueSyntax } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", delete: "DELETE", patch: "PATCH", head: "HEAD", options: "OPTIONS", all: "ALL" };
const DART: ValueSyntax = { name: DOTTED, semicolons: true, interpolation: (prefix) => (prefix.includes("r") ? undefined : /\$\{?([A-Za-z_][\w.]*)\}?/g) };
const CONSTANT = /(?<![\w.])(?:static\s+)?(?:const|final)\s+(?:String\s+)?([A-Za-z_]\w*)\s*=(?!=)\s*/g;
const CREATE = /(?<![\w.])(?:(?:final|var|const)\s+|Router\s+)([A-Za-z_]\w*)\s*=\s*Router\s*\(\s*\)|(?<![\w.])Router\s*\(\s*\)/g;
const CALLED = /(?<![\w.])([A-Za-z_]\w*)(?=\s*\.\.?\s*(?:get|post|put|delete|patch|head|options|all|add|mount)\s*\()/g;
const CLASS = /(?<![\w.])class\s+([A-Za-z_]\w*)[^{]*\{/g;
const ANNOTATION = /@Route\s*\.\s*(get|post|put|delete|patch|head|options|all|mount)\s*\(/g;
// A class's router mounted elsewhere: `Api().router`, `addHandler(Api().router)`.
const CLASS_ROUTER = /([A-Z]\w*)\s*\([^)]*\)\s*\.\s*router\b/;
const MIDDLEWARE = /addMiddleware\s*\(\s*([A-Za-z_][\w.]*)/g;

/**
 * shelf_router: `Router()` objects in variables or with cascades (`Router()..get('/x', h)`),
 * verbs, `all`, `add(method, path, h)`, `mount('/api/', other)` with a router variable or a
 * class's router (`Api().router`, in any file), `Pipeline().addMiddleware(auth).addHandler(r)`
 * as guards of that router or mount, and shelf_router_generator classes
 * (`@Route.get('/users/<id>')`, `@Route.mount('/api/')`). `<id>` and `<id|[0-9]+>` are `{id}`.
 */
export const shelf: Framework = {
  id: "shelf",
  name: "shelf_router",
  languages: ["dart"],
  hint: /\bshelf_router\b|\bRouter\s*\(\s*\)|@Route\s*\./,
  scan(source) {
    return new Scanner(source).run();
  },
};

class Scanner {
  private readonly found: Registration[] = [];
  private readonly routers = new Map<string, string>();
  private readonly constants: Map<string, string>;
  private readonly classes: { name: string; start: number; end: number }[];

  constructor(private readonly source: RouteSource) {
    const { code } = source;
    this.constants = stringConstants(source, CONSTANT, DART);
    this.classes = [...code.matchAll(CLASS)].map((m) => ({ name: m[1]!, start: m.index + m[0].length - 1, end: closing(code, m.index + m[0].length - 1) }));
  }

  run(): Registration[] {
    const { code } = this.source;
    for (const m of code.matchAll(CREATE)) {
      const owner = this.classAt(m.index);
      const name = this.router(owner ? `${this.source.path}::${owner}` : `${this.source.path}::${m[1] ?? "router"}@${this.source.lineAt(m.index)}`, m.index);
      if (m[1]) this.routers.set(m[1], name);
      this.cascade(name, m.index + m[0].length);
    }
    for (const m of code.matchAll(CALLED)) {
      const name = this.routers.get(m[1]!);
      if (name) this.cascade(name, m.index + m[0].length);
    }
    for (const m of code.matchAll(/\bPipeline\s*\(\s*\)((?:\s*\.\s*addMiddleware\s*\([^;]*?\))+)\s*\.\s*addHandler\s*\(\s*([A-Za-z_]\w*)/g)) {
      const name = this.routers.get(m[2]!);
      const guards = [...m[1]!.matchAll(MIDDLEWARE)].map((g) => g[1]!).filter(isGuardName);
      if (name && guards.length) this.found.push({ type: "use", framework: "shelf", owner: name, prefix: "", args: guards, specifiers: [], guards: [], line: this.source.lineAt(m.index) });
    }
    for (const m of code.matchAll(ANNOTATION)) {
      const owner = this.classAt(m.index);
      if (!owner) continue;
      const name = `${this.source.path}::${owner}`;
      if (!this.found.some((r) => r.type === "router" && r.name === name)) this.router(name, m.index);
      const { args, end } = callArguments(code, m.index + m[0].length - 1);
      const declaration = code.slice(end, code.indexOf(m[1] === "mount" ? ";" : "(", end) + 1);
      const member = /([A-Za-z_]\w*)\s*(?:\(|=>|$)/.exec(declaration.replace(/@\w+(?:\([^)]*\))?/g, ""))?.[1];
      this.call(name, m[1]!, args, member ? `${owner}.${member}` : "(inline)", declaration);
    }
    return this.found;
  }

  private router(name: string, at: number): string {
    this.found.push({ type: "router", framework: "shelf", name, prefix: "", guards: [], line: this.source.lineAt(at) });
    return name;
  }

  private classAt(at: number): string | undefined {
    return this.classes.filter((c) => c.start < at && at < c.end).at(-1)?.name;
  }

  /** `router.get(...)` and the cascade `..get(...)..post(...)` that follows a router. */
  private cascade(owner: string, from: number): void {
    const { code } = this.source;
    for (let i = from; ;) {
      const link = /^\s*\.\.?\s*([A-Za-z_]\w*)\s*\(/.exec(code.slice(i, i + 200));
      if (!link) return;
      const { args, end } = callArguments(code, i + link[0].length - 1);
      const target = args.at(-1);
      this.call(owner, link[1]!, args, target && /^\s*[A-Za-z_][\w.]*\s*$/.test(code.slice(target.start, target.end)) ? code.slice(target.start, target.end).trim() : "(inline)", target ? code.slice(target.start, target.end) : "");
      i = end;
    }
  }

  /** A route, or a mount of another router (`mount('/api/', api.call)`, `Api().router`, a `Pipeline` around one). */
  private call(owner: string, method: string, args: Span[], handler: string, target: string): void {
    const value = (s: Span | undefined) => (s ? staticValue(this.source, s.start, s.end, this.constants, DART)?.replace(/<(\w+)\|[^>]*>/g, "<$1>") : undefined);
    const line = this.source.lineAt(args[0]?.start ?? 0);
    const verb = VERBS[method];
    if (verb || method === "add") {
      const methods = [verb ?? value(args[0])?.toUpperCase() ?? ""];
      const path = value(args[verb ? 0 : 1]);
      if (path !== undefined && methods[0]) this.found.push({ type: "route", framework: "shelf", kind: "http", methods, path, handler, guards: [], owner, line });
      return;
    }
    const prefix = method === "mount" ? value(args[0]) : undefined;
    if (prefix === undefined) return;
    const guards = [...target.matchAll(MIDDLEWARE)].map((g) => g[1]!).filter(isGuardName);
    const variable = /(?:addHandler\s*\(\s*)?\b([a-z_]\w*)(?:\s*\.\s*call)?\s*\)?\s*$/.exec(target.trim())?.[1];
    const child = CLASS_ROUTER.exec(target)?.[1] ? `*::${CLASS_ROUTER.exec(target)![1]}` : variable ? this.routers.get(variable) : undefined;
    if (child) this.found.push(...guardedMount("shelf", owner, prefix, child, guards, line));
  }
}
