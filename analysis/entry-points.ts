import { join } from "node:path";
import { writeCacheFile } from "../core/atomic.ts";
import { readInside } from "../core/inside.ts";
import { CACHE_KEY } from "./cache.ts";
import { ancestors, dirOf, fileStamps, inputsUnchanged, joinPath, type ProjectFiles } from "./project.ts";
import { layoutOf } from "./roles.ts";

/**
 * Languages whose imports name files precisely enough that "imported by nobody" means
 * something. Elsewhere code is reached by name without an import (Java and C# packages and
 * namespaces, Go packages, Ruby and Elixir autoloading, Swift modules), so an unimported file
 * is normal there and is never called dead. C and C++ count for headers only: a .c file is
 * compiled, not included.
 */
const PRECISE_LANGUAGES = new Set(["typescript", "javascript", "python", "dart", "rust"]);
const HEADER = /\.(h|hh|hpp|hxx|h\+\+)$/;

const TEST = [
  // Test folders in any case (`Tests/` in Swift, `test/` in Java), and .NET test projects (`App.Tests/`).
  // A folder named `testing` is not among them: it is often production code (test utilities, a "testing" feature).
  /(^|\/)(tests?|unit[-_]?tests?|__tests__|__mocks__|specs?|e2e|cypress|playwright)\//i,
  // Test support folders: Go's `testhelpers/`, `testutil/`, `testdata/`; `test_helpers/`, `test-utils/`;
  // the project or app a Django package's tests run in (`misago/core/testproject/`, `test_app/`).
  /(^|\/)test[-_]?(?:helpers?|utils?|support|data|kit|project|app)\//i,
  /(^|\/)[\w.-]+\.(Tests?|Specs?|IntegrationTests|UnitTests)\//,
  /\.(test|spec|e2e|stories|story|bench)\.[^/]+$/,
  /(^|\/)test_[^/]+\.py$/,
  // Django's per-app test module and test base module.
  /(^|\/)tests?\.py$/,
  /_test\.(py|go|dart|exs)$/,
  /(^|\/)conftest\.py$/,
];
/** Test code: its routes are fakes (mocks, stubs), and nothing needs to import it. */
export const isTestFile = (path: string): boolean => {
  const layout = layoutOf(path);
  return TEST.some((p) => p.test(layout));
};

const ENTRY_FOLDERS = /(^|\/)(bin|cmd|scripts?|tools|examples?|bench|benches|benchmarks|migrations|seeds|fixtures|docs?|\.github|\.storybook)\//;
const CONFIG = [
  /\.config\.[^/]+$/,
  /(^|\/)\.?[\w-]+rc\.(js|cjs|mjs|ts|cts|mts)$/,
  /(^|\/)(vite|vitest|jest|webpack|rollup|babel|eslint|prettier|tailwind|postcss|next|nuxt|svelte|astro|playwright|karma|drizzle|knexfile|gulpfile|gruntfile|metro|tsup|esbuild)[.\w-]*\.[cm]?[jt]s$/i,
  /\.d\.[cm]?ts$/,
  /(^|\/)(setup|noxfile|fabfile|tasks|manage|wsgi|asgi|settings|urls|admin|apps|models|views|signals|celery|middleware|context_processors|checks)\.py$/,
  // A package's __init__.py runs whenever any module of the package is imported.
  /(^|\/)__init__\.py$/,
  // Django finds management commands and template tag libraries by their folder.
  /(^|\/)(management\/commands|templatetags)\/[^/]+\.py$/,
  /(^|\/)(build\.rs|lib\.rs|main\.rs)$/,
  /(^|\/)src\/bin\/[^/]+\.rs$/,
];
/** Files frameworks load by their place in the tree (routes, pages, layouts, hooks). */
const FRAMEWORK = [
  /(^|\/)(pages|app|routes|api|server|middleware|plugins|layouts|store|composables)\/.*\.[cm]?[jt]sx?$/,
  /(^|\/)(page|layout|route|loading|error|not-found|template|default|middleware|instrumentation|global-error)\.[cm]?[jt]sx?$/,
  /\+(page|layout|server|error)(\.server)?\.[jt]s$/,
  /(^|\/)hooks\.(server|client)\.[jt]s$/,
  /(^|\/)(service-worker|sw|worker)\.[jt]s$/,
];
const MAIN_NAMES = /(^|\/)(main|index|app|server|cli|mod|__main__|__init__|program)\.[^/.]+$/i;

/**
 * Entry points of the repository for dead-code purposes: files something outside the import
 * graph runs or loads. Manifests name some (package.json main, module, exports, bin, types,
 * and files named in scripts); conventions name the rest.
 */
export function entryPointMatcher(project: ProjectFiles): (path: string, language: string) => "entry" | "imprecise" | "candidate" {
  const named = cachedManifestEntries(project);
  const packageDirs = new Set(project.named("package.json").concat(project.named("pyproject.toml"), project.named("pubspec.yaml"), project.named("Cargo.toml")).map(dirOf));
  return (path, language) => {
    const precise = PRECISE_LANGUAGES.has(language) || ((language === "c" || language === "cpp") && HEADER.test(path));
    if (!precise) return "imprecise";
    if (named.has(stem(path))) return "entry";
    if (isTestFile(path) || ENTRY_FOLDERS.test(path) || CONFIG.some((p) => p.test(path)) || FRAMEWORK.some((p) => p.test(path))) return "entry";
    if (MAIN_NAMES.test(path)) {
      const dir = dirOf(path);
      if (!dir || dir === "src" || dir === "lib" || packageDirs.has(dir) || packageDirs.has(dirOf(dir))) return "entry";
    }
    return "candidate";
  };
}

const stem = (path: string) => path.replace(/\.(d\.)?[cm]?[jt]sx?$/, "").replace(/\.[^/.]+$/, "");

/** Bundler, framework and test-runner configuration, whose string paths name the files they build or load. */
const BUILD_CONFIG = /(^|\/)(?:(?:rollup|vite|webpack|esbuild|tsup|next|nuxt|astro|svelte|vitest|jest|karma|playwright|cypress)\.config\.[cm]?[jt]s|angular\.json|project\.json|workspace\.json)$/;
/** Django settings (`settings.py`, `settings/base.py`), whose dotted strings name the modules Django loads. */
const DJANGO_SETTINGS = /(^|\/)settings(?:\/[\w]+)?\.py$|(^|\/)settings_\w+\.py$/;
const DOTTED_MODULE = /["']([a-z_][\w]*(?:\.[A-Za-z_]\w*){1,6})["']/g;
const PATH_LITERAL = /["'`](?:<rootDir>\/)?(\.{0,2}\/?[\w@$-][\w@$./-]*\.[cm]?[jt]sx?)["'`]/g;

/** The entry points manifests name, as of the last analysis. */
export const ENTRIES_CACHE_FILE = ".tool/cache/analysis/entries.json";
type StoredEntries = { key: string; inputs: Record<string, string>; stems: string[] };

/**
 * manifestEntries, kept in `.tool/cache/` with the size and modification time of every file it
 * read: on a monorepo it parses a hundred manifests, a tenth of a warm analysis, and they
 * rarely change. Read again when a file it reads is added, removed or changed.
 */
function cachedManifestEntries(project: ProjectFiles): Set<string> {
  const inputs = manifestInputs(project);
  const file = join(project.root, ENTRIES_CACHE_FILE);
  try {
    const stored = JSON.parse(readInside(project.root, file)) as StoredEntries;
    const paths = Object.keys(stored.inputs ?? {});
    if (stored.key === CACHE_KEY && Array.isArray(stored.stems) && paths.length === inputs.length && inputs.every((p) => p in stored.inputs) && inputsUnchanged(project.root, stored.inputs)) {
      return new Set(stored.stems);
    }
  } catch {
    // None yet, or damaged: read the manifests.
  }
  const stems = manifestEntries(project, inputs);
  if (!project.readOnly) {
    try {
      writeCacheFile(file, JSON.stringify({ key: CACHE_KEY, inputs: fileStamps(project.root, inputs), stems: [...stems] } satisfies StoredEntries));
    } catch {
      // A read-only checkout still gets its analysis; only the disk cache is lost.
    }
  }
  return stems;
}

/** The files manifestEntries reads: every package.json, bundler and test-runner configuration, Django settings. */
function manifestInputs(project: ProjectFiles): string[] {
  const found: string[] = [];
  for (const path of project.listed) if (path === "package.json" || path.endsWith("/package.json") || BUILD_CONFIG.test(path) || DJANGO_SETTINGS.test(path)) found.push(path);
  return found;
}

/**
 * Files named by package.json entry fields, scripts and tool settings, by the string paths of
 * bundler, framework and test-runner configuration (rollup's `input`, jest's setup files,
 * angular.json's polyfills and file replacements), and the modules Django settings name, as
 * stems, with built output mapped to src/.
 */
function manifestEntries(project: ProjectFiles, inputs: readonly string[]): Set<string> {
  const stems = new Set<string>();
  const add = (dir: string, target: string) => {
    const path = joinPath(dir, target.replace(/^\.\//, ""));
    if (path === undefined) return;
    stems.add(stem(path));
    const inner = path.slice(dir ? dir.length + 1 : 0).replace(/^(dist|build|lib|out|esm|cjs)\//, "");
    const src = joinPath(dir, `src/${inner}`);
    if (src) stems.add(stem(src));
    stems.add(stem(joinPath(dir, inner) ?? inner));
  };
  const strings = (value: unknown): string[] =>
    typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];
  for (const file of inputs.filter((path) => path === "package.json" || path.endsWith("/package.json"))) {
    const manifest = project.json(file) as Record<string, unknown> | undefined;
    if (!manifest || typeof manifest !== "object") continue;
    const dir = dirOf(file);
    for (const field of ["main", "module", "types", "typings", "source", "browser", "exports", "bin"]) {
      for (const target of strings(manifest[field])) if (target.startsWith(".") || /^[\w@]/.test(target)) add(dir, target);
    }
    // Scripts and every tool's own settings (`"prisma": { "seed": "tsx seed.ts" }`): the files they run.
    for (const field of Object.keys(manifest).filter((k) => !["main", "module", "types", "typings", "source", "browser", "exports", "bin", "dependencies", "devDependencies", "peerDependencies", "optionalDependencies"].includes(k))) {
      for (const value of strings(manifest[field])) {
        for (const match of value.matchAll(/[\w./@-]+\.[cm]?[jt]sx?\b/g)) add(dir, match[0]);
      }
    }
  }
  for (const file of inputs) {
    if (BUILD_CONFIG.test(file)) {
      for (const match of (project.text(file) ?? "").matchAll(PATH_LITERAL)) add(dirOf(file), match[1]!);
    } else if (DJANGO_SETTINGS.test(file)) {
      // "paperless.auth.HttpRemoteUserMiddleware": the module, or the class's own module, under
      // some folder above the settings (the source root is not known here).
      for (const match of (project.text(file) ?? "").matchAll(DOTTED_MODULE)) {
        const parts = match[1]!.split(".");
        for (const dir of ancestors(dirOf(file))) {
          for (const module of [parts, parts.slice(0, -1)]) if (module.length) stems.add(joinPath(dir, module.join("/")) ?? module.join("/"));
        }
      }
    }
  }
  return stems;
}

