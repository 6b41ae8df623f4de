import { closing } from "../../languages/curly.ts";
import { callArguments } from "../source.ts";
import { strip } from "../../languages/strip.ts";
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";

/** A check every request passes through, and the routes it covers by their path. */
export type PathGuard = { guard: string; covers: (path: string) => boolean };

// A refusal of the caller (SvelteKit's `error(401)`, h3's `createError({ statusCode: 401 })`) and the credential it reads.
const REFUSES = /\bstatus(?:Code)?\s*:\s*40[13]\b|\berror\s*\(\s*40[13]\b|\bnew\s+Response\s*\([^)]*\{\s*status\s*:\s*40[13]\b/;
const READS_CREDENTIAL = /authorization|[Bb]earer|[Tt]oken|cookies\s*\.\s*get|locals\s*\.\s*(?:user|session)/;
const STARTS_WITH = /\.\s*startsWith\s*\(\s*(?:(["'`])(\/[^"'`]*)\1|([A-Z_][A-Z0-9_]*))\s*\)/;

/**
 * The guard of a module every request runs through (SvelteKit's `handle` hook, a Nitro server
 * middleware): an `if` on the request's path (`pathname.startsWith("/api/")`, or a function of
 * the module's testing so) that answers 401 or 403, reading a credential in its condition or its
 * block, covers the routes under that prefix, but for the paths a negated test leaves out: a
 * subtree (`!event.path.startsWith("/api/_")`) or a list the module holds (`!isPublicApiPath(pathname)`).
 */
export function pathGuard(text: string, guard: string): PathGuard | undefined {
  if (!text || !REFUSES.test(text)) return undefined;
  // Brackets are matched in the code, whose strings and comments are blanked; values are read in the text.
  const { code } = strip(text, javascriptSyntax);
  const constant = (name: string) => new RegExp(String.raw`\bconst\s+${name}\s*(?::[^=]+)?=\s*(["'\`])(\/[^"'\`]*)\1`).exec(text)?.[2];
  const list = (name: string) => {
    const m = new RegExp(String.raw`\bconst\s+${name}\s*(?::[^=]+)?=\s*\[([^\]]*)\]`).exec(text);
    return m ? [...m[1]!.matchAll(/["'`](\/[^"'`]*)["'`]/g)].map((v) => v[1]!) : undefined;
  };
  const body = (fn: string) => {
    const m = new RegExp(String.raw`\bfunction\s+${fn}\s*\([^)]*\)[^{]*\{`).exec(text);
    return m ? text.slice(m.index, closing(code, m.index + m[0].length - 1)) : undefined;
  };
  const prefixOf = (test: string): string | undefined => {
    const direct = STARTS_WITH.exec(test);
    if (direct) return direct[2] ?? constant(direct[3]!);
    const called = /^\s*([A-Za-z_$][\w$]*)\s*\(/.exec(test)?.[1];
    const inner = called ? body(called) : undefined;
    const viaHelper = inner ? STARTS_WITH.exec(inner) : null;
    return viaHelper ? viaHelper[2] ?? constant(viaHelper[3]!) : undefined;
  };
  for (const m of code.matchAll(/\bif\s*\(/g)) {
    const { end } = callArguments(code, m.index + m[0].length - 1);
    const condition = text.slice(m.index + m[0].length, end - 1);
    const open = /^\s*\{/.exec(code.slice(end));
    if (!open) continue;
    const brace = end + open[0].length - 1;
    const block = text.slice(brace, closing(code, brace));
    if (!REFUSES.test(block) || !READS_CREDENTIAL.test(condition + block)) continue;
    const conjuncts = condition.split("&&").map((c) => c.trim());
    // One test of the path; the other conjuncts compare the credential (`token !== siteToken`).
    const prefixes = conjuncts.filter((c) => !c.startsWith("!")).map(prefixOf).filter((p) => p !== undefined);
    if (prefixes.length !== 1) continue;
    const prefix = prefixes[0]!.replace(/\/$/, "");
    const negated = conjuncts.filter((c) => c.startsWith("!"));
    const subtrees = negated.map((c) => STARTS_WITH.exec(c)).flatMap((s) => (s ? [s[2] ?? constant(s[3]!) ?? ""] : [])).filter(Boolean);
    const except = negated.flatMap((c) => {
      const called = /^!\s*([A-Za-z_$][\w$]*)\s*\(/.exec(c)?.[1];
      const inner = called ? body(called) ?? "" : "";
      const named = /\b([A-Z_][A-Z0-9_]*)\s*\.\s*(?:some|includes)\s*\(/.exec(inner)?.[1];
      return named ? list(named) ?? [] : [];
    }).map((p) => p.replace(/\/$/, ""));
    // A test of the start leaves out what starts so (`/api/_` is `/api/_hub` too), and the path it names without its slash.
    const outside = (path: string) => subtrees.some((s) => path.startsWith(s) || path === s.replace(/\/$/, ""));
    return {
      guard,
      covers: (path) => (path === prefix || path.startsWith(`${prefix}/`)) && !except.includes(path.replace(/\/$/, "")) && !outside(path),
    };
  }
  return undefined;
}

// A redirect to signing in: `navigateTo('/login')`, `navigateTo({ path: "/auth/sign-in" })`, `return "/login"` (SvelteKit-style).
const TO_SIGN_IN = /\bnavigateTo\s*\(\s*(?:\{[^}]*?path\s*:\s*)?(["'`])\/[^"'`]*(?:log_?in|sign_?in|auth)[^"'`]*\1/i;

/**
 * The guard of a route middleware run before every page (Nuxt's `middleware/*.global.ts`): a
 * negated test (`if (!authStore.userData?.username)`) that sends the caller to sign in covers every
 * page but those the module lets through before it, by the paths it compares the route's with
 * (`to.path === '/login'`, `to.path.startsWith('/setup')`).
 */
export function signInRedirectGuard(text: string, guard: string): PathGuard | undefined {
  const { code } = strip(text, javascriptSyntax);
  for (const m of code.matchAll(/\bif\s*\(\s*!/g)) {
    const { end } = callArguments(code, m.index + m[0].indexOf("("));
    const open = /^\s*\{/.exec(code.slice(end));
    const block = open ? text.slice(end, closing(code, end + open[0].length - 1)) : text.slice(end, code.indexOf("\n", end));
    if (!TO_SIGN_IN.test(block)) continue;
    const before = text.slice(0, m.index);
    const exact = [...before.matchAll(/\.\s*path\s*===?\s*(["'`])(\/[^"'`]*)\1/g)].map((e) => e[2]!.replace(/(.)\/$/, "$1"));
    const prefixes = [...before.matchAll(/\.\s*path\s*\.\s*startsWith\s*\(\s*(["'`])(\/[^"'`]*)\1/g)].map((e) => e[2]!);
    return {
      guard,
      covers: (path) => !exact.includes(path) && !prefixes.some((prefix) => path.startsWith(prefix) || path === prefix.replace(/\/$/, "")),
    };
  }
  return undefined;
}
