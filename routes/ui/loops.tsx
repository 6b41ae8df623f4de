/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { isUserError } from "../../core/errors.ts";
import { LoopList } from "../../views/loops/list.tsx";
import { LoopPage } from "../../views/loops/page.tsx";
import { renderView } from "../../views/shell.tsx";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { verifyLedger } from "../../workflow/loops/ledger.ts";
import { findRecordedRun, runHistory } from "../../workflow/agents/mod.ts";
import { AgentEvents } from "../../views/tasks/agents.tsx";
import { checkIds, ledgerPath, listLoops, loopDetail, loopSummary, requestStop } from "../../workflow/loops/store.ts";
import { readJson } from "../validate.ts";

/** The Loops page and a loop's page; the stop form posts here and gets the page back. */
export const loopViewRoutes = (service: ProjectService) =>
  new Hono()
    .get("/ui/loops", (c) => renderView(c, "Loops", <LoopList loops={listLoops(service.root).map(loopSummary)} />))
    .get("/ui/loop/:task/:id", (c) => page(c, service.root))
    // The agent's transcript of the running iteration: the loop's own process writes it as it
    // comes, and the page asks for it every two seconds while the loop is live.
    .get("/ui/loop/:task/:id/agent", (c) => {
      const { task, id } = ids(c);
      const state = loopDetail(service.root, task, id).state;
      const latest = runHistory(service.root).find((r) => r.task === task && r.startedAt >= state.startedAt);
      const run = latest ? findRecordedRun(service.root, latest.id) : undefined;
      if (!run) return c.html(<p class="empty">No agent has run in this loop yet.</p>);
      return c.html(<><p class="muted">{run.provider} on subtask {run.subtask}: {run.status}</p><AgentEvents events={run.events.slice(-200)} /></>);
    })
    .post("/ui/loop/:task/:id/stop", async (c) => {
      const { reason } = await readJson(c, z.object({ reason: z.string().max(2000).optional() }));
      const { task, id } = ids(c);
      try {
        requestStop(service.root, task, id, reason);
        return page(c, service.root, { ok: true, text: "Stop requested: the loop rolls back its current iteration and ends." });
      } catch (error) {
        if (!isUserError(error)) throw error;
        return page(c, service.root, { ok: false, text: (error as Error).message });
      }
    });

function ids(c: Context): { task: string; id: string } {
  const task = c.req.param("task") ?? "";
  const id = c.req.param("id") ?? "";
  checkIds(task, id);
  return { task, id };
}

function page(c: Context, root: string, notice?: { ok: boolean; text: string }) {
  const { task, id } = ids(c);
  const detail = loopDetail(root, task, id);
  const ledger = verifyLedger(root, ledgerPath(root, task, id), detail.state.ledger ?? undefined);
  return renderView(c, `Loop ${id}`, <LoopPage detail={detail} ledger={ledger} notice={notice} />);
}
