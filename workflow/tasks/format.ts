import { parse as parseYaml, stringify as stringifyYaml } from "yaml";

/**
 * Markdown with YAML frontmatter, the format of every hand-editable task file. Reading is
 * strict about the frontmatter (a person's typo is reported, never guessed) and lenient about
 * the body.
 */
export function parseFrontmatter(text: string): { data: Record<string, unknown>; body: string } {
  const normalized = text.replace(/^\ufeff/, "").replace(/\r\n/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(normalized);
  if (!match) return { data: {}, body: normalized };
  const data = parseYaml(match[1]!) as unknown;
  if (data !== null && (typeof data !== "object" || Array.isArray(data))) {
    throw new SyntaxError("the frontmatter is not a YAML mapping");
  }
  return { data: (data ?? {}) as Record<string, unknown>, body: normalized.slice(match[0].length) };
}

export function renderFrontmatter(data: Record<string, unknown>, body: string): string {
  const clean = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
  return `---\n${stringifyYaml(clean, { lineWidth: 0 }).trimEnd()}\n---\n\n${body.trimStart()}`;
}

/** `## Heading` sections of a Markdown body, by lower-case heading, in order. */
export function sections(body: string): Map<string, string> {
  const found = new Map<string, string>();
  const parts = body.split(/^##\s+(.+?)\s*$/m);
  for (let i = 1; i < parts.length; i += 2) found.set(parts[i]!.trim().toLowerCase(), (parts[i + 1] ?? "").trim());
  return found;
}

/** The `- item` lines of a section. */
export const bulletItems = (text: string): string[] =>
  [...text.matchAll(/^\s*[-*]\s+(.+)$/gm)].map((m) => m[1]!.trim());

/** `- [ ] text` and `- [x] text` lines: a checklist. */
export const checklist = (text: string): { text: string; done: boolean }[] =>
  [...text.matchAll(/^\s*[-*]\s+\[([ xX])\]\s+(.+)$/gm)].map((m) => ({ text: m[2]!.trim(), done: m[1] !== " " }));

/** A string field of frontmatter, trimmed, or undefined. */
export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() ? value.trim() : typeof value === "number" ? String(value) : undefined;

/** A list field of frontmatter: a YAML list, or a comma-separated string. */
export function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === "string") return value.split(",").map((v) => v.trim()).filter(Boolean);
  if (typeof value === "number") return [String(value)];
  return [];
}
