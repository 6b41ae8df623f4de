/**
 * Whether a JavaScript or TypeScript module touches what it imports from another while it loads.
 * An ES module cycle fails at load only when a module reads a binding of one that has not
 * finished evaluating (a `const` or class still in its temporal dead zone): React providers and
 * stores that call each other inside functions load in any order. So an import whose names
 * are used only inside function bodies cannot close a failing loop. Read only for the edges of
 * runtime cycles, from the importer's text: the extraction pays nothing for it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeCacheFile } from "../../core/atomic.ts";
import { readInside } from "../../core/inside.ts";
import { CACHE_KEY } from "../cache.ts";
import { belowTopTier } from "../../core/jit.ts";

const CONTROL = new Set(["if", "for", "while", "switch", "catch", "with"]);
const TYPESCRIPT = /\.[cm]?tsx?$/;

/**
 * Whether `text` uses, outside every function body, a name it imports from `specifier`: false
 * only when the import statement is found and each of its names is read inside functions
 * alone; for a `require` of it, false only when every one is made inside a function. A
 * side-effect import, or anything not understood, counts as used.
 */
export function usedAtLoad(text: string, specifier: string, readAtLoad: () => ReadonlySet<string> = () => namesReadAtLoad(text), imports: () => ValueImports = () => valueImports(text)): boolean {
  const names = importedNames(imports(), specifier);
  // A `require` made only inside functions (`const tools = require("../tools")` in one) runs when they are called.
  if (!names) return !new RegExp(`\\brequire\\s*\\(\\s*(["'])${escape(specifier)}\\1\\s*\\)`).test(text) || readAtLoad().has(`${REQUIRED}${specifier}`);
  if (names.size === 0) return true;
  const read = readAtLoad();
  for (const name of names) if (read.has(name)) return true;
  return false;
}

/**
 * Whether a TypeScript module still imports from `specifier` once compiled: tsc, esbuild and
 * swc drop an import whose names are used only as types (a class or enum named only in
 * annotations too), so it loads nothing. True for a side-effect import, a `require`, or an
 * import not found.
 */
export function usedAsValue(text: string, specifier: string, readAnywhere: () => ReadonlySet<string> = () => namesReadAtLoad(text, true, true), imports: () => ValueImports = () => valueImports(text)): boolean {
  const names = importedNames(imports(), specifier);
  if (!names || names.size === 0) return true;
  const read = readAnywhere();
  for (const name of names) if (read.has(name)) return true;
  return false;
}

const escape = (specifier: string) => specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What `text` reads while it loads of what it imports from `specifier`, each named as that
 * module exports it: a name, `default`, or `*` for the module as a whole (a namespace import
 * read at load, a `require` made at load). Empty when it reads nothing of it at load (a
 * side-effect import, names read only inside functions); `*` when no import of it is found.
 */
export function importsReadAtLoad(text: string, specifier: string, readAtLoad: () => ReadonlySet<string> = () => namesReadAtLoad(text), imports: () => ValueImports = () => valueImports(text)): string[] {
  const clauses = imports().get(specifier);
  if (!clauses) {
    const required = new RegExp(`\\brequire\\s*\\(\\s*(["'])${escape(specifier)}\\1\\s*\\)`).test(text);
    return !required || readAtLoad().has(`${REQUIRED}${specifier}`) ? ["*"] : [];
  }
  const read = readAtLoad();
  const names = new Set<string>();
  for (const clause of clauses) for (const [imported, local] of importBindings(clause)) if (read.has(local)) names.add(imported);
  return [...names];
}

/** The clauses of a module's value import statements (not `import type`), by specifier: `import A, { b } from "./x"` -> "./x": ["A, { b }"]. */
export type ValueImports = ReadonlyMap<string, readonly string[]>;

const VALUE_IMPORT = /\bimport\s+(?!type\b)([\w$*{}\s,]+?)\s+from\s*(["'])([^"'\n]+)\2/g;

/** Every value import statement of `text`, read in one pass: a module in a cycle is asked of each of its imports in turn. */
export function valueImports(text: string): ValueImports {
  const clauses = new Map<string, string[]>();
  for (const match of text.matchAll(VALUE_IMPORT)) {
    const list = clauses.get(match[3]!);
    if (list) list.push(match[1]!);
    else clauses.set(match[3]!, [match[1]!]);
  }
  return clauses;
}

/** What an import clause binds, as [exported name, local name]: `A, { b as c, type D }, * as ns` -> [default, A], [b, c], [*, ns]. */
function importBindings(clause: string): [string, string][] {
  const bindings: [string, string][] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  for (const part of braces ? braces[1]!.split(",") : []) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    if (!words.length || words[0] === "type") continue;
    bindings.push([words[0]!, words.at(-1)!]);
  }
  const outside = (braces ? clause.replace(braces[0], "") : clause).split(",").map((p) => p.trim()).filter(Boolean);
  for (const part of outside) {
    const namespace = /^\*\s+as\s+([\w$]+)$/.exec(part);
    if (namespace) bindings.push(["*", namespace[1]!]);
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) bindings.push(["default", part]);
  }
  return bindings;
}

/**
 * The values a module exports: those it defines, those it passes on from another module by name,
 * and the modules it passes on whole (`export *`). `hoisted`: those of its own that are function
 * declarations, bound when the module is linked, before any module of its loop runs.
 */
export type Exports = { own: string[]; forwards: Record<string, { specifier: string; name: string }>; stars: string[]; hoisted?: string[] };

const OWN_EXPORT = /\bexport\s+(?:declare\s+)?(default\s+)?(?:abstract\s+)?(?:async\s+)?(function\s*\*?|class|const\s+enum|const|let|var|enum|namespace)\s+([\w$]+)/g;
const DEFAULT_FUNCTION = /\bexport\s+default\s+(?:async\s+)?function\b/;
const EXPORT_LIST = /\bexport\s+(?!type\b)\{([^}]*)\}(?:\s*from\s*(["'])([^"'\n]+)\2)?/g;
const EXPORT_STAR = /\bexport\s+\*\s+(?:as\s+([\w$]+)\s+)?from\s*(["'])([^"'\n]+)\2/g;

/**
 * What an ES module exports, read from its text: how a barrel's `export *` and
 * `export { a } from` lead a name to the module that defines it. An import passed on by an
 * export list (`import { a } from "./a"; export { a }`) is forwarded too.
 */
export function exportsOf(text: string): Exports {
  const own = new Set<string>();
  const forwards: Exports["forwards"] = {};
  const stars: string[] = [];
  const hoisted = new Set<string>();
  for (const match of text.matchAll(OWN_EXPORT)) {
    own.add(match[3]!);
    if (match[2]!.startsWith("function")) hoisted.add(match[1] ? "default" : match[3]!);
  }
  if (/\bexport\s+default\b/.test(text)) own.add("default");
  if (DEFAULT_FUNCTION.test(text)) hoisted.add("default");
  let imported: Map<string, { specifier: string; name: string }> | undefined;
  for (const match of text.matchAll(EXPORT_LIST)) {
    for (const part of match[1]!.split(",")) {
      const words = part.trim().split(/\s+/).filter(Boolean);
      if (!words.length || words[0] === "type") continue;
      const [name, exported] = [words[0]!, words.at(-1)!];
      if (match[3]) {
        forwards[exported] = { specifier: match[3], name };
        continue;
      }
      imported ??= new Map([...valueImports(text)].flatMap(([specifier, clauses]) =>
        clauses.flatMap((clause) => importBindings(clause).map(([from, local]) => [local, { specifier, name: from }] as const))));
      const through = imported.get(name);
      if (through) forwards[exported] = through;
      else {
        own.add(exported);
        if (new RegExp(String.raw`^[ \t]*(?:async[ \t]+)?function[ \t]*\*?[ \t]*${name.replace(/\$/g, "\\$")}[ \t]*\(`, "m").test(text)) hoisted.add(exported);
      }
    }
  }
  for (const match of text.matchAll(EXPORT_STAR)) {
    if (match[1]) forwards[match[1]] = { specifier: match[3]!, name: "*" };
    else stars.push(match[3]!);
  }
  return { own: [...own], forwards, stars, ...(hoisted.size ? { hoisted: [...hoisted] } : {}) };
}

// A Svelte (or Vue) component's scripts: `<script context="module">` (Svelte 4) or `<script module>` (5) runs when
// the module loads; the instance `<script>` runs each time a component is made, as a function's body.
const SVELTE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const MODULE_SCRIPT = /\bcontext\s*=\s*["']module["']|(?:^|\s)module(?:\s|$|=)/;

// A Vue component's `<script setup>` is compiled into its setup function, run each time a component
// is made: its imports are read there (and in the template), never while the module loads. A
// plain `<script>` (`export default { components: { Tree } }`) reads them at load.
const VUE_SETUP = /(?:^|\s)setup(?:\s|$|=)/;

/**
 * Whether a Svelte or Vue component imports `specifier` only in its instance script (Svelte's
 * `<script>`, Vue's `<script setup>`), which runs when a component is made (and its markup when
 * it renders), never while the module loads: recursive components (`Filter.svelte` and
 * `FilterGroup.svelte` using each other) load in any order.
 */
export function importedPerInstance(text: string, specifier: string, vue = false): boolean {
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const imports = new RegExp(`\\bimport\\b[^;]*?(?:\\bfrom\\s*)?["']${escaped}["']`);
  let found = false;
  for (const m of text.matchAll(SVELTE_SCRIPT)) {
    if (!imports.test(m[2]!)) continue;
    if (vue ? !VUE_SETUP.test(m[1]!) : MODULE_SCRIPT.test(m[1]!)) return false;
    found = true;
  }
  return found;
}

/** Whether `text` refers to a name it imports from `specifier` through `forwardRef(() => Name)`, Angular's and NestJS's way to break a loop at load. */
export function throughForwardRef(text: string, specifier: string, imports: () => ValueImports = () => valueImports(text)): boolean {
  const names = importedNames(imports(), specifier);
  return !!names && [...names].some((name) => new RegExp(String.raw`\bforwardRef\s*\(\s*\(\s*\)\s*=>\s*${escape(name)}\b`).test(text));
}

/** The local names of every value import statement (not `import type`) from `specifier`; undefined when there is none. */
function importedNames(imports: ValueImports, specifier: string): Set<string> | undefined {
  const clauses = imports.get(specifier);
  if (!clauses) return undefined;
  const names = new Set<string>();
  for (const clause of clauses) for (const name of localNames(clause)) names.add(name);
  return names;
}

/** The local names an import clause binds: `A, { b as c, type D }, * as ns` -> A, c, ns. */
function localNames(clause: string): Set<string> {
  return new Set(importBindings(clause).map(([, local]) => local));
}

const IMPORT_STATEMENT = /\bimport\b[^;]*?\bfrom\s*(["'])[^"'\n]*\1/g;
const EXPORT_LIST_STATEMENT = /\bexport\s+(?:type\s+)?\{[^}]*\}/g;
// Among the names read at load, a module required outside every function: `require:<specifier>`.
const REQUIRED = "require:";
const REQUIRE_CALL = /^require\s*\(\s*(["'])([^"'\n]+)\1\s*\)/;
const NONE = 0, IDENT = 1, ARROW = 2, DOT = 3, OTHER = 4;
const identStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c > 127;
const identPart = (c: number) => identStart(c) || (c >= 48 && c <= 57);

/**
 * The names the module reads outside every function body (not after a `.`, not in its import
 * statements). A `{` opens a function body
 * after `=>`, after the `)` of a parameter list (not of `if (...)` and the like), or after a
 * return type that follows one. One pass over the characters, cutting out only the names read
 * at load (a server analyses repeatedly: it should not churn garbage). A regular expression
 * literal is read as code: one holding a quote or brace may mislead the rest of the file. In
 * `typescript`, what compiling erases is passed over: declarations of types alone (interfaces,
 * type aliases, `declare`), type annotations, `as` and `satisfies` types and `implements`
 * clauses. With `everywhere`, the names read inside function bodies too: those a compiled
 * module still refers to; and, into `atLoad` when given, those read outside them, so that one
 * pass answers both questions.
 */
export function namesReadAtLoad(text: string, typescript = false, everywhere = false, atLoad?: Set<string>): Set<string> {
  const code = text;
  const skipped: [number, number][] = [...text.matchAll(IMPORT_STATEMENT)].map((m) => [m.index, m.index + m[0].length]);
  // An ES module's export list (`export { PostingQuoteSelection, getGlobalState }`) binds the names
  // live, reading none while it loads; it is a use of them all the same (`everywhere`: TypeScript
  // keeps an import a module passes on).
  const exportLists: [number, number][] = [...text.matchAll(EXPORT_LIST_STATEMENT)].map((m) => [m.index, m.index + m[0].length]);
  let inList = 0;
  const read = new Set<string>();
  const braces: boolean[] = []; // per open brace: does it open a function body?
  const parens: boolean[] = []; // per open paren: is it a control statement's?
  // Per open paren, whether it opens a parameter list as far as is known when it opens, and the names
  // first read inside it: a parameter list's default values (`function Badge({ keys = SHORTCUT })`,
  // `({ keys = SHORTCUT }) =>`) are read when the function is called, so when the paren turns out to
  // hold parameters they were never read at load.
  const parenReads: { parameters: boolean; named: boolean; reads: [name: string, inRead: boolean, inAtLoad: boolean][] }[] = [];
  let inFunction = 0;
  let pendingBody = false; // a parameter list closed: a `{` before `;`, `=` or `,` is its body
  let last = NONE;
  let lastStart = 0;
  let lastEnd = 0;
  let skip = 0;
  // TypeScript only: the open brackets innermost last, the word before the last name (`const`
  // in `const x`), the last punctuator, the `?` of ternaries still open, and the braces of class bodies.
  const openers: number[] = [];
  // Where the word before the last name is (`const` in `const x`), read only when asked.
  let wordBeforeStart = 0;
  let wordBeforeEnd = 0;
  const wordBeforeIs = (word: string) => wordBeforeEnd - wordBeforeStart === word.length && code.startsWith(word, wordBeforeStart);
  let lastPunct = 0;
  let ternaries = 0;
  let classPending = false;
  const classBodies: boolean[] = [];
  // In a class body: an instance field's initialiser runs when an instance is made, not at load
  // (a static one does), and a member's name is no read. `initialiser` is open from a field's `=`
  // to its `;` or line end; `staticMember` marks the member being read as static.
  let initialiser = false;
  let staticInitialiser = false;
  let staticMember = false;
  const atClassBody = () => openers.at(-1) === 123 && classBodies.at(-1) === true;
  // Per arrow function whose body is an expression (`() => Region`, the lazy reference of ORM
  // relations), the brackets open when it began: a `,`, `;` or closing bracket at that depth
  // ends it, as does a line end the next line does not go on from.
  const arrowBodies: number[] = [];
  const endArrowBodies = () => {
    while (arrowBodies.length && arrowBodies.at(-1)! >= openers.length) {
      arrowBodies.pop();
      inFunction--;
    }
  };
  for (let i = 0; i < code.length;) {
    const c = code.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      if (c === 10 && arrowBodies.at(-1) === openers.length && !goesOn(code, i)) endArrowBodies();
      if (c === 10 && initialiser && atClassBody() && !goesOn(code, i)) initialiser = staticMember = false;
      i++;
      continue;
    }
    // Comments, strings and template literals hold no code this reads (a name inside a
    // template's `${}` is passed over too); skipped in place rather than copied out.
    if (c === 47 && code.charCodeAt(i + 1) === 47) {
      const end = code.indexOf("\n", i);
      i = end === -1 ? code.length : end;
      continue;
    }
    if (c === 47 && code.charCodeAt(i + 1) === 42) {
      const end = code.indexOf("*/", i + 2);
      i = end === -1 ? code.length : end + 2;
      continue;
    }
    if (c === 34 || c === 39 || c === 96) {
      let j = i + 1;
      while (j < code.length && code.charCodeAt(j) !== c) j += code.charCodeAt(j) === 92 ? 2 : 1;
      i = j + 1;
      last = OTHER;
      lastPunct = c;
      continue;
    }
    if (identStart(c)) {
      let j = i + 1;
      while (j < code.length && identPart(code.charCodeAt(j))) j++;
      // A TypeScript declaration of types alone (`interface`, `type X =`, `declare ...`) is erased
      // when compiled: the names in it are read by the compiler, never at load.
      const declared = typescript && (everywhere || inFunction === 0) && last !== DOT ? typeDeclarationEnd(code, i, j) : -1;
      if (declared !== -1) {
        i = declared;
        last = OTHER;
        continue;
      }
      // `class X extends Base implements Shape, Other {`: the interfaces are the compiler's.
      if (typescript && (everywhere || inFunction === 0) && j - i === 10 && code.startsWith("implements", i)) {
        i = typeEnd(code, j, "{");
        last = OTHER;
        continue;
      }
      // `value as Type`, `value satisfies Type`: the type is the compiler's. To its line's end
      // when the next line does not go on with it (code without semicolons).
      if (typescript && (last === IDENT || (last === OTHER && ENDS_VALUE.has(lastPunct))) && ((j - i === 2 && code.startsWith("as", i)) || (j - i === 9 && code.startsWith("satisfies", i)))) {
        i = typeEnd(code, j, ",;)]}=", false, true);
        last = OTHER;
        lastPunct = 0;
        continue;
      }
      // A class's `{` opens its body, even after a decorator's `(...)`. Not a key named class (`{ class: "row" }`).
      if (j - i === 5 && code.startsWith("class", i) && last !== DOT && /^\s*[\w${]/.test(code.slice(j, j + 40))) {
        classPending = true;
        pendingBody = false;
      }
      if (last === IDENT) (wordBeforeStart = lastStart), (wordBeforeEnd = lastEnd);
      else wordBeforeStart = wordBeforeEnd = 0;
      // A class member's name or modifier (`static`, `get`, `async`) reads nothing; a decorator's name (`@Input`) is read at load.
      const memberName = last !== DOT && !initialiser && !(last === OTHER && lastPunct === 64) && atClassBody();
      if (memberName && j - i === 6 && code.startsWith("static", i)) {
        staticMember = true;
        pendingBody = false; // `static {` opens a block that runs at load
      }
      const loading = inFunction === 0 && (!initialiser || staticInitialiser);
      // An object literal's key (`{ dateGranularity: "auto" }`, `const { a: b } = c`) names a property, not the binding.
      const key = last === OTHER && (lastPunct === 123 || lastPunct === 44) && openers.at(-1) === 123 && !atClassBody() && isKeyColon(code, j);
      if ((everywhere || loading) && last !== DOT && !memberName && !key) {
        while (skip < skipped.length && skipped[skip]![1] <= i) skip++;
        while (inList < exportLists.length && exportLists[inList]![1] <= i) inList++;
        const listed = inList < exportLists.length && exportLists[inList]![0] <= i;
        if (!(skip < skipped.length && skipped[skip]![0] <= i) && !(listed && !everywhere)) {
          const name = code.slice(i, j);
          const inRead = !read.has(name);
          const inAtLoad = !!atLoad && loading && !listed && !atLoad.has(name);
          read.add(name);
          if (inAtLoad) atLoad!.add(name);
          if ((inRead || inAtLoad) && parenReads.length) parenReads.at(-1)!.reads.push([name, inRead, inAtLoad]);
        }
        if (j - i === 7 && code.startsWith("require", i)) {
          const call = REQUIRE_CALL.exec(code.slice(i, i + 300));
          if (call) read.add(`${REQUIRED}${call[2]}`);
          if (call && atLoad && loading) atLoad.add(`${REQUIRED}${call[2]}`);
        }
      }
      last = IDENT;
      lastStart = i;
      lastEnd = j;
      i = j;
      continue;
    }
    if (c === 61 && code.charCodeAt(i + 1) === 62) { // =>
      last = ARROW;
      i += 2;
      while (code.charCodeAt(i) === 32 || code.charCodeAt(i) === 9 || code.charCodeAt(i) === 10 || code.charCodeAt(i) === 13) i++;
      if (code.charCodeAt(i) !== 123) {
        arrowBodies.push(openers.length);
        inFunction++;
      }
      continue;
    }
    // A type annotation, erased when compiled (TypeScript, outside function bodies, where names
    // are read at load): a return type after a parameter list, a parameter's or a declared
    // variable's type, a class field's. A ternary's `:` is none.
    if (typescript && c === 58 && (everywhere || inFunction === 0)) {
      const innermost = openers.at(-1);
      const named = last === IDENT || (lastPunct === 63 && last === OTHER);
      let end = -1;
      if (ternaries > 0) ternaries--;
      else if (lastPunct === 41 && last === OTHER && pendingBody) end = typeEnd(code, i + 1, "{;", true);
      // A parameter's, also a destructured one's (`({ a, b }: Props) =>`).
      else if ((named || (last === OTHER && (lastPunct === 125 || lastPunct === 93))) && innermost === 40) end = typeEnd(code, i + 1, ",)=");
      else if (named && (wordBeforeIs("const") || wordBeforeIs("let") || wordBeforeIs("var"))) end = typeEnd(code, i + 1, "=;,", false, true);
      else if (named && innermost === 123 && classBodies.at(-1)) end = typeEnd(code, i + 1, "=;", false, true);
      if (end !== -1) {
        i = end;
        last = OTHER;
        lastPunct = 0;
        continue;
      }
    }
    // Type arguments and type parameters (`new WeakMap<Context, Entry>()`, `get<T = any>(`,
    // `class Box<T> {`) are the compiler's: after a name, a `<` whose `>` closes a list of types.
    if (typescript && c === 60 && last === IDENT && !NOT_GENERIC.has(code.slice(lastStart, lastEnd))) {
      const end = typeArgumentsEnd(code, i);
      const next = end === -1 ? "" : code.slice(end, end + 12).trimStart();
      if (end !== -1 && (next[0] === "(" || next[0] === "`" || ((wordBeforeIs("class") || wordBeforeIs("extends")) && /^(?:\{|extends\b|implements\b)/.test(next)))) {
        i = end;
        continue;
      }
    }
    if (typescript && c === 63 && (everywhere || inFunction === 0)) { // ?
      const next = code.charCodeAt(i + 1);
      // Not `?.`, `??`, nor an optional name (`a?: T`, `f(a?)`).
      if (next !== 46 && next !== 63 && next !== 58 && next !== 41 && next !== 44 && next !== 61) ternaries++;
    }
    if (arrowBodies.length && (c === 41 || c === 93 || c === 125 || c === 44 || c === 59)) endArrowBodies();
    if (c === 40) { // (
      parens.push(last === IDENT && CONTROL.has(code.slice(lastStart, lastEnd)));
      // `function name(`, `function(` and a class's method (`save(data, opts = defaults) {`): a parameter list.
      parenReads.push({ parameters: last === IDENT && ((code.startsWith("function", lastStart) && lastEnd - lastStart === 8) || wordBeforeIs("function") || (atClassBody() && !initialiser)), named: last === IDENT, reads: [] });
      pendingBody = false;
      openers.push(c);
    } else if (c === 41) { // )
      const control = parens.pop() ?? true;
      pendingBody = !control;
      openers.pop();
      const paren = parenReads.pop();
      const inside = paren?.reads ?? [];
      // An object literal's method (`colour(c, fallback = Constants.defaultTagColor): Color { ... }`): a name, its parameters, a body.
      const method = !control && !!paren?.named && openers.at(-1) === 123 && bodyFollows(code, i + 1, typescript);
      const parameters = !!paren?.parameters || method || ARROW_AFTER.test(code.slice(i + 1, i + 200));
      if (!parameters) parenReads.at(-1)?.reads.push(...inside);
      else {
        // Read only when called: out of what loading reads (a compiled module still refers to them: `everywhere` keeps them).
        for (const [name, inRead, inAtLoad] of inside) {
          if (inRead && !everywhere) read.delete(name);
          if (inAtLoad) atLoad!.delete(name);
        }
      }
    } else if (c === 91) { // [
      openers.push(c);
    } else if (c === 93) { // ]
      openers.pop();
    } else if (c === 123) { // {
      const body = last === ARROW || pendingBody;
      braces.push(body);
      if (body) inFunction++;
      pendingBody = false;
      openers.push(c);
      classBodies.push(classPending && !body);
      classPending = false;
    } else if (c === 125) { // }
      if (braces.pop()) inFunction--;
      openers.pop();
      if (classBodies.pop()) initialiser = staticMember = false;
      else if (!initialiser && atClassBody()) staticMember = false; // a method's or static block's body closed
      // A block closed: a `{` after it opens nothing of a call before it (`f(x)\n}\nexport default {`).
      pendingBody = false;
    } else if (c === 59 || c === 61 || c === 44) { // ; = ,
      pendingBody = false;
      if (c === 59) ternaries = 0;
      if (c === 61 && !initialiser && atClassBody() && code.charCodeAt(i + 1) !== 61) {
        initialiser = true;
        staticInitialiser = staticMember;
      } else if (c === 59 && atClassBody()) initialiser = staticMember = false;
    }
    last = c === 46 ? DOT : OTHER;
    lastPunct = c;
    i++;
  }
  return read;
}

// After a closing paren, what makes it an arrow function's parameter list: `=>`, maybe after a return type.
const ARROW_AFTER = /^\s*(?::\s*[\w$.<>\[\]|&,\s]+?)?\s*=>/;

/** Whether a body follows a parameter list closed just before `from`: `{`, after a TypeScript return type. */
function bodyFollows(code: string, from: number, typescript: boolean): boolean {
  let at = from + /^\s*/.exec(code.slice(from, from + 200))![0].length;
  if (typescript && code[at] === ":") at = typeEnd(code, at + 1, "{;", true);
  return code[at] === "{";
}

// Words a `<` after which starts a comparison or a JSX element, never a type argument list.
const NOT_GENERIC = new Set(["return", "typeof", "yield", "await", "case", "in", "of", "instanceof", "void", "delete", "throw", "else", "do"]);

/**
 * The index after the `>` that closes the type list opened by the `<` at `open`, or -1 when
 * what follows is no list of types (an operator only values take: `a < b && c > (d)`).
 */
function typeArgumentsEnd(code: string, open: number): number {
  let depth = 0;
  const limit = Math.min(code.length, open + 600);
  for (let i = open + 1; i < limit; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < code.length && code[j] !== c && code[j] !== "\n") j += code[j] === "\\" ? 2 : 1;
      i = j;
    } else if (c === "<" || c === "(" || c === "[" || c === "{") depth++;
    else if (c === ">") {
      if (code[i - 1] === "=") continue; // a function type's `=>`
      if (depth === 0) return i + 1;
      depth--;
    } else if (c === ")" || c === "]" || c === "}") {
      if (--depth < 0) return -1;
    } else if (c === ";" && depth === 0) return -1;
    else if ("!+*/%^~".includes(c) || (c === "&" && code[i + 1] === "&") || (c === "|" && code[i + 1] === "|") || (c === "=" && (code[i + 1] === "=" || code[i - 1] === "="))) return -1;
  }
  return -1;
}

/** Whether the expression on the line ending at `newline` goes on past it: the line ends with an operator or the next starts with one. */
function goesOn(code: string, newline: number): boolean {
  let before = newline - 1;
  while (before >= 0 && (code[before] === " " || code[before] === "\t" || code[before] === "\r")) before--;
  let after = newline + 1;
  while (after < code.length && /\s/.test(code[after]!)) after++;
  return before >= 0 && "=>(,.?:+-*/%|&<![{".includes(code[before]!) || (after < code.length && ".?:+-*/%|&=<>)]},".includes(code[after]!));
}

// The last character of a value a TypeScript `as` may follow: a closing bracket, a quote, a digit.
const ENDS_VALUE = new Set([41, 93, 125, 34, 39, 96, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57]);

/**
 * Where a type written from `from` ends: the index of the first of `stops` outside its own
 * brackets (`<...>`, `(...)`, `[...]`, `{...}`; `=>` closes nothing), or of an `=>` outside them
 * after some type (a return type `(x): T => ...`). With `returnType`, a `{` once the type has
 * begun is the function's body; one that begins it is an object type. A type that may hold
 * object types (`{ a: A }`) has no `{` among its stops. With `endsAtLine` (code written without
 * semicolons), a line end outside brackets ends it too, unless the type goes on.
 */
function typeEnd(code: string, from: number, stops: string, returnType = false, endsAtLine = returnType): number {
  let depth = 0;
  let begun = false;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    // A type without a semicolon after it (an abstract method's return type, a class field's)
    // ends with its line, unless the type goes on (`Promise<A>\n  | B`, `A |\n  B`).
    if (c === "\n" && endsAtLine && begun && depth === 0 && !/[|&,:<(=]\s*$/.test(code.slice(Math.max(from, i - 40), i)) && !/^\s*[|&.?<>[(,=]/.test(code.slice(i + 1, i + 40))) return i;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") continue;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === "\\" ? 2 : 1;
      i = j;
      begun = true;
      continue;
    }
    if (c === "=" && code[i + 1] === ">") {
      if (depth === 0 && returnType && begun) return i;
      i++;
      continue;
    }
    // A `{` in `stops` ends the type, but for a return type only once the type has begun (before, it is an object type's).
    if (depth === 0 && stops.includes(c) && !(c === "{" && returnType && !begun)) return i;
    if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if (c === ")" || c === "]" || c === "}" || c === ">") {
      if (depth === 0) return i;
      depth--;
    }
    begun = true;
  }
  return code.length;
}

/** Whether a `:` (not `::`) follows the name ending at `end`, past spaces on its line. */
function isKeyColon(code: string, end: number): boolean {
  let i = end;
  while (code.charCodeAt(i) === 32 || code.charCodeAt(i) === 9) i++;
  return code.charCodeAt(i) === 58 && code.charCodeAt(i + 1) !== 58;
}

const TYPE_DECLARATIONS = new Set(["interface", "type", "declare"]);

/**
 * Where the TypeScript type declaration starting with the word at [start, end) ends (the index
 * after it), or -1 when the word starts none: `interface X ... { ... }`, `type X<T> = ...;` (to its
 * `;`, or to the next line starting a statement), `declare module "x" { ... }`, `declare const x: T;`.
 * Only first in its statement (on its line, after `;`, `{` or `}`, or after `export`).
 */
function typeDeclarationEnd(code: string, start: number, end: number): number {
  // Called for every name of a TypeScript module: its length and first letter rule most out before any slice.
  const length = end - start;
  const first = code.charCodeAt(start);
  if (!((length === 4 && first === 116) || (length === 7 && first === 100) || (length === 9 && first === 105))) return -1; // type, declare, interface
  const word = code.slice(start, end);
  if (!TYPE_DECLARATIONS.has(word)) return -1;
  let before = start - 1;
  while (before >= 0 && (code[before] === " " || code[before] === "\t")) before--;
  if (before >= 5 && code.startsWith("export", before - 5) && (before < 6 || !identPart(code.charCodeAt(before - 6)))) {
    before -= 6;
    while (before >= 0 && (code[before] === " " || code[before] === "\t")) before--;
  }
  if (before >= 0 && !"\n;{}".includes(code[before]!)) return -1;
  const next = /^\s+([A-Za-z_$][\w$]*|"[^"\n]*"|'[^'\n]*')\s*(\S)/.exec(code.slice(end, end + 200));
  if (!next) return -1;
  if (word === "type" && next[2] !== "=" && next[2] !== "<") return -1;
  // Scan to the end: the body's closing brace for an interface (and a `declare` with a block),
  // else the `;` or the line that starts the next statement, at the declaration's own depth.
  let depth = 0;
  let sawBlock = false;
  for (let i = end; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < code.length && code[j] !== c) j += code[j] === "\\" ? 2 : 1;
      i = j;
    } else if (c === "/" && code[i + 1] === "/") {
      const eol = code.indexOf("\n", i);
      i = (eol === -1 ? code.length : eol) - 1;
    } else if (c === "/" && code[i + 1] === "*") {
      const close = code.indexOf("*/", i + 2);
      i = close === -1 ? code.length : close + 1;
    } else if (c === "(" || c === "[" || c === "{") {
      if (c === "{" && depth === 0) sawBlock = true;
      depth++;
    } else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0 && c === "}" && sawBlock && word !== "type") return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && c === ";") {
      return i + 1;
    } else if (depth === 0 && c === "\n" && (word === "type" || !sawBlock) && NEXT_STATEMENT.test(code.slice(i + 1, i + 40))) {
      return i + 1;
    }
  }
  return code.length;
}

// A line that starts the next statement after a declaration without a semicolon.
const NEXT_STATEMENT = /^[ \t]*(?:export|import|const|let|var|function|class|interface|type|declare|enum|async|abstract|namespace|@|$)/;

export const LOAD_TIME_CACHE_FILE = ".tool/cache/analysis/load-time.json";
/** Per importer: its size and modification time when read, and the answer for each specifier asked. */
type Stored = { key: string; entries: Record<string, { stamp: string; used: Record<string, boolean | string> }> };

/**
 * usedAtLoad for the modules of a repository, each read and scanned once however many of its
 * imports are asked. The answers are kept in `.tool/cache/` by the importer's size and
 * modification time (`stampOf`), so an edit elsewhere reads none of the cycle's files again:
 * on a large cycle that reading was a tenth of a warm analysis. `save` writes what was learnt.
 */
export function loadTimeReads(options: {
  root: string;
  read: (path: string) => string | undefined;
  stampOf: (path: string) => string | undefined;
  readOnly?: boolean;
}): {
  usedAtLoad: (from: string, specifier: string) => boolean;
  usedAsValue: (from: string, specifier: string) => boolean;
  throughForwardRef: (from: string, specifier: string) => boolean;
  importsReadAtLoad: (from: string, specifier: string) => string[];
  exportsOf: (path: string) => Exports;
  importedPerInstance: (from: string, specifier: string) => boolean;
  save: () => void;
} {
  const file = join(options.root, LOAD_TIME_CACHE_FILE);
  const stored = loadStored(options.root, file);
  // Per importer read: its text, and the names it reads at load and anywhere, each worked out when first asked.
  type Module = { text: string; names?: Set<string>; anywhere?: Set<string>; imports?: ValueImports };
  const modules = new Map<string, Module>();
  const asked: Stored["entries"] = {};
  let grown = false;
  // One answer per importer and key, worked out at most once while the importer is unchanged.
  const answer = <T extends boolean | string>(from: string, key: string, work: (module: Module) => T): T => {
    const stamp = options.stampOf(from);
    let entry = stored.entries[from];
    if (!entry || entry.stamp !== stamp) entry = stored.entries[from] = { stamp: stamp ?? "", used: {} };
    asked[from] = entry;
    const known = entry.used[key];
    if (known !== undefined) return known as T;
    let module = modules.get(from);
    if (!module) modules.set(from, (module = { text: options.read(from) ?? "" }));
    grown = true;
    const worked = work(module);
    entry.used[key] = worked;
    return worked;
  };
  // A TypeScript module in a cycle is asked both questions: one pass reads the names for both.
  const typescriptNames = (module: Module) => {
    if (!module.anywhere) {
      const atLoad = new Set<string>();
      module.anywhere = namesReadAtLoad(module.text, true, true, atLoad);
      module.names = atLoad;
    }
    return module;
  };
  const imports = (module: Module) => () => (module.imports ??= valueImports(module.text));
  return {
    usedAtLoad: (from, specifier) =>
      answer(from, specifier, (module) =>
        usedAtLoad(module.text, specifier, () => (TYPESCRIPT.test(from) ? typescriptNames(module).names! : (module.names ??= namesReadAtLoad(module.text))), imports(module))),
    // Kept beside the load-time answers under a key no specifier has (a space).
    usedAsValue: (from, specifier) =>
      !TYPESCRIPT.test(from) || answer(from, `value ${specifier}`, (module) => usedAsValue(module.text, specifier, () => typescriptNames(module).anywhere!, imports(module))),
    throughForwardRef: (from, specifier) => answer(from, `forwardRef ${specifier}`, (module) => throughForwardRef(module.text, specifier, imports(module))),
    importedPerInstance: (from, specifier) => answer(from, `instance ${specifier}`, (module) => importedPerInstance(module.text, specifier, from.endsWith(".vue"))),
    // Lists kept as text: the names one per line, the exports as JSON.
    importsReadAtLoad: (from, specifier) => {
      const names = answer(from, `reads ${specifier}`, (module) =>
        importsReadAtLoad(module.text, specifier, () => (TYPESCRIPT.test(from) ? typescriptNames(module).names! : (module.names ??= namesReadAtLoad(module.text))), imports(module)).join("\n"));
      return names ? names.split("\n") : [];
    },
    exportsOf: (path) => JSON.parse(answer(path, "exports", (module) => JSON.stringify(exportsOf(module.text)))) as Exports,
    save() {
      if (!grown || options.readOnly) return;
      try {
        // Only this run's importers: the files of cycles since broken are not kept forever.
        writeCacheFile(file, JSON.stringify({ key: CACHE_KEY, entries: asked } satisfies Stored));
      } catch {
        // A read-only checkout still gets its analysis; only the disk cache is lost.
      }
    },
  };
}

function loadStored(root: string, file: string): Stored {
  const empty: Stored = { key: CACHE_KEY, entries: {} };
  if (!existsSync(file)) return empty;
  try {
    const stored = JSON.parse(readInside(root, file)) as Stored;
    return stored.key === CACHE_KEY && typeof stored.entries === "object" && stored.entries ? stored : empty;
  } catch {
    return empty; // a damaged cache is rebuilt, never trusted
  }
}

// One pass over the characters of every module in a cycle, on a cold analysis (core/jit.ts).
belowTopTier(namesReadAtLoad);
