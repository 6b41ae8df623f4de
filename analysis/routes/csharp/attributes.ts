import { closing } from "../../languages/curly.ts";
import type { Span } from "../js/objects.ts";
import { callArguments, type RouteSource } from "../source.ts";

/** One attribute: `[HttpGet("{id}", Name = "x")]` is { name: "HttpGet", args: [both spans] }. */
export type Attribute = { name: string; args: Span[]; start: number };

/** Separates an attribute's arguments where a route names the attributes of the app's it carries (`class:V3ApiController(alttitle)`). */
export const ARGUMENT_SEPARATOR = "\u001f";

/** A method with its attributes. */
/** `header`: the declaration before the parameters, after the attributes (`public async Task<IActionResult> Index`). */
export type Action = { name: string; attributes: Attribute[]; start: number; header: string; parameters: string };

/** A class with its attributes, its base list and its methods; `abstract` when it is declared so. */
export type CsClass = { name: string; attributes: Attribute[]; bases: string; start: number; body: Span; actions: Action[]; abstract?: true; partial?: true };

// After a statement, a block, another attribute list or a preprocessor line (`#nullable enable`).
const OPEN = /(?:^|[;{}\])]|#[^\n]*\n)\s*\[/g;
const MODIFIERS = String.raw`(?:(?:public|internal|protected|private|static|sealed|abstract|partial|virtual|override|async|new|unsafe|extern|readonly)\s+)*`;
// A class without a body ends at its `;` (C# 12: `public abstract class BaseAdminPluginController : BaseController;`).
const CLASS = new RegExp(String.raw`^${MODIFIERS}(?:class|record)\s+([A-Za-z_]\w*)(?:\s*<[^>{;]*>)?(?:\s*\([^)]*\))?\s*(?::\s*([^{;]*))?[{;]`);
// How far a class header is read: a primary constructor may take a dozen injected services.
const CLASS_HEADER = 4000;
// The modifiers are taken whole before the return type (a lookahead's capture, matched again,
// cannot be given back): the return type's characters take words too, and the two splitting a
// run of modifiers between them backtracked exponentially.
const METHOD = new RegExp(String.raw`^(?=(${MODIFIERS}))\1[\w.<>,?\[\]\s()]*?\s([A-Za-z_]\w*)\s*(?:<[^>(]*>)?\s*\(`);

/**
 * The classes of a C# file with their attributes, base types and methods (public methods
 * with or without attributes, since an MVC controller routes both). Attributes in one list
 * (`[HttpGet, Authorize]`) and in several lists count alike; attribute targets are skipped.
 */
export function csharpClasses(source: RouteSource): CsClass[] {
  const { code } = source;
  const sites = new Map<number, Attribute[]>();
  let pending: Attribute[] = [];
  let from = 0;
  for (const m of code.matchAll(OPEN)) {
    const open = m.index + m[0].length - 1;
    if (open < from) continue;
    const list = callArguments(code, open);
    from = list.end;
    for (const item of list.args) {
      const head = /^(?:\w+\s*:\s*)?([A-Za-z_][\w.]*)\s*(\()?/.exec(code.slice(item.start, item.end));
      if (!head) continue;
      const args = head[2] ? callArguments(code, item.start + head[0].length - 1).args : [];
      pending.push({ name: head[1]!.split(".").at(-1)!.replace(/Attribute$/, ""), args, start: item.start });
    }
    const next = list.end + /^\s*/.exec(code.slice(list.end, list.end + 400))![0].length;
    if (code[next] === "[") continue;
    sites.set(next, pending);
    pending = [];
  }
  // Classes and methods without attributes: MVC controllers and their actions are routed by convention.
  // White space within the line only: `^` already starts at every line, and `\s*` across the
  // blanked lines of a long comment was tried again from each of them.
  for (const m of code.matchAll(/(?:^|[;{}])[ \t]*(?=(?:public|internal|sealed|abstract|partial)\s)/gm)) {
    const at = m.index + m[0].length;
    if (!sites.has(at)) sites.set(at, []);
  }
  const ordered = [...sites].sort((a, b) => a[0] - b[0]);
  const classes: CsClass[] = [];
  for (const [at, attributes] of ordered) {
    const cls = CLASS.exec(code.slice(at, at + CLASS_HEADER));
    if (!cls) continue;
    const open = at + cls[0].length - 1;
    const modifiers = cls[0].slice(0, cls[0].search(/\b(?:class|record)\s/));
    const abstract = /\babstract\s/.test(modifiers);
    const partial = /\bpartial\s/.test(modifiers);
    classes.push({ name: cls[1]!, attributes, bases: (cls[2] ?? "").trim(), start: attributes[0]?.start ?? at, body: { start: open, end: code[open] === ";" ? open + 1 : closing(code, open) }, actions: [], ...(abstract ? { abstract: true as const } : {}), ...(partial ? { partial: true as const } : {}) });
  }
  for (const [at, attributes] of ordered) {
    const method = METHOD.exec(code.slice(at, at + 800));
    if (!method || !/\bpublic\b/.test(method[1]!) || CLASS.test(code.slice(at, at + CLASS_HEADER))) continue;
    const open = at + method[0].length - 1;
    const owner = classes.filter((c) => c.body.start < at && at < c.body.end).at(-1);
    owner?.actions.push({ name: method[2]!, attributes, start: attributes[0]?.start ?? at, header: code.slice(at, open), parameters: code.slice(open + 1, callArguments(code, open).end - 1) });
  }
  return classes;
}

/** A class's first base type, without its namespace and type arguments (`Api.RestController<T>` -> `RestController`). */
export function firstBase(bases: string): string | undefined {
  // A primary constructor hands its base arguments (`: ApiController(commandBus)`): not part of its name.
  const first = bases.replace(/\([^()]*\)/g, "").split(",")[0]?.trim().replace(/<.*$/s, "").split(".").at(-1)?.trim();
  return first && /^[A-Za-z_]\w*$/.test(first) ? first : undefined;
}

/** The first attribute of a list with one of the names. */
export const attribute = (attributes: readonly Attribute[], ...names: string[]): Attribute | undefined => attributes.find((a) => names.includes(a.name));
