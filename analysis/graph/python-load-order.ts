/**
 * Whether a loop of Python imports made at load can fail, whichever module is imported first.
 * Python runs an imported module at once, top to bottom, and `from m import name` reads `name`
 * from `m` there and then: when `m` is still loading (it is on the way to this import), the
 * name must already be bound in it, or the import raises. Two rules of the language make most
 * loops safe: a package's `__init__.py` runs before any module inside it, and a module only
 * half-loaded still hands out what it has bound so far. So the package that gathers its
 * submodules (`from .base import Model` then `from .jobs import Job` in `__init__.py`) while
 * each of them takes what it needs from the package (`from pkg import Model` in jobs.py) loads
 * in the one order it can be entered, as long as each name comes before the import that leads
 * to its reader. This runs that loading, from each module of the loop as the first one
 * imported (its packages first), and reports a failure if any entry meets a name not yet bound.
 * Only the files of loops that would otherwise be reported are read.
 */
import type { Edge } from "../schema.ts";
import { PYTHON_SYNTAX } from "../languages/python.ts";
import { strip } from "../languages/strip.ts";

const PYTHON = /\.py$/;
const DONE = Number.POSITIVE_INFINITY;

/** The product's files: any set of paths, such as the graph's numbering. */
type Files = { has(path: string): boolean };
type Statement = { line: number; to: string; name: string | undefined };
/** A module's names by the first line that binds them, and the lines of its `import *`. */
type Bindings = { first: Map<string, number>; stars: number[] };

/**
 * A test of the loops of one repository's graph: `edges` are all its edges (the imports made at
 * load are kind `import`), `files` the product's files, `read` a file's text.
 */
export function pythonLoadOrder(edges: readonly Edge[], files: Files, read: (path: string) => string | undefined): (members: readonly string[]) => boolean {
  let statements: Map<string, Statement[]> | undefined;
  const bindings = new Map<string, Bindings>();
  const boundBefore = (file: string, name: string, line: number): boolean => {
    let known = bindings.get(file);
    if (!known) bindings.set(file, (known = bindingsOf(read(file) ?? "")));
    const first = known.first.get(name);
    // What a star import brings is not listed here: trusted, as Python leaves a missing name to the first use.
    return (first !== undefined && first < line) || known.stars.some((star) => star < line);
  };
  return (members) => {
    if (!members.every((file) => PYTHON.test(file))) return false;
    statements ??= statementsByFile(edges, (file) => guardedLines(read(file) ?? ""));
    return members.every((entry) => !failsEnteredAt(entry, statements!, files, boundBefore));
  };
}

/**
 * Per Python file, its imports made at load in line order, each with the name it reads (none
 * for a whole module). An import in a `try:` whose handler takes an ImportError (`try: from
 * agenta import _client` / `except ImportError: import agenta_client`) cannot fail the load:
 * a name not bound yet raises just that.
 */
function statementsByFile(edges: readonly Edge[], guarded: (file: string) => ReadonlySet<number>): Map<string, Statement[]> {
  const byFile = new Map<string, Statement[]>();
  const guardedOf = new Map<string, ReadonlySet<number>>();
  for (const edge of edges) {
    if (edge.kind !== "import" || !PYTHON.test(edge.from) || !PYTHON.test(edge.to)) continue;
    let lines = guardedOf.get(edge.from);
    if (!lines) guardedOf.set(edge.from, (lines = guarded(edge.from)));
    if (lines.has(edge.line ?? 0)) continue;
    let list = byFile.get(edge.from);
    if (!list) byFile.set(edge.from, (list = []));
    list.push({ line: edge.line ?? 0, to: edge.to, name: nameRead(edge.specifier ?? "", edge.to) });
  }
  for (const list of byFile.values()) list.sort((a, b) => a.line - b.line);
  return byFile;
}

/**
 * The name `from m import name` reads from the module it resolved to: `x.y.n` resolved to
 * x/y/n.py is a submodule (nothing read: Python hands out a half-loaded submodule), to x/y.py
 * or x/y/__init__.py it is `n`. A plain `import x.y` reads nothing either.
 */
function nameRead(specifier: string, to: string): string | undefined {
  const dotted = specifier.replace(/^\.+/, "");
  const module = to.replace(/(?:\/__init__)?\.py$/, "").replaceAll("/", ".");
  const endsWith = (tail: string) => tail === "" || module === tail || module.endsWith(`.${tail}`);
  if (dotted && endsWith(dotted)) return undefined;
  const cut = dotted.lastIndexOf(".");
  return dotted.slice(cut + 1) || undefined;
}

/** The packages a module sits in, outermost first: a/b/c.py -> a/__init__.py, a/b/__init__.py (those that exist). */
function packagesOf(file: string, files: Files): string[] {
  const parts = file.split("/");
  const own = parts.at(-1) === "__init__.py" ? parts.length - 2 : parts.length - 1;
  const packages: string[] = [];
  for (let i = 1; i <= own; i++) {
    const init = `${parts.slice(0, i).join("/")}/__init__.py`;
    if (init !== file && files.has(init)) packages.push(init);
  }
  return packages;
}

/** Loads `entry` first (its packages before it) and says whether some import met a name its module had not bound yet. */
function failsEnteredAt(entry: string, statements: Map<string, Statement[]>, files: Files, boundBefore: (file: string, name: string, line: number) => boolean): boolean {
  // Per module begun: the line it is running, or DONE.
  const at = new Map<string, number>();
  const load = (file: string): boolean => {
    for (const pkg of packagesOf(file, files)) if (!at.has(pkg) && load(pkg)) return true;
    if (at.has(file)) return false; // begun: Python hands out the module as it is
    at.set(file, 0);
    for (const statement of statements.get(file) ?? []) {
      at.set(file, statement.line);
      if (load(statement.to)) return true;
      const running = at.get(statement.to)!;
      if (running !== DONE && statement.name && !boundBefore(statement.to, statement.name, running)) return true;
    }
    at.set(file, DONE);
    return false;
  };
  return load(entry);
}

// A handler that takes an ImportError: `except ImportError:`, `except (ImportError, AttributeError):`, `except Exception:`, `except:`.
const CATCHES_IMPORT_ERROR = /^except\b(?:[ \t]*:|[^:]*\b(?:ImportError|ModuleNotFoundError|Exception|BaseException)\b)/;

/** The lines (1-based) of the bodies of `try:` blocks whose handlers take an ImportError. */
function guardedLines(text: string): Set<number> {
  const lines = strip(text, PYTHON_SYNTAX).code.split("\n");
  const indentOf = (line: string) => line.length - line.trimStart().length;
  const guarded = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!/^[ \t]*try[ \t]*:[ \t]*$/.test(lines[i]!)) continue;
    const indent = indentOf(lines[i]!);
    let end = i + 1;
    while (end < lines.length && (!lines[end]!.trim() || indentOf(lines[end]!) > indent)) end++;
    // The handlers follow at the try's own indent.
    let handler = end;
    let catches = false;
    while (handler < lines.length && indentOf(lines[handler]!) === indent && /^except\b/.test(lines[handler]!.trim())) {
      if (CATCHES_IMPORT_ERROR.test(lines[handler]!.trim())) catches = true;
      handler++;
      while (handler < lines.length && (!lines[handler]!.trim() || indentOf(lines[handler]!) > indent)) handler++;
    }
    if (catches) for (let line = i + 2; line <= end; line++) guarded.add(line);
  }
  return guarded;
}

const TYPE_CHECKING = /^[ \t]*if[ \t]+(?:\w+\.)?TYPE_CHECKING[ \t]*:/;
const DEFINED = /^[ \t]*(?:async[ \t]+)?(?:def|class)[ \t]+([A-Za-z_]\w*)/;
const FROM_IMPORT = /^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t]+([\s\S]*)$/;
const PLAIN_IMPORT = /^[ \t]*import[ \t]+([\s\S]*)$/;
const ASSIGNED = /^[ \t]*((?:[A-Za-z_]\w*[ \t]*,[ \t]*)*[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)/;

/**
 * The names a module binds outside its functions and classes (definitions, assignments,
 * imports, also under a top-level `if` or `try`, not under `if TYPE_CHECKING:`), each at the
 * line of its first binding.
 */
export function bindingsOf(text: string): Bindings {
  const lines = strip(text, PYTHON_SYNTAX).code.split("\n");
  const first = new Map<string, number>();
  const stars: number[] = [];
  const bind = (name: string, line: number) => {
    if (!first.has(name)) first.set(name, line);
  };
  let body = -1; // the indent of the def or class whose body the lines are in; -1 outside
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    // One statement: its lines while brackets stay open or a line ends with a backslash.
    let statement = lines[i]!;
    let depth = bracketDepth(statement);
    while ((depth > 0 || statement.trimEnd().endsWith("\\")) && i + 1 < lines.length) {
      statement = `${statement.replace(/\\\s*$/, "")}\n${lines[++i]!}`;
      depth += bracketDepth(lines[i]!);
    }
    if (!statement.trim()) continue;
    const indent = statement.length - statement.trimStart().length;
    if (body !== -1 && indent > body) continue;
    body = -1;
    const line = start + 1;
    const defined = DEFINED.exec(statement);
    // The body of a def or class binds nothing in the module; one under `if TYPE_CHECKING:` never runs.
    if (defined || TYPE_CHECKING.test(statement)) {
      if (defined) bind(defined[1]!, line);
      body = indent;
      continue;
    }
    const from = FROM_IMPORT.exec(statement);
    if (from) {
      for (const item of from[1]!.replace(/[()\\]/g, " ").split(",")) {
        const words = item.trim().split(/\s+/);
        if (words[0] === "*") stars.push(line);
        else if (words[0]) bind(words.at(-1)!, line);
      }
      continue;
    }
    const plain = PLAIN_IMPORT.exec(statement);
    if (plain) {
      for (const item of plain[1]!.split(",")) {
        const words = item.trim().split(/\s+/);
        if (words[0]) bind(words.length === 3 ? words[2]! : words[0].split(".")[0]!, line);
      }
      continue;
    }
    const assigned = ASSIGNED.exec(statement);
    if (assigned) for (const name of assigned[1]!.split(",")) bind(name.trim(), line);
  }
  return { first, stars };
}

function bracketDepth(line: string): number {
  let depth = 0;
  for (const c of line) {
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
  }
  return depth;
}
