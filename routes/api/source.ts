import { Hono } from "hono";
import { z } from "zod";
import { ToolError } from "../../core/errors.ts";
import type { ProjectService } from "../../workflow/index/mod.ts";
import { sourceFile } from "../../workflow/source.ts";
import { NO_STORE } from "../errors.ts";
import { readQuery } from "../validate.ts";

const SourceQuery = z.object({ file: z.string().min(1).max(4096) });

/** GET /api/source?file=: a file the analysis knows, at most 4000 lines; 404 for anything else. */
export const sourceRoutes = (service: ProjectService) =>
  new Hono().get("/source", async (c) => {
    const { file } = readQuery(c, SourceQuery);
    const source = sourceFile(await service.report(), file);
    if (!source) throw new ToolError("unknown-file", `Unknown file: "${file}" is not a file the analysis knows`, 404);
    return c.json(source, 200, NO_STORE);
  });
