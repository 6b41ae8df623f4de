import type { FunctionFact } from "../facts.ts";
import type { Finding, Report, Severity } from "../schema.ts";
import { plural } from "../../core/plural.ts";
import { MEASURED_FROM, TOP_LEVEL } from "../languages/functions.ts";
import { finding } from "./finding.ts";

type Input = Pick<Report, "files" | "history">;

/**
 * When a file's decision points and lines are worth a look (a file below both is not measured).
 * How much a file holds says little about whether any of it is hard to follow: a module of forty
 * small functions totals as much as one 60-branch function, and only the second needs work. So
 * the severity comes from the file's most complex function (or its code outside functions), in
 * the bands McCabe's measure is read by (SEI): up to 20 decision points simple to moderate, from
 * 20 complex (ESLint's default `complexity` limit), from 50 untestable (high). How the branches
 * are laid out decides whether they count: a flat run of guard clauses, one `if` per option or a
 * switch of many cases reads top to bottom however many there are, while branches inside loops
 * inside branches are what a reader loses track of (the reason cognitive-complexity measures
 * weigh nesting). So a function is a finding only when its control statements nest deeper than
 * ESLint's default `max-depth` of 4, and only where defects keep landing: from 50, high with
 * FIXES_FOR_HIGH fixes; below 50, medium with REPEATED_FIXES. The file's own nesting is shown but decides nothing: it is measured by
 * indentation of every line, which long argument lists and literals inflate.
 */
export const LIMITS = { complexity: 50, lines: 800, functionComplexity: [MEASURED_FROM, 50], depth: 4 } as const;

/**
 * Whether a function is hard to follow: many branches, nested deep. However many cases a flat
 * switch or a run of guard clauses has (a parser's 118 tag names, a binder's type switch), each
 * reads on its own.
 */
export function hardToFollow(fn: FunctionFact | undefined): boolean {
  return !!fn && structural(fn) >= LIMITS.functionComplexity[0] && fn.depth > LIMITS.depth;
}

/**
 * A function's decision points with a switch counted once, as cognitive complexity counts it:
 * forty cases of a dispatch on a kind are forty short paths read one at a time, not forty
 * decisions tangled together.
 */
export const structural = (fn: FunctionFact): number => fn.complexity - Math.max(0, (fn.cases ?? 0) - 1);

/** Whether the cases of a switch make a function's count reach the limit, which its other decisions do not. */
const dispatch = (fn: FunctionFact | undefined): boolean =>
  !!fn && fn.complexity >= LIMITS.functionComplexity[0] && structural(fn) < LIMITS.functionComplexity[0];

/**
 * Repeated fixes: at least this many commits of the last 12 months said they fixed a defect in
 * the file. Complex code is worth the work of splitting where defects keep landing; where none
 * did all year, it is complex and stable, and is best split when it next has to change. (Three
 * reviews of these findings on public repositories agreed on this more than on anything else.)
 */
export const REPEATED_FIXES = 2;

/**
 * A function past the untestable size is worth splitting now, at high severity, where defects
 * keep landing in it: this many fixes of the last 12 months changed it (or the file, where the
 * function's own are not counted). Blind reviews of 44 such findings in 16 public repositories
 * found the teams would act on 6 of the 8 with three or more, and on 6 of the 36 with fewer
 * (large but stable, or a flat dispatch): those are low, to split when the function next changes.
 */
export const FIXES_FOR_HIGH = 3;

/** Fixes and commits per file over the window, or undefined without history (then nothing is known of defects). */
export function fixesOf(history: Input["history"]): ((path: string) => number) | undefined {
  if (!history.available) return undefined;
  const fixes = new Map(history.files.map((f) => [f.path, f.fixes]));
  return (path) => fixes.get(path) ?? 0;
}

/**
 * Whether the fixes that changed a file's most complex function, rather than the whole file's,
 * decide its findings (complex-file below the untestable size, hotspot): a hard-to-follow
 * function in a file with repeated fixes. History asks git of these files alone
 * (analysis/history/function-fixes.ts).
 */
export function weighsFixesInFunction(fn: FunctionFact, fileFixes: number): boolean {
  return fn.name !== TOP_LEVEL && hardToFollow(fn) && fileFixes >= REPEATED_FIXES;
}

/** The fixes that changed each file's most complex function, where history counted them. */
export function functionFixesOf(history: Input["history"]): (path: string) => number | undefined {
  const counted = new Map(history.files.flatMap((h) => (h.functionFixes === undefined ? [] : [[h.path, h.functionFixes] as const])));
  return (path) => counted.get(path);
}

/** Where a file's most complex unit is, as a finding says it: `parse() at line 12`, or its code outside functions. */
export function unitPhrase(fn: FunctionFact): string {
  return fn.name === TOP_LEVEL ? "its code outside functions" : `${fn.name}() at line ${fn.line}`;
}

/**
 * `fixes`: the file's fixes in the window; `inFunction`: those that changed its most complex
 * function, where history counted them (weighsFixesInFunction).
 */
function complexity(f: Input["files"][number], fixes: number | undefined, inFunction: number | undefined): { severity: Severity; title: string; detail: string; action: string } | undefined {
  const worst = f.mostComplexFunction;
  const [complexFunction, untestable] = LIMITS.functionComplexity;
  const complex = f.complexity >= LIMITS.complexity;
  const long = f.lines >= LIMITS.lines;
  const branchy = (worst?.complexity ?? 0) >= complexFunction;
  if (!complex && !long && !branchy) return undefined;
  const unit = worst && unitPhrase(worst);
  const subject = worst && (worst.name === TOP_LEVEL ? "Code outside functions" : `Function ${worst.name}()`);
  const file = `${plural(f.complexity, "decision point")} and ${plural(f.lines, "line")} in the file, deepest nesting ${f.nesting}`;
  const fixed = fixes === undefined ? "" : `, ${plural(fixes, "fix", "fixes")} in 12 months${inFunction === undefined ? "" : `, ${inFunction} of them in ${worst!.name}()`}`;
  // A fix elsewhere in a long file says nothing of this function: its own count decides when known.
  const landed = inFunction ?? fixes ?? 0;
  const repeated = landed >= REPEATED_FIXES;
  const split = `Split ${worst?.name === TOP_LEVEL ? "the code outside functions into functions" : `${worst?.name}() into smaller functions`} with early returns and one job each, and cover its branches with tests.`;
  if (hardToFollow(worst) && (fixes === undefined || (structural(worst!) >= untestable ? landed >= FIXES_FOR_HIGH : repeated))) {
    const severity: Severity = structural(worst!) >= untestable ? "high" : "medium";
    const counted = (worst!.cases ?? 0) > 1 ? ` counting its switch once: ${structural(worst!)},` : "";
    const why = severity === "high" ? `${counted} at or above ${untestable}`.trim() : `${counted} at or above ${complexFunction}, control statements nested ${worst!.depth} deep`.trim();
    return {
      severity,
      title: `${subject} with ${worst!.complexity} decision points${severity === "medium" ? `, nested ${worst!.depth} deep` : ""}`,
      detail: `${unit}: ${worst!.complexity} decision points (${why})${fixed}; ${file}`,
      action: split,
    };
  }
  if (hardToFollow(worst)) {
    const threshold = structural(worst!) >= untestable ? FIXES_FOR_HIGH : REPEATED_FIXES;
    return {
      severity: "low",
      title: `${subject} with ${worst!.complexity} decision points, nested ${worst!.depth} deep`,
      detail: inFunction !== undefined
        ? `${unit}: ${worst!.complexity} decision points, control statements nested ${worst!.depth} deep, but of the file's ${plural(fixes!, "fix", "fixes")} in 12 months ${inFunction ? `only ${inFunction}` : "none"} changed ${worst!.name}() (a finding from ${threshold}); ${file}`
        : `${unit}: ${worst!.complexity} decision points, control statements nested ${worst!.depth} deep, but ${fixes ? `only ${plural(fixes!, "commit")}` : "no commit"} of the last 12 months says it fixed a defect here (a finding from ${threshold}); ${file}`,
      action: `It is hard to follow but defects do not land in it: ${split[0]!.toLowerCase()}${split.slice(1, -1)} when it next has to change.`,
    };
  }
  if (dispatch(worst)) {
    return {
      severity: "low",
      title: `${subject} with ${worst!.complexity} decision points, ${worst!.cases} of them the cases of a switch`,
      detail: `${unit}: ${worst!.complexity} decision points, of which ${worst!.cases} are case labels: one path per case, ${structural(worst!)} decision points besides (a finding from ${complexFunction}); ${file}`,
      action: `It dispatches on a value; split ${worst!.name === TOP_LEVEL ? "it" : `${worst!.name}()`} only when its cases start to share work or grow long.`,
    };
  }
  if (branchy) {
    return {
      severity: "low",
      title: `${subject} with ${worst!.complexity} decision points, nested ${worst!.depth} deep`,
      detail: `${unit}: ${worst!.complexity} decision points, but its control statements nest at most ${worst!.depth} deep (a finding from ${LIMITS.depth + 1}); ${file}`,
      action: `Its branches are flat, so it reads top to bottom; split ${worst!.name === TOP_LEVEL ? "it" : `${worst!.name}()`} only when its cases start to share work or change apart.`,
    };
  }
  const size = [...(complex ? ["very complex"] : []), ...(long ? ["very long"] : [])].join(" and ");
  return {
    severity: "low",
    title: `${size[0]!.toUpperCase()}${size.slice(1)} file`,
    detail: worst ? `${file}; the most complex unit, ${unit}, has ${plural(worst.complexity, "decision point")} (below ${complexFunction})` : file,
    action: "Nothing is hard to follow in itself; split the file only if its parts have separate jobs.",
  };
}

/**
 * Very complex or very long files; files nothing imports; FIXME/HACK/TODO markers. The product's
 * own code only: generated files (migrations, protobuf output) are not split by hand, and
 * fixtures, examples and vendored code are not the project's to fix; tests keep their debt markers.
 */
export function codeFindings(report: Input): Finding[] {
  const found: Finding[] = [];
  const fixes = fixesOf(report.history);
  const inFunction = functionFixesOf(report.history);
  for (const f of report.files) {
    const role = f.role;
    if (role !== "source" && role !== "test") continue;
    const measured = role === "source" ? complexity(f, fixes?.(f.path), inFunction(f.path)) : undefined;
    if (measured) {
      const { severity, title, detail, action } = measured;
      const line = f.mostComplexFunction && f.mostComplexFunction.name !== TOP_LEVEL ? f.mostComplexFunction.line : undefined;
      found.push(finding("complexity", "complex-file", severity, f.path, {
        title,
        evidence: [{ file: f.path, ...(line && severity !== "low" ? { line } : {}), detail }],
        action,
        task: { title: `Simplify ${f.path}`, detail: `${f.path}: ${detail}. ${action}` },
      }));
    }
    if (f.unused && role === "source") {
      found.push(finding("dead-code", "unused-file", "low", f.path, {
        title: "File nothing imports",
        evidence: [{ file: f.path, detail: "no importer, and not a test, main, config, route or manifest entry" }],
        action: "Delete it if it is dead; if something loads it by convention, add it to the entry points (or import it).",
        task: { title: `Remove or wire up ${f.path}`, detail: `Nothing imports ${f.path} and it does not look like an entry point. Delete it or make its use explicit.` },
      }));
    }
    if (f.markers.length) {
      // Low, FIXME and HACK too: the authors wrote the defect down themselves, and of ten read on
      // public code, eight recorded a limitation kept on purpose, an upstream wait or a note on
      // behaviour; what is left to act on the text cannot tell.
      found.push(finding("debt", "debt-markers", "low", f.path, {
        title: `${f.markers.length} debt marker${f.markers.length === 1 ? "" : "s"} (${[...new Set(f.markers.map((m) => m.kind))].join(", ")})`,
        evidence: f.markers.map((m) => ({ file: f.path, line: m.line, detail: `${m.kind}${m.text ? `: ${m.text}` : ""}` })),
        action: "Read them when you next change the file: resolve those whose reason is gone, turn the rest into tasks. A FIXME or HACK is a defect or shortcut the authors knew of.",
        task: { title: `Resolve the debt markers in ${f.path}`, detail: f.markers.map((m) => `- line ${m.line}: ${m.kind} ${m.text}`).join("\n") },
      }));
    }
  }
  return found;
}
