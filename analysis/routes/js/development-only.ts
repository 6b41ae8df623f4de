/**
 * Routes a JavaScript server registers only while developing: `if (isDev) { app.post("/test-webhook", ...) }`,
 * `if (process.env.NODE_ENV === "development")`, `if (process.env.NODE_ENV !== "production")`.
 * As shipped (built and run in production) they are not served.
 */
import { closing } from "../../languages/curly.ts";
import { enclosingTestSpans } from "../common/conditions.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

// A flag named for development (`isDev`, `config.isDevelopment`, `__DEV__`), called or not; not negated.
const DEV_FLAG = /^(?:[\w$]+\s*\??\.\s*)*(?:isDev|isDevelopment|isDevMode|devMode|IS_DEV|IS_DEVELOPMENT|DEV_MODE|__DEV__)(?:\s*\(\s*\))?$/;
// The environment said to be development or test, or said not to be production.
const DEV_ENV = /^(?:process\.env\.NODE_ENV|process\.env\[\s*(["'])NODE_ENV\1\s*\]|(?:[\w$]+\.)*(?:env|NODE_ENV))\s*(?:===?\s*(["'`])(?:development|dev|test)\2|!==?\s*(["'`])production\3)$|^(["'`])(?:development|dev|test)\4\s*===?\s*process\.env\.NODE_ENV$/;

/** Whether every way into the code at `at` passes a test that holds only while developing. */
function developmentOnly(source: RouteSource, at: number): boolean {
  const spans = enclosingTestSpans(source.code, at);
  return !!spans?.some(({ start, end }) => {
    const test = source.text.slice(start, end).trim();
    // Each part of an `&&` must hold: one of them being a development test is enough; an `||` lets production in.
    return !/\|\|/.test(test) && test.split("&&").some((part) => {
      const written = part.trim().replace(/^\((.*)\)$/s, "$1").trim();
      return DEV_FLAG.test(written) || DEV_ENV.test(written);
    });
  });
}

/** The registrations of a file but those made only while developing. */
export function withoutDevelopmentOnly(source: RouteSource, registrations: Registration[]): Registration[] {
  if (!/\b(?:isDev|isDevelopment|isDevMode|devMode|IS_DEV|IS_DEVELOPMENT|DEV_MODE|__DEV__|NODE_ENV)\b/.test(source.text)) return registrations;
  const lineStarts = [0];
  for (let i = source.code.indexOf("\n"); i !== -1; i = source.code.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  return registrations.filter((r) => {
    if ((r.type !== "route" && r.type !== "use") || !r.line) return true;
    const at = lineStarts[r.line - 1];
    if (at === undefined) return true;
    // The registration's call: the first non-blank of its line, or what follows an `if (...)` there.
    let first = at + (/^\s*/.exec(source.code.slice(at, at + 200))?.[0].length ?? 0);
    const test = /^if\s*\(/.exec(source.code.slice(first, first + 10));
    if (test) first = closing(source.code, first + test[0].length - 1) + 1;
    return !developmentOnly(source, first);
  });
}
