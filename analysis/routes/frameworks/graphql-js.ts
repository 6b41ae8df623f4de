import { entryPoint } from "../entry/entry.ts";
import { decoratorGuards, jsName, jsProperty } from "../entry/js.ts";
import type { Framework } from "../framework.ts";
import { decorated } from "../js/decorators.ts";
import { argumentName } from "../js/names.ts";
import { objectProperties } from "../js/objects.ts";
import { jsConstants, jsPath } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";

// `GraphQLModule.forRoot({...})`, `GraphQLModule.forRoot<ApolloDriverConfig>({...})`, and `forRootAsync`, whose options a factory returns.
const GRAPHQL_MODULE = /\bGraphQLModule\s*\.\s*forRoot(Async)?\s*(?:<[^<>]*>\s*)?\(/g;
const APPLY_MIDDLEWARE = /\.\s*applyMiddleware\s*\(\s*\{/g;
const ROOTS: Record<string, string> = { Query: "QUERY", Mutation: "MUTATION", Subscription: "SUBSCRIPTION" };
const MAP =
  /(?:\b(Query|Mutation|Subscription)\s*:\s*|\b(?:const|let|var)\s+(Query|Mutation|Subscription)\s*(?::[^=;]+)?=\s*)\{/g;

/**
 * GraphQL resolvers of JS/TS: resolver maps (`{ Query: { users, user: getUser }, Mutation:
 * {...} }`, as Apollo Server, GraphQL Yoga, Mercurius and graphql-tools take them, or an
 * exported `const Query = {...}`), and `@Resolver` classes of NestJS and TypeGraphQL with
 * `@Query`, `@Mutation` and `@Subscription` methods (`{ name }` renames the field). And the HTTP
 * endpoint NestJS's `GraphQLModule.forRoot({ path })` (or `forRootAsync`, its factory's `path`)
 * serves them at (`/graphql` by default, GET and POST, outside the app's global prefix).
 */
export const graphqlJs: Framework = {
  id: "graphql-js",
  name: "GraphQL resolvers (JS)",
  languages: ["javascript", "typescript"],
  hint: /\b(?:Query|Mutation|Subscription)\s*(?::|=)\s*\{|@Resolver\b|\bGraphQLModule\s*\.\s*forRoot|\.applyMiddleware\s*\(/,
  scan(source) {
    const constants = jsConstants(source);
    const out: Registration[] = [];
    for (const m of source.code.matchAll(GRAPHQL_MODULE)) {
      const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
      const options = args.find((a) => source.code[a.start] === "{");
      // A factory's options: the object it returns (`useFactory: (config) => ({ path: "/gql", ... })`, or `return { ... }`).
      const returned = m[1] ? /=>\s*\(\s*\{|\breturn\s*\{/.exec(source.code.slice(m.index, end)) : null;
      const path = m[1]
        ? returned ? objectProperties(source, m.index + returned.index + returned[0].length - 1).get("path") : undefined
        : options && objectProperties(source, options.start).get("path");
      const served = path ? jsPath(source, path.start, path.end, constants) : "/graphql";
      if (served === undefined) continue;
      out.push({ type: "route", framework: "nestjs-graphql", kind: "http", methods: ["GET", "POST"], path: served, handler: "GraphQLModule", guards: [], owner: "", line: source.lineAt(m.index) });
    }
    // Apollo Server 2-3 on Express, Koa or Hapi: `server.applyMiddleware({ app, path })`, at /graphql by default.
    for (const m of source.code.matchAll(APPLY_MIDDLEWARE)) {
      const properties = objectProperties(source, m.index + m[0].length - 1);
      if (!properties.has("app")) continue;
      const path = properties.get("path");
      const served = path ? jsPath(source, path.start, path.end, constants) : "/graphql";
      if (served !== undefined) out.push({ type: "route", framework: "apollo-server", kind: "http", methods: ["GET", "POST"], path: served, handler: "ApolloServer", guards: [], owner: "", line: source.lineAt(m.index) });
    }
    if (/graphql|apollo|resolvers|mercurius|yoga/i.test(source.path + source.text)) {
      for (const m of source.code.matchAll(MAP)) {
        const root = m[1] ?? m[2]!;
        const open = m.index + m[0].length - 1;
        for (const [field, value] of objectProperties(source, open)) {
          // `createUser: requireAdmin(createUser)`: a guard wrapping the resolver.
          const wrapped = /^([\w$.]+)\s*\(\s*([\w$.]+)\s*\)$/.exec(source.code.slice(value.start, value.end).trim());
          const guarded = wrapped && isGuardName(wrapped[1]!.split(".").at(-1)!);
          const named = argumentName(source, value.start, value.end);
          const handler = guarded ? wrapped[2]! : named === "(inline)" || named === field ? `${root}.${field}` : named;
          out.push(
            entryPoint(source, value.start, {
              framework: "graphql-resolvers",
              kind: "graphql",
              method: ROOTS[root]!,
              path: field,
              handler,
              guards: guarded ? [wrapped[1]!] : [],
            }),
          );
        }
      }
    }
    for (const target of decorated(source)) {
      if (!target.decorators.some((d) => d.name === "Resolver")) continue;
      for (const method of target.members ?? []) {
        for (const d of method.decorators) {
          const kind = ROOTS[d.name];
          if (!kind) continue;
          const options = d.args.find((a) => source.code[a.start] === "{");
          const field = jsName(source, jsProperty(source, options, "name"), constants) ?? method.name;
          const guards = decoratorGuards(source, [...target.decorators, ...method.decorators]);
          const framework = /["']type-graphql["']/.test(source.text) ? "type-graphql" : "nestjs-graphql";
          out.push(
            entryPoint(source, d.start, {
              framework,
              kind: "graphql",
              method: kind,
              path: field,
              handler: `${target.name}.${method.name}`,
              guards,
            }),
          );
        }
      }
    }
    return out;
  },
};
