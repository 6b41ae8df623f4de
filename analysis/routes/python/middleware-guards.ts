/**
 * Starlette middleware an app adds for every request (`app.add_middleware(CheckPasswordMiddleware,
 * password=...)`), judged by the class the project defines: it guards when its `dispatch` (or
 * ASGI `__call__`) answers 401 or 403 itself, except for the paths it hands on before checking
 * (`if request.url.path in {"/v1/health", ...}: return await call_next(request)`, `== "/x"`,
 * `.startswith("/docs")`). Middleware that never refuses (logging, request ids, CORS) guards nothing.
 */
import { strip } from "../../languages/strip.ts";
import { python } from "../../languages/python.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** What a middleware class does to a request: whether it refuses, and the paths (`/x`) and prefixes (`/x*`) it lets through first. */
export type MiddlewareCheck = { refuses: boolean; exempt: string[] };

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
    if (!/\bdef[ \t]+(?:dispatch|__call__)\b/.test(text)) continue;
    const { code } = strip(text, python.syntax);
    for (const m of code.matchAll(CLASS)) {
      // The class runs to the next line as far left as its own.
      const start = m.index + m[0].length;
      const end = /\n(?=\S)/.exec(code.slice(start))?.index;
      const body = code.slice(start, end === undefined ? code.length : start + end);
      if (!/\bdef[ \t]+(?:dispatch|__call__)\b/.test(body)) continue;
      found.set(m[1]!, { refuses: REFUSES.test(body), exempt: exemptPaths(text.slice(start, end === undefined ? text.length : start + end)) });
    }
  }
  return found;
}

/** The paths a test hands on before the check: `in {"/a", "/b"}`, `== "/a"`, `.startswith("/docs")` (a prefix, written `/docs*`). */
function exemptPaths(body: string): string[] {
  const paths: string[] = [];
  for (const m of body.matchAll(/^([ \t]*)if\b/gm)) {
    // The condition runs to the colon outside brackets; it may span lines (`in {\n "/a",\n}`).
    let depth = 0;
    let at = m.index + m[0].length;
    for (; at < body.length; at++) {
      const c = body[at]!;
      if ("([{".includes(c)) depth++;
      else if (")]}".includes(c)) depth--;
      else if (c === ":" && depth === 0) break;
    }
    const condition = body.slice(m.index + m[0].length, at);
    if (!/request\.url\.path|scope\[["']path["']\]/.test(condition)) continue;
    // The block: the rest of the line (`if ...: return await call_next(request)`) and the lines indented under the `if`.
    const [rest, ...lines] = body.slice(at + 1).split("\n");
    const stop = lines.findIndex((l) => l.trim() && /^[ \t]*/.exec(l)![0].length <= m[1]!.length);
    const block = [rest, ...(stop === -1 ? lines : lines.slice(0, stop))].join("\n");
    if (!/\bcall_next\s*\(|\bself\.app\s*\(/.test(block)) continue;
    const prefix = /\.startswith\s*\(/.test(condition);
    paths.push(...[...condition.matchAll(/["'](\/[^"']*)["']/g)].map((s) => (prefix ? `${s[1]}*` : s[1]!)));
  }
  return paths;
}

/** Whether `path` (as the report writes it) is one a middleware lets through before checking. */
export function exempted(check: MiddlewareCheck, path: string): boolean {
  const bare = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
  return check.exempt.some((e) => (e.endsWith("*") ? path.startsWith(e.slice(0, -1)) : bare(e) === bare(path)));
}
