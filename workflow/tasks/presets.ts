/**
 * Workflows (presets): the ordered stages a task goes through and, for each stage, the
 * command that moves it on. The stage of a task is derived from its files and evidence (see
 * stage.ts), so a hand edit can never leave it out of step.
 */
export type PresetName = "standard" | "spec-driven" | "strict";
export const PRESETS: Record<PresetName, { description: string; stages: string[] }> = {
  standard: {
    description: "plan, build, verify, open a pull request",
    stages: ["plan", "build", "verify", "pr", "done"],
  },
  "spec-driven": {
    description: "write the spec first, then plan and build against it",
    stages: ["spec", "plan", "build", "verify", "pr", "done"],
  },
  strict: {
    description: "spec first, and review and security checks before the pull request",
    stages: ["spec", "plan", "build", "verify", "review", "security", "pr", "done"],
  },
};
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];
export const DEFAULT_PRESET: PresetName = "standard";

/** The command that moves a task on from a stage. */
export function nextCommand(stage: string, id: string): string {
  switch (stage) {
    case "spec":
      return `write .tool/tasks/${id}/spec.md (the spec), then: tool validate ${id}`;
    case "plan":
      return `tool subtask add ${id} --title "..." (plan the work as subtasks)`;
    case "build":
      return `tool subtask set ${id} <NN> in-progress|done`;
    case "verify":
      return `tool verify ${id}`;
    case "review":
      return `tool review ${id} --diff`;
    case "security":
      return `tool security ${id}`;
    case "pr":
      return `tool pr ${id}`;
    case "done":
      return `tool done ${id}`;
    default:
      return `tool task ${id}`;
  }
}
