import { Hono } from "hono";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { cachedJson, sendCached } from "../cached.ts";

/** `?refresh`, `?refresh=1`, `?refresh=true` force; `?refresh=0` and `?refresh=false` do not. */
const isSet = (value: string | undefined): boolean => value !== undefined && !/^(0|false|no)$/i.test(value);

/**
 * GET /api/devtools: the analysis report, built on first request and cached until the index
 * refreshes; `refresh` forces a new analysis. Concurrent requests share one build.
 */
export const devtoolsRoutes = (service: ProjectService) =>
  new Hono().get("/devtools", async (c) => {
    const report = await service.report({ refresh: isSet(c.req.query("refresh")) });
    return sendCached(c, cachedJson(report));
  });
