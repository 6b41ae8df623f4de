import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { join } from "node:path";
import { agentConfiguration } from "./agents/config.ts";
import { activeAdapter, installedState } from "./capabilities/install.ts";
import { readSettings } from "./settings.ts";

export type DoctorCheck = { name: string; status: "ok" | "warn" | "fail"; detail: string; fix?: string };

const runs = (command: string, args: string[], cwd: string) => {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "pipe"] });
  return { ok: !result.error && result.status === 0, missing: (result.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT", out: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
};

/**
 * What a team needs in place for tool to work fully, each with a fix: git and a repository,
 * a writable `.tool`, a valid config, the agent providers, gh or glab signed in, the adapter's
 * installed files current. Reads only; `tool doctor` exits 1 when a check fails.
 */
export function doctor(root: string): DoctorCheck[] {
  const checks: DoctorCheck[] = [];
  const git = runs("git", ["--version"], root);
  if (git.missing) checks.push({ name: "git", status: "fail", detail: "git is not installed", fix: "install git (apt-get install git, brew install git)" });
  else {
    const inside = runs("git", ["rev-parse", "--is-inside-work-tree"], root);
    checks.push(inside.ok
      ? { name: "git", status: "ok", detail: `${git.out}; a repository` }
      : { name: "git", status: "fail", detail: "not a git repository: history, checkpoints and loops need one", fix: "git init && git add -A && git commit -m first" });
  }
  const tool = join(root, ".tool");
  try {
    accessSync(existsSync(tool) ? tool : root, constants.W_OK);
    checks.push({ name: ".tool writable", status: "ok", detail: existsSync(tool) ? ".tool can be written" : ".tool does not exist yet and can be made" });
  } catch {
    checks.push({ name: ".tool writable", status: "fail", detail: `${existsSync(tool) ? ".tool" : "the repository folder"} is not writable: tasks and caches cannot be kept`, fix: `chmod u+w ${existsSync(tool) ? ".tool" : "."}` });
  }
  const settings = readSettings(root);
  checks.push(settings.configErrors.length
    ? { name: "config", status: "fail", detail: settings.configErrors.map((e) => `"${e.key}" ${e.reason}`).join("; "), fix: "fix .tool/config.json as said; every page still works meanwhile" }
    : { name: "config", status: "ok", detail: settings.exists ? ".tool/config.json is valid" : "no .tool/config.json: the defaults apply" });
  const agents = agentConfiguration(root);
  for (const provider of agents.providers) {
    if (!provider.installed) checks.push({ name: `agent ${provider.id}`, status: provider.trusted ? "fail" : "warn", detail: `${provider.name} is not installed${provider.trusted ? " but is trusted" : ""}`, fix: provider.install });
    else checks.push(provider.trusted
      ? { name: `agent ${provider.id}`, status: "ok", detail: `${provider.name} installed, trusted up to ${provider.maxPermission}` }
      : { name: `agent ${provider.id}`, status: "warn", detail: `${provider.name} installed, not trusted`, fix: `tool agent trust ${provider.id}` });
  }
  const gh = runs("gh", ["auth", "status"], root);
  const glab = runs("glab", ["auth", "status"], root);
  checks.push(gh.ok || glab.ok
    ? { name: "pull requests", status: "ok", detail: `${gh.ok ? "gh" : "glab"} is signed in` }
    : { name: "pull requests", status: "warn", detail: gh.missing && glab.missing ? "neither gh nor glab is installed: the pr flow prepares the pull request but cannot open it" : "gh or glab is installed but not signed in", fix: gh.missing && glab.missing ? "install GitHub's gh (or GitLab's glab)" : "gh auth login" });
  const adapter = activeAdapter(root);
  const installed = installedState(root).filter((i) => i.adapter === adapter);
  const stale = installed.filter((i) => i.state !== "current" || i.outdated);
  checks.push(stale.length
    ? { name: `adapter ${adapter}`, status: "warn", detail: stale.map((i) => `${i.ref} ${i.state !== "current" ? i.state : "outdated"}`).join("; "), fix: "tool capability sync --apply (edited files are kept unless --force)" }
    : { name: `adapter ${adapter}`, status: "ok", detail: installed.length ? `${installed.length} capabilities installed, all current` : "no capability installed yet: tool catalog search" });
  return checks;
}
