/** The task store: tasks, subtasks, criteria, artifacts and their machine state under `.tool/tasks/`. */
export { readTask, readTaskFile, taskIds, TASKS_DIR, taskDir } from "./read.ts";
export { addSubtask, createTask, markDone, normalizeSlug, recordEvidence, reopenTask, setSubtaskStatus, updateState } from "./write.ts";
export { DEFAULT_PRESET, nextCommand, PRESET_NAMES, PRESETS } from "./presets.ts";
export * from "./schema.ts";
