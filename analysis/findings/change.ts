import type { Finding, Report } from "../schema.ts";
import { finding } from "./finding.ts";

type Input = Pick<Report, "history">;

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
  const hot = history.hotspots.filter((h) => h.score >= HOTSPOT_SCORE && h.commits >= history.thresholds.minCommits);
  for (const h of hot.slice(0, 20)) {
    found.push(finding("hotspots", "hotspot", h.score >= 80 ? "high" : "medium", h.file, {
      title: `Hotspot: changes often, complex, depended on`,
      evidence: [{ file: h.file, detail: `${h.commits} commits in 12 months, complexity ${h.complexity}, ${h.dependents} dependents, score ${h.score}` }],
      action: "Refactor where change concentrates: split the file and cover it with tests before the next change.",
      task: { title: `Reduce the risk of hotspot ${h.file}`, detail: `${h.file} changed ${h.commits} times, has ${h.complexity} decision points and ${h.dependents} dependents. Split it and add tests.` },
    }));
  }
  for (const c of history.coupling.filter((c) => !c.imports).slice(0, 20)) {
    found.push(finding("hotspots", "hidden-coupling", "medium", `${c.a}\n${c.b}`, {
      title: "Files change together without importing each other",
      evidence: [{ file: c.a, detail: `changes with ${c.b}` }, { file: c.b, detail: `${c.shared} shared commits, degree ${c.degree}` }],
      action: "Make the shared knowledge explicit (one module, a shared contract), or document why they move together.",
      task: { title: `Make the coupling of ${c.a} and ${c.b} explicit`, detail: `They changed together in ${c.shared} commits (degree ${c.degree}) but neither imports the other.` },
    }));
  }
  for (const o of history.ownership.filter((o) => o.knowledgeRisk)) {
    // No author names here: findings reach tasks and agents; names stay in the Team view.
    found.push(finding("knowledge", "knowledge-risk", "medium", o.component, {
      title: `One person made ${Math.round(o.mainAuthorShare * 100)}% of the changes to ${o.component}`,
      evidence: [{ file: o.component, detail: `${o.commits} file changes, bus factor ${o.busFactor}` }],
      action: "Spread the knowledge: pair on the next changes, review by someone else, write down how the component works.",
      task: { title: `Spread knowledge of ${o.component}`, detail: `Almost every change to ${o.component} came from one person (bus factor ${o.busFactor}). Plan reviews and pairing by others.` },
    }));
  }
  return found;
}
