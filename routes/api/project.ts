import { Hono } from "hono";
import { z } from "zod";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { cachedJson, sendCached } from "../cached.ts";
import { readJson } from "../validate.ts";

/** POST /api/refresh takes no fields: an empty body or `{}`. */
const RefreshBody = z.strictObject({}).optional();

/** GET /api/project (the index, serialized once per rebuild) and POST /api/refresh. */
export const projectRoutes = (service: ProjectService) =>
  new Hono()
    .get("/project", async (c) => {
      const snapshot = await service.snapshot();
      return sendCached(c, cachedJson(snapshot, () => snapshot.json));
    })
    .post("/refresh", async (c) => {
      await readJson(c, RefreshBody);
      await service.refresh();
      return c.body(null, 204);
    });
