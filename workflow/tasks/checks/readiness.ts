import type { Check } from "./check.ts";

/** Ready to ship: criteria specified and tested, subtasks done, and the workflow's checks passed. */
export const readiness: Check = ({ task }) => {
  const required = ["validate", "verify", ...task.stages.filter((s) => s === "review" || s === "security")];
  const gaps = [
    ...task.criteria.filter((c) => !c.specified).map((c) => `${c.id} not specified`),
    ...task.criteria.filter((c) => !c.tested).map((c) => `${c.id} not tested (no recorded evidence names it)`),
    ...task.subtasks.filter((s) => s.status !== "done").map((s) => `subtask ${s.id} is ${s.status}`),
    ...required.filter((check) => task.evidence[check]?.ok !== true).map((check) => `${check} has not passed`),
    ...task.subtaskProblems.map((p) => `${p.file}: ${p.message}`),
  ];
  const ok = gaps.length === 0;
  return {
    ok,
    summary: ok ? "ready: criteria tested, subtasks done, checks passed" : `${gaps.length} gaps`,
    details: { gaps, required },
    text: ok ? "Ready." : gaps.map((g) => `- ${g}`).join("\n"),
  };
};
