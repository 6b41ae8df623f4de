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
