/**
 * Kotlin (and Kotlin scripts, `.kts`): imports (with `as` aliases), the package, declared
 * types, top-level functions and properties, and decision points including `when` branches.
 */
import type { Extracted, ImportFact, TypeFact } from "../facts.ts";
import { blockAfter, countArms, depthCursor, modifiersBefore } from "./curly.ts";
import type { Language } from "./language.ts";
import { markersIn } from "./markers.ts";
import { nestingFromIndents } from "./nesting.ts";
import { countDecisions, quoted, type StringMatch, strip, type Syntax } from "./strip.ts";
import { mostComplexFunction } from "./functions.ts";

/**
 * Kotlin strings: `"..."` with escapes and `${...}` templates (which may hold strings of their
 * own), raw `"""..."""` whose closing run of quotes may be longer than three, and chars.
 * Backquoted names (`` fun `returns null when empty`() ``) are consumed like strings so the
 * words inside them are not read as code.
 */
function kotlinString(src: string, pos: number): StringMatch | undefined {
  const c = src.charCodeAt(pos);
  if (c === 39) return quoted(src, pos, "'");
  if (c === 96) return quoted(src, pos, "`", { escapes: false });
  if (c !== 34) return undefined;
  const raw = src.startsWith('"""', pos);
  let i = pos + (raw ? 3 : 1);
  while (i < src.length) {
    const ch = src.charCodeAt(i);
    if (ch === 92 && !raw) {
      i += 2;
    } else if (ch === 36 && src.charCodeAt(i + 1) === 123) {
      i = templateEnd(src, i + 2);
    } else if (raw && src.startsWith('"""', i)) {
      let end = i + 3;
      while (src.charCodeAt(end) === 34) end++;
      return { end, valueStart: pos + 3, valueEnd: end - 3 };
    } else if (!raw && ch === 34) {
      return { end: i + 1, valueStart: pos + 1, valueEnd: i };
    } else if (!raw && ch === 10) {
      return { end: i, valueStart: pos + 1, valueEnd: i };
    } else i++;
  }
  return { end: src.length, valueStart: pos + (raw ? 3 : 1), valueEnd: src.length };
}

/** Index after the `}` closing a `${` template expression that starts at `from`. */
function templateEnd(src: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 34 || c === 39) {
      i = kotlinString(src, i)?.end ?? i + 1;
      continue;
    }
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
    i++;
  }
  return src.length;
}

export const KOTLIN_SYNTAX: Syntax = {
  lineComments: ["//"],
  // Kotlin block comments nest: `/* a /* b */ c */` is one comment.
  blockComments: [{ open: "/*", close: "*/", nested: true }],
  literalStarts: "\"'`",
  matchString: kotlinString,
};

const SEGMENT = String.raw`(?:[A-Za-z_][\w]*|\x60[^\x60\n]*\x60)`;
const PACKAGE = new RegExp(String.raw`(?<![\w.])package\s+(${SEGMENT}(?:\s*\.\s*${SEGMENT})*)`);
const IMPORT = new RegExp(String.raw`^[ \t]*import\s+(${SEGMENT}(?:\s*\.\s*(?:${SEGMENT}|\*))*)`, "gm");
const TYPE = /(?<![\w.:])(class|interface|object|typealias)\s+([A-Za-z_]\w*|`[^`\n]*`)/g;
const FUN = /(?<![\w.])fun\s+/g;
const PROPERTY = /(?<![\w.])(?:val|var)\s+/g;
const JVM_NAME = /@file\s*:\s*JvmName\s*\(\s*"/;
const DECISION_WORDS = ["if", "for", "while", "catch"];
const FUN_HEADER = /^[ \t]*(?:(?:@[\w.]+(?:\([^)\n]*\))?|[a-z]+)[ \t]+)*fun[ \t]+(?:<[^>\n]*>[ \t]*)?(?:[\w.<>?]+\.)?(?<name>\w+)/gm;
const decisionsIn = (code: string) => countDecisions(code, DECISION_WORDS, ["&&", "||", "?:"]) + whenBranches(code);

/**
 * Reads one Kotlin file. `declares` is the package name followed by the fully qualified names
 * of everything importable at the top level: classes, objects, interfaces, type aliases,
 * functions and properties (`com.acme.util.slugify`), plus the facade class Java sees for
 * top-level functions (`com.acme.util.StringsKt`, or the `@file:JvmName`). A file without a
 * package clause declares nothing. Specifiers are the imported names without `as` aliases.
 */
export function extractKotlin(text: string, path: string): Extracted {
  const stripped = strip(text, KOTLIN_SYNTAX);
  const { code } = stripped;
  const nameAt = (from: number, to: number) =>
    clean(code.slice(from, to).includes("`") ? text.slice(from, to) : code.slice(from, to));

  const imports: ImportFact[] = [];
  for (const match of code.matchAll(IMPORT)) {
    const start = match.index + match[0].length - match[1]!.length;
    imports.push({
      specifier: nameAt(start, start + match[1]!.length),
      kind: "import",
      line: stripped.lineAt(match.index + match[0].indexOf("import")),
    });
  }

  const pkg = PACKAGE.exec(code);
  const packageName = pkg ? nameAt(pkg.index + pkg[0].length - pkg[1]!.length, pkg.index + pkg[0].length) : undefined;
  const topLevel: string[] = [];
  const types: TypeFact[] = [];
  const depthAt = depthCursor(code);
  for (const match of code.matchAll(TYPE)) {
    const keyword = match[1]!;
    // Same-line modifiers: Kotlin has no `;` to end the previous member.
    const modifiers = modifiersBefore(code, match.index, ";{}\n");
    if (keyword === "object" && /\bcompanion\s*$/.test(modifiers)) continue;
    const name = clean(
      match[2]!.includes("`")
        ? text.slice(match.index + match[0].length - match[2]!.length, match.index + match[0].length)
        : match[2]!,
    );
    // Interfaces (`fun interface` too), abstract and sealed classes, annotation classes and
    // type aliases declare no implementation of their own.
    const abstract = keyword === "interface" || keyword === "typealias" ||
      /\b(abstract|sealed|annotation)\b/.test(modifiers);
    types.push({ name, abstract, line: stripped.lineAt(match.index) });
    if (depthAt(match.index) === 0) topLevel.push(name);
  }

  let functions = 0;
  let facade = false;
  const functionDepth = depthCursor(code);
  for (const match of code.matchAll(FUN)) {
    if (code.startsWith("interface", match.index + match[0].length)) continue;
    if (functionDepth(match.index) !== 0) continue;
    functions++;
    facade = true;
    const name = declaredName(code, match.index + match[0].length);
    if (name) topLevel.push(name);
  }
  const propertyDepth = depthCursor(code);
  for (const match of code.matchAll(PROPERTY)) {
    if (propertyDepth(match.index) !== 0) continue;
    facade = true;
    const name = declaredName(code, match.index + match[0].length);
    if (name) topLevel.push(name);
  }

  const declares: string[] = [];
  if (packageName !== undefined) {
    declares.push(packageName, ...[...new Set(topLevel)].map((name) => `${packageName}.${name}`));
    if (facade) declares.push(`${packageName}.${facadeName(stripped, code, path)}`);
  }

  const complexity = decisionsIn(code);
  return {
    lines: stripped.lines,
    imports,
    types,
    functions,
    complexity,
    mostComplexFunction: mostComplexFunction(code, complexity, FUN_HEADER, decisionsIn),
    nesting: nestingFromIndents(stripped.indents),
    markers: markersIn(stripped.comments),
    parse: "lexical",
    declares,
  };
}

/**
 * The name declared after `fun`/`val`/`var`: type parameters and an extension receiver are
 * skipped (`fun <T> List<T>.second()` declares `second`).
 */
function declaredName(code: string, from: number): string | undefined {
  let i = from;
  let angle = 0;
  let head = "";
  for (; i < code.length; i++) {
    const c = code[i]!;
    if (c === "<") angle++;
    else if (c === ">") angle--;
    else if (angle === 0) {
      if (c === "(" || c === ":" || c === "=" || c === "{" || c === "\n" || c === ";") break;
      head += c;
    }
  }
  const name = head.trim().split(".").pop()?.trim() ?? "";
  return /^[A-Za-z_]\w*$/.test(name) ? name : undefined;
}

/** The class Java sees for a file's top-level functions: `@file:JvmName`, else `<File>Kt`. */
function facadeName(stripped: ReturnType<typeof strip>, code: string, path: string): string {
  const annotation = JVM_NAME.exec(code);
  const value = annotation ? stripped.stringAt(annotation.index + annotation[0].length - 1)?.value : undefined;
  if (value) return value;
  const base = (path.split("/").pop() ?? path).replace(/\.kts?$/, "").replace(/[^\w]/g, "_");
  return base.charAt(0).toUpperCase() + base.slice(1) + "Kt";
}

/** Each branch of every `when` block except `else ->`, as each `case` of a switch counts. */
function whenBranches(code: string): number {
  let count = 0;
  for (const match of code.matchAll(/(?<![\w.])when\b/g)) {
    const open = blockAfter(code, match.index + 4, "optional");
    if (open !== -1) count += countArms(code, open, "->", "\n;", "else");
  }
  return count;
}

/** A name as written, without spaces between its segments and without the backquotes. */
const clean = (name: string) => name.replace(/`([^`]*)`|\s+/g, (_, quotedName: string | undefined) => quotedName ?? "");

export const kotlin: Language = {
  id: "kotlin",
  name: "Kotlin",
  extensions: [".kt", ".kts"],
  syntax: KOTLIN_SYNTAX,
  extract: extractKotlin,
};
