import { tryReadInside } from "../../core/inside.ts";
import type { ProjectDocument } from "./schema.ts";

const MARKDOWN = /\.(md|mdx|markdown)$/i;
const ADR_FOLDERS = new Set(["adr", "adrs", "decisions", "architecture-decisions", "decision-records"]);
const SPEC_FOLDERS = new Set(["spec", "specs", "specification", "specifications", "rfc", "rfcs"]);
const DOC_FOLDERS = new Set(["docs", "doc", "documentation", "wiki", "guides"]);
const SPEC_NAME = /(^|[-_.])(spec|specs|specification|requirements|prd)\.(md|mdx|markdown)$/i;
const ADR_NAME = /^(adr[-_]?)?\d{3,5}[-_]/i;
/** A README this deep or shallower counts as documentation (root, package, package/sub). */
const README_DEPTH = 2;
const MAX_DOCUMENTS = 300;
const MAX_CONTENT = 100 * 1024;
const EXCERPT = 280;

export type Documents = { specs: ProjectDocument[]; docs: ProjectDocument[]; adrs: ProjectDocument[] };

/**
 * Markdown documents found in the usual places: specs (spec folders, `SPEC.md`, `*.spec.md`),
 * ADRs (adr and decisions folders, numbered records under docs), and docs (Markdown at the root,
 * under docs/doc/documentation, and package READMEs). Task artifacts under `.tool/` are not
 * project documents.
 */
export function findDocuments(root: string, paths: readonly string[]): Documents {
  const found: Documents = { specs: [], docs: [], adrs: [] };
  let count = 0;
  for (const path of paths) {
    const type = documentType(path);
    if (!type || count >= MAX_DOCUMENTS) continue;
    const document = readDocument(root, path, type);
    if (!document) continue;
    count++;
    (type === "spec" ? found.specs : type === "adr" ? found.adrs : found.docs).push(document);
  }
  return found;
}

/** Which kind of project document a path is, or undefined when it is not one. */
export function documentType(path: string): ProjectDocument["type"] | undefined {
  if (!MARKDOWN.test(path) || path.startsWith(".tool/")) return undefined;
  const parts = path.split("/");
  const name = parts.at(-1)!;
  const folders = parts.slice(0, -1).map((p) => p.toLowerCase());
  if (folders.some((f) => ADR_FOLDERS.has(f))) return "adr";
  if (folders.some((f) => SPEC_FOLDERS.has(f)) || SPEC_NAME.test(name)) return "spec";
  const inDocs = folders.some((f) => DOC_FOLDERS.has(f));
  if (inDocs && ADR_NAME.test(name)) return "adr";
  if (inDocs || folders.length === 0) return "doc";
  if (/^readme\./i.test(name) && folders.length <= README_DEPTH) return "doc";
  return undefined;
}

function readDocument(root: string, path: string, type: ProjectDocument["type"]): ProjectDocument | undefined {
  let truncated = false;
  // Over 800 KB is generated, not written.
  let text = tryReadInside(root, path, 8 * MAX_CONTENT);
  if (text === undefined) return undefined;
  if (text.length > MAX_CONTENT) {
    text = text.slice(0, MAX_CONTENT);
    truncated = true;
  }
  const { title, body } = splitTitle(text, path);
  return { path, title, type, excerpt: excerptOf(body), content: text, truncated };
}

/** The title (frontmatter `title:`, else the first heading, else the file name) and the rest. */
function splitTitle(text: string, path: string): { title: string; body: string } {
  let body = text.replace(/^\uFEFF/, "");
  let title: string | undefined;
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(body);
  if (front) {
    title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(front[1]!)?.[1];
    body = body.slice(front[0].length);
  }
  const heading = /^(?:#\s+(.+?)\s*#*\s*$|(.+)\r?\n=+\s*$)/m.exec(body);
  if (heading) {
    title ??= (heading[1] ?? heading[2])!.trim();
    body = body.slice(heading.index + heading[0].length);
  }
  return { title: title ?? path.split("/").pop()!.replace(/\.\w+$/, ""), body };
}

/** The first paragraph of prose: no headings, code, HTML, tables, badges; inline marks removed. */
function excerptOf(body: string): string {
  const paragraphs = body.replace(/```[\s\S]*?```/g, "").replace(/<!--[\s\S]*?-->/g, "").split(/\r?\n\s*\r?\n/);
  for (const paragraph of paragraphs) {
    const text = paragraph.trim();
    if (!text || /^(#|<|\||!\[|\[!\[|>\s*\[!|---|===)/.test(text)) continue;
    const plain = text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/[`*_]+/g, "")
      .replace(/^\s*(?:[-+*]|\d+\.)\s+/gm, "")
      .replace(/\s+/g, " ")
      .trim();
    if (!plain) continue;
    return plain.length > EXCERPT ? plain.slice(0, EXCERPT - 1).replace(/\s+\S*$/, "") + "…" : plain;
  }
  return "";
}
