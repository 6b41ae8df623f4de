/**
 * Starlette middleware an app adds for every request (`app.add_middleware(CheckPasswordMiddleware,
 * password=...)`), judged by the class the project defines: it guards when its `dispatch` (or
 * ASGI `__call__`) answers 401 or 403 itself, except for the paths it hands on before checking
 * (`if request.url.path in {"/v1/health", ...}: return await call_next(request)`, `== "/x"`,
 * `.startswith("/docs")`, or a tuple of the module's: `.startswith(_PUBLIC_ENDPOINTS)`).
 * A function middleware (`async def auth_middleware(request, call_next)`) is judged the same way,
 * with the module's functions it awaits first (`await _check_authentication_token(request)`).
 * Middleware that never refuses (logging, request ids, CORS) guards nothing; nor does one that
 * hands every request on while the secret it checks is not configured (`if not self.password`).
 */
import { strip } from "../../languages/strip.ts";
import { python } from "../../languages/python.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** What a middleware class does to a request: whether it refuses, and the paths (`/x`) and prefixes (`/x*`) it lets through first. */
export type MiddlewareCheck = { refuses: boolean; exempt: string[]; off?: boolean };

const CLASS = /^class[ \t]+([A-Za-z_]\w*)[ \t]*\(([^)]*)\)[ \t]*:/gm;
// An answer that turns the caller away: `JSONResponse(..., status_code=401)`, `Response(status_code=status.HTTP_403_FORBIDDEN)`, `raise HTTPException(401)`.
const REFUSES = /status_code\s*=\s*(?:40[13]\b|[\w.]*HTTP_40[13]_)|\braise\s+[\w.]*HTTPException\s*\(\s*(?:status_code\s*=\s*)?(?:40[13]\b|[\w.]*HTTP_40[13]_)|\bPlainTextResponse\s*\([^)]*\b40[13]\b/;

/** A function answering what the project's middleware class of a name (`CheckPasswordMiddleware`, `middleware.Auth`) does, or undefined for one it does not define. */
export function middlewareChecks(project: Project | undefined): (name: string) => MiddlewareCheck | undefined {
  let classes: Map<string, MiddlewareCheck> | undefined;
  return (name) => (classes ??= read(project)).get(name.split(".").at(-1)!);
}

function read(project: Project | undefined): Map<string, MiddlewareCheck> {
  const found = new Map<string, MiddlewareCheck>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)tests?\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    const functions = FUNCTION.test(text);
    if (!functions && !/\bdef[ \t]+(?:dispatch|__call__)\b/.test(text)) continue;
    const { code } = strip(text, python.syntax);
    const tuples = moduleTuples(text);
    if (functions) for (const [name, check] of functionMiddleware(text, code, tuples)) found.set(name, check);
    for (const m of code.matchAll(CLASS)) {
      const { start, end } = topLevelBlock(code, m.index + m[0].length);
      const body = code.slice(start, end);
      if (!/\bdef[ \t]+(?:dispatch|__call__)\b/.test(body)) continue;
      const off = offUnlessConfigured(body);
      found.set(m[1]!, { refuses: REFUSES.test(body) && !off, exempt: exemptPaths(text.slice(start, end), tuples), ...(off ? { off } : {}) });
    }
  }
  return found;
}

// A check that hands every request on while the secret it compares with is not configured:
// `if not self.password: return await call_next(request)`, the password read from the environment
// (`get_secret_from_env("OPEN_NOTEBOOK_PASSWORD")`, `os.getenv(...)`, a setting). As shipped, with
// no such secret set, it checks nobody.
const PASSES_WHEN_UNSET = /\bif[ \t]+not[ \t]+self\.(\w+)[ \t]*:[ \t]*\n?[ \t]*return[ \t]+(?:await[ \t]+)?call_next\b/;
const FROM_CONFIGURATION = /\b(?:os\.getenv|os\.environ|getenv|environ\.get|\w*_from_env|get_secret\w*|settings\.|config\.)/;

function offUnlessConfigured(body: string): boolean {
  const passes = PASSES_WHEN_UNSET.exec(body);
  if (!passes) return false;
  const assigned = new RegExp(String.raw`\bself\.${passes[1]}[ \t]*(?::[^=\n]+)?=[ \t]*([^\n]*)`).exec(body);
  return !!assigned && FROM_CONFIGURATION.test(assigned[1]!);
}

// `async def auth_middleware(request: Request, call_next):` at the top of a module.
const FUNCTION_HEAD = String.raw`^(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\([ \t]*\w+[ \t]*(?::[ \t]*[\w.]+[ \t]*)?,[ \t]*call_next\b`;
const FUNCTION = new RegExp(FUNCTION_HEAD, "m");
const FUNCTIONS = new RegExp(FUNCTION_HEAD, "gm");

/** A top-level class's or function's block from `start`: it runs to the next line as far left as its header. */
function topLevelBlock(code: string, start: number): { start: number; end: number } {
  const end = /\n(?=\S)/.exec(code.slice(start))?.index;
  return { start, end: end === undefined ? code.length : start + end };
}

/** The function middleware of a module, each judged with the module's functions its body calls. */
function functionMiddleware(text: string, code: string, tuples: ReadonlyMap<string, string[]>): Map<string, MiddlewareCheck> {
  const found = new Map<string, MiddlewareCheck>();
  const topLevel = new Map([...code.matchAll(/^(?:async[ \t]+)?def[ \t]+(\w+)/gm)].map((m) => [m[1]!, topLevelBlock(code, m.index + m[0].length)]));
  for (const m of code.matchAll(FUNCTIONS)) {
    const own = topLevelBlock(code, m.index + m[0].length);
    // The module's functions it calls, one level down: where such a middleware keeps its checks.
    const called = [...new Set([...code.slice(own.start, own.end).matchAll(/(?<![\w.])(\w+)\s*\(/g)].map((c) => c[1]!))].flatMap((name) => (name !== m[1] && topLevel.has(name) ? [topLevel.get(name)!] : []));
    const spans = [own, ...called];
    found.set(m[1]!, {
      refuses: spans.some((span) => REFUSES.test(code.slice(span.start, span.end))),
      // Only the first check it calls lets paths through before any check: one returning early
      // later (an organisation's policy) skips only itself, for a caller already checked.
      exempt: [...exemptPaths(text.slice(own.start, own.end), tuples), ...(called[0] ? exemptPaths(text.slice(called[0].start, called[0].end), tuples, true) : [])],
    });
  }
  return found;
}

/** The module's constant tuples, lists and sets of paths (`_PUBLIC_ENDPOINTS = ("/health", "/auth")`), by name. */
function moduleTuples(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const m of text.matchAll(/^([A-Z_][A-Z0-9_]*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:frozenset\(|set\(|tuple\()?[ \t]*([(\[{])/gm)) {
    const close = { "(": ")", "[": "]", "{": "}" }[m[2]!]!;
    const end = text.indexOf(`\n${close}`, m.index);
    const inline = text.indexOf(close, m.index + m[0].length);
    const body = text.slice(m.index + m[0].length, end === -1 ? inline : Math.max(end, 0));
    const paths = [...body.matchAll(/["'](\/[^"'\n]*)["']/g)].map((p) => p[1]!);
    if (paths.length) found.set(m[1]!, paths);
  }
  return found;
}

/**
 * The paths a test hands on before the check: `in {"/a", "/b"}`, `== "/a"`, `.startswith("/docs")`
 * (a prefix, written `/docs*`), or a tuple of the module's named there. `returns`: a bare `return`
 * hands on too (a helper of a function middleware returns before its checks).
 */
function exemptPaths(body: string, tuples: ReadonlyMap<string, string[]> = new Map(), returns = false): string[] {
  const paths: string[] = [];
  for (const m of body.matchAll(/^([ \t]*)if\b/gm)) {
    // The condition runs to the colon outside brackets; it may span lines (`in {\n "/a",\n}`).
    const at = conditionEnd(body, m.index + m[0].length);
    const condition = body.slice(m.index + m[0].length, at);
    if (!/request\.url\.path|scope\[["']path["']\]/.test(condition)) continue;
    // The block: the rest of the line (`if ...: return await call_next(request)`) and the lines indented under the `if`.
    const [rest, ...lines] = body.slice(at + 1).split("\n");
    const stop = lines.findIndex((l) => l.trim() && /^[ \t]*/.exec(l)![0].length <= m[1]!.length);
    const block = [rest, ...(stop === -1 ? lines : lines.slice(0, stop))].join("\n");
    if (!/\bcall_next\s*\(|\bself\.app\s*\(/.test(block) && !(returns && /^\s*return\s*$/m.test(block))) continue;
    const prefix = /\.startswith\s*\(/.test(condition);
    const named = [...condition.matchAll(/\b([A-Z_][A-Z0-9_]*)\b/g)].flatMap((n) => tuples.get(n[1]!) ?? []);
    paths.push(...[...[...condition.matchAll(/["'](\/[^"']*)["']/g)].map((s) => s[1]!), ...named].map((p) => (prefix ? `${p}*` : p)));
  }
  return paths;
}

/** Whether `path` (as the report writes it) is one a middleware lets through before checking. */
export function exempted(check: MiddlewareCheck, path: string): boolean {
  const bare = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return check.exempt.some((e) => (e.endsWith("*") ? path.startsWith(e.slice(0, -1)) : bare(e) === bare(path)));
}

/** Where a Python `if`'s condition starting at `from` ends: at the colon outside brackets (it may span lines). */
export function conditionEnd(body: string, from: number): number {
  let depth = 0;
  let at = from;
  for (; at < body.length; at++) {
    const c = body[at]!;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === ":" && depth === 0) break;
  }
  return at;
}
