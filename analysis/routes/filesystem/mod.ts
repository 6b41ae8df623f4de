/**
 * File-system routes: frameworks whose routes are files (Next.js, Nuxt, SvelteKit, Remix, TanStack Start,
 * Astro, Dart Frog, Medusa, Leptos), detected per app folder from its manifests, with the handlers each module exports.
 */
import { isTestFile } from "../../entry-points.ts";
import { ancestors, dirOf } from "../../project.ts";
import type { LinkedRoute } from "../link.ts";
import type { RouteRegistration } from "../registration.ts";
import { astro } from "./astro.ts";
import type { FsFramework } from "./framework.ts";
import { next } from "./next.ts";
import { nuxt } from "./nuxt.ts";
import { leptos } from "./leptos.ts";
import { remix } from "./remix.ts";
import { tanstackStart } from "./tanstack-start.ts";
import { sveltekit } from "./sveltekit.ts";
import { dartFrog } from "./dart-frog.ts";
import { medusa } from "./medusa.ts";
import { serverGuards } from "./server-middleware.ts";

export const FS_FRAMEWORKS: readonly FsFramework[] = [next, nuxt, sveltekit, remix, tanstackStart, astro, dartFrog, medusa, leptos];

// A module a JavaScript or TypeScript package keeps its settings in.
const SCRIPT = /\.[cm]?[jt]sx?$/;

/** What the stage reads of the repository: every listed path and parsed manifests. */
export type FsProject = { listed: Iterable<string>; json(path: string): unknown; text(path: string): string | undefined };

type Manifest = {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/**
 * The routes of every app folder whose manifest (its package.json or one above it) declares a
 * file-system framework, or that holds the framework's config file. Files belong to the
 * nearest app folder above them; test files and dependencies are never routes.
 */
export function filesystemRoutes(project: FsProject, exportsOf: (file: string) => RouteRegistration[]): LinkedRoute[] {
  const listed = [...project.listed].filter((p) => !/(^|\/)node_modules\//.test(p));
  const versions = new Map<string, Map<string, string>>();
  // The folder of each package of the workspace, by its name.
  const packages = new Map<string, string>();
  for (const path of listed) {
    if (path !== "package.json" && !path.endsWith("/package.json")) continue;
    const manifest = project.json(path) as Manifest | undefined;
    if (!manifest || typeof manifest !== "object") continue;
    if (typeof manifest.name === "string") packages.set(manifest.name, dirOf(path));
    versions.set(
      dirOf(path),
      new Map(Object.entries({ ...manifest.peerDependencies, ...manifest.devDependencies, ...manifest.dependencies })),
    );
  }
  const configs = new Map<string, string[]>();
  for (const path of listed) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (FS_FRAMEWORKS.some((f) => f.configs.test(name))) {
      configs.set(dirOf(path), [...(configs.get(dirOf(path)) ?? []), name]);
    }
  }
  const apps = new Set([...versions.keys(), ...configs.keys()]);
  const appOf = (path: string) => {
    for (let dir = dirOf(path);; dir = dirOf(dir)) {
      if (apps.has(dir)) return dir;
      if (dir === "") return undefined;
    }
  };
  const filesOf = new Map<string, string[]>();
  for (const path of listed) {
    const app = appOf(path);
    if (app !== undefined && !isTestFile(path)) filesOf.set(app, [...(filesOf.get(app) ?? []), path]);
  }

  const routes: LinkedRoute[] = [];
  for (const [dir, files] of filesOf) {
    const base = dir ? dir + "/" : "";
    const version = (name: string) => {
      for (let d = dir;; d = dirOf(d)) {
        const found = versions.get(d)?.get(name);
        if (found !== undefined || d === "") return found;
      }
    };
    const declared = (f: FsFramework) =>
      (configs.get(dir) ?? []).some((c) => f.configs.test(c)) ||
      ancestors(dir).some((d) => [...(versions.get(d)?.keys() ?? [])].some((p) => f.packages.test(p)));
    const app = {
      files: files.map((f) => f.slice(base.length)),
      exports: (file: string) => exportsOf(base + file),
      text: (file: string) => project.text(base + file),
      version,
      elsewhere: (word: string, through: string) => {
        // Only the packages that depend on it themselves: on payload, reading every file of the packages
        // each Next.js app depends on (none of them on next-intl) cost the console a second and about 40 MB.
        const used = [...(versions.get(dir)?.keys() ?? [])].flatMap((name) => packages.get(name) ?? []).filter((d) => d !== dir && versions.get(d)?.has(through));
        if (!used.length) return [];
        return listed.filter((path) => SCRIPT.test(path) && used.some((d) => path.startsWith(`${d}/`)) && !isTestFile(path)).flatMap((path) => {
          const text = project.text(path);
          return text?.includes(word) ? [text] : [];
        });
      },
    };
    const frameworks = FS_FRAMEWORKS.filter(declared);
    // The app's own server in front of its file routes may guard them all.
    const server = frameworks.length ? serverGuards(app) : [];
    for (const framework of frameworks) {
      for (const r of framework.routes(app)) {
        const guards = server.filter((g) => g.covers(r.path)).map((g) => g.guard);
        routes.push({ ...r, ...(guards.length ? { guards: [...new Set([...r.guards, ...guards])] } : {}), file: base + r.file, framework: framework.id });
      }
    }
  }
  return routes;
}

