import { ToolError } from "../../core/errors.ts";
import { RAW_ENTRIES } from "./catalog/index.ts";
import { Entry, REF, refOf } from "./schema.ts";

let cached: { entries: Entry[]; errors: string[] } | undefined;

/** The bundled catalog, each entry checked against its schema (a bad one is an error listed, never a crash). */
export function catalog(): { entries: Entry[]; errors: string[] } {
  if (cached) return cached;
  const entries: Entry[] = [];
  const errors: string[] = [];
  for (const raw of RAW_ENTRIES) {
    const parsed = Entry.safeParse(raw);
    if (parsed.success) entries.push({ ...parsed.data, ref: refOf(parsed.data) });
    else errors.push(`${(raw as { kind?: string; name?: string }).kind}/${(raw as { name?: string }).name}: "${parsed.error.issues[0]!.path.join(".")}" ${parsed.error.issues[0]!.message}`);
  }
  entries.sort((a, b) => (a.ref < b.ref ? -1 : 1));
  return (cached = { entries, errors });
}

/** One entry; 400 for a malformed ref, 404 for one the catalog does not hold. */
export function findEntry(ref: string): Entry {
  if (!REF.test(ref)) throw new RangeError(`"ref" must be <kind>/<name> with kind skill, agent, command, mcp-server or hook, not "${ref}"`);
  const entry = catalog().entries.find((e) => e.ref === ref);
  if (!entry) throw new ToolError("unknown-ref", `the catalog has no ${ref}`, 404);
  return entry;
}

/** Entries whose ref, title, description or tags hold every word of the query, best first. */
export function searchCatalog(query: string, filter: { kind?: string } = {}): Entry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return catalog().entries
    .filter((e) => !filter.kind || e.kind === filter.kind)
    .map((e) => {
      const haystack = `${e.ref} ${e.title} ${e.description} ${e.tags.join(" ")}`.toLowerCase();
      const hits = words.filter((w) => haystack.includes(w)).length;
      const title = words.filter((w) => `${e.ref} ${e.title}`.toLowerCase().includes(w)).length;
      return { e, hits, title };
    })
    .filter((x) => x.hits === words.length)
    .sort((a, b) => b.title - a.title || (a.e.ref < b.e.ref ? -1 : 1))
    .map((x) => x.e);
}
