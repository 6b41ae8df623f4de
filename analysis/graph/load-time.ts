/**
 * Whether a JavaScript or TypeScript module touches what it imports from another while it loads.
 * An ES module cycle fails at load only when a module reads a binding of one that has not
 * finished evaluating (a `const` or class still in its temporal dead zone): React providers and
 * stores that call each other inside functions load in any order. So an import whose names
 * are used only inside function bodies cannot close a failing loop. Read only for the edges of
 * runtime cycles, from the importer's text: the extraction pays nothing for it.
 */
import { javascriptSyntax } from "../languages/javascript/syntax.ts";
import { strip } from "../languages/strip.ts";

const CONTROL = new Set(["if", "for", "while", "switch", "catch", "with"]);

/**
 * Whether `text` uses, outside every function body, a name it imports from `specifier`: false
 * only when the import statement is found and each of its names is read inside functions
 * alone. A side-effect import, a `require`, or anything not understood counts as used.
 */
export function usedAtLoad(text: string, specifier: string, readAtLoad: () => ReadonlySet<string> = () => namesReadAtLoad(text)): boolean {
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const statement = new RegExp(`\\bimport\\s+(?!type\\b)([\\w$*{}\\s,]+?)\\s+from\\s*(["'])${escaped}\\2`).exec(text);
  if (!statement) return true;
  const names = localNames(statement[1]!);
  if (names.size === 0) return true;
  const read = readAtLoad();
  for (const name of names) if (read.has(name)) return true;
  return false;
}

/** The local names an import clause binds: `A, { b as c, type D }, * as ns` -> A, c, ns. */
function localNames(clause: string): Set<string> {
  const names = new Set<string>();
  const braces = /\{([^}]*)\}/.exec(clause);
  for (const part of braces ? braces[1]!.split(",") : []) {
    const words = part.trim().split(/\s+/).filter(Boolean);
    if (!words.length || words[0] === "type") continue;
    names.add(words.at(-1)!);
  }
  const outside = (braces ? clause.replace(braces[0], "") : clause).split(",").map((p) => p.trim()).filter(Boolean);
  for (const part of outside) {
    const namespace = /^\*\s+as\s+([\w$]+)$/.exec(part);
    if (namespace) names.add(namespace[1]!);
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) names.add(part);
  }
  return names;
}

const IMPORT_STATEMENT = /\bimport\b[^;]*?\bfrom\s*(["'])[^"'\n]*\1/g;
const TOKEN = /[A-Za-z_$][\w$]*|=>|[(){};,=.]/g;

/**
 * The names the module reads outside every function body (not after a `.`, not in its import
 * statements), from its code with comments and strings blanked. A `{` opens a function body
 * after `=>`, after the `)` of a parameter list (not of `if (...)` and the like), or after a
 * return type that follows one.
 */
export function namesReadAtLoad(text: string): Set<string> {
  const code = strip(text, javascriptSyntax).code;
  const skipped: [number, number][] = [...text.matchAll(IMPORT_STATEMENT)].map((m) => [m.index, m.index + m[0].length]);
  const read = new Set<string>();
  const braces: boolean[] = []; // per open brace: does it open a function body?
  const parens: boolean[] = []; // per open paren: is it a control statement's?
  let inFunction = 0;
  let pendingBody = false; // a parameter list closed: a `{` before `;`, `=` or `,` is its body
  let last = "";
  let skip = 0;
  for (const m of code.matchAll(TOKEN)) {
    const token = m[0];
    const c = token.charCodeAt(0);
    if (token.length > 1 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36) {
      if (token === "=>") {
        last = token;
        continue;
      }
      while (skip < skipped.length && skipped[skip]![1] <= m.index) skip++;
      const inImport = skip < skipped.length && skipped[skip]![0] <= m.index;
      if (inFunction === 0 && last !== "." && !inImport) read.add(token);
      last = token;
      continue;
    }
    if (token === "(") {
      parens.push(CONTROL.has(last));
      pendingBody = false;
    } else if (token === ")") {
      pendingBody = !(parens.pop() ?? true);
    } else if (token === "{") {
      const body = last === "=>" || pendingBody;
      braces.push(body);
      if (body) inFunction++;
      pendingBody = false;
    } else if (token === "}") {
      if (braces.pop()) inFunction--;
    } else if (token === ";" || token === "=" || token === ",") {
      pendingBody = false;
    }
    last = token;
  }
  return read;
}

/** usedAtLoad for the modules of a repository, each read and scanned once however many of its imports are asked. */
export function loadTimeReads(read: (path: string) => string | undefined): (from: string, specifier: string) => boolean {
  const modules = new Map<string, { text: string; names?: Set<string> }>();
  return (from, specifier) => {
    let entry = modules.get(from);
    if (!entry) modules.set(from, (entry = { text: read(from) ?? "" }));
    const known = entry;
    return usedAtLoad(known.text, specifier, () => (known.names ??= namesReadAtLoad(known.text)));
  };
}
