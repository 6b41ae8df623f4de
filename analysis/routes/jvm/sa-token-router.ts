/**
 * Sa-Token's route rules, the guard of many Spring applications without Spring Security: in a
 * `SaServletFilter`'s `setAuth(...)` or a `SaInterceptor`'s handler,
 *
 *     SaRouter.match("/**").notMatch(NO_LOGIN_PATHS).check(r -> StpUtil.checkLogin());
 *
 * refuses a caller who is not signed in on every path the rule matches but those it excludes.
 * Each rule whose check signs the caller in (`checkLogin`, or a role or permission check, which
 * needs a signed-in caller too) is a global guard over its `match` patterns except its `notMatch`
 * ones; a rule narrowed by a second `match` covers only the paths of that one. Patterns are
 * string literals, or arrays and lists of them the file declares (`String[] NO_LOGIN_PATH_ARR =
 * {...}`, wrapped in `Arrays.asList(...)` or `CollectionUtil.newArrayList(...)`).
 */
import { closing } from "../../languages/curly.ts";
import type { Registration } from "../registration.ts";
import { antMatchers } from "./interceptors.ts";
import { callArguments, type RouteSource } from "../source.ts";

const RULE = /\bSaRouter\s*\.\s*match\s*\(/g;
const LINK = /^\s*\.\s*(match|notMatch|check|stop|back|free)\s*\(/;
// What a rule's check does that a caller who is not signed in fails.
const SIGNS_IN = /\b\w*Stp\w*Util\s*\.\s*check(?:Login|Role\w*|Permission\w*|Safe)\s*\(/;

/** The global guards of the Sa-Token route rules of a file. */
export function saTokenRules(source: RouteSource): Registration[] {
  const { code, text } = source;
  if (!/\bSaRouter\b/.test(code)) return [];
  const found: Registration[] = [];
  for (const m of code.matchAll(RULE)) {
    const first = callArguments(code, m.index + m[0].length - 1);
    const matched: string[][] = [patterns(source, first.args)];
    const excluded: string[] = [];
    let check: string | undefined;
    let end = first.end;
    for (let link = LINK.exec(code.slice(end)); link; link = LINK.exec(code.slice(end))) {
      const call = callArguments(code, end + link[0].length - 1);
      if (link[1] === "match") matched.push(patterns(source, call.args));
      else if (link[1] === "notMatch") excluded.push(...patterns(source, call.args));
      else if (link[1] === "check") check = text.slice(call.args[0]?.start ?? call.end, call.end);
      end = call.end;
    }
    const signs = check !== undefined && SIGNS_IN.exec(check);
    // A rule narrowed by `match` twice covers what its last `match` names: the patterns all must match.
    const scope = matched.at(-1)!;
    if (!signs || !scope.length) continue;
    found.push({
      type: "global",
      framework: "spring",
      line: source.lineAt(m.index),
      guard: signs[0].replace(/\s+/g, "").replace(/\($/, ""),
      scope: antMatchers(scope),
      ...(excluded.length ? { except: antMatchers(excluded) } : {}),
      antPatterns: true,
    });
  }
  return found;
}

/** The path patterns of a rule's arguments: literals, or an array or list the file declares, by name, also wrapped in a call. */
function patterns(source: RouteSource, args: readonly { start: number; end: number }[]): string[] {
  return args.flatMap((arg) => {
    const value = source.text.slice(arg.start, arg.end);
    const literals = [...value.matchAll(/"([^"\\\n]*)"/g)].map((l) => l[1]!);
    if (literals.length) return literals.filter((p) => p.startsWith("/"));
    const name = /([A-Za-z_]\w*)\s*\)*\s*$/.exec(value)?.[1];
    return name ? declaredList(source, name) : [];
  });
}

/** The strings of an array or list the file declares: `String[] NAME = {"/a", "/b"};`, `List<String> NAME = Arrays.asList("/a");`. */
function declaredList(source: RouteSource, name: string): string[] {
  const at = new RegExp(String.raw`\b${name}\s*=\s*(?:new\s+String\s*\[\s*\]\s*)?([{(]|[\w.]+\s*\()`).exec(source.code);
  if (!at) return [];
  const open = at.index + at[0].length - 1;
  const body = source.text.slice(open, closing(source.code, open));
  return [...body.matchAll(/"([^"\\\n]*)"/g)].map((l) => l[1]!).filter((p) => p.startsWith("/"));
}
