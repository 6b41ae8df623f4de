import { existsSync, lstatSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { spawn, spawnSync } from "node:child_process";
import ignore, { type Ignore } from "ignore";
import { OUTSIDE_REASON, targetOutside, tryReadInside } from "../core/inside.ts";
import { languageOf } from "./languages/mod.ts";
import { type Role, ROLE_PRIORITY, roleOf } from "./roles.ts";

/** Folders that hold dependencies, builds or caches: never scanned (DESIGN.md). */
export const NEVER_SCANNED = new Set([
  "node_modules", "vendor", "dist", "build", "out", "target", ".next", ".nuxt", ".svelte-kit",
  "coverage", "__pycache__", ".venv", "venv", ".tox", ".gradle", "Pods", ".dart_tool", "_build",
  "deps", ".git", ".tool",
]);
/** `bin` and `obj` are .NET build output only beside a project file. */
const DOTNET_OUTPUT = new Set(["bin", "obj"]);
const DOTNET_PROJECT = /\.(csproj|fsproj|vbproj)$/;

export const MAX_FILE_BYTES = 512 * 1024;
export const MAX_FILES = 5000;

/** `link`: the path is a symbolic link (to a target inside the repository: those outside are never listed). */
export type ScannedFile = { path: string; language: string; size: number; mtimeMs: number; link?: true };
export type ScanResult = {
  /** Source files to analyse, sorted by path. */
  files: ScannedFile[];
  /** Every listed path, source or not: resolution probes it (assets, manifests, configs). */
  listed: Set<string>;
  truncated: boolean;
  /** What the file cap left out: how many source files, and their top folders. */
  leftOut: { files: number; folders: { folder: string; files: number }[] };
  skipped: { file: string; reason: string }[];
  git: boolean;
};

/**
 * `role`: a file's role, to keep the product's files first over the cap (path conventions by default).
 * `listing`: what git listed, asked for ahead (`gitListingAhead`), so as not to list again.
 */
export type ScanOptions = { maxFiles?: number; role?: (path: string) => Role; listing?: Listing };

/**
 * Lists what the analysis reads: the files git lists (tracked and untracked, not ignored), or
 * outside git a walk that honours .gitignore; never the folders of NEVER_SCANNED, never a file
 * over 512 KB, and at most 5000 source files (the rest are left out and `truncated` is set).
 */
export function scan(root: string, options: ScanOptions = {}): ScanResult {
  const maxFiles = options.maxFiles ?? MAX_FILES;
  const fromGit = options.listing ?? gitFiles(root);
  const listing = fromGit ?? walk(root, new Set(takenBack(root)));
  const kept = keptFolders(root, listing.paths);
  const skipped: ScanResult["skipped"] = [];
  // A link whose target lies outside the repository is never read (core/inside.ts): it is
  // left out of the listing, so no reader finds it, and said in `skipped`.
  const outside = new Set<string>();
  for (const path of listing.links) {
    const target = inNeverScanned(path, kept) ? undefined : targetOutside(root, path);
    if (target === undefined) continue;
    outside.add(path);
    skipped.push({ file: path, reason: `${OUTSIDE_REASON} (${target})` });
  }
  const links = new Set(listing.links);
  const all = sorted(listing.paths.filter((path) => !inNeverScanned(path, kept) && !outside.has(path)));
  const listed = new Set(all);
  const projectDirs = dotnetProjectDirs(all);
  const withoutDotnetOutput = projectDirs.size ? all.filter((path) => !inDotnetOutput(path, projectDirs)) : all;

  const files: ScannedFile[] = [];
  const leftOut: string[] = [];
  // Over the cap, the product's own files are kept first, then generated code, tests, fixtures
  // and vendored code: never a whole source folder lost to sorted order.
  const sources: { path: string; language: NonNullable<ReturnType<typeof languageOf>> }[] = [];
  for (const path of withoutDotnetOutput) {
    const language = languageOf(path);
    if (language) sources.push({ path, language });
  }
  const ordered = sources.length > maxFiles
    ? sources.map((source) => ({ ...source, rank: ROLE_PRIORITY[(options.role ?? roleOf)(source.path)] + (TRANSLATIONS.test(source.path) ? 0.5 : 0) }))
      .sort((a, b) => a.rank - b.rank || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    : sources;
  for (const { path, language } of ordered) {
    // Past the cap a file is only counted: no stat for the thousands a large repository leaves out.
    if (files.length >= maxFiles) {
      leftOut.push(path);
      continue;
    }
    let stat;
    let link = links.has(path);
    try {
      stat = lstatSync(join(root, path));
      // Git gives a tracked file's mode as committed: one replaced by a link in the working
      // tree shows here, and is held to the same rule as any other link.
      if (stat.isSymbolicLink()) {
        const target = link ? undefined : targetOutside(root, path);
        if (target !== undefined) {
          skipped.push({ file: path, reason: `${OUTSIDE_REASON} (${target})` });
          continue;
        }
        link = true;
        stat = statSync(join(root, path));
      }
    } catch {
      continue; // listed by git but deleted in the working tree, or a link to nothing
    }
    if (!stat.isFile()) continue;
    if (stat.size > MAX_FILE_BYTES) {
      skipped.push({ file: path, reason: `over 512 KB (${Math.round(stat.size / 1024)} KB)` });
      continue;
    }
    files.push({ path, language: language.id, size: stat.size, mtimeMs: stat.mtimeMs, ...(link ? { link: true as const } : {}) });
  }
  if (ordered !== sources) files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, listed, truncated: leftOut.length > 0, leftOut: leftOutSummary(leftOut), skipped, git: fromGit !== undefined };
}

// Translation catalogs (`resources/lang/de/auth.php`, `locales/fr.js`): strings, not logic, and
// thousands of files in an app with many languages. Over the cap they come after the rest of
// their role, so that a Laravel app's `routes/` is never left out for its 5,000 language files.
const TRANSLATIONS = /(^|\/)(lang|langs|languages|locales?|i18n|l10n|translations?)\//i;

/** How many files the cap left out, and in which top folders, most first. */
function leftOutSummary(paths: string[]): ScanResult["leftOut"] {
  const folders = new Map<string, number>();
  for (const path of paths) {
    const top = path.includes("/") ? path.slice(0, path.indexOf("/") + 1) : "(root)";
    folders.set(top, (folders.get(top) ?? 0) + 1);
  }
  return { files: paths.length, folders: [...folders].sort((a, b) => b[1] - a[1]).map(([folder, files]) => ({ folder, files })) };
}

/** Sorts in place, unless already in order: git lists paths sorted, nearly always as JS sorts them. */
function sorted(paths: string[]): string[] {
  for (let i = 1; i < paths.length; i++) if (paths[i - 1]! > paths[i]!) return paths.sort();
  return paths;
}

// One regular expression rather than a set lookup per folder of every path: it runs on each
// listed path, thousands of them, before anything is read.
const NEVER_SCANNED_FOLDER = new RegExp(`(^|/)(${[...NEVER_SCANNED].map((name) => name.replace(/\./g, "\\.")).join("|")})/`);

/** Whether a path lies in a folder of NEVER_SCANNED, one of the `kept` folders (keptFolders) aside. */
export function inNeverScanned(path: string, kept: readonly string[] = []): boolean {
  for (const folder of kept) if (path.startsWith(folder + "/")) return NEVER_SCANNED_FOLDER.test(path.slice(folder.length + 1));
  return NEVER_SCANNED_FOLDER.test(path);
}

const TAKEN_BACK = /^!\/?([^*?[\]!#\\]+?)\/?$/;

/**
 * The folders of NEVER_SCANNED that the root .gitignore takes back by name (`!packages/node_modules`):
 * the project keeps its own code there on purpose (node-red's packages live in
 * packages/node_modules, so that Node resolves them by name), and it is read like any other
 * folder. Only a plain path counts, not a pattern; folders of those names below it stay out.
 * Packages of the code named like build output are kept too (packageFolders), found in
 * `listed` (the repository's listing; git's when not given).
 */
export function keptFolders(root: string, listed?: readonly string[]): string[] {
  return [...takenBack(root), ...packageFolders(listed ?? gitFiles(root)?.paths ?? [])];
}

function takenBack(root: string): string[] {
  const gitignore = tryReadInside(root, join(root, ".gitignore"));
  if (!gitignore) return [];
  const kept: string[] = [];
  for (const line of gitignore.split(/\r?\n/)) {
    const folder = TAKEN_BACK.exec(line.trim())?.[1];
    if (folder && NEVER_SCANNED.has(folder.slice(folder.lastIndexOf("/") + 1))) kept.push(folder);
  }
  return kept;
}

// The names of NEVER_SCANNED that build tools give their output, and a package of the code may take as well.
const OUTPUT_NAMES = new Set(["build", "dist", "out", "target", "deps", "_build"]);

/**
 * Folders named like build output that are packages of the code: a Python subpackage
 * (`onyx/server/features/build/`, inside a package with an `__init__.py`, or with one of its
 * own). Build tools write their output at a project's top, never inside a package.
 */
export function packageFolders(listed: readonly string[]): string[] {
  const packages = new Set<string>();
  for (const path of listed) if (path.endsWith("/__init__.py")) packages.add(path.slice(0, path.lastIndexOf("/")));
  if (!packages.size) return [];
  const found = new Set<string>();
  for (const path of listed) {
    const parts = path.split("/");
    // The first folder of such a name decides: one below an output folder is output too.
    const at = parts.findIndex((part, i) => i > 0 && i < parts.length - 1 && OUTPUT_NAMES.has(part));
    if (at === -1) continue;
    const folder = parts.slice(0, at + 1).join("/");
    if (packages.has(folder) || packages.has(parts.slice(0, at).join("/"))) found.add(folder);
  }
  return [...found];
}

/** Folders that hold a .NET project file: their `bin` and `obj` are build output. */
function dotnetProjectDirs(paths: readonly string[]): Set<string> {
  const dirs = new Set<string>();
  for (const path of paths) if (DOTNET_PROJECT.test(path)) dirs.add(path.slice(0, Math.max(0, path.lastIndexOf("/"))));
  return dirs;
}

function inDotnetOutput(path: string, projectDirs: Set<string>): boolean {
  const parts = path.split("/");
  for (let i = 0; i < parts.length - 1; i++) {
    if (DOTNET_OUTPUT.has(parts[i]!) && projectDirs.has(parts.slice(0, i).join("/"))) return true;
  }
  return false;
}

/** Listed paths, and which of them are symbolic links. */
export type Listing = { paths: string[]; links: string[] };

const STAGED = /^(\d{6}) [0-9a-f]+ \d\t/;
const LINK_MODE = "120000";
const LS_FILES = ["ls-files", "-cos", "--exclude-standard", "-z"];

/**
 * The files git lists, tracked and untracked. With `-s` git gives a tracked file's mode, which
 * tells a link; untracked files come bare and are checked with lstat. Git never lists a path
 * through a linked folder, so only a listed path itself can be a link.
 */
function gitFiles(root: string): Listing | undefined {
  const result = spawnSync("git", LS_FILES, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0 || result.error) return undefined;
  return listingOf(root, result.stdout);
}

/**
 * The same listing from a git process started now and read once awaited: a command asks for it
 * before it reads its caches, so that git walks the folders for untracked files (most of its
 * time on a large repository) while the caches are parsed on the other core. Undefined outside git.
 */
export function gitListingAhead(root: string): Promise<Listing | undefined> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    const git = spawn("git", LS_FILES, { cwd: root, stdio: ["ignore", "pipe", "ignore"] });
    git.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    git.on("error", () => done(undefined));
    git.on("close", (code) => done(code === 0 ? listingOf(root, Buffer.concat(chunks).toString("utf8")) : undefined));
  });
}

function listingOf(root: string, output: string): Listing {
  const paths = new Set<string>();
  const links: string[] = [];
  for (const line of output.split("\0")) {
    if (!line) continue;
    const staged = STAGED.exec(line);
    const path = staged ? line.slice(staged[0].length) : line;
    if (paths.has(path)) continue; // a conflicted file has one entry per stage
    paths.add(path);
    if (staged ? staged[1] === LINK_MODE : isLink(join(root, path))) links.push(path);
  }
  return { paths: [...paths], links };
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Outside git: every file below root, honouring each folder's .gitignore; linked folders are not
 * entered, nor those of NEVER_SCANNED but the `kept` ones (keptFolders).
 */
function walk(root: string, kept: ReadonlySet<string>): Listing {
  const found: string[] = [];
  const links: string[] = [];
  const visit = (dir: string, rules: { base: string; ig: Ignore }[]) => {
    const abs = join(root, dir);
    const gitignore = existsSync(join(abs, ".gitignore")) ? tryReadInside(root, join(abs, ".gitignore")) : undefined;
    const scoped = gitignore !== undefined ? [...rules, { base: dir, ig: ignore().add(gitignore) }] : rules;
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      const isDir = entry.isDirectory();
      if (isDir && NEVER_SCANNED.has(entry.name) && !kept.has(path)) continue;
      const ignored = scoped.some(({ base, ig }) => {
        const relative = base ? path.slice(base.length + 1) : path;
        return ig.ignores(isDir ? relative + "/" : relative);
      });
      if (ignored) continue;
      if (isDir) visit(path, scoped);
      else if (entry.isFile()) found.push(path);
      else if (entry.isSymbolicLink()) {
        found.push(path);
        links.push(path);
      }
    }
  };
  visit("", []);
  return { paths: found, links };
}
