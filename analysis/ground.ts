import { tryReadPrefixInside } from "../core/inside.ts";
import { impactOf } from "./impact.ts";
import type { Report } from "./schema.ts";

/** Words that carry no meaning in a change request or a path. */
const STOP = new Set(("a an and are as at be by for from has have in into is it its of on or so that the this to was were will with " +
  "when where which who why how what add adds added make makes fix fixes fixed use uses using update updates change changes new not no " +
  "src lib index main mod ts tsx js jsx py go rs java kt rb php cs test tests spec").split(" "));

/**
 * Words of an identifier, a path or a sentence, lower case: `getUserById` -> get, user, by, id;
 * `user_profile.ts` -> user, profile; `HTTPServer` -> http, server. Plural and simple verb
 * endings are folded (users -> user, loading -> load), so a request and a name meet.
 */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[^A-Za-z0-9]+/)) {
    for (const piece of part.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])/)) {
      const word = stem(piece.toLowerCase());
      if (word.length > 1 && !STOP.has(word) && !/^\d+$/.test(word)) out.push(word);
    }
  }
  return out;
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
  if (word.length > 4 && word.endsWith("es") && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  return word;
}

/** Okapi BM25 (k1 1.2, b 0.75) over documents given as their words. */
export class Bm25 {
  readonly #docs: { id: string; tf: Map<string, number>; length: number }[] = [];
  readonly #df = new Map<string, number>();
  readonly #avg: number;

  constructor(documents: Iterable<[string, string[]]>) {
    let total = 0;
    for (const [id, terms] of documents) {
      const tf = new Map<string, number>();
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
      for (const term of tf.keys()) this.#df.set(term, (this.#df.get(term) ?? 0) + 1);
      this.#docs.push({ id, tf, length: terms.length });
      total += terms.length;
    }
    this.#avg = total / Math.max(1, this.#docs.length) || 1;
  }

  /** Each matching document's score and the query words it matched, best first. */
  search(query: readonly string[]): { id: string; score: number; matched: string[] }[] {
    const terms = [...new Set(query)];
    const n = this.#docs.length;
    const results: { id: string; score: number; matched: string[] }[] = [];
    for (const doc of this.#docs) {
      let score = 0;
      const matched: string[] = [];
      for (const term of terms) {
        const f = doc.tf.get(term);
        if (!f) continue;
        const df = this.#df.get(term)!;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += idf * (f * 2.2) / (f + 1.2 * (0.25 + 0.75 * doc.length / this.#avg));
        matched.push(term);
      }
      if (score > 0) results.push({ id: doc.id, score, matched });
    }
    return results.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  }
}

// A declaration in most languages: the keyword, then the name.
const DECLARATION = /\b(?:function|class|interface|type|struct|enum|trait|def|func|fn|const|let|var|val|object|module|record)\s+([A-Za-z_][A-Za-z0-9_]*)/g;
const MAX_READ = 64 * 1024;

/** The words of a file as a search document: its path (twice: it names the file), its declared names, its routes. */
export function fileDocuments(root: string, report: Pick<Report, "files" | "routes">): Map<string, string[]> {
  const routesByFile = new Map<string, string[]>();
  for (const route of report.routes.items) routesByFile.set(route.file, [...(routesByFile.get(route.file) ?? []), route.path, route.handler]);
  const documents = new Map<string, string[]>();
  for (const file of report.files) {
    const text = tryReadPrefixInside(root, file.path, MAX_READ) ?? "";
    const names = [...text.matchAll(DECLARATION)].map((m) => m[1]!);
    const pathWords = words(file.path);
    documents.set(file.path, [...pathWords, ...pathWords, ...names.flatMap(words), ...(routesByFile.get(file.path) ?? []).flatMap(words)]);
  }
  return documents;
}

export type Grounded = {
  request: string;
  files: { file: string; score: number; reasons: string[] }[];
  tests: string[];
  entryPoints: { method: string; path: string; file: string }[];
  shared: { file: string; importedBy: number }[];
  coChanging: { file: string; with: string; commits: number }[];
  similarTasks: { id: string; title: string; score: number }[];
  left: number;
};

export type GroundInput = {
  report: Pick<Report, "files" | "edges" | "externals" | "routes" | "integrations" | "history">;
  documents: Map<string, string[]>;
  tasks: { id: string; title: string; goal: string }[];
};

const round = (x: number) => Math.round(x * 100) / 100;

/**
 * What a plain-language change request likely touches: files ranked by BM25 over their words
 * (path, declared names, routes), then the graph: a file that imports or is imported by two or
 * more matches, and a file that changes together with a match, join with a share of its score.
 * With the tests, entry points and shared modules of the top files, co-changing files and the
 * earlier tasks most like the request.
 */
export function groundChange(input: GroundInput, request: string, limit = 10): Grounded {
  const query = words(request);
  const bm25 = new Bm25(input.documents);
  const scores = new Map<string, { score: number; reasons: string[] }>();
  const add = (file: string, score: number, reason: string) => {
    const entry = scores.get(file) ?? { score: 0, reasons: [] };
    entry.score += score;
    if (entry.reasons.length < 4) entry.reasons.push(reason);
    scores.set(file, entry);
  };
  // Two views of each file: all its words, and its path alone (a path names what a file is
  // for; in the full view its words are diluted by the names it declares).
  const paths = new Bm25([...input.documents.keys()].map((path) => [path, words(path)]));
  for (const hit of bm25.search(query).slice(0, 50)) add(hit.id, hit.score, `matches ${hit.matched.join(", ")}`);
  for (const hit of paths.search(query).slice(0, 50)) add(hit.id, hit.score, `path matches ${hit.matched.join(", ")}`);
  const direct = [...scores].map(([id, e]) => ({ id, score: e.score })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  const top = direct.slice(0, 10);
  // The graph around the best matches: neighbours share in their score.
  const neighbours = new Map<string, { score: number; via: string[] }>();
  for (const hit of top) {
    for (const edge of input.report.edges) {
      const other = edge.from === hit.id ? edge.to : edge.to === hit.id ? edge.from : undefined;
      if (!other || other === hit.id) continue;
      const entry = neighbours.get(other) ?? { score: 0, via: [] };
      entry.score += hit.score * 0.25;
      if (!entry.via.includes(hit.id)) entry.via.push(hit.id);
      neighbours.set(other, entry);
    }
  }
  for (const [file, { score, via }] of neighbours) add(file, score, `${via.length > 1 ? `linked by imports to ${via.length} matches` : `imports or is imported by ${via[0]}`}`);
  const coChanging: Grounded["coChanging"] = [];
  for (const hit of top) {
    for (const pair of input.report.history.coupling) {
      const other = pair.a === hit.id ? pair.b : pair.b === hit.id ? pair.a : undefined;
      if (!other) continue;
      add(other, hit.score * 0.3 * pair.degree, `changes with ${hit.id} (${pair.shared} commits)`);
      coChanging.push({ file: other, with: hit.id, commits: pair.shared });
    }
  }
  const ranked = [...scores].map(([file, e]) => ({ file, score: round(e.score), reasons: e.reasons })).sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : 1));
  const chosen = ranked.slice(0, limit);
  const impact = impactOf(input.report, chosen.slice(0, 5).map((f) => f.file));
  const importedBy = new Map<string, Set<string>>();
  const chosenSet = new Set(chosen.map((f) => f.file));
  for (const edge of input.report.edges) {
    if (!chosenSet.has(edge.from)) continue;
    importedBy.set(edge.to, (importedBy.get(edge.to) ?? new Set()).add(edge.from));
  }
  const taskIndex = new Bm25(input.tasks.map((t) => [t.id, words(`${t.title} ${t.goal}`)]));
  return {
    request,
    files: chosen,
    tests: impact.tests.slice(0, limit).map((t) => t.file),
    entryPoints: impact.entryPoints.slice(0, limit).map(({ method, path, file }) => ({ method, path, file })),
    shared: [...importedBy].filter(([, by]) => by.size >= 2).map(([file, by]) => ({ file, importedBy: by.size })).sort((a, b) => b.importedBy - a.importedBy).slice(0, limit),
    coChanging: coChanging.sort((a, b) => b.commits - a.commits).slice(0, limit),
    similarTasks: taskIndex.search(query).slice(0, 3).map((t) => ({ id: t.id, title: input.tasks.find((x) => x.id === t.id)!.title, score: round(t.score) })),
    left: Math.max(0, ranked.length - chosen.length),
  };
}

/** The baseline the evaluation compares with: BM25 over file paths alone. */
export function pathBaseline(files: readonly { path: string }[], request: string): string[] {
  return new Bm25(files.map((f) => [f.path, words(f.path)])).search(words(request)).map((r) => r.id);
}
