import { plural } from "../../core/plural.ts";
import { KNOWLEDGE_RISK_SHARE } from "../history/mod.ts";
import { dirOf } from "../project.ts";
import { productPaths } from "../roles.ts";
import type { Finding, Report } from "../schema.ts";
import { TOP_LEVEL } from "../languages/functions.ts";
import { fixesOf, functionFixesOf, hardToFollow, REPEATED_FIXES, unitPhrase } from "./code.ts";
import { finding } from "./finding.ts";

type Input = Pick<Report, "history" | "files">;

/** Below this many file changes, one person's share says little about who knows a component. */
const KNOWLEDGE_MIN_CHANGES = 30;

/**
 * Hotspots above this score are findings; 50 means the file ranks high on all three measures.
 * A file must also have the history's minimum of commits: in a young repository every file
 * ties at the top of the churn ranking, and that is not a hotspot.
 */
export const HOTSPOT_SCORE = 50;

/** Hotspots, files that change together without importing each other, and knowledge held by one person. */
export function changeFindings(report: Input): Finding[] {
  const { history } = report;
  if (!history.available) return [];
  const found: Finding[] = [];
  // Tests change with the code they test, and examples are not the product: neither is a hotspot
  // or a hidden coupling. A file nothing depends on puts no one else at risk.
  const product = productPaths(report.files);
  // Ranked high on complexity among the changed files is not enough: change must land in code
  // that is hard to follow, a function the complex-file rule would report in itself, or the file
  // is only busy (many small functions, or one flat list of cases, changing one line at a time).
  // And defects must keep landing there, in that function where history says which changed it:
  // churn from features, types or speed-ups is not risk.
  const fileOf = new Map(report.files.map((f) => [f.path, f]));
  const fixes = fixesOf(history)!;
  const inFunction = functionFixesOf(history);
  const hot = history.hotspots.filter((h) =>
    h.score >= HOTSPOT_SCORE && h.commits >= history.thresholds.minCommits && h.dependents > 0 &&
    hardToFollow(fileOf.get(h.file)?.mostComplexFunction) && (inFunction(h.file) ?? fixes(h.file)) >= REPEATED_FIXES && product(h.file)
  );
  for (const h of hot.slice(0, 20)) {
    const fn = fileOf.get(h.file)!.mostComplexFunction!;
    const where = unitPhrase(fn);
    // A hotspot ranks files to look at first; it is not a defect by itself: medium at most.
    found.push(finding("hotspots", "hotspot", "medium", h.file, {
      title: `Hotspot: ${plural(h.commits, "change")} in 12 months (${plural(fixes(h.file), "fix", "fixes")}), ${h.complexity} decision points, ${plural(h.dependents, "dependent")}`,
      evidence: [{ file: h.file, detail: `ranks high on change, complexity and dependents at once (score ${h.score} of 100); ${where} has ${fn.complexity} decision points, nested ${fn.depth} deep` }],
      action: `Refactor where change concentrates: cover ${fn.name === TOP_LEVEL ? "the file" : `${fn.name}()`} with tests and split it before the next change.`,
      task: { title: `Reduce the risk of hotspot ${h.file}`, detail: `${h.file} changed ${h.commits} times, has ${h.complexity} decision points and ${h.dependents} dependents; ${where} has ${fn.complexity}. Split it and add tests.` },
    }));
  }
  // Generated files change when their generator runs, together by nature.
  const written = (path: string) => fileOf.get(path)?.role !== "generated" && product(path);
  const language = (path: string) => fileOf.get(path)?.language;
  const hidden = history.coupling.filter((c) => !c.imports && !c.siblings && !samePackage(c.a, c.b, language) && !declarationPair(c.a, c.b) && written(c.a) && written(c.b));
  // Files that change together pair by pair are one finding: seven sibling handlers edited in
  // the same commits are one piece of shared knowledge, not twenty-one. Low: it points where to
  // look, and blind reviews of twenty repositories found 3 of 65 such findings worth acting on
  // (a copied version number, duplicated checks); the rest were features spanning layers.
  for (const group of couplingGroups(hidden).slice(0, 20)) {
    const files = [...new Set(group.flatMap((c) => [c.a, c.b]))].sort();
    const strongest = group[0]!;
    const together = (c: (typeof group)[number]) => `${c.a} and ${c.b} changed together in ${c.shared} commits (degree ${c.degree})`;
    const pair = files.length === 2;
    found.push(finding("hotspots", "hidden-coupling", "low", files.join("\n"), {
      title: pair ? "Files change together without importing each other" : `${files.length} files change together without importing each other`,
      evidence: pair
        ? [{ file: strongest.a, detail: together(strongest) }, { file: strongest.b, detail: together(strongest) }]
        : files.map((file) => {
          const most = group.find((c) => c.a === file || c.b === file)!;
          return { file, detail: `changed with ${most.a === file ? most.b : most.a} in ${most.shared} commits (degree ${most.degree})` };
        }),
      action: "Make the shared knowledge explicit (one module, a shared contract), or document why they move together.",
      task: {
        title: pair ? `Make the coupling of ${strongest.a} and ${strongest.b} explicit` : `Make the coupling of ${files.length} files explicit`,
        detail: pair
          ? `They changed together in ${strongest.shared} commits (degree ${strongest.degree}) but neither imports the other.`
          : `${files.join(", ")} change together (${group.map((c) => `${c.shared} commits for ${c.a} and ${c.b}`).slice(0, 5).join("; ")}) but do not import each other.`,
      },
    }));
  }
  // "(test)" and the like group files by role, not by what a team owns. Where one person made
  // almost every change to the whole project, each component saying so again is no news. Low:
  // who knows what is for the team to weigh (the Team view shows it); blind reviews found none
  // of ten such findings that a team would act on from the analysis alone.
  const soloProject = mainAuthorShare(history) >= KNOWLEDGE_RISK_SHARE;
  const risky = soloProject ? [] : history.ownership.filter((o) => o.knowledgeRisk && o.commits >= KNOWLEDGE_MIN_CHANGES && !o.component.startsWith("("));
  for (const o of risky) {
    // No author names here: findings reach tasks and agents; names stay in the Team view.
    found.push(finding("knowledge", "knowledge-risk", "low", o.component, {
      title: `One person made ${Math.round(o.mainAuthorShare * 100)}% of the changes to ${o.component}`,
      evidence: [{ file: o.component, detail: `${o.commits} file changes, bus factor ${o.busFactor}` }],
      action: "Spread the knowledge: pair on the next changes, review by someone else, write down how the component works.",
      task: { title: `Spread knowledge of ${o.component}`, detail: `Almost every change to ${o.component} came from one person (bus factor ${o.busFactor}). Plan reviews and pairing by others.` },
    }));
  }
  return found;
}

/**
 * Languages whose files see everything of the package (the folder) they are in without an
 * import: two files of one Go package, Java or Kotlin package, C# or PHP namespace (PSR-4: one
 * folder) or Swift module that change together share names openly, so "neither imports the
 * other" says nothing there.
 */
const PACKAGE_WIDE = new Set(["go", "java", "kotlin", "csharp", "swift", "php"]);

function samePackage(a: string, b: string, language: (path: string) => string | undefined): boolean {
  const kind = language(a);
  return kind !== undefined && kind === language(b) && PACKAGE_WIDE.has(kind) && dirOf(a) === dirOf(b);
}

/**
 * A hand-written declaration file and the JavaScript it describes (`errors.js` and
 * `types/errors.d.ts`, `fastify.d.ts` and `lib/route.js`): the types follow the code by nature.
 */
const DECLARATION = /\.d\.[cm]?ts$/;
const SCRIPT = /\.[cm]?jsx?$/;
const declarationPair = (a: string, b: string) => (DECLARATION.test(a) && SCRIPT.test(b)) || (DECLARATION.test(b) && SCRIPT.test(a));

/** The share of the window's file changes (over every component) made by its most active author. */
function mainAuthorShare(history: Input["history"]): number {
  const byAuthor = new Map<string, number>();
  let total = 0;
  for (const component of history.ownership) {
    for (const a of component.authors) {
      total += a.commits;
      byAuthor.set(a.name, (byAuthor.get(a.name) ?? 0) + a.commits);
    }
  }
  return total ? Math.max(...byAuthor.values()) / total : 0;
}

/** Hidden couplings grouped by the files they share (connected pairs), strongest pair first in each, largest and strongest groups first. */
function couplingGroups<C extends { a: string; b: string; shared: number; degree: number }>(pairs: readonly C[]): C[][] {
  const parent = new Map<string, string>();
  const root = (file: string): string => {
    let at = file;
    while (parent.get(at) !== undefined && parent.get(at) !== at) at = parent.get(at)!;
    parent.set(file, at);
    return at;
  };
  for (const { a, b } of pairs) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    parent.set(root(a), root(b));
  }
  const groups = new Map<string, C[]>();
  for (const c of pairs) (groups.get(root(c.a)) ?? groups.set(root(c.a), []).get(root(c.a))!).push(c);
  const strength = (c: C) => c.shared * c.degree;
  return [...groups.values()]
    .map((g) => g.sort((x, y) => strength(y) - strength(x)))
    .sort((x, y) => y.length - x.length || strength(y[0]!) - strength(x[0]!));
}
