import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import { phpConstants, phpList, phpValue, type Span } from "../php/values.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "symfony";
const DECLARATION = /\b(?:(?:final|abstract|readonly)\s+)*class\s+(\w+)|\bfunction\s+(\w+)\s*\(/g;
const ROUTE = new Set(["Route", "Get", "Post", "Put", "Patch", "Delete", "Head", "Options"]);

/** A `#[Name(...)]` attribute or an `@Name(...)` annotation, with its arguments. */
type Attribute = { name: string; positional: string[][]; named: Map<string, string[]>; line: number };
type Declaration = { kind: "class" | "method"; name: string; at: number; attributes: Attribute[]; body: Span | undefined };

/**
 * Symfony: `#[Route('/x', name: 'x', methods: ['GET'])]` attributes and `@Route("/x",
 * methods={"GET"})` annotations on controller classes (the prefix) and their methods,
 * FOSRest's `#[Rest\Get]`, invokable controllers routed at the class. Guards: `#[IsGranted]`
 * and `#[Security]` on the class or the method, and `denyAccessUnlessGranted()` in the action.
 */
export const symfony: Framework = {
  id: FRAMEWORK,
  name: "Symfony",
  languages: ["php"],
  hint: /#\[\s*(?:Route|Rest\\)|@(?:Rest\\)?Route\b|Symfony\\Component\\Routing/,
  scan(source) {
    const constants = phpConstants(source);
    const found: Registration[] = [];
    const declarations = declared(source, constants);
    for (const cls of declarations.filter((d) => d.kind === "class")) {
      const classRoute = cls.attributes.find((a) => ROUTE.has(a.name));
      const prefixes = classRoute ? paths(classRoute) : [""];
      const classGuards = guards(cls.attributes);
      const methods = declarations.filter((d) => d.kind === "method" && cls.body && d.at > cls.body.start && d.at < cls.body.end);
      const routed = methods.filter((m) => m.attributes.some((a) => ROUTE.has(a.name)));
      const invoke = methods.find((m) => m.name === "__invoke");
      if (classRoute && invoke && !routed.includes(invoke)) routed.push({ ...invoke, attributes: [{ ...classRoute, positional: [[""]], named: new Map([...classRoute.named].filter(([k]) => k !== "path")) }, ...invoke.attributes] });
      for (const method of routed) {
        const checks = [...classGuards, ...guards(method.attributes), ...bodyGuards(source, method.body)];
        const handler = method.name === "__invoke" ? cls.name : `${cls.name}::${method.name}`;
        for (const attribute of method.attributes.filter((a) => ROUTE.has(a.name))) {
          const verbs = attribute.name === "Route" ? (attribute.named.get("methods") ?? attribute.positional[1] ?? []).map((m) => m.toUpperCase()) : [attribute.name.toUpperCase()];
          for (const prefix of prefixes) {
            for (const path of paths(attribute)) {
              found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: verbs.length ? verbs : ["ALL"], path: clean(`${prefix}/${path}`), handler, guards: [...new Set(checks)], owner: "", line: attribute.line });
            }
          }
        }
      }
    }
    return found;
  },
};

/** The paths of a route attribute: its first argument or `path:`, one per locale when it is a map. */
const paths = (a: Attribute): string[] => (a.named.get("path") ?? a.positional[0] ?? [""]).filter((p) => !/::|\$/.test(p));

/** Symfony's inline requirements and defaults (`{id<\d+>}`, `{page?1}`) dropped from parameters. */
const clean = (path: string) => path.replace(/\{(\w+)(?:<[^>]*>)?(?:\?[^}]*)?\}/g, "{$1}");

/** `#[IsGranted('ROLE_ADMIN')]`, `@Security("is_granted('ROLE_USER')")`. */
function guards(attributes: readonly Attribute[]): string[] {
  return attributes.filter((a) => a.name === "IsGranted" || a.name === "Security").map((a) => `${a.name}(${(a.positional[0] ?? a.named.get("attribute") ?? a.named.get("expression") ?? []).join(",")})`);
}

/** `$this->denyAccessUnlessGranted('ROLE_ADMIN')` in an action. */
function bodyGuards(source: RouteSource, body: Span | undefined): string[] {
  if (!body) return [];
  return [...source.code.slice(body.start, body.end).matchAll(/\$this\s*->\s*denyAccessUnlessGranted\s*\(/g)].map((m) => {
    const open = body.start + m.index + m[0].length - 1;
    const first = callArguments(source.code, open).args[0];
    return `denyAccessUnlessGranted(${first ? phpValue(source, first) ?? source.code.slice(first.start, first.end).trim() : ""})`;
  });
}

/** Every class and method with the attributes and docblock annotations written just before it. */
function declared(source: RouteSource, constants: Map<string, string>): Declaration[] {
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
      const head = /^\\?(?:\w+\\)*(\w+)\s*(\()?/.exec(code.slice(item.start, item.end));
      if (!head) continue;
      const args = head[2] ? callArguments(code, item.start + head[0].length - 1).args : [];
      const attribute: Attribute = { name: head[1]!, positional: [], named: new Map(), line: source.lineAt(item.start) };
      for (const arg of args) {
        const named = /^(\w+)\s*:(?!:)\s*/.exec(code.slice(arg.start, arg.end));
        const span = named ? { start: arg.start + named[0].length, end: arg.end } : arg;
        // A value the file does not state (`User::ROLE_ADMIN`) is kept as written, which still names the guard.
        const values = code[span.start] === "[" ? phpList(source, span, constants) : [phpValue(source, span, constants) ?? code.slice(span.start, span.end).trim()];
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
  for (const comment of source.comments.filter((c) => c.line >= from && c.line <= to)) {
    for (const m of comment.text.matchAll(/@(?:\w+\\)*(\w+)\s*\(((?:[^()"]|"[^"]*")*)\)/g)) {
      const attribute: Attribute = { name: m[1]!, positional: [], named: new Map(), line: comment.line + (comment.text.slice(0, m.index).match(/\n/g)?.length ?? 0) };
      for (const part of m[2]!.match(/(?:\w+\s*=\s*)?(?:\{[^}]*\}|"[^"]*"|[^,]+)/g) ?? []) {
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
