import { callArguments, type RouteSource } from "../source.ts";
import type { Span } from "./objects.ts";

/** One decorator: `@Get(":id")` is { name: "Get", args: [span of ":id"] }. */
export type Decorator = { name: string; args: Span[]; start: number };

/** A decorated class with its decorated methods, or a decorated method. */
export type Decorated = {
  kind: "class" | "method";
  name: string;
  decorators: Decorator[];
  start: number;
  members?: Decorated[];
};

const DECORATOR = /@([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)/g;
const CLASS = /^(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)[^{]*\{/;
const METHOD =
  /^(?:(?:public|private|protected|static|async|override|readonly)\s+)*\*?\s*([A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*\(/;

/**
 * The decorated classes of a TypeScript file, each with its decorated methods. Decorators of
 * parameters and properties (`@Body() dto`, `@Inject(X) private x`) are skipped: only what a
 * class or a method declaration directly follows counts.
 */
export function decorated(source: RouteSource): Decorated[] {
  const { code } = source;
  const classes: (Decorated & { body: Span })[] = [];
  const methods: Decorated[] = [];
  let pending: Decorator[] = [];
  for (const m of code.matchAll(DECORATOR)) {
    const open = m.index + m[0].length + (/^\s*/.exec(code.slice(m.index + m[0].length))?.[0].length ?? 0);
    const call = code[open] === "(" ? callArguments(code, open) : undefined;
    pending.push({ name: m[1]!.replace(/\s+/g, "").split(".").at(-1)!, args: call?.args ?? [], start: m.index });
    const end = call ? call.end : m.index + m[0].length;
    const at = end + /^\s*/.exec(code.slice(end, end + 400))![0].length;
    const rest = code.slice(at, at + 400);
    if (rest.startsWith("@")) continue;
    const cls = CLASS.exec(rest);
    const method = cls ? undefined : METHOD.exec(rest);
    if (cls) {
      const brace = at + cls[0].length - 1;
      classes.push({
        kind: "class",
        name: cls[1]!,
        decorators: pending,
        start: pending[0]!.start,
        members: [],
        body: { start: brace, end: callArguments(code, brace).end },
      });
    } else if (method && !/^(?:if|for|while|switch|return|function)$/.test(method[1]!)) {
      methods.push({ kind: "method", name: method[1]!, decorators: pending, start: pending[0]!.start });
    }
    pending = [];
  }
  for (const method of methods) {
    classes.findLast((c) => c.body.start < method.start && method.start < c.body.end)?.members!.push(method);
  }
  return classes.map(({ body: _, ...c }) => c);
}
