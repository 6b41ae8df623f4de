import { isLaravelGuard } from "../frameworks/laravel.ts";

// `$this->middleware('auth')`, `->except(['index', 'show'])` / `->only('index')` chained, or the
// older option array `$this->middleware('auth', ['except' => ['index']])`.
const MIDDLEWARE = /\$this\s*->\s*middleware\s*\(\s*([^;]*?)\)\s*(?:->\s*(only|except)\s*\(\s*([^;]*?)\))?\s*;/g;
const STRINGS = /'([^']*)'|"([^"]*)"/g;
const OPTION = /['"](only|except)['"]\s*=>\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/;

const strings = (text: string) => [...text.matchAll(STRINGS)].map((m) => m[1] ?? m[2]!);

/**
 * The guards a Laravel controller's constructor puts before an action (`ArticleController@store`):
 * `$this->middleware('auth:api')->except(['index', 'show'])` and the like. A middleware given
 * the `optional` parameter (`auth.api:optional`) lets callers without a token through: no guard.
 * `controllerFile` finds the controller class's file by its name.
 */
export function laravelActionGuards(handler: string, controllerFile: (className: string) => string | undefined, text: (path: string) => string | undefined): string[] {
  const match = /^([\w\\]+)@(\w+)$/.exec(handler);
  if (!match) return [];
  const file = controllerFile(match[1]!.split("\\").pop()!);
  const source = file === undefined ? undefined : text(file);
  if (source === undefined) return [];
  const action = match[2]!;
  const guards: string[] = [];
  for (const m of source.matchAll(MIDDLEWARE)) {
    const [first, options] = splitOptions(m[1]!);
    const names = strings(first).filter((name) => isLaravelGuard(name) && !/:.*\boptional\b/.test(name));
    const option = OPTION.exec(options);
    const kind = m[2] ?? option?.[1];
    const listed = new Set(strings(m[3] ?? option?.[2] ?? ""));
    if (kind === "only" && !listed.has(action)) continue;
    if (kind === "except" && listed.has(action)) continue;
    guards.push(...names);
  }
  return [...new Set(guards)];
}

/** The middleware argument and the option array after it, split at the first top-level comma. */
function splitOptions(args: string): [string, string] {
  let depth = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if (c === "," && depth === 0) return [args.slice(0, i), args.slice(i + 1)];
  }
  return [args, ""];
}
