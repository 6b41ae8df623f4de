/**
 * PHP attributes (`#[Route('/x', methods: ['GET'])]`) and docblock annotations (`@Route("/x")`)
 * of the classes and methods of a file, with their arguments read as values: what Symfony's and
 * Laravel's attribute routing are written in.
 */
import { phpElements, phpValue, type Span } from "./values.ts";
import { callArguments, type RouteSource } from "../source.ts";

const DECLARATION = /\b(?:(?:final|abstract|readonly)\s+)*class\s+(\w+)|\bfunction\s+(\w+)\s*\(/g;

/** A `#[Name(...)]` attribute or an `@Name(...)` annotation, with its arguments. */
export type Attribute = { name: string; positional: string[][]; named: Map<string, string[]>; line: number; qualifier?: string };
export type Declaration = { kind: "class" | "method"; name: string; at: number; attributes: Attribute[]; body: Span | undefined };

/** An OpenAPI attribute (`#[OA\\Delete(...)]`, `@SWG\\Get`): it documents an operation, it routes nothing. */
export const isOpenApi = (attribute: Attribute): boolean => /^(?:OA|SWG|OpenApi\\(?:Attributes|Annotations))$/i.test(attribute.qualifier ?? "");

/** Every class and method with the attributes and docblock annotations written just before it. */
export function declared(source: RouteSource, constants: Map<string, string>): Declaration[] {
  const { code } = source;
  const found: Declaration[] = [];
  for (const m of code.matchAll(DECLARATION)) {
    const at = m.index;
    let boundary = at - 1;
    while (boundary >= 0 && !/[;{}]/.test(code[boundary]!)) boundary--;
    const region = { start: boundary + 1, end: at };
    const attributes = [...attributesIn(source, region, constants), ...annotationsIn(source, region)];
    const brace = code.indexOf("{", at);
    const semicolon = code.indexOf(";", at);
    const body = brace !== -1 && (semicolon === -1 || brace < semicolon) ? { start: brace, end: callArguments(code, brace).end } : undefined;
    found.push({ kind: m[1] ? "class" : "method", name: (m[1] ?? m[2])!, at, attributes, body });
  }
  return found;
}

/** The `#[A(...), B]` attributes in a region of code. */
function attributesIn(source: RouteSource, region: Span, constants: Map<string, string>): Attribute[] {
  const { code } = source;
  const found: Attribute[] = [];
  for (const group of code.slice(region.start, region.end).matchAll(/#\[/g)) {
    const open = region.start + group.index + 1;
    for (const item of callArguments(code, open).args) {
      const head = /^\\?((?:\w+\\)*)(\w+)\s*(\()?/.exec(code.slice(item.start, item.end));
      if (!head) continue;
      const args = head[3] ? callArguments(code, item.start + head[0].length - 1).args : [];
      // `OA\Delete` is OpenAPI's, `Rest\Get` FOSRest's: the namespace it is written with tells them apart.
      const qualifier = head[1] ? head[1].replace(/\\$/, "") : undefined;
      const attribute: Attribute = { name: head[2]!, positional: [], named: new Map(), line: source.lineAt(item.start), ...(qualifier ? { qualifier } : {}) };
      for (const arg of args) {
        const named = /^(\w+)\s*:(?!:)\s*/.exec(code.slice(arg.start, arg.end));
        const span = named ? { start: arg.start + named[0].length, end: arg.end } : arg;
        // A value the file does not state (`User::ROLE_ADMIN`) is kept as written, which still names the guard.
        const written = (element: Span) => phpValue(source, element, constants) ?? source.text.slice(element.start, element.end).trim();
        const values = code[span.start] === "[" ? phpElements(source, span).map(written) : [written(span)];
        if (named) attribute.named.set(named[1]!, values);
        else attribute.positional.push(values);
      }
      found.push(attribute);
    }
  }
  return found;
}

/** Docblock annotations (`@Route("/x", methods={"GET"})`, `@IsGranted("ROLE_USER")`) in the comments of a region. */
function annotationsIn(source: RouteSource, region: Span): Attribute[] {
  const [from, to] = [source.lineAt(region.start), source.lineAt(region.end)];
  const found: Attribute[] = [];
  // PHP keeps one doc comment for a declaration, the last before it: an earlier one belongs to code
  // commented out in between (`/** @Route("/cancel") */ /*public function cancel() {...}*/`).
  const comments = source.comments.filter((c) => c.line >= from && c.line <= to);
  const last = comments.findLastIndex((c) => c.text.startsWith("*"));
  for (const comment of comments.filter((c, i) => !c.text.startsWith("*") || i === last)) {
    for (const m of comment.text.matchAll(/@((?:\w+\\)*)(\w+)\s*\(((?:[^()"]|"[^"]*")*)\)/g)) {
      const qualifier = m[1] ? m[1].replace(/\\$/, "") : undefined;
      const attribute: Attribute = { name: m[2]!, positional: [], named: new Map(), line: comment.line + (comment.text.slice(0, m.index).match(/\n/g)?.length ?? 0), ...(qualifier ? { qualifier } : {}) };
      for (const part of m[3]!.match(/(?:\w+\s*=\s*)?(?:\{[^}]*\}|"[^"]*"|[^,]+)/g) ?? []) {
        const named = /^(\w+)\s*=\s*/.exec(part.trim());
        const value = part.trim().slice(named?.[0].length ?? 0);
        const values = [...value.matchAll(/"([^"]*)"/g)].map((v) => v[1]!);
        if (named) attribute.named.set(named[1]!, values);
        else attribute.positional.push(values);
      }
      found.push(attribute);
    }
  }
  return found;
}
