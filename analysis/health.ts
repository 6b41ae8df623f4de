import type { Deduction, Health, HealthRule } from "./schema.ts";

/** SPEC.md's weights: how much of the score a rule may take, scaled by the share of files it touches. */
export const HEALTH_WEIGHTS: Record<HealthRule, number> = {
  "import-cycle": 3,
  "hub-file": 2,
  "boundary-violation": 3,
};

/**
 * Health as SPEC.md defines it: start at 100; for each rule that affects any file, deduct
 * max(1, round(weight x 100 x share of source files affected)); every deduction lists its files.
 */
export function computeHealth(sourceFiles: number, affected: Partial<Record<HealthRule, Iterable<string>>>): Health {
  const deductions: Deduction[] = [];
  for (const rule of Object.keys(HEALTH_WEIGHTS) as HealthRule[]) {
    const files = [...new Set(affected[rule] ?? [])].sort();
    if (files.length === 0 || sourceFiles === 0) continue;
    const weight = HEALTH_WEIGHTS[rule];
    const share = files.length / sourceFiles;
    deductions.push({ rule, weight, points: Math.max(1, Math.round(weight * 100 * share)), share, files });
  }
  const score = Math.max(0, 100 - deductions.reduce((sum, d) => sum + d.points, 0));
  return { score, sourceFiles, deductions };
}
