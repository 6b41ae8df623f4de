import { isGuardName } from "../paths.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { argumentMap, type Span } from "./args.ts";
import { type Declaration, declarationAfter, enclosingClass } from "./scopes.ts";

/** One annotation, decorator or attribute: `@KafkaListener(topics = "x")` is { name: "KafkaListener", args: { topics } }. */
export type Annotation = { name: string; qualified: string; args: Map<string, Span>; start: number; end: number };

/** A run of annotations and the declaration they sit on. */
export type Annotated = { annotations: Annotation[]; declaration: Declaration | undefined; class: string | undefined };

const AT = /@([A-Za-z_][\w.]*)/g;
const ATTRIBUTE = /^[ \t]*\[/gm;

/**
 * Every annotated declaration of a Java, Kotlin, Python or C# file: the annotations written
 * one after another (`@A @B(x)`, `[A][B(x)]`), the method or class they decorate, and the
 * class that method belongs to.
 */
export function annotated(source: RouteSource): Annotated[] {
  const { code } = source;
  const found: Annotation[] = [];
  for (const m of code.matchAll(AT)) {
    const after = m.index + m[0].length;
    const open = after + /^\s*/.exec(code.slice(after, after + 50))![0].length;
    const call = code[open] === "(";
    const end = call ? callArguments(code, open).end : after;
    found.push({
      name: m[1]!.split(".").at(-1)!,
      qualified: m[1]!,
      args: call ? argumentMap(source, open) : new Map(),
      start: m.index,
      end,
    });
  }
  if (source.path.endsWith(".cs")) {
    for (const m of code.matchAll(ATTRIBUTE)) {
      const open = m.index + m[0].length - 1;
      const { args, end } = callArguments(code, open);
      for (const arg of args) {
        const head = /^([A-Z][\w.]*)\s*/.exec(code.slice(arg.start, arg.end));
        if (!head) continue;
        const paren = arg.start + head[0].length;
        const name = head[1]!.split(".").at(-1)!.replace(/Attribute$/, "");
        found.push({
          name,
          qualified: head[1]!,
          args: code[paren] === "(" ? argumentMap(source, paren) : new Map(),
          start: open,
          end,
        });
      }
    }
  }
  found.sort((a, b) => a.start - b.start);
  const groups: Annotated[] = [];
  let run: Annotation[] = [];
  const close = () => {
    if (run.length === 0) return;
    const declaration = declarationAfter(source, run.at(-1)!.end);
    groups.push({
      annotations: run,
      declaration,
      class: declaration ? enclosingClass(source, declaration.start) : undefined,
    });
    run = [];
  };
  for (const a of found) {
    const previous = run.at(-1);
    if (previous && a.start < previous.end) continue; // an annotation inside another's arguments
    if (previous && /\S/.test(code.slice(previous.end, a.start))) close();
    run.push(a);
  }
  close();
  return groups;
}

/** The guards a run of annotations names: `@PreAuthorize`, `@Secured`, `[Authorize]`, `@login_required`. */
export const annotationGuards = (group: Annotated): string[] =>
  group.annotations.map((a) => a.name).filter(isGuardName);

/** `Class.method` for a method, the class or function name otherwise. */
export function handlerName(group: Annotated): string {
  const name = group.declaration?.name ?? "(unknown)";
  return group.declaration?.kind === "function" && group.class && group.class !== name
    ? `${group.class}.${name}`
    : name;
}
