/**
 * Laravel middleware groups: `Route::middleware(['api'])` runs every middleware of the group the
 * app declares (app/Http/Kernel.php's `$middlewareGroups`, or bootstrap/app.php's
 * `$middleware->group('api', [...])` / `appendToGroup`, or what Laravel 11's `$middleware->api([...])` /
 * `->web(append: [...])` adds to the framework's own groups, read by php/middleware-declarations.ts),
 * and the group's own name says nothing of who may call. A route's guards are the guards among
 * its groups' members.
 */
const GROUPS = /\$middlewareGroups\s*=\s*\[/g;
const ENTRY = /['"]([\w.-]+)['"]\s*=>\s*\[([^\]]*)\]/g;
const GROUP_CALL = /->\s*(?:group|appendToGroup|prependToGroup)\s*\(\s*['"]([\w.-]+)['"]\s*,\s*\[([^\]]*)\]/g;
// Laravel 11: `$middleware->api([...])` (its first parameter is `append`), `->web(append: [...], prepend: [...])`; `remove:` takes members away.
const DEFAULT_GROUP_CALL = /->\s*(web|api)\s*\(/g;
const MEMBER = /\\?([\w\\]+)::class|['"]([^'"]+)['"]/g;

/** A function answering the members of a middleware group by its name (class names without their namespace), or undefined for a name that is no group. */
export function laravelMiddlewareGroups(declarations: () => readonly string[]): (name: string) => string[] | undefined {
  let groups: Map<string, string[]> | undefined;
  return (name) => (groups ??= read(declarations())).get(name);
}

function read(declarations: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const add = (name: string, list: string) =>
    groups.set(name, [...(groups.get(name) ?? []), ...[...list.matchAll(MEMBER)].map((m) => (m[1] ? m[1].split("\\").pop()! : m[2]!))]);
  for (const text of declarations) {
    for (const g of text.matchAll(GROUPS)) {
      // The array runs to the bracket that closes it; its entries are `'name' => [...]`.
      let depth = 0;
      let end = g.index + g[0].length - 1;
      for (; end < text.length; end++) {
        if (text[end] === "[") depth++;
        else if (text[end] === "]" && --depth === 0) break;
      }
      for (const m of text.slice(g.index + g[0].length, end).matchAll(ENTRY)) add(m[1]!, m[2]!);
    }
    for (const m of text.matchAll(GROUP_CALL)) add(m[1]!, m[2]!);
    for (const m of text.matchAll(DEFAULT_GROUP_CALL)) {
      const args = text.slice(m.index + m[0].length, m.index + m[0].length + 2000);
      const first = /^\s*\[([^\]]*)\]/.exec(args);
      if (first) add(m[1]!, first[1]!);
      // Named arguments, to the call's end: the first `)` after a `]` closing a list.
      const call = /^[^;]*?\]\s*\)/.exec(args)?.[0] ?? "";
      for (const named of call.matchAll(/\b(append|prepend)\s*:\s*\[([^\]]*)\]/g)) add(m[1]!, named[2]!);
    }
  }
  return groups;
}
