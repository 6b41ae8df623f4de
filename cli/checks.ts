import type { CheckName } from "../workflow/tasks/mod.ts";
import type { Command } from "./command.ts";

const SUMMARIES: Record<CheckName, string> = {
  validate: "check that the task and subtask files are well-formed, criteria covered, dependencies sound",
  verify: "run the repository's verification commands (test, lint, typecheck) and record the outcome",
  guard: "check that changed files stay within the task's scope and break no architecture rule",
  security: "check that the change adds no secrets, unguarded write routes or undocumented env vars",
  deps: "list dependency changes in manifests and lockfiles since the task started",
  readiness: "check that criteria are specified and tested, subtasks done and checks passed",
  checkpoint: "record the working tree as a git checkpoint under refs/tool/, without touching your branch",
  review: "a structured review of the task's diff from the analysis (written to review.md)",
  pr: "prepare the pull request from the task and open it with gh or glab when signed in",
};

/** One command per check: `tool <check> <task>`; exit 0 when it passed, 1 when it did not. */
function checkCommand(name: CheckName): Command {
  const diff = name === "review";
  return {
    name,
    summary: SUMMARIES[name],
    usage: `tool ${name} <task>${diff ? " --diff" : ""} [--json]`,
    details: "The outcome is recorded as evidence in the task's state.json. Exit 0 when the check passed, 1 when it did not.",
    options: diff ? { diff: { type: "boolean" } } : {},
    maxPositionals: 1,
    async run(context) {
      const id = context.positionals[0];
      if (!id) throw new TypeError(`give the task id: tool ${name} <task>`);
      const { runCheck } = await import("../workflow/tasks/checks/mod.ts");
      const result = await runCheck(context.root, id, name, context.values);
      if (context.json) context.printJson({ task: id, check: name, ok: result.ok, summary: result.summary, details: result.details });
      else context.stdout(`${name} ${result.ok ? "passed" : "failed"}: ${result.summary}\n\n${result.text}`.trimEnd());
      return result.ok ? 0 : 1;
    },
  };
}

export const checkCommands: Command[] = (["validate", "verify", "guard", "security", "deps", "readiness", "checkpoint", "review", "pr"] as const).map(checkCommand);
