/** @jsxImportSource hono/jsx */
import { type Context, Hono } from "hono";
import { z } from "zod";
import { isUserError } from "../../core/errors.ts";
import { LoopList } from "../../views/loops/list.tsx";
import { LoopPage } from "../../views/loops/page.tsx";
import { renderView } from "../../views/shell.tsx";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { verifyLedger } from "../../workflow/loops/ledger.ts";
import { checkIds, ledgerPath, listLoops, loopDetail, loopSummary, requestStop } from "../../workflow/loops/store.ts";
import { readJson } from "../validate.ts";

/** The Loops page and a loop's page; the stop form posts here and gets the page back. */
export const loopViewRoutes = (service: ProjectService) =>
  new Hono()
    .get("/ui/loops", (c) => renderView(c, "Loops", <LoopList loops={listLoops(service.root).map(loopSummary)} />))
    .get("/ui/loop/:task/:id", (c) => page(c, service.root))
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
