import type { Check } from "./check.ts";

/** Task and subtask files well-formed, criteria present and covered by subtasks, dependencies sound. */
export const validate: Check = ({ task }) => {
  const problems = [
    ...task.subtaskProblems.map((p) => `${p.file}: ${p.message}`),
    ...(task.criteria.length ? [] : ["task.md has no acceptance criteria (`- AC-1: ...` under ## Acceptance criteria)"]),
    ...task.criteria.filter((c) => !c.specified).map((c) => `${c.id} is not carried by a subtask nor named in an artifact`),
    ...(task.goal ? [] : ["task.md has no goal"]),
  ];
  const ok = problems.length === 0;
  return {
    ok,
    summary: ok ? `well-formed: ${task.criteria.length} criteria, ${task.subtasks.length} subtasks` : `${problems.length} problems`,
    details: { problems },
    text: ok ? "The task, its criteria and subtasks are sound." : problems.map((p) => `- ${p}`).join("\n"),
  };
};
