import { closing } from "../../languages/curly.ts";
import type { Span } from "../js/objects.ts";
import { callArguments, type RouteSource } from "../source.ts";

/** One annotation: `@GetMapping("/x")` is { name: "GetMapping", args: [span of "/x"] }; named arguments by name. */
export type Annotation = { name: string; args: Span[]; named: Map<string, Span>; start: number };

/** An annotated method or function, with its declared return type where written (`DirectoryResource<User>`). */
export type Member = { name: string; annotations: Annotation[]; start: number; returns?: string };

/** A class, interface or object with its annotations and annotated members. */
export type Declared = { kind: string; name: string; annotations: Annotation[]; start: number; body: Span; members: Member[] };

const ANNOTATION = /@(?:(?:field|get|set|param|property|file)\s*:\s*)?([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)/g;
const MODIFIERS = String.raw`(?:(?:public|private|protected|internal|static|final|abstract|open|sealed|data|inner|synchronized|default|native|override|suspend|inline|operator|strictfp)\s+)*`;
const CLASS = new RegExp(String.raw`^${MODIFIERS}(class|interface|object|record|enum\s+class|enum)\s+([A-Za-z_]\w*)`);
const FUN = new RegExp(String.raw`^${MODIFIERS}fun\s+(?:<[^>]*>\s*)?(?:[\w.]+\.)?([A-Za-z_]\w*)\s*\(`);
const METHOD = new RegExp(String.raw`^${MODIFIERS}(?:<[^>]*>\s*)?([\w.$]+(?:\s*<[^;{()=]*>)?(?:\s*\[\s*\])*)\s+([A-Za-z_]\w*)\s*\(`);
// A Kotlin function's return type, after its parameters: `): DirectoryResource<User> {`.
const KOTLIN_RETURN = /^\s*:\s*([\w.]+(?:\s*<[^;{()=]*>)?\??)/;
const MODIFIERS_THEN_ANNOTATION = new RegExp(String.raw`^(?:(?:public|private|protected|internal|static|final|abstract|open|synchronized|default|override|suspend)\s+)+@`);
const PLAIN_CLASS = /(?<![\w.@])(class|interface|object|record)\s+([A-Za-z_]\w*)/g;

/**
 * The classes of a Java or Kotlin file with their annotations and the annotations of their
 * methods (`fun` in Kotlin). Annotations of parameters, fields and constructor properties
 * are not members: only those a class or a method declaration directly follows count.
 * Classes without annotations are listed too, as owners of annotated methods; with `plain`, also
 * those with neither (a subclass that only inherits its resource methods).
 */
export function declarations(source: RouteSource, { plain = false } = {}): Declared[] {
  const { code } = source;
  const classes: Declared[] = [];
  const members: Member[] = [];
  let pending: Annotation[] = [];
  let inside = 0;
  for (const m of code.matchAll(ANNOTATION)) {
    // Annotations nested in another's arguments (`@ApiResponses({@ApiResponse(...)})`) belong to it.
    if (m.index < inside) continue;
    const nameEnd = m.index + m[0].length;
    const open = nameEnd + (/^\s*/.exec(code.slice(nameEnd, nameEnd + 100))![0].length);
    const call = code[open] === "(" ? callArguments(code, open) : undefined;
    pending.push(annotation(source, m[1]!.replace(/\s+/g, "").split(".").at(-1)!, call?.args ?? [], m.index));
    const end = call ? call.end : nameEnd;
    inside = end;
    const at = end + /^\s*/.exec(code.slice(end, end + 400))![0].length;
    const rest = code.slice(at, at + 600);
    // More annotations, also after the modifiers (`public @ResponseBody List<Item> search(`).
    if (rest.startsWith("@") || MODIFIERS_THEN_ANNOTATION.test(rest)) continue;
    const cls = CLASS.exec(rest);
    const fn = cls ? undefined : method(code, at, rest);
    if (cls) classes.push({ kind: cls[1]!.replace(/\s+/g, " "), name: cls[2]!, annotations: pending, start: pending[0]!.start, body: bodyOf(code, at + cls[0].length), members: [] });
    else if (fn && !/^(?:if|for|while|switch|return|new|catch|synchronized)$/.test(fn.name)) members.push({ ...fn, annotations: pending, start: pending[0]!.start });
    pending = [];
  }
  for (const m of code.matchAll(PLAIN_CLASS)) {
    if (classes.some((c) => c.name === m[2] && c.start <= m.index && m.index < c.body.start)) continue;
    classes.push({ kind: m[1]!, name: m[2]!, annotations: [], start: m.index, body: bodyOf(code, m.index + m[0].length), members: [] });
  }
  for (const member of members) {
    const owner = classes.filter((c) => c.body.start < member.start && member.start < c.body.end).sort((a, b) => b.body.start - a.body.start)[0];
    owner?.members.push(member);
  }
  return plain ? classes : classes.filter((c) => c.annotations.length || c.members.length);
}

/** The name and declared return type of the method declared at `at` (`rest` is the code from there). */
function method(code: string, at: number, rest: string): { name: string; returns?: string } | undefined {
  const fun = FUN.exec(rest);
  if (fun) {
    const returns = KOTLIN_RETURN.exec(code.slice(callArguments(code, at + fun[0].length - 1).end, at + 1000))?.[1];
    return { name: fun[1]!, ...(returns ? { returns } : {}) };
  }
  const java = METHOD.exec(rest);
  return java ? { name: java[2]!, returns: java[1]! } : undefined;
}

/** The body `{...}` after a class header (constructor parameters, generics and supertypes skipped); empty when it has none. */
function bodyOf(code: string, from: number): Span {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "<" || c === "[") depth++;
    else if (c === ")" || c === ">" || c === "]") depth--;
    else if (c === "{" && depth <= 0) return { start: i, end: closing(code, i) };
    else if ((c === ";" || c === "\n" && /^\s*(?:@|class|fun|val|var|object|interface|$)/.test(code.slice(i + 1, i + 40))) && depth <= 0) break;
  }
  return { start: from, end: from };
}

function annotation(source: RouteSource, name: string, args: Span[], start: number): Annotation {
  const named = new Map<string, Span>();
  const positional: Span[] = [];
  for (const arg of args) {
    const m = /^([A-Za-z_]\w*)\s*=(?!=)\s*/.exec(source.code.slice(arg.start, arg.end));
    if (m) named.set(m[1]!, { start: arg.start + m[0].length, end: arg.end });
    else positional.push(arg);
  }
  return { name, args: positional, named, start };
}

/** The first annotation of a list with one of the names. */
export const find = (annotations: readonly Annotation[], ...names: string[]): Annotation | undefined => annotations.find((a) => names.includes(a.name));

/**
 * The elements of an annotation value: `{"/a", "/b"}` (Java), `["/a", "/b"]` and
 * `arrayOf("/a")` (Kotlin), or the value itself.
 */
export function elements(source: RouteSource, span: Span): Span[] {
  const text = source.code.slice(span.start, span.end);
  const array = /^\s*(?:arrayOf\s*)?[{[(]/.exec(text);
  if (!array) return [span];
  return callArguments(source.code, span.start + array[0].length - 1).args;
}
