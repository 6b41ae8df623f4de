import { callArguments, type RouteSource } from "../source.ts";

/** A function with a block body: its name (when the code gives it one), parameters and body span. */
export type FunctionScope = {
  /** The declared or assigned name; "default" for a default export; undefined for an inline function. */
  name: string | undefined;
  params: string[];
  line: number;
  /** Where the function expression starts (its `async`, `function` or parameter list). */
  start: number;
  bodyStart: number;
  bodyEnd: number;
};

// No two quantifiers here may take the same white space, and type parameters are short: the
// code has its comments and strings blanked to spaces, and a minified bundle compares with `<`
// all over, so an ambiguous pattern backtracked for minutes on one file of 300 KB.
const FUNCTION = /\b(?:async\s+)?function\b\s*(?:\*\s*)?(?:([A-Za-z_$][\w$]*)\s*)?(?:<[^<>]{0,300}>\s*)?\(/g;
const ARROW = /=>\s*\{/g;
// A method of an object literal or a class: `initApp(app) {`, `async register(app: App): Promise<void> {`.
// It starts after the last line break or separator before it: white space never spans lines here.
const METHOD = /(?:^|[{,;}\n])[ \t\r]*(?:(?:public|private|protected|static|async|override)\s+)*(?:\*\s*)?([A-Za-z_$][\w$]*)\s*(?:<[^<>]{0,300}>\s*)?\(/g;
const NOT_METHODS = new Set(["if", "for", "while", "switch", "catch", "function", "with", "return", "typeof", "await", "new", "super", "import", "require"]);
// `const f =`, `export default`, `module.exports =`, `exports.f =`, and a member of an object of
// the module's (`helpers.setupPageRoute = function (...args) {`), not of `this`.
const ASSIGNED =
  /(?:\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=|\b(export\s+default)|\b(module\.exports)\s*=|\bexports\.([A-Za-z_$][\w$]*)\s*=|(?<![\w$.])(?!this\b)[A-Za-z_$][\w$]*\.([A-Za-z_$][\w$]*)\s*=)\s*(?:[A-Za-z_$][\w$.]*\s*\(\s*)?$/;

/**
 * The functions with block bodies in a file, outermost first. Plugin-style code registers
 * routes on a parameter (`async function users(fastify) { fastify.get(...) }`), so a scanner
 * needs to know which function a call sits in and what that function is called.
 */
export function functionScopes(source: RouteSource): readonly FunctionScope[] {
  // Several scanners read the same file (Express, Fastify, jobs, consumers...): found once.
  let scopes = scopesOf.get(source);
  if (!scopes) scopesOf.set(source, (scopes = findScopes(source)));
  return scopes;
}

const scopesOf = new WeakMap<RouteSource, FunctionScope[]>();

function findScopes(source: RouteSource): FunctionScope[] {
  const scopes: FunctionScope[] = [];
  const { code } = source;
  for (const m of code.matchAll(FUNCTION)) {
    const open = m.index + m[0].length - 1;
    const { args, end } = callArguments(code, open);
    const body = blockAfter(code, end, /^\s*(?::[^{;]+)?\{/);
    if (body) scopes.push(scope(source, m.index, m[1] ?? assignedName(code, m.index), args, body));
  }
  for (const m of code.matchAll(METHOD)) {
    if (NOT_METHODS.has(m[1]!)) continue;
    const open = m.index + m[0].length - 1;
    const { args, end } = callArguments(code, open);
    // A call is never followed by a block; a method's parameter list is.
    const body = blockAfter(code, end, /^\s*(?::[^{;=()]+)?\{/);
    if (body) scopes.push(scope(source, open - m[1]!.length, m[1], args, body));
  }
  // Arrows are found from their `=>`, the parameters read backwards, so no other parenthesis costs anything.
  for (const m of code.matchAll(ARROW)) {
    const head = arrowHead(code, m.index);
    if (!head) continue;
    const brace = m.index + m[0].length - 1;
    const async = /\basync\s*$/.exec(code.slice(Math.max(0, head.start - 12), head.start));
    const start = async ? head.start - async[0].length : head.start;
    scopes.push(
      scope(source, start, assignedName(code, start), head.params, {
        start: brace,
        end: callArguments(code, brace).end,
      }),
    );
  }
  return scopes.sort((a, b) => a.start - b.start);
}

const ARROW_NAME = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=;]+?)?=>\s*$/;

/** The name an expression-bodied arrow is assigned to (`const users = (db) => new Hono()`), from the `=>` at `arrow`. */
export function arrowAssignedName(code: string, arrow: number): string | undefined {
  return ARROW_NAME.exec(code.slice(Math.max(0, arrow - 300), arrow + 2))?.[1];
}

const RETURN_NAME = /\breturn\s+([A-Za-z_$][\w$]*)\s*[;\n}]/g;

/**
 * Named functions that return one of the file's routers from their own body (not from a callback
 * inside it), with the router each returns: `function configure(app, ctx) { const api =
 * express.Router(); ...; return api; }` makes `api`, which a caller mounts as `configure(app, ctx)`.
 */
export function routerFactories(source: RouteSource, routers: { has(name: string): boolean }): { name: string; of: string; at: number }[] {
  const returns = [...source.code.matchAll(RETURN_NAME)].filter((m) => routers.has(m[1]!));
  if (!returns.length) return [];
  const scopes = functionScopes(source);
  return returns.flatMap((m) => {
    const inner = scopes.filter((f) => f.bodyStart < m.index && m.index < f.bodyEnd).reduce<FunctionScope | undefined>((a, f) => (!a || f.bodyStart > a.bodyStart ? f : a), undefined);
    return inner?.name && inner.name !== "default" && !routers.has(inner.name) ? [{ name: inner.name, of: m[1]!, at: m.index }] : [];
  });
}

const positionalOf = new WeakMap<FunctionScope, string[]>();

/**
 * The names of a function's arguments by position, its rest parameter unpacked where the body
 * does so (`(...args) { const [router, verb, name] = args;`): an element that is no plain name
 * (`{ queries }`) holds its place with "". Read once per function.
 */
export function positionalParameters(source: RouteSource, f: FunctionScope): readonly string[] {
  let found = positionalOf.get(f);
  if (found) return found;
  found = f.params;
  // The last parameter, written `...args` (typed or not), before the body's `=>`, return type or `{`.
  const rest = /\.\.\.\s*([A-Za-z_$][\w$]*)\s*(?::[^()]*)?\)[^()]*$/.exec(source.code.slice(f.start, f.bodyStart))?.[1];
  const unpacked = rest ? new RegExp(String.raw`\b(?:const|let)\s*(?=\[)`, "g") : undefined;
  for (const m of unpacked ? source.code.slice(f.bodyStart, f.bodyEnd).matchAll(unpacked) : []) {
    const open = f.bodyStart + m.index + m[0].length;
    const { args, end } = callArguments(source.code, open);
    if (!new RegExp(String.raw`^\s*=\s*${rest!.replace(/\$/g, "\\$")}\s*(?:;|\n|$)`).test(source.code.slice(end, end + 100))) continue;
    found = [...f.params.slice(0, -1), ...args.map((a) => /^\s*([A-Za-z_$][\w$]*)\s*$/.exec(source.code.slice(a.start, a.end))?.[1] ?? "")];
    break;
  }
  positionalOf.set(f, found);
  return found;
}

/** The innermost function around `offset` whose first parameter is `name`. */
export function scopeOf(scopes: readonly FunctionScope[], offset: number, name: string): FunctionScope | undefined {
  let found: FunctionScope | undefined;
  for (const s of scopes) if (s.bodyStart < offset && offset < s.bodyEnd && s.params[0] === name) found = s;
  return found;
}

function scope(
  source: RouteSource,
  start: number,
  name: string | undefined,
  params: { start: number; end: number }[],
  body: { start: number; end: number },
): FunctionScope {
  // A rest parameter is named for itself (`...args`), or for its first element when destructured as a tuple (`...[router, { queries }]: Args`).
  const names = params.map((p) => /^\s*(?:\.\.\.\s*)?(?:\[\s*)?([A-Za-z_$][\w$]*)/.exec(source.code.slice(p.start, p.end))?.[1] ?? "");
  return { name, params: names, line: source.lineAt(start), start, bodyStart: body.start, bodyEnd: body.end };
}

/** The parameters of the arrow whose `=>` is at `arrow`, and where they start: `(a, b: T): R =>` or `a =>`. */
function arrowHead(
  code: string,
  arrow: number,
): { start: number; params: { start: number; end: number }[] } | undefined {
  const before = code.slice(Math.max(0, arrow - 200), arrow);
  const single = /([A-Za-z_$][\w$]*)\s*$/.exec(before);
  if (single && !/\)\s*:[^=;{}()]*$/.test(before)) {
    const at = arrow - before.length + single.index;
    return { start: at, params: [{ start: at, end: at + single[1]!.length }] };
  }
  const close = /\)\s*(?::[^=;{}()]*)?$/.exec(before);
  if (!close) return undefined;
  let depth = 0;
  for (let i = arrow - before.length + close.index; i >= 0; i--) {
    if (code[i] === ")") depth++;
    else if (code[i] === "(" && --depth === 0) return { start: i, params: callArguments(code, i).args };
  }
  return undefined;
}

/** The name a function expression starting at `start` is given by an assignment or export before it. */
function assignedName(code: string, start: number): string | undefined {
  const m = ASSIGNED.exec(code.slice(Math.max(0, start - 200), start));
  if (!m) return undefined;
  return m[1] ?? m[4] ?? m[5] ?? "default";
}

/** The `{ ... }` block that `pattern` (ending in `{`) finds right at `from`. */
function blockAfter(code: string, from: number, pattern: RegExp): { start: number; end: number } | undefined {
  const m = pattern.exec(code.slice(from, from + 300));
  if (!m) return undefined;
  const open = from + m[0].length - 1;
  return { start: open, end: callArguments(code, open).end };
}

/**
 * The body (`{` to its `}`) of the function a module defines under `name`, read from its text:
 * `function name(...) {`, `const name = (async) (...) => {` or `= function (...) {`, with a
 * return type allowed, or `class name ... {` (a NestJS middleware); for "default", `export
 * default (async) function (...) {`; for an arrow whose body is a call (`= (handler) =>
 * withAxiom(...)`), that call's arguments. Used to look into a middleware or helper a route
 * names, in the module it is imported from.
 */
export function definedFunctionBody(text: string, name: string): string | undefined {
  const escaped = name.replace(/[$.]/g, "\\$&");
  const header = name === "default"
    ? /\bexport\s+default\s+(?:async\s+)?function\b[^(]*\([^)]*\)\s*(?::[^{]+)?\{/.exec(text)
    // A curried arrow (`withAdmin = (handler) => async (req) => {`, a wrapper making a handler) has its body in the last.
    : new RegExp(`(?:\\b(?:const|let|var)\\s+${escaped}\\s*(?::[^=;\\n]+)?=\\s*(?:async\\s+)?(?:function\\b[^(]*)?\\([^)]*\\)\\s*(?::[^={]+)?(?:=>\\s*(?:async\\s+)?\\([^)]*\\)\\s*(?::[^={]+)?(?==>))*(?:=>)?\\s*|\\bfunction\\s+${escaped}\\s*\\([^)]*\\)\\s*(?::[^{]+)?|\\bclass\\s+${escaped}\\b[^{]*)\\{`).exec(text);
  if (!header) {
    // A typed arrow the pattern above cannot read: generic parameters, a function type returned
    // (`withV3ApiWrapper = <S, TProps = unknown>(params): ((req, props) => Promise<Response>) => {`).
    const typed = name === "default" ? undefined : typedArrowBody(text, escaped);
    if (typed !== undefined) return typed;
    // An arrow whose body is a call (`withSession = (handler) => withAxiom(async (req) => { ... })`): that call's arguments.
    const call = name === "default" ? null : new RegExp(`\\b(?:const|let|var)\\s+${escaped}\\s*(?::[^=;\\n]+)?=\\s*(?:async\\s+)?\\([^)]*\\)\\s*(?::[^={]+)?=>\\s*(?:async\\s+)?[A-Za-z_$][\\w$.]*\\s*\\(`).exec(text);
    if (!call) return undefined;
    const open = call.index + call[0].length - 1;
    return text.slice(open, callArguments(text, open).end);
  }
  const open = header.index + header[0].length - 1;
  return text.slice(open, callArguments(text, open).end);
}

/**
 * The block body of the arrow a declaration assigns, found by its `=>` outside brackets (the
 * arrows of its types are inside them), through curried arrows; undefined for any other value.
 */
function typedArrowBody(text: string, escaped: string): string | undefined {
  const declared = new RegExp(`\\b(?:const|let|var)\\s+${escaped}\\s*(?::[^=;\\n]+)?=(?!=)\\s*(?=[<(]|async\\b)`).exec(text);
  if (!declared) return undefined;
  let depth = 0;
  for (let i = declared.index + declared[0].length; i < text.length && i < declared.index + 4000; i++) {
    const c = text[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === ";" && depth === 0) return undefined;
    else if (c === "=" && text[i + 1] === ">" && depth === 0) {
      const after = /^\s*/.exec(text.slice(i + 2))![0].length + i + 2;
      if (text[after] === "{") return text.slice(after, callArguments(text, after).end);
      // A curried arrow goes on to the next; anything else is an expression body.
      if (!/^(?:async\s*)?[(<]/.test(text.slice(after))) return undefined;
      i = after - 1;
    }
  }
  return undefined;
}

/** A call in code: its callee, a name or `object.member` (not a method of something longer, not a declaration). */
export const CALLED = /(?<![\w$.]|function\s)([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*\(/g;
