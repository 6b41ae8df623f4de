import { dirOf, joinPath, type ProjectFiles } from "../project.ts";

/** An include folder and the folder of the build file that names it (its files use it first). */
export type IncludeDir = { dir: string; owner: string };

const CMAKE_COMMAND = /\b(include_directories|target_include_directories)\s*\(([^)]*)\)/gi;
const CMAKE_KEYWORDS = new Set(["SYSTEM", "BEFORE", "AFTER", "PUBLIC", "PRIVATE", "INTERFACE"]);
const MAKEFILE = /(^|\/)(GNUmakefile|[Mm]akefile|[^/]+\.mk)$/;
const FLAGS_LINE =
  /^\s*(?:override\s+|export\s+)*[A-Za-z0-9_]*(?:CFLAGS|CPPFLAGS|CXXFLAGS)[A-Za-z0-9_]*\s*(?:[:+?!]|::)?=(.*)$/;
const INCLUDE_FLAG = /^(?:-I|-isystem|-iquote|\/I)(.*)$/;

/**
 * Every include folder the build files of the repository name: `include_directories` and
 * `target_include_directories` of each CMakeLists.txt (relative to it; `${CMAKE_CURRENT_SOURCE_DIR}`,
 * `${CMAKE_CURRENT_LIST_DIR}` and `${PROJECT_SOURCE_DIR}` are its folder, `${CMAKE_SOURCE_DIR}` the
 * top one, `$<BUILD_INTERFACE:...>` is read inside), `-I` flags of compile_commands.json (paths
 * on the build machine mapped back through the entries' `file`), and `-I` flags on the
 * CFLAGS, CPPFLAGS and CXXFLAGS lines of Makefiles (relative to the Makefile). Folders that
 * name other variables or lie outside the repository are left out.
 */
export function findIncludeDirs(project: ProjectFiles): IncludeDir[] {
  const found: IncludeDir[] = [];
  const add = (owner: string, dir: string | undefined) => {
    if (dir !== undefined && !found.some((d) => d.dir === dir && d.owner === owner)) found.push({ dir, owner });
  };
  const cmakeFiles = project.named("CMakeLists.txt").sort((a, b) => a.split("/").length - b.split("/").length);
  const top = cmakeFiles[0] ? dirOf(cmakeFiles[0]) : "";
  for (const file of cmakeFiles) {
    const owner = dirOf(file);
    const text = (project.text(file) ?? "").replace(/#[^\n]*/g, "");
    for (const match of text.matchAll(CMAKE_COMMAND)) {
      const args = tokens(match[2]!);
      for (const arg of match[1]!.toLowerCase() === "target_include_directories" ? args.slice(1) : args) {
        if (CMAKE_KEYWORDS.has(arg)) continue;
        add(owner, cmakeDir(arg, owner, top));
      }
    }
  }
  for (const file of [...project.listed].filter((path) => MAKEFILE.test(path))) {
    const owner = dirOf(file);
    const text = (project.text(file) ?? "").replace(/\\\r?\n/g, " ");
    for (const line of text.split(/\r?\n/)) {
      const flags = FLAGS_LINE.exec(line.replace(/#.*/, ""));
      if (!flags) continue;
      for (const dir of includeFlags(tokens(flags[1]!))) {
        const relative = dir.replace(/^\$[({](?:CURDIR|srcdir|PWD)[)}]\/?/, "");
        if (!relative.includes("$") && !relative.startsWith("/")) add(owner, joinPath(owner, relative || "."));
      }
    }
  }
  for (const file of project.named("compile_commands.json")) {
    for (const dir of compileCommandDirs(project, file)) add(dirOf(file), dir);
  }
  return found;
}

/** One CMake include argument as a repository folder, or undefined. */
function cmakeDir(arg: string, owner: string, top: string): string | undefined {
  let value = arg;
  const build = /^\$<BUILD_INTERFACE:(.*)>$/.exec(value);
  if (build) value = build[1]!;
  else if (value.startsWith("$<")) return undefined;
  let base = owner;
  const variable = /^\$\{(CMAKE_CURRENT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR|PROJECT_SOURCE_DIR|CMAKE_SOURCE_DIR)\}\/?/
    .exec(value);
  if (variable) {
    value = value.slice(variable[0].length);
    if (variable[1] === "CMAKE_SOURCE_DIR") base = top;
  }
  if (value.includes("$") || value.startsWith("/")) return undefined;
  return joinPath(base, value || ".");
}

/** `-I` folders of every entry, mapped from the build machine's paths to the repository. */
function compileCommandDirs(project: ProjectFiles, file: string): string[] {
  const entries = project.json(file);
  if (!Array.isArray(entries)) return [];
  let root: string | undefined;
  const toRepo = (path: string): string | undefined => {
    if (!path.startsWith("/")) return joinPath(dirOf(file), path);
    if (root === undefined) return undefined;
    if (path === root) return "";
    return path.startsWith(root + "/") ? joinPath("", path.slice(root.length + 1)) : undefined;
  };
  const dirs: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== "object" || entry === null) continue;
    const { directory, file: source, arguments: args, command } = entry as Record<string, unknown>;
    if (root === undefined && typeof source === "string" && source.startsWith("/")) {
      root = checkoutRoot(project, source);
    }
    const argv = Array.isArray(args)
      ? args.filter((a): a is string => typeof a === "string")
      : typeof command === "string"
      ? tokens(command)
      : [];
    const cwd = typeof directory === "string" ? toRepo(directory) : dirOf(file);
    for (const dir of includeFlags(argv)) {
      const path = dir.startsWith("/") ? toRepo(dir) : cwd === undefined ? undefined : joinPath(cwd, dir);
      if (path !== undefined && !dirs.includes(path)) dirs.push(path);
    }
  }
  return dirs;
}

/** Where the repository lay on the build machine: the part of `file` before a listed path. */
function checkoutRoot(project: ProjectFiles, file: string): string | undefined {
  const parts = file.split("/");
  for (let i = 1; i < parts.length - 1; i++) {
    if (project.has(parts.slice(i + 1).join("/"))) return parts.slice(0, i + 1).join("/");
  }
  return undefined;
}

/** The folders of `-Idir`, `-I dir`, `-isystem dir`, `-iquote dir` (and MSVC `/I`) flags. */
function includeFlags(argv: readonly string[]): string[] {
  const dirs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = INCLUDE_FLAG.exec(argv[i]!);
    if (!flag) continue;
    const value = flag[1] || argv[++i];
    if (value) dirs.push(value);
  }
  return dirs;
}

/** Splits on white space, keeping "quoted" and 'quoted' parts together, quotes removed. */
function tokens(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
}
