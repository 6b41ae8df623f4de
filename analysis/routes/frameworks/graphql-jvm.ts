import { annotated, annotationGuards, handlerName } from "../entry/annotations.ts";
import { nameOf, stringConstants } from "../entry/args.ts";
import { entryPoint } from "../entry/entry.ts";
import { enclosingClass } from "../entry/scopes.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";

const ROOTS: Record<string, string> = { Query: "QUERY", Mutation: "MUTATION", Subscription: "SUBSCRIPTION" };
/** Annotations that bind a method to a root field, with the root they bind to ("" when an argument names it). */
const MAPPINGS: Record<string, { root: string; framework: string }> = {
  QueryMapping: { root: "Query", framework: "spring-graphql" },
  MutationMapping: { root: "Mutation", framework: "spring-graphql" },
  SubscriptionMapping: { root: "Subscription", framework: "spring-graphql" },
  SchemaMapping: { root: "", framework: "spring-graphql" },
  DgsQuery: { root: "Query", framework: "dgs" },
  DgsMutation: { root: "Mutation", framework: "dgs" },
  DgsSubscription: { root: "Subscription", framework: "dgs" },
  DgsData: { root: "", framework: "dgs" },
};
const KICKSTART = /\bclass\s+(\w+)[^{]*\bGraphQL(Query|Mutation|Subscription)Resolver\b/g;
const PUBLIC_METHOD = /\b(?:public\s+(?:[\w<>?,.\s[\]]+\s+)|fun\s+)(\w+)\s*\(/g;

/**
 * GraphQL resolvers of Java and Kotlin: Spring for GraphQL `@QueryMapping`,
 * `@MutationMapping`, `@SubscriptionMapping` and `@SchemaMapping(typeName = "Query")`; Netflix
 * DGS `@DgsQuery`, `@DgsMutation`, `@DgsSubscription` and `@DgsData(parentType = "Query")`; and
 * graphql-java-kickstart `GraphQLQueryResolver` classes, whose public methods are fields.
 */
export const graphqlJvm: Framework = {
  id: "graphql-jvm",
  name: "GraphQL resolvers (JVM)",
  languages: ["java", "kotlin"],
  hint:
    /@(?:QueryMapping|MutationMapping|SubscriptionMapping|SchemaMapping|DgsQuery|DgsMutation|DgsSubscription|DgsData)\b|GraphQL(?:Query|Mutation|Subscription)Resolver/,
  scan(source) {
    const constants = stringConstants(source);
    const groups = annotated(source);
    const out: Registration[] = [];
    for (const group of groups) {
      if (group.declaration?.kind !== "function") continue;
      const mapping = group.annotations.find((a) => MAPPINGS[a.name]);
      if (!mapping) continue;
      const spec = MAPPINGS[mapping.name]!;
      const classMapping = groups.find((g) => g.declaration?.kind === "class" && g.declaration.name === group.class)
        ?.annotations.find((a) => a.name === "SchemaMapping");
      const root = spec.root ||
        nameOf(
          source,
          mapping.args.get("typeName") ?? mapping.args.get("parentType") ?? classMapping?.args.get("typeName"),
          constants,
        );
      if (!root || !ROOTS[root]) continue;
      const field = nameOf(
        source,
        mapping.args.get("field") ?? mapping.args.get("name") ?? mapping.args.get("value") ?? mapping.args.get("0"),
        constants,
      ) ?? group.declaration.name;
      out.push(
        entryPoint(source, mapping.start, {
          framework: spec.framework,
          kind: "graphql",
          method: ROOTS[root]!,
          path: field,
          handler: handlerName(group),
          guards: annotationGuards(group),
        }),
      );
    }
    const resolvers = new Map([...source.code.matchAll(KICKSTART)].map((m) => [m[1]!, m[2]!]));
    for (const m of resolvers.size ? source.code.matchAll(PUBLIC_METHOD) : []) {
      const owner = enclosingClass(source, m.index);
      const root = owner ? resolvers.get(owner) : undefined;
      const name = m[1]!;
      if (!root || name === owner) continue;
      const field = name.replace(/^(?:get|is)([A-Z])/, (_, c: string) => c.toLowerCase());
      const guards = groups.filter((g) => g.declaration?.name === name && g.class === owner).flatMap(annotationGuards);
      out.push(
        entryPoint(source, m.index + m[0].lastIndexOf(name), {
          framework: "graphql-java-kickstart",
          kind: "graphql",
          method: ROOTS[root]!,
          path: field,
          handler: `${owner}.${name}`,
          guards,
        }),
      );
    }
    return out;
  },
};
