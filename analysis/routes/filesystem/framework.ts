import type { RouteRegistration } from "../registration.ts";

/** A route a file-system framework serves from one file, with the file relative to the app's folder. */
export type FsRoute = {
  method: string;
  path: string;
  file: string;
  line: number;
  handler: string;
  guards: string[];
  /** `client`: a page the browser renders alone (a single-page app's), no route of the server's. */
  kind: "http" | "fs" | "client";
  /** The handler says it is public on purpose (it calls its auth helper with `skipAuth: true`). */
  public?: boolean;
};

/** One app folder (where its package.json is) as a file-system framework sees it. */
export type FsApp = {
  /** Every file of the app, relative to its folder: sources, and pages in other formats (`.astro`, `.md`). */
  files: readonly string[];
  /** What the route module at a relative path exports (frameworks/fs-exports.ts); empty when it exports no handler. */
  exports(file: string): RouteRegistration[];
  /** The text of a file of the app, at a path relative to its folder. */
  text(file: string): string | undefined;
  /** The version range the app's manifests declare for a package, if any. */
  version(name: string): string | undefined;
  /**
   * The texts of the script files that hold a word in the workspace packages the app depends on
   * which themselves depend on the package `through` (a setting of it kept in such a package).
   */
  elsewhere(word: string, through: string): string[];
};

/**
 * A file-system routing convention: which manifests declare it (a package name or a config
 * file in the app folder) and the routes its files make. Adding one is one module and one
 * line in filesystem/mod.ts.
 */
export type FsFramework = {
  id: string;
  name: string;
  /** Package names that declare it: `next`, `@remix-run/react`. */
  packages: RegExp;
  /** Config files in the app folder that declare it: `next.config.mjs`. */
  configs: RegExp;
  routes(app: FsApp): FsRoute[];
};
