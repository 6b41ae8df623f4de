/**
 * The query strings of the Devtools views, as zod schemas: a bad value is a 400 that names the
 * field. An empty field (`?method=`) means "not given", as a cleared filter sends it.
 */
import { z } from "zod";
import { FindingCategory, RouteKind, Severity } from "../../analysis/mod.ts";
import { MAP_COLOURS } from "../../analysis/reporters/map-svg.ts";
import { ROUTE_GROUPS } from "../../analysis/reporters/route-exports.ts";
import { COUPLING_SORTS } from "../../views/devtools/coupling.tsx";
import { MARKER_KINDS } from "../../views/devtools/debt.tsx";
import { DEFAULT_BASE } from "../../views/devtools/routes.tsx";

const blank = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const text = (max: number) => blank(z.string().max(max));
const page = blank(z.coerce.number<string>().int().min(1).max(1_000_000)).transform((v) => v ?? 1);
const line = blank(z.coerce.number<string>().int().min(1).max(10_000_000));

/** An http(s) base URL for curl commands and `.http` files. */
const baseUrl = blank(
  z.string().max(500).refine((v) => {
    try {
      return /^https?:$/.test(new URL(v).protocol);
    } catch {
      return false;
    }
  }, "must be an http:// or https:// URL"),
).transform((v) => v ?? DEFAULT_BASE);

/** `include=tests`: the architecture with tests, fixtures and vendored code (the product's alone by default). */
const include = blank(z.enum(["tests"], { message: "must be tests" }));

export const MapQuery = z.object({
  include,
  component: text(1000),
  colour: blank(z.enum(MAP_COLOURS)).transform((v) => v ?? "instability"),
});

const routeFilter = {
  method: blank(z.string().regex(/^[A-Za-z*]{1,20}$/, "must be an HTTP method name")).transform((v) =>
    v?.toUpperCase()
  ),
  framework: text(100),
  kind: blank(RouteKind),
  q: text(200),
  base: baseUrl,
};

export const RoutesQuery = z.object({
  ...routeFilter,
  group: blank(z.enum(ROUTE_GROUPS)).transform((v) => v ?? "prefix"),
  page,
});

export const ExportQuery = z.object({
  ...routeFilter,
  format: z.enum(["json", "csv", "md", "http"], { message: "must be one of json, csv, md, http" }),
});

export const CouplingQuery = z.object({
  include,
  sort: blank(z.enum(COUPLING_SORTS)).transform((v) => v ?? "name"),
  dir: blank(z.enum(["asc", "desc"])).transform((v) => v ?? "asc"),
  page,
});

export const CyclesQuery = z.object({
  include,
  kind: blank(z.enum(["runtime", "type"])).transform((v) => v ?? "runtime"),
  page,
});

export const HotspotsQuery = z.object({ page, cpage: page });

/** `file=a,b` (also repeated), plus `add` from the picker. */
export const ImpactQuery = z.object({ file: text(20_000), add: text(1000), page });
export const CompleteQuery = z.object({ add: text(1000) });

export const PagedQuery = z.object({ page });

export const DebtQuery = z.object({ marker: blank(z.enum(MARKER_KINDS)), page, upage: page });

export const FindingsQuery = z.object({ category: blank(FindingCategory), severity: blank(Severity), page, include });

export const SourceQuery = z.object({
  file: z.string({ message: "is required" }).min(1, "is required").max(4096),
  line,
  all: blank(z.enum(["1", "true"])),
});

export const BriefQuery = z.object({ target: z.string({ message: "is required" }).min(1, "is required").max(4096) });

/** The files of an impact query, in order, without repeats. */
export function impactFiles(query: z.infer<typeof ImpactQuery>): string[] {
  const list = [...(query.file ?? "").split(","), query.add ?? ""].map((f) => f.trim()).filter(Boolean);
  return [...new Set(list)];
}
