import { quoted, strip, type Syntax } from "../../languages/strip.ts";
import { callArguments } from "../source.ts";

/** GraphQL SDL: `#` comments, `"""` block strings and `"` strings (descriptions). */
const GRAPHQL_SYNTAX: Syntax = {
  lineComments: ["#"],
  blockComments: [],
  matchString: (src, pos) => quoted(src, pos, '"""', { multiline: true }) ?? quoted(src, pos, '"'),
};

const ROOTS = { query: "QUERY", mutation: "MUTATION", subscription: "SUBSCRIPTION" } as const;
const TYPE = /\b(?:extend\s+)?type\s+([A-Za-z_]\w*)[^{}]*\{/g;
const SCHEMA = /\b(?:extend\s+)?schema\b[^{}]*\{([^}]*)\}/g;

/** One root field of a schema: QUERY, MUTATION or SUBSCRIPTION and its name. */
export type SdlOperation = { method: string; path: string; line: number };

/**
 * The root fields of a GraphQL SDL document: the fields of `Query`, `Mutation` and
 * `Subscription` (or the types a `schema { query: ... }` block names), `extend type` included.
 * A file of client operations (`query GetUser { ... }`) declares no type and yields nothing.
 */
export function sdlOperations(text: string): SdlOperation[] {
  const source = strip(text, GRAPHQL_SYNTAX);
  const { code } = source;
  const roots = new Map<string, string>(Object.entries(ROOTS).map(([k, v]) => [k[0]!.toUpperCase() + k.slice(1), v]));
  for (const m of code.matchAll(SCHEMA)) {
    for (const entry of m[1]!.matchAll(/\b(query|mutation|subscription)\s*:\s*([A-Za-z_]\w*)/g)) {
      roots.set(entry[2]!, ROOTS[entry[1] as keyof typeof ROOTS]);
    }
  }
  const operations: SdlOperation[] = [];
  for (const m of code.matchAll(TYPE)) {
    const method = roots.get(m[1]!);
    if (!method) continue;
    const open = m.index + m[0].length - 1;
    const end = callArguments(code, open).end - 1;
    // A field is `name(args): Type @directive(...)`: after the colon, the type's name (or its
    // closing `]`) ends the field, and the next bare word at depth 0 names the next one.
    let depth = 0;
    let expect: "name" | "colon" | "type" = "name";
    for (let i = open + 1; i < end; i++) {
      const c = code[i]!;
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") {
        depth--;
        if (c === "]" && depth === 0 && expect === "type") expect = "name";
      } else if (depth === 0 && c === ":") expect = "type";
      else if (depth === 0 && /[A-Za-z_]/.test(c)) {
        const word = /^\w+/.exec(code.slice(i, i + 200))![0];
        if (code[i - 1] !== "@" && expect === "name") {
          operations.push({ method, path: word, line: source.lineAt(i) });
          expect = "colon";
        } else if (code[i - 1] !== "@" && expect === "type") expect = "name";
        i += word.length - 1;
      }
    }
  }
  return operations;
}
