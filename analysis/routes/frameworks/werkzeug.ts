import type { Framework } from "../framework.ts";
import { classAttribute, type Definition, members, pythonDefinitions } from "../python/definitions.ts";
import { decoratorGuards, handlerCheckGuards } from "../python/guards.ts";
import { enclosingLoop, type LoopTarget } from "../python/loops.ts";
import { elements, moduleListItems, pythonArguments, pythonConstants, pythonValue, type Span, stringList } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "werkzeug";
// The module builds Werkzeug rules itself: `from werkzeug.routing import Map, Rule`, `werkzeug.routing.Rule(...)`.
const USES_RULES = /\bfrom[ \t]+werkzeug\.routing[ \t]+import[^\n]*\bRule\b|\bwerkzeug\.routing\.Rule\b/;
const RULE = /(?<![\w.])(?:werkzeug\.routing\.|routing\.)?Rule\s*\(/g;
const SUBMOUNT = /(?<![\w.])(?:routing\.)?Submount\s*\(/g;

/**
 * Werkzeug's own routing, an app dispatching through a `Map` of rules: `Rule("/info",
 * endpoint=self.show)`, `Map([Rule("/", endpoint="index"), ...])`, `urls.add(Rule(path,
 * methods=[method], endpoint=getattr(self, view)))` in a loop over a table of (view, (method,
 * path)) the class or module writes out (Isso's `API.VIEWS`). A rule answers the methods it names,
 * every method without them; a `Submount("/api", [...])` holding it puts its path under the
 * prefix. The endpoint is the handler: a method of the class building the rule (guarded by its
 * decorators and the checks at its top), or the name a string gives.
 */
export const werkzeug: Framework = {
  id: FRAMEWORK,
  name: "Werkzeug",
  languages: ["python"],
  hint: /\bwerkzeug\b/,
  scan(source) {
    if (!USES_RULES.test(source.code)) return [];
    const constants = pythonConstants(source);
    const definitions = pythonDefinitions(source);
    const submounts = [...source.code.matchAll(SUBMOUNT)].map((m) => {
      const { args } = callArguments(source.code, m.index + m[0].length - 1);
      return { prefix: args[0] ? pythonValue(source, args[0], constants) : undefined, within: args[1] };
    });
    const found: Registration[] = [];
    for (const m of source.code.matchAll(RULE)) {
      const open = m.index + m[0].length - 1;
      const { positional, keywords } = pythonArguments(source.code, open);
      const rule = keywords.get("string") ?? positional[0];
      if (!rule) continue;
      const cls = definitions.filter((d) => d.kind === "class" && d.start < open && open < d.end).at(-1);
      const mounts = submounts.filter((s) => s.within && s.within.start < open && open < s.within.end);
      if (mounts.some((s) => s.prefix === undefined)) continue;
      const prefix = mounts.map((s) => s.prefix!.replace(/\/$/, "")).join("");
      const line = source.lineAt(m.index);
      for (const bound of bindings(source, definitions, cls, open, constants)) {
        const all = new Map([...constants, ...bound]);
        const path = pythonValue(source, rule, all);
        if (path === undefined || !path.startsWith("/")) continue;
        const methods = keywords.has("methods") ? stringList(source, keywords.get("methods")!, all).map((v) => v.toUpperCase()) : [];
        const handler = endpoint(source, keywords.get("endpoint") ?? positional[1], cls, all) ?? path;
        // A method of the class: its decorators and the checks at its top guard it.
        const def = cls && handler.startsWith(`${cls.name}.`) ? members(definitions, cls).find((d) => d.kind === "def" && d.name === handler.slice(cls.name.length + 1)) : undefined;
        const guards = def ? [...new Set([...decoratorGuards(source.code, def.decorators), ...handlerCheckGuards(source, def)])] : [];
        found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: methods.length ? methods : ["ALL"], path: prefix + path, handler, guards, owner: "", line });
      }
    }
    return found;
  },
};

/**
 * The values the names of the rule's loop take, one map per iteration (`for view, (method, path)
 * in self.VIEWS:` over a list the class or module writes out); one empty map outside a loop.
 */
function bindings(source: RouteSource, definitions: readonly Definition[], cls: Definition | undefined, at: number, constants: Map<string, string>): Map<string, string>[] {
  const loop = enclosingLoop(source.code, at);
  if (!loop) return [new Map()];
  const own = loop.iterable.startsWith("self.") ? loop.iterable.slice(5) : undefined;
  const attribute = own !== undefined && cls ? classAttribute(source, definitions, cls, own) : undefined;
  const list = attribute ?? (own === undefined ? moduleList(source.code, loop.iterable) : undefined);
  if (!list || !"[(".includes(source.code[list.start]!)) return [new Map()];
  return elements(source.code, list).map((item) => {
    const values = new Map<string, string>();
    unpack(source, item, loop.shape.length === 1 ? loop.shape[0]! : loop.shape, constants, values);
    return values;
  });
}

/** Binds the names of a loop's target to the strings an item holds where they stand in it. */
function unpack(source: RouteSource, item: Span, target: LoopTarget, constants: Map<string, string>, into: Map<string, string>): void {
  if (typeof target === "string") {
    const value = pythonValue(source, item, constants);
    if (value !== undefined) into.set(target, value);
    return;
  }
  const parts = elements(source.code, item);
  if (parts.length === target.length) target.forEach((t, i) => unpack(source, parts[i]!, t, constants, into));
}

/** Where a list the module assigns at its top level starts. */
function moduleList(code: string, name: string): Span | undefined {
  if (!moduleListItems(code, name)) return undefined;
  const assigned = new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*`, "m").exec(code)!;
  const start = assigned.index + assigned[0].length;
  return { start, end: start };
}

/** The handler an endpoint names: `self.show` and `getattr(self, view)` a method of the class, a string or a dotted name itself. */
function endpoint(source: RouteSource, span: Span | undefined, cls: Definition | undefined, values: Map<string, string>): string | undefined {
  if (!span) return undefined;
  const written = source.code.slice(span.start, span.end).trim();
  const method = /^self\s*\.\s*(\w+)$/.exec(written)?.[1] ?? (/^getattr\s*\(\s*self\s*,\s*(\w+)\s*\)$/.exec(written) && values.get(/,\s*(\w+)/.exec(written)![1]!));
  if (method) return cls ? `${cls.name}.${method}` : method;
  const literal = pythonValue(source, span, values);
  if (literal !== undefined) return literal;
  return /^[A-Za-z_][\w.]*$/.test(written) ? written : undefined;
}
