import type { Registration } from "./registration.ts";
import type { RouteSource } from "./source.ts";

/**
 * A framework plug-in: which files it reads and what it finds in them. Scanners are local
 * and cheap: they report registrations of one file; mounts and prefixes across files are
 * the linker's job. Adding a framework is one module and one line in frameworks/mod.ts.
 */
export type Framework = {
  id: string;
  name: string;
  /** Language ids whose files it scans. */
  languages: readonly string[];
  /** A cheap test on the raw text; only files that pass are stripped and scanned. */
  hint: RegExp;
  /**
   * Where the framework's files can be (file-system routers: `app/`, `pages/`, `routes/`...):
   * files elsewhere are not even hinted. A hint joins the one pattern of its language's hints
   * only without this and `contains`; each alternative there costs every file.
   */
  paths?: RegExp;
  /** Text every file of the framework holds (`Elysia`), searched before the hint: a plain search is far cheaper. */
  contains?: string;
  scan(source: RouteSource): Registration[];
};
