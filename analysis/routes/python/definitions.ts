import { callArguments, type RouteSource } from "../source.ts";
import { lineEnd, type PyArguments, pythonArguments, type Span } from "./values.ts";

/** One decorator: `@router.get("/x")` is { name: "router.get", args }; `@login_required` has no args. */
export type Decorator = { name: string; args: PyArguments | undefined; start: number; line: number };

/** A `def` or `class` with its decorators, indentation and the extent of its body. */
export type Definition = {
  kind: "def" | "class";
  name: string;
  line: number;
  indent: number;
  /** Where the definition starts: its first decorator, or its keyword. */
  start: number;
  decorators: Decorator[];
  /** The parameters of a def, the bases of a class. */
  params: Span[];
  /** Where the body ends: the first later line of code indented no deeper than the header. */
  end: number;
};

const HEADER = /^([ \t]*)(?:@|(?:async[ \t]+)?(def)[ \t]+([A-Za-z_]\w*)|(class)[ \t]+([A-Za-z_]\w*))/gm;

/**
 * Every function and class of a Python file, nested ones included, in source order. Route
 * decorators, view classes and their handler methods are all read from these.
 */
export function pythonDefinitions(source: RouteSource): Definition[] {
  const { code } = source;
  const definitions: Definition[] = [];
  let pending: Decorator[] = [];
  let skipUntil = 0;
  for (const m of code.matchAll(HEADER)) {
    if (m.index < skipUntil) continue;
    const at = m.index + m[1]!.length;
    if (code[at] === "@") {
      const name = /^@\s*([A-Za-z_][\w.]*)/.exec(code.slice(at));
      if (!name) continue;
      const after = at + name[0].length;
      const open = after + /^\s*/.exec(code.slice(after))![0].length;
      const args = code[open] === "(" ? pythonArguments(code, open) : undefined;
      pending.push({ name: name[1]!.replace(/\s+/g, ""), args, start: at, line: source.lineAt(at) });
      skipUntil = args ? args.end : after;
      continue;
    }
    const kind = m[2] ? "def" : "class";
    const name = (m[3] ?? m[5])!;
    const nameEnd = m.index + m[0].length;
    const open = nameEnd + /^\s*(?:\[[^\]]*\])?\s*/.exec(code.slice(nameEnd))![0].length;
    const params = code[open] === "(" ? callArguments(code, open) : undefined;
    const indent = width(m[1]!);
    definitions.push({
      kind,
      name,
      line: source.lineAt(at),
      indent,
      start: pending[0]?.start ?? at,
      decorators: pending,
      params: params?.args ?? [],
      end: blockEnd(code, params?.end ?? nameEnd, indent),
    });
    pending = [];
  }
  return definitions;
}

/** The definitions directly inside a class body (its methods and nested classes). */
export function members(definitions: readonly Definition[], owner: Definition): Definition[] {
  const inside = definitions.filter((d) => d.start > owner.start && d.start < owner.end && d.indent > owner.indent);
  const depth = Math.min(...inside.map((d) => d.indent));
  return inside.filter((d) => d.indent === depth);
}

/**
 * The value of an attribute assigned in a class body (`permission_classes = [IsAuthenticated]`,
 * `decorators = [login_required]`), not in its methods.
 */
export function classAttribute(source: RouteSource, definitions: readonly Definition[], owner: Definition, name: string): Span | undefined {
  const inner = members(definitions, owner);
  const pattern = new RegExp(`^[ \\t]+${name}[ \\t]*(?::[^=\\n]+)?=(?!=)[ \\t]*`, "gm");
  for (const m of source.code.slice(owner.start, owner.end).matchAll(pattern)) {
    const start = owner.start + m.index + m[0].length;
    if (inner.some((d) => d.start < start && start < d.end)) continue;
    return { start, end: lineEnd(source.code, start) };
  }
  return undefined;
}

/** The base classes of a class, as written: `generics.ListAPIView`, `LoginRequiredMixin`. */
export function bases(source: RouteSource, cls: Definition): string[] {
  // A generic base is its class (`ModelViewSet[Tag]` is a ModelViewSet); keywords (`metaclass=...`) are no base.
  return cls.params.map((p) => source.code.slice(p.start, p.end).replace(/\s+/g, "").replace(/\[.*\]$/, "")).filter((b) => /^[A-Za-z_][\w.]*$/.test(b));
}

/** The names of a def's parameters, as written (`self`, `app`; `**kwargs` as `kwargs`). */
export function parameterNames(code: string, def: Definition): string[] {
  return def.params.map((p) => code.slice(p.start, p.end).trim().replace(/^\*+/, "").split(/[\s:=]/)[0]!);
}

/** The innermost class whose body holds `offset`. */
export function classAt(definitions: readonly Definition[], offset: number): Definition | undefined {
  return definitions.findLast((d) => d.kind === "class" && d.start < offset && offset < d.end);
}

export const width = (whitespace: string) => whitespace.replace(/\t/g, "    ").length;

/** Where the indented block after a header ends: the start of the first code line indented `indent` or less. */
export function blockEnd(code: string, from: number, indent: number): number {
  let lineStart = code.indexOf("\n", from);
  while (lineStart !== -1) {
    const next = code.indexOf("\n", lineStart + 1);
    const line = code.slice(lineStart + 1, next === -1 ? code.length : next);
    if (line.trim() && width(/^[ \t]*/.exec(line)![0]) <= indent) return lineStart + 1;
    lineStart = next;
  }
  return code.length;
}

/**
 * The header lines of the blocks around the statement at `at`, innermost first (`if settings.DEBUG:`,
 * `for route in v1_routes:`), by indentation: each the nearest line above indented less than the last.
 */
export function enclosingLines(code: string, at: number): { start: number; line: string }[] {
  const found: { start: number; line: string }[] = [];
  const lineStart = code.lastIndexOf("\n", at - 1) + 1;
  let indent = /^[ \t]*/.exec(code.slice(lineStart))![0].length;
  for (let end = lineStart - 1; indent > 0 && end > 0;) {
    const start = code.lastIndexOf("\n", end - 1) + 1;
    const line = code.slice(start, end);
    end = start - 1;
    const own = /^[ \t]*/.exec(line)![0].length;
    if (!line.trim() || own >= indent) continue;
    found.push({ start, line });
    indent = own;
  }
  return found;
}
