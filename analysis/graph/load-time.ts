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
const IDENT = /[A-Za-z_$][\w$]*/y;

/**
 * Whether `text` uses, outside every function body, a name it imports from `specifier`: false
 * only when the import statement is found and each of its names is read inside functions
 * alone. A side-effect import, a `require`, or anything not understood counts as used.
 */
export function usedAtLoad(text: string, specifier: string): boolean {
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const statement = new RegExp(`\\bimport\\s+(?!type\\b)([\\w$*{}\\s,]+?)\\s+from\\s*(["'])${escaped}\\2`).exec(text);
  if (!statement) return true;
  const names = localNames(statement[1]!);
  if (names.size === 0) return true;
  const code = strip(text, javascriptSyntax).code;
  const skipFrom = statement.index;
  const skipTo = statement.index + statement[0].length;
  return usesOutsideFunctions(code, names, skipFrom, skipTo);
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

/**
 * Whether one of `names` appears in `code` (comments and strings blanked) outside every
 * function body and outside [skipFrom, skipTo). A `{` opens a function body after `=>`, after
 * the `)` of a parameter list (not of `if (...)` and the like), or after a return type that
 * follows one.
 */
function usesOutsideFunctions(code: string, names: ReadonlySet<string>, skipFrom: number, skipTo: number): boolean {
  const braces: boolean[] = []; // per open brace: does it open a function body?
  const parens: boolean[] = []; // per open paren: is it a control statement's?
  let inFunction = 0;
  let pendingBody = false; // a parameter list closed: a `{` before `;` or `=` is its body
  let last = ""; // the last significant token
  for (let i = 0; i < code.length;) {
    const c = code[i]!;
    if (c === " " || c === "\t" || c === "\n" || c === "\r") {
      i++;
      continue;
    }
    IDENT.lastIndex = i;
    const word = IDENT.exec(code)?.[0];
    if (word) {
      if (inFunction === 0 && names.has(word) && last !== "." && !(i >= skipFrom && i < skipTo)) return true;
      last = word;
      i += word.length;
      continue;
    }
    if (c === "(") {
      parens.push(CONTROL.has(last));
      pendingBody = false;
    } else if (c === ")") {
      const control = parens.pop() ?? true;
      pendingBody = !control;
    } else if (c === "{") {
      const body = last === "=>" || pendingBody;
      braces.push(body);
      if (body) inFunction++;
      pendingBody = false;
    } else if (c === "}") {
      if (braces.pop()) inFunction--;
    } else if (c === ";" || c === "=" && code[i + 1] !== ">" || c === ",") {
      pendingBody = false;
    }
    last = c === "=" && code[i + 1] === ">" ? "=>" : c;
    i += last === "=>" ? 2 : 1;
  }
  return false;
}
