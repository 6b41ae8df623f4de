/**
 * Routes registered from data in PHP: a `foreach` over an array literal the file assigns before
 * it (`$endpoints = ['ping' => PingController::class, ...]; foreach ($endpoints as $path =>
 * $controller) { ... }`) runs its body once per entry, with its variables bound to that entry.
 * Laravel's and Slim's scanners read such loops; a loop over anything else is not followed.
 */
import { callArguments, type RouteSource } from "../source.ts";
import { phpArray, phpElements, phpValue, type Span } from "./values.ts";

/** What a loop's variables stand for in one run of its body: the entry's value (when a literal) and where it is written. */
export type Bindings = ReadonlyMap<string, { value?: string; span?: Span }>;

// `foreach ($endpoints as $endpoint => $controller) {`, `foreach ($names as $name) {`,
// `foreach ($endpoints as [$singular, $plural, $class]) {` (each entry a list, taken apart).
const FOREACH = /\bforeach\s*\(\s*\$(\w+)\s+as\s+(?:\$(\w+)\s*=>\s*)?(?:\$(\w+)|\[([^\]]*)\])\s*\)\s*\{/g;

/**
 * The loops of a block over an array literal assigned before them (the nearest assignment to
 * the variable above the loop: a file may reuse `$routes` for several lists), each with its body
 * and one set of bindings per entry.
 */
export function literalLoops(source: RouteSource, span: Span, constants: Map<string, string>): { body: Span; entries: Bindings[] }[] {
  const found: { body: Span; entries: Bindings[] }[] = [];
  for (const m of source.code.slice(span.start, span.end).matchAll(FOREACH)) {
    const at = span.start + m.index;
    const open = at + m[0].length - 1;
    const body = { start: open + 1, end: callArguments(source.code, open).end - 1 };
    const assigned = [...source.code.slice(0, at).matchAll(new RegExp(`\\$${m[1]}\\s*=\\s*(?=\\[|array\\s*\\()`, "g"))].at(-1);
    if (!assigned) continue;
    const start = assigned.index + assigned[0].length;
    const literal = { start, end: callArguments(source.code, source.code.indexOf(source.code[start] === "[" ? "[" : "(", start)).end };
    const keyed = phpArray(source, literal);
    const bind = (element: Span): [string, { value?: string; span?: Span }][] => {
      if (m[3]) return [[m[3], { value: phpValue(source, element, constants), span: element }]];
      const parts = phpElements(source, element);
      return m[4]!.split(",").flatMap((name, i) => {
        const variable = /^\s*\$(\w+)\s*$/.exec(name)?.[1];
        return variable && parts[i] ? [[variable, { value: phpValue(source, parts[i], constants), span: parts[i] }] as [string, { value?: string; span?: Span }]] : [];
      });
    };
    const entries = keyed.size
      ? [...keyed].map(([key, value]) => new Map([...(m[2] ? [[m[2], { value: key }] as const] : []), ...bind(value)]))
      : phpElements(source, literal).map((element) => new Map(bind(element)));
    if (entries.length) found.push({ body, entries });
  }
  return found;
}
