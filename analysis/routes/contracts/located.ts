import { type Node as JsonNode, type ParseError, parseTree } from "jsonc-parser";
import { isMap, isScalar, isSeq, LineCounter, type Node as YamlNode, parseDocument } from "yaml";

/**
 * A parsed YAML or JSON value that remembers the line of every key, so a contract operation
 * can point at the line that documents it. Maps answer `keys`/`get`, lists `items`, scalars
 * `scalar`.
 */
export type Located = {
  line: number;
  keys(): string[];
  get(key: string): Located | undefined;
  items(): Located[];
  scalar(): string | undefined;
};

/**
 * Parses a contract file: JSON (by its `.json` ending) with jsonc-parser, anything else as
 * YAML. Undefined when the text is not a map at the top, or does not parse.
 */
export function parseLocated(path: string, text: string): Located | undefined {
  return path.toLowerCase().endsWith(".json") ? fromJson(text) : fromYaml(text);
}

function fromYaml(text: string): Located | undefined {
  const lines = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  } catch {
    return undefined;
  }
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lines.linePos(offset).line);
  const wrap = (node: unknown, line: number): Located => ({
    line,
    keys:
      () => (isMap(node) ? node.items.map((p) => (isScalar(p.key) ? String(p.key.value) : "")).filter(Boolean) : []),
    get(key) {
      if (!isMap(node)) return undefined;
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
      return pair ? wrap(pair.value, lineOf((pair.key as YamlNode).range?.[0])) : undefined;
    },
    items:
      () => (isSeq(node) ? node.items.map((item) => wrap(item, lineOf((item as YamlNode | null)?.range?.[0]))) : []),
    scalar: () => (isScalar(node) && node.value !== null ? String(node.value) : undefined),
  });
  return wrap(doc.contents, 1);
}

function fromJson(text: string): Located | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  if (!root || root.type !== "object") return undefined;
  const lines = new LineCounter();
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) lines.addNewLine(i + 1);
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const properties = (node: JsonNode) => (node.type === "object" ? node.children ?? [] : []);
  const wrap = (node: JsonNode | undefined, line: number): Located => ({
    line,
    keys: () => node ? properties(node).map((p) => String(p.children?.[0]?.value ?? "")).filter(Boolean) : [],
    get(key) {
      const property = node && properties(node).find((p) => p.children?.[0]?.value === key);
      return property ? wrap(property.children?.[1], lineOf(property.offset)) : undefined;
    },
    items: () => (node?.type === "array" ? (node.children ?? []).map((item) => wrap(item, lineOf(item.offset))) : []),
    scalar: () => (node && ["string", "number", "boolean"].includes(node.type) ? String(node.value) : undefined),
  });
  return wrap(root, 1);
}
