/**
 * Blade's web hooks: a class implementing `WebHook` runs its `before(RouteContext)` for every
 * request, and one that turns a caller without a user away under a path prefix (tale's
 * `if (uri.startsWith(TaleConst.ADMIN_URI) && !uri.startsWith(TaleConst.LOGIN_URI)) { ... if (null
 * == user) { context.redirect(TaleConst.LOGIN_URI); return false; } }`) guards the Blade routes
 * under that prefix but those under the prefixes it lets through. A prefix may be a constant of
 * another class of the project (`TaleConst.ADMIN_URI`), read from its declaration.
 */
import { closing } from "../../languages/curly.ts";
import type { LinkedRoute } from "../link.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Hook = { guard: string; prefix: string; except: string[] };

const HOOK = /\bclass\s+(\w+)\s+(?:extends\s+\w+\s+)?implements\s+(?:[\w.]+\s*,\s*)*WebHook\b/;
// `if (uri.startsWith(A) && !uri.startsWith(B)) {`: the prefix checked, and those let through.
const UNDER = /\bif\s*\(\s*(\w+)\s*\.\s*startsWith\s*\(\s*([^()]+?)\s*\)((?:\s*&&\s*!\s*\1\s*\.\s*startsWith\s*\(\s*[^()]+?\s*\))*)\s*\)\s*\{/g;
// Inside it, a refusal of a caller without a user: `if (null == user) { ...redirect...; return false; }`.
const REFUSES_ANONYMOUS = /\bif\s*\(\s*(?:null\s*==\s*\w*[Uu]ser\w*|\w*[Uu]ser\w*\s*==\s*null)\s*\)\s*\{[^{}]*\breturn\s+false\b/;

export function bladeHooks(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let hooks: Hook[] | undefined;
  return (route) => {
    if (route.framework !== "blade" || !project) return route;
    hooks ??= readHooks(project);
    const guards = hooks.filter((h) => under(route.path, h.prefix) && !h.except.some((e) => under(route.path, e))).map((h) => h.guard);
    return guards.length ? { ...route, guards: [...new Set([...route.guards, ...guards])] } : route;
  };
}

// As the hook tests the request's path: a string prefix.
const under = (path: string, prefix: string): boolean => path.startsWith(prefix);

function readHooks(project: Project): Hook[] {
  const java = [...project.listed].filter((p) => p.endsWith(".java"));
  const constant = constantReader(project, java);
  const found: Hook[] = [];
  for (const path of java) {
    const text = project.text(path) ?? "";
    const cls = HOOK.exec(text);
    if (!cls || !/\bboolean\s+before\s*\(/.test(text)) continue;
    for (const m of text.matchAll(UNDER)) {
      const open = m.index + m[0].length - 1;
      const block = text.slice(open, closing(text, open));
      if (!REFUSES_ANONYMOUS.test(block)) continue;
      const prefix = constant(m[2]!);
      const except = [...m[3]!.matchAll(/startsWith\s*\(\s*([^()]+?)\s*\)/g)].map((e) => constant(e[1]!));
      if (prefix?.startsWith("/") && except.every((e) => e !== undefined)) found.push({ guard: `(Blade hook ${cls[1]})`, prefix, except: except as string[] });
    }
  }
  return found;
}

/** A string literal's value, or a constant's (`TaleConst.ADMIN_URI`) as the project declares it. */
function constantReader(project: Project, java: readonly string[]): (expression: string) => string | undefined {
  return (expression) => {
    const literal = /^"([^"]*)"$/.exec(expression.trim());
    if (literal) return literal[1];
    const named = /^(?:(\w+)\s*\.\s*)?([A-Z][A-Z0-9_]*)$/.exec(expression.trim());
    if (!named) return undefined;
    const files = named[1] ? java.filter((p) => p.endsWith(`/${named[1]}.java`)) : java;
    for (const file of files) {
      const value = new RegExp(String.raw`\bString\s+${named[2]}\s*=\s*"([^"]*)"`).exec(project.text(file) ?? "")?.[1];
      if (value !== undefined) return value;
    }
    return undefined;
  };
}
