import { spawnSync } from "node:child_process";
import type { Report } from "../analysis/schema.ts";
import { tryReadInside } from "../core/inside.ts";
import { findDocuments } from "./index/docs.ts";
import { listLoops } from "./loops/store.ts";
import { readTask, taskIds } from "./tasks/read.ts";
import type { Task } from "./tasks/schema.ts";

const git = (root: string, args: string[]) => {
  const out = spawnSync("git", ["--no-optional-locks", ...args], { cwd: root, encoding: "utf8" });
  return out.status === 0 ? out.stdout : undefined;
};

/**
 * Why a line exists, from what the repository records: the commit that last changed it (its
 * message, never its author), the tasks that name the commit, its branch or the file, their
 * criteria and checks, the loop iterations that changed the file, the decision records that
 * name the file or its component, and the contracts that describe its routes.
 */
export function whyLine(root: string, report: Report, file: string, line: number) {
  const node = report.files.find((f) => f.path === file);
  if (!node) throw new RangeError(`"file" ${file} is not a file the analysis knows (a source file inside the repository)`);
  const text = tryReadInside(root, file);
  if (text === undefined) throw new RangeError(`"file" ${file} cannot be read`);
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (!Number.isInteger(line) || line < 1 || line > lines) throw new RangeError(`"line" must be from 1 to ${lines} in ${file}, not ${line}`);

  const blame = git(root, ["blame", "--porcelain", "-L", `${line},${line}`, "--", file]);
  const hash = blame ? /^([0-9a-f]{40})/.exec(blame)?.[1] : undefined;
  const committed = hash && !/^0+$/.test(hash);
  const message = committed ? (git(root, ["show", "-s", "--format=%s%n%n%b", hash]) ?? "").trim() : "";
  const branches = committed ? (git(root, ["branch", "--contains", hash, "--format=%(refname:short)"]) ?? "").split("\n").filter(Boolean) : [];
  const commit = committed
    ? { hash, subject: message.split("\n")[0] ?? "", body: message.split("\n").slice(2).join("\n").trim().slice(0, 2000), date: (git(root, ["show", "-s", "--format=%cI", hash]) ?? "").trim(), branches }
    : null;

  const named = (task: Task) => [message, ...branches].some((text) => new RegExp(`(^|[^a-z0-9-])${task.id}([^a-z0-9-]|$)`).test(text));
  const tasks = taskIds(root).flatMap((id) => {
    try {
      const task = readTask(root, id);
      const subtasks = task.subtasks.filter((s) => s.files.includes(file));
      if (!named(task) && !subtasks.length) return [];
      const criteria = subtasks.length ? task.criteria.filter((c) => subtasks.some((s) => s.criteria.includes(c.id))) : task.criteria;
      return [{
        id: task.id, title: task.title, stage: task.stage, how: named(task) ? "named by the commit or its branch" : "a subtask lists the file",
        subtasks: subtasks.map((s) => ({ id: s.id, title: s.title, status: s.status })),
        criteria: criteria.map((c) => ({ id: c.id, text: c.text, tested: c.tested })),
        checks: Object.entries(task.evidence).map(([check, e]) => ({ check, ok: e.ok, summary: e.summary, at: e.at })),
      }];
    } catch {
      return [];
    }
  });

  const loops = listLoops(root).flatMap((loop) => loop.iterations.filter((it) => it.decision === "accepted" && it.changed.includes(file)).map((it) => ({
    task: loop.task, loop: loop.id, iteration: it.n, subtask: it.subtask, reasons: it.reasons, gates: it.gates.map((g) => `${g.gate} ${g.status}`),
  })));

  const listed = (git(root, ["ls-files", "-z"]) ?? "").split("\0").filter(Boolean);
  const adrs = findDocuments(root, listed).adrs.filter((doc) => doc.content.includes(file) || (node.component && new RegExp(`\\b${node.component.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\b`).test(doc.content)));
  const routes = report.routes.items.filter((r) => r.file === file);
  const contracts = report.routes.contracts.filter((c) => c.operations.some((op) => routes.some((r) => r.method === op.method && r.path === op.path)))
    .map((c) => ({ file: c.file, kind: c.kind, operations: c.operations.filter((op) => routes.some((r) => r.method === op.method && r.path === op.path)).map((op) => `${op.method} ${op.path}`) }));

  return {
    file, line, text: text.split("\n")[line - 1] ?? "", component: node.component,
    commit: commit ?? { note: "this line is not committed yet" },
    tasks,
    loops,
    decisions: adrs.map((d) => ({ path: d.path, title: d.title })),
    contracts,
  };
}
