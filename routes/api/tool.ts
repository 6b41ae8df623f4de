import { runCli } from "../../cli/run.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";

/** Runs a `tool` command in this process on the write queue, then refreshes the index so every page sees it. */
export async function runTool(service: ProjectService, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await service.queue.run(`tool ${args[0]}`, async () => {
    let stdout = "";
    let stderr = "";
    const code = await runCli([...args, "--root", service.root], {
      cwd: service.root,
      env: {},
      stdout: (text) => (stdout += text + "\n"),
      stderr: (text) => (stderr += text + "\n"),
      stderrIsTTY: false,
    });
    return { code, stdout, stderr };
  });
  service.refresh().catch(() => {});
  return result;
}

/**
 * Runs a `tool` command as runTool does; a refusal of the user's input (exit 2) is a RangeError
 * with the command's one line, so the answer is a 400 naming the field, as for any bad body.
 */
export async function runToolOrRefuse(service: ProjectService, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const result = await runTool(service, args);
  if (result.code === 2) throw new RangeError(result.stderr.trim().replace(/^tool [\w-]+: /, ""));
  return result;
}
