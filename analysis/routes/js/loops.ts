import { callArguments, type RouteSource } from "../source.ts";
import { functionScopes } from "./functions.ts";
import { arrayElements } from "./objects.ts";

const FOR_OF = /\bfor\s*\(\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s+of\s+/g;
const NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * The names a `for (const x of ...)` loop around `at` gives `name`, when the loop walks a list
 * the file writes: an array literal of names, or a call of a function of the file that returns
 * one (`for (const router of createRouters(tenant)) app.use(router.routes())`, `createRouters`
 * ending in `return [experienceRouter, managementRouter]`). Undefined when no such loop binds it.
 */
export function forOfNames(source: RouteSource, name: string, at: number): string[] | undefined {
  const loop = enclosingForOf(source, name, at);
  if (!loop) return undefined;
  const { code } = source;
  if (loop.iterable.startsWith("[")) return names(source, loop.start + code.slice(loop.start).indexOf("["));
  const call = /^([A-Za-z_$][\w$]*)\s*\(/.exec(loop.iterable);
  const made = call && functionScopes(source).find((f) => f.name === call[1]);
  if (!made) return undefined;
  const returned = /\breturn\s*\[/.exec(code.slice(made.bodyStart, made.bodyEnd));
  return returned ? names(source, made.bodyStart + returned.index + returned[0].length - 1) : undefined;
}

/**
 * The array literal a `for (const x of [...])` loop around `at` walks when it binds `name`
 * (Overleaf's `for (const route of ['/Project/:Project_id', ...]) { webRouter.get(route, ...) }`):
 * where it opens, for its values to be read. Undefined when no such loop binds it.
 */
export function forOfArray(source: RouteSource, name: string, at: number): number | undefined {
  const loop = enclosingForOf(source, name, at);
  return loop?.iterable.startsWith("[") ? loop.start + source.code.slice(loop.start).indexOf("[") : undefined;
}

/** The `for (const name of ...)` loop whose header or body holds `at`: what it walks, written, and where that starts. */
function enclosingForOf(source: RouteSource, name: string, at: number): { iterable: string; start: number } | undefined {
  const { code } = source;
  for (const m of code.matchAll(FOR_OF)) {
    if (m[1] !== name || m.index > at) continue;
    const header = callArguments(code, code.indexOf("(", m.index));
    if (at < header.end || at > loopEnd(code, header.end)) continue;
    const start = m.index + m[0].length;
    return { iterable: code.slice(start, header.end - 1).trim(), start };
  }
  return undefined;
}

/** The end of a loop's body: its block, or its one statement. */
function loopEnd(code: string, from: number): number {
  const block = /^\s*\{/.exec(code.slice(from, from + 200));
  if (block) return callArguments(code, from + block[0].length - 1).end;
  const semicolon = code.indexOf(";", from);
  return semicolon === -1 ? code.length : semicolon;
}

function names(source: RouteSource, open: number): string[] | undefined {
  const elements = arrayElements(source, open).map((e) => source.code.slice(e.start, e.end).trim());
  return elements.length && elements.every((e) => NAME.test(e)) ? elements : undefined;
}
