import type { Subtask, Task } from "../tasks/schema.ts";

/** The prompt of a run: the task's goal and criteria, the subtask's work, the fix list, the user's words. */
export function buildPrompt(task: Task, subtask: Subtask | undefined, options: { prompt?: string; issues?: string[] }): string {
  const lines = [`You are working on the task "${task.title}" (${task.id}) in this repository.`, "", "Goal:", task.goal || task.title];
  if (task.criteria.length) lines.push("", "Acceptance criteria:", ...task.criteria.map((c) => `- ${c.id}: ${c.text}`));
  if (subtask) {
    lines.push("", `Your part now is subtask ${subtask.id}: ${subtask.title}`);
    if (subtask.checklist.length) lines.push("Checklist:", ...subtask.checklist.map((item) => `- [${item.done ? "x" : " "}] ${item.text}`));
    if (subtask.files.length) lines.push(`Files it touches: ${subtask.files.join(", ")}`);
    if (subtask.criteria.length) lines.push(`It serves: ${subtask.criteria.join(", ")}`);
  }
  if (options.issues?.length) lines.push("", "Fix these issues found in your last change:", ...options.issues.map((issue) => `- ${issue}`));
  if (options.prompt?.trim()) lines.push("", options.prompt.trim());
  lines.push("", "Work in this repository only. When you are done, say in a few lines what you changed and how you checked it.");
  return lines.join("\n");
}
