import picomatch from "picomatch";
import { analyze } from "../../../analysis/mod.ts";
import type { Check } from "./check.ts";
import { changedFiles } from "./git.ts";

/**
 * The change stays where the task said it would: every changed file matches the task's
 * Scope (globs or paths; a folder covers what is below it), and no changed file breaks an
 * architecture rule of .tool/config.json.
 */
export const guard: Check = ({ root, task, base }) => {
  const changed = changedFiles(root, base);
  const patterns = task.scope.flatMap((s) => (/[*?[{]/.test(s) ? [s] : [s, `${s.replace(/\/$/, "")}/**`]));
  const inScope = patterns.length ? picomatch(patterns, { dot: true }) : () => true;
  const outside = changed.filter((f) => !inScope(f));
  const violations = analyze(root).components.boundaryViolations.filter((v) => changed.includes(v.from));
  const ok = outside.length === 0 && violations.length === 0;
  const lines = [
    ...(patterns.length ? [] : ["The task declares no scope: every file is allowed (add paths under ## Scope in task.md)."]),
    ...outside.map((f) => `- outside the scope: ${f}`),
    ...violations.map((v) => `- ${v.from}:${v.line} imports ${v.to}: ${v.reason}`),
  ];
  return {
    ok,
    summary: ok ? `${changed.length} changed files within scope, no rule broken` : `${outside.length} files outside the scope, ${violations.length} rule violations`,
    details: { changed, outside, violations, scope: task.scope },
    text: lines.join("\n") || "All changed files are within the scope.",
  };
};
