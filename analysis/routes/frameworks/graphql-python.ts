import { annotated, annotationGuards } from "../entry/annotations.ts";
import { argumentMap, nameOf, type Span, stringConstants } from "../entry/args.ts";
import { entryPoint } from "../entry/entry.ts";
import { enclosingClass, enclosingFunction } from "../entry/scopes.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const ROOTS: Record<string, string> = { query: "QUERY", mutation: "MUTATION", subscription: "SUBSCRIPTION" };
const ARIADNE =
  /\b(\w+)\s*=\s*(?:ariadne\s*\.\s*)?(?:(Query|Mutation|Subscription)Type\s*\(\s*\)|ObjectType\s*\(\s*["'](Query|Mutation|Subscription)["'])/g;
const SCHEMA = /\bSchema\s*\(/g;
const CLASS_FIELD = /^[ \t]+(\w+)\s*(?::[^=\n]+)?=\s*\(?\s*([\w.]+)\s*\(/gm;
const PART =
  /^[ \t]*class\s+(\w*?(Queries|Query|Mutations|Mutation|Subscriptions|Subscription))\b\s*(?:\(([^)]*)\))?\s*:/gm;

/** Python's snake_case field names as GraphQL sees them (Graphene and Strawberry camel-case by default). */
const camel = (name: string) => name.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * GraphQL resolvers of Python: Ariadne bindables (`query = QueryType()` with
 * `@query.field("users")` or `set_field`), and root types of Strawberry (`@strawberry.field`
 * methods and `= strawberry.field(resolver=...)` attributes) and Graphene (`users =
 * graphene.List(User)` with `resolve_users`) named Query, Mutation, Subscription or as
 * `Schema(query=...)` names them. Field names are camel-cased as both libraries do.
 */
export const graphqlPython: Framework = {
  id: "graphql-python",
  name: "GraphQL resolvers (Python)",
  languages: ["python"],
  hint: /\b(?:strawberry|graphene|ariadne)\b/,
  scan(source) {
    const constants = stringConstants(source);
    const out: Registration[] = [];
    const bindables = new Map<string, string>();
    for (const m of source.code.matchAll(ARIADNE)) {
      bindables.set(m[1]!, ROOTS[(m[2] ?? m[3] ?? source.stringAfter(m.index)?.value ?? "").toLowerCase()]!);
    }
    const roots = new Map<string, string>([["Query", "QUERY"], ["Mutation", "MUTATION"], [
      "Subscription",
      "SUBSCRIPTION",
    ]]);
    for (const m of source.code.matchAll(SCHEMA)) {
      for (const [key, span] of argumentMap(source, m.index + m[0].length - 1)) {
        if (ROOTS[key]) roots.set(source.code.slice(span.start, span.end).trim(), ROOTS[key]!);
      }
    }
    // Root types composed of parts (`class Query(ProductQueries, ...)`): the parts are root fields too.
    for (const m of source.code.matchAll(PART)) {
      const strawberryType = /@strawberry\.type\b[^\n]*\n\s*$/.test(
        source.code.slice(Math.max(0, m.index - 200), m.index),
      );
      if (/\bObjectType\b/.test(m[3] ?? "") || strawberryType) {
        roots.set(m[1]!, ROOTS[m[2]!.toLowerCase().replace(/ies$/, "y").replace(/s$/, "")]!);
      }
    }
    const framework = /\bstrawberry\b/.test(source.code)
      ? "strawberry"
      : /\bgraphene\b/.test(source.code)
      ? "graphene"
      : "ariadne";
    // Only files that declare a root type or an Ariadne bindable have resolvers to read.
    const declared = [...source.code.matchAll(/^[ \t]*class\s+(\w+)/gm)].some((m) => roots.has(m[1]!));
    if (!declared && bindables.size === 0) return out;
    const groups = annotated(source);
    for (const group of groups) {
      const fn = group.declaration;
      if (fn?.kind !== "function") continue;
      for (const a of group.annotations) {
        const [owner, verb] = a.qualified.split(".");
        const ariadne = owner && bindables.get(owner);
        if (
          ariadne &&
          (verb === "field" || (verb === "source" && !group.annotations.some((b) => b.qualified === `${owner}.field`)))
        ) {
          out.push(
            entryPoint(source, a.start, {
              framework: "ariadne",
              kind: "graphql",
              method: ariadne,
              path: nameOf(source, a.args.get("0"), constants) ?? fn.name,
              handler: fn.name,
              guards: annotationGuards(group),
            }),
          );
        } else if (
          owner === "strawberry" && /^(?:field|mutation|subscription)$/.test(verb ?? "") && group.class &&
          roots.has(group.class)
        ) {
          const permissions = a.args.get("permission_classes");
          const guards = [
            ...annotationGuards(group),
            ...(permissions ? permissionNames(source.code.slice(permissions.start, permissions.end)) : []),
          ];
          out.push(
            entryPoint(source, a.start, {
              framework,
              kind: "graphql",
              method: roots.get(group.class)!,
              path: rename(source, a.args.get("name")) ?? camel(fn.name),
              handler: `${group.class}.${fn.name}`,
              guards,
            }),
          );
        }
      }
    }
    for (const m of source.code.matchAll(/\b(\w+)\s*\.\s*set_field\s*\(/g)) {
      const root = bindables.get(m[1]!);
      const args = argumentMap(source, m.index + m[0].length - 1);
      const field = nameOf(source, args.get("0"), constants);
      if (root && field) {
        out.push(
          entryPoint(source, m.index, {
            framework: "ariadne",
            kind: "graphql",
            method: root,
            path: field,
            handler: source.code.slice(args.get("1")?.start ?? 0, args.get("1")?.end ?? 0).trim() || field,
          }),
        );
      }
    }
    const indents = new Map<string, string | undefined>();
    const defs = new Set([...source.code.matchAll(/\bdef\s+(\w+)/g)].map((m) => m[1]!));
    for (const m of source.code.matchAll(CLASS_FIELD)) {
      const at = m.index + m[0].indexOf(m[1]!);
      const owner = enclosingClass(source, at);
      if (!owner || !roots.has(owner) || enclosingFunction(source, at)) continue;
      const lineStart = source.code.lastIndexOf("\n", at) + 1;
      if (!indents.has(owner)) indents.set(owner, bodyIndent(source.code, owner));
      if (source.code.slice(lineStart, at) !== indents.get(owner)) continue;
      if (framework === "strawberry" && !/^strawberry\.(?:field|mutation|subscription)$/.test(m[2]!)) continue;
      const args = argumentMap(source, m.index + m[0].length - 1);
      const resolver = framework === "strawberry"
        ? source.code.slice(args.get("resolver")?.start ?? 0, args.get("resolver")?.end ?? 0).trim()
        : `resolve_${m[1]}`;
      const hasResolver = framework !== "strawberry" && defs.has(resolver);
      const resolverGuards = groups.filter((g) => g.declaration?.name === resolver).flatMap(annotationGuards);
      out.push(entryPoint(source, at, {
        framework,
        kind: "graphql",
        method: roots.get(owner)!,
        path: rename(source, args.get("name")) ?? camel(m[1]!),
        handler: framework === "strawberry"
          ? resolver || `${owner}.${m[1]}`
          : hasResolver
          ? `${owner}.${resolver}`
          : /\.Field$/.test(m[2]!)
          ? m[2]!.replace(/\.Field$/, "")
          : `${owner}.${m[1]}`,
        guards: resolverGuards,
      }));
    }
    return out;
  },
};

/** The class names a `permission_classes=[IsAuthenticated]` list gives. */
function permissionNames(text: string): string[] {
  return [...text.matchAll(/\b([A-Z]\w*)/g)].map((m) => m[1]!);
}

/** The indentation of the body of class `name`: a field is a line at exactly that depth, not one inside a call's arguments. */
function bodyIndent(code: string, name: string): string | undefined {
  return new RegExp(`^[ \\t]*class\\s+${name}\\b[^\\n]*\\n(?:[ \\t]*\\n)*([ \\t]*)`, "m").exec(code)?.[1];
}

/** A `name="..."` that renames a field; `name=graphene.Argument(...)` declares an argument instead. */
const rename = (source: RouteSource, span: Span | undefined) => (span ? source.stringAt(span.start)?.value : undefined);
