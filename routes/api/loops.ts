import { Hono } from "hono";
import { z } from "zod";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { verifyLedger } from "../../workflow/loops/ledger.ts";
import { checkIds, ledgerPath, listLoops, loopDetail, loopSummary, readLoopState, requestStop } from "../../workflow/loops/store.ts";
import { NO_STORE } from "../errors.ts";
import { readJson, readQuery } from "../validate.ts";

const LoopQuery = z.object({ task: z.string(), id: z.string() });
const StopBody = z.strictObject({ task: z.string(), id: z.string(), reason: z.string().max(2000).optional() });

/**
 * The loops of every task, read from their state files, so loops started in a terminal or in
 * CI appear as well as the console's own: the list, one loop in detail, its ledger check, and
 * the stop request. A stop is not queued behind other writes: it only writes the loop's own
 * stop file, which the loop polls, and it must take effect while a long write runs.
 */
export const loopRoutes = (service: ProjectService) =>
  new Hono()
    .get("/loops", (c) => c.json({ loops: listLoops(service.root).map(loopSummary) }, 200, NO_STORE))
    .get("/loop", (c) => {
      const { task, id } = readQuery(c, LoopQuery);
      return c.json(loopDetail(service.root, task, id), 200, NO_STORE);
    })
    .get("/loop/ledger", (c) => {
      const { task, id } = readQuery(c, LoopQuery);
      const state = readLoopState(service.root, task, id);
      return c.json(verifyLedger(service.root, ledgerPath(service.root, task, id), state.ledger ?? undefined), 200, NO_STORE);
    })
    .post("/loops/stop", async (c) => {
      const { task, id, reason } = await readJson(c, StopBody);
      checkIds(task, id);
      requestStop(service.root, task, id, reason);
      return c.json({ requested: true }, 202, NO_STORE);
    });
