/**
 * An ASP.NET Core middleware of the app's that turns away callers without credentials, except on
 * the paths it lets through (`app.Use(WebServiceApiMiddleware)`, `app.Use(async (context, next) =>
 * { ... })`): a guard of the routes it covers. Its body decides by the request's path, either with
 * a `switch (request.Path)` whose cases for sign-in pass and whose other cases (or `default`, under
 * `StartsWith("/api/")`) refuse, or with `if`s that hand some paths straight on (`await next();
 * return;`) before the refusal, which may itself be limited to a prefix. What the body refuses
 * with: an exception of an auth-like name, a 401/403 status, `Results.Unauthorized()`, a
 * challenge. A body that consults no credential (an IP filter, a rate limit) guards nothing.
 */
import { closing } from "../../languages/curly.ts";
import type { Span } from "../js/objects.ts";
import type { RouteSource } from "../source.ts";

export type PathGuard = { scope?: { path: string; method: string }[]; except: { path: string; method: string }[] };

const REFUSAL =
  /\bthrow\s+new\s+\w*(?:Unauthori[sz]ed|InvalidToken|Unauthenticated|Authentication|Forbidden|AccessDenied)\w*\s*\(|\bStatusCode\s*=\s*(?:40[13]\b|(?:StatusCodes\s*\.\s*)?Status40[13]\w*|\(\s*int\s*\)\s*HttpStatusCode\s*\.\s*(?:Unauthorized|Forbidden))|\bResults\s*\.\s*(?:Unauthorized|Forbid)\s*\(|\.\s*(?:ChallengeAsync|ForbidAsync)\s*\(/;
const CREDENTIAL = /Session|Token|Authenticat|Authorization|ApiKey|Credential|Identity|Principal|Cookie|Login|Jwt/i;
const SWITCH_ON_PATH = /\bswitch\s*\(\s*[\w.]*\bPath\b[\w.]*\s*\)\s*\{/;
const LABEL = /\b(?:case\s+"([^"\n]*)"|default)\s*:/g;
const PREFIX_TEST = /\.\s*StartsWith(?:Segments)?\s*\(\s*"([^"\n]*)"/g;
const EXACT_TEST = /(?:==\s*"([^"\n]*)"|\.\s*Equals\s*\(\s*"([^"\n]*)")/g;

/** What a middleware body guards, or undefined when it refuses no caller for want of credentials. */
export function pathGuard(source: RouteSource, body: Span): PathGuard | undefined {
  const code = source.code.slice(body.start, body.end);
  if (!REFUSAL.test(code) || !CREDENTIAL.test(code)) return undefined;
  const switched = SWITCH_ON_PATH.exec(code);
  return switched ? switchGuard(source, body.start + switched.index + switched[0].length - 1) : ifGuard(source, body);
}

/** `switch (request.Path) { case "/api/user/login": break; ... default: if (path.StartsWith("/api/")) refuse; }`. */
function switchGuard(source: RouteSource, open: number): PathGuard {
  const { code, text } = source;
  const end = closing(code, open);
  // The labels at the switch's own level, each section running to the next.
  const labels: { at: number; end: number; path?: string }[] = [];
  LABEL.lastIndex = open;
  for (let m = LABEL.exec(text); m && m.index < end; m = LABEL.exec(text)) {
    if (depth(code, open, m.index) === 1) labels.push({ at: m.index, end: m.index + m[0].length, ...(m[1] !== undefined ? { path: m[1] } : {}) });
  }
  const guarded: string[] = [];
  const except: string[] = [];
  let scope: string[] | undefined = [];
  // Labels written one after another share the statements after the last of them: read from the end.
  let carried = false;
  for (let i = labels.length - 1; i >= 0; i--) {
    const label = labels[i]!;
    const section = { start: label.end, end: labels[i + 1]?.at ?? end - 1 };
    const statements = code.slice(section.start, section.end);
    const refuses: boolean = statements.trim() === "" ? carried : REFUSAL.test(statements);
    carried = refuses;
    if (label.path !== undefined) (refuses ? guarded : except).push(label.path);
    else if (refuses) {
      // The default refuses under the prefixes its tests name before the refusal; everywhere when none.
      const before = text.slice(section.start, section.start + Math.max(0, statements.search(REFUSAL)));
      const prefixes = [...before.matchAll(PREFIX_TEST)].map((m) => m[1]!);
      scope = prefixes.length ? [...scope!, ...prefixes.flatMap(under)] : undefined;
    }
  }
  return {
    ...(scope ? { scope: [...scope, ...guarded].map((path) => ({ path, method: "ALL" })) } : {}),
    except: except.map((path) => ({ path, method: "ALL" })),
  };
}

/**
 * `if (path.StartsWithSegments("/api/login")) { await next(); return; }` before the refusal lets
 * those paths through; the `if` around the refusal, testing a prefix, limits it to that prefix.
 */
function ifGuard(source: RouteSource, body: Span): PathGuard {
  const { code, text } = source;
  const refusal = body.start + code.slice(body.start, body.end).search(REFUSAL);
  const except: string[] = [];
  let scope: string[] | undefined;
  for (const m of code.slice(body.start, refusal).matchAll(/\bif\s*\(/g)) {
    const open = body.start + m.index + m[0].length - 1;
    const close = closing(code, open) - 1;
    const condition = text.slice(open, close);
    const prefixes = [...condition.matchAll(PREFIX_TEST)].flatMap((p) => under(p[1]!));
    const paths = [...prefixes, ...[...condition.matchAll(EXACT_TEST)].map((p) => (p[1] ?? p[2])!)];
    if (!paths.length) continue;
    const brace = /^\s*\{/.test(code.slice(close + 1, close + 40)) ? code.indexOf("{", close) : -1;
    const block = brace !== -1 ? { start: brace, end: closing(code, brace) } : { start: close + 1, end: code.indexOf(";", close) + 1 };
    const inside = code.slice(block.start, block.end);
    if (block.start <= refusal && refusal < block.end) scope = prefixes;
    else if (/\bnext\s*\(/.test(inside) && /\breturn\b/.test(inside) && !REFUSAL.test(inside)) except.push(...paths);
  }
  return { ...(scope?.length ? { scope: scope.map((path) => ({ path, method: "ALL" })) } : {}), except: except.map((path) => ({ path, method: "ALL" })) };
}

/** The paths a prefix test passes (`StartsWithSegments("/admin")`): the prefix itself and what is under it. */
function under(prefix: string): string[] {
  const bare = prefix.replace(/\/+$/, "");
  return [bare || "/", `${bare}/*`];
}

/** How many braces are open at `at`, counted from the one at `open`. */
function depth(code: string, open: number, at: number): number {
  let d = 0;
  for (let i = open; i < at; i++) d += code[i] === "{" ? 1 : code[i] === "}" ? -1 : 0;
  return d;
}
