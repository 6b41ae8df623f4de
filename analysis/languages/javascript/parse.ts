import { Parser } from "acorn";
import { tsPlugin } from "@sveltejs/acorn-typescript";
import type { ImportFact, ImportKind } from "../../facts.ts";

// The plugin's types lag acorn's; the cast keeps the extension point typed loosely in one place.
// Made on first use: few files need the parser, and making it costs every run its start-up.
let tsParser: typeof Parser | undefined;
const TsParser = () => (tsParser ??= Parser.extend(tsPlugin({ jsx: true }) as never));

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

export type ParseOutcome =
  | { ok: true; imports: ImportFact[] }
  | { ok: false; message: string; line: number };

/**
 * Parses a file with acorn and the TypeScript plugin and lists its imports from the syntax
 * tree. Used where the lexical scan met something it cannot settle; a file acorn rejects
 * keeps the lexical result and is reported with the parser's message.
 */
export function parseImports(src: string, lineOffset = 0): ParseOutcome {
  let program: Node;
  try {
    program = TsParser().parse(src, { sourceType: "module", ecmaVersion: "latest", locations: true }) as unknown as Node;
  } catch (error) {
    const loc = (error as { loc?: { line: number } }).loc;
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message, line: (loc?.line ?? 1) + lineOffset };
  }
  const imports: ImportFact[] = [];
  const add = (node: Node, source: unknown, kind: ImportKind) => {
    const specifier = literalText(source);
    if (specifier !== undefined) imports.push({ specifier, kind, line: (node.loc?.start.line ?? 1) + lineOffset });
  };
  walk(program, (node) => {
    switch (node.type) {
      case "ImportDeclaration": {
        const specifiers = (node.specifiers as Node[] | undefined) ?? [];
        const allTypes = specifiers.length > 0 && specifiers.every((s) => s.importKind === "type");
        add(node, node.source, node.importKind === "type" || allTypes ? "type" : "import");
        break;
      }
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
        if (node.source) add(node, node.source, node.exportKind === "type" ? "type" : "reexport");
        break;
      case "ImportExpression":
        add(node, node.source, "dynamic");
        break;
      case "TSImportType":
        add(node, node.argument ?? node.parameter, "type");
        break;
      case "TSImportEqualsDeclaration": {
        const reference = node.moduleReference as Node | undefined;
        if (reference?.type === "TSExternalModuleReference") {
          add(node, reference.expression, node.importKind === "type" ? "type" : "require");
        }
        break;
      }
      case "CallExpression": {
        const callee = node.callee as Node;
        const args = node.arguments as Node[];
        if (callee.type === "Identifier" && callee.name === "require" && args.length === 1) add(node, args[0], "require");
        break;
      }
    }
  });
  return { ok: true, imports };
}

function literalText(node: unknown): string | undefined {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.type === "Literal" && typeof n.value === "string") return n.value;
  if (n.type === "TemplateLiteral" && (n.expressions as unknown[]).length === 0) {
    const quasi = (n.quasis as Node[])[0];
    return (quasi?.value as { cooked?: string } | undefined)?.cooked ?? undefined;
  }
  if (n.type === "TSLiteralType") return literalText(n.literal);
  return undefined;
}

/** Visits every node of the tree, TypeScript nodes included (acorn-walk knows only ESTree). */
function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const key in node) {
    if (key === "loc" || key === "start" || key === "end") continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const child of value) if (child && typeof child === "object" && typeof child.type === "string") walk(child, visit);
    } else if (value && typeof value === "object" && typeof (value as Node).type === "string") {
      walk(value as Node, visit);
    }
  }
}
