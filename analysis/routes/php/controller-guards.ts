import { php } from "../../languages/php/mod.ts";
import { strip } from "../../languages/strip.ts";
import { isLaravelGuard } from "../frameworks/laravel.ts";
import { phpQualifiedName } from "./actions.ts";

// `$this->middleware('auth')` (or by class, `Authenticate::class`), `->except(['index', 'show'])` / `->only('index')` chained, or the
// older option array `$this->middleware('auth', ['except' => ['index']])`. Matched on the code
// with comments and strings blanked (offsets kept), so a call commented out is none; the names
// are read from the text at the same offsets.
const MIDDLEWARE = /\$this\s*->\s*middleware\s*\(\s*([^;]*?)\)\s*(?:->\s*(only|except)\s*\(\s*([^;]*?)\))?\s*;/dg;
const STRINGS = /'([^']*)'|"([^"]*)"/g;
const OPTION = /['"](only|except)['"]\s*=>\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/;

const strings = (text: string) => [...text.matchAll(STRINGS)].map((m) => m[1] ?? m[2]!);
// Middleware named by class (`$this->middleware([Authenticate::class, VerifyAdmins::class])`), by its short name.
const classNames = (text: string) => [...text.replace(STRINGS, "").matchAll(/([\w\\]+)\s*::\s*class\b/g)].map((m) => m[1]!.split("\\").at(-1)!);

/** A constructor's middleware call: the names given, and the actions it is limited to or lifted from. */
type MiddlewareCall = { names: string[]; kind?: string; listed: Set<string> };

/**
 * The guards a Laravel controller's constructor puts before an action: `ArticleController@store`,
 * or an invokable controller (`Route::post('articles', CreateArticle::class)`), whose action is
 * `__invoke`. `$this->middleware('auth:api')->except(['index', 'show'])` and the like. A
 * middleware given the `optional` parameter (`auth.api:optional`) lets callers without a token
 * through: no guard. `controllerFile` finds the controller class's file by its name; each
 * controller is read once per analysis.
 */
export function laravelActionGuards(controllerFile: (className: string) => string | undefined, text: (path: string) => string | undefined): (handler: string, routeFile?: string) => string[] {
  const calls = new Map<string, MiddlewareCall[]>();
  const callsIn = (file: string): MiddlewareCall[] => {
    let found = calls.get(file);
    if (found === undefined) calls.set(file, (found = middlewareCalls(text(file))));
    return found;
  };
  return (handler, routeFile) => {
    const match = /^([\w\\]+)(?:@(\w+))?$/.exec(handler);
    if (!match) return [];
    // The class as the route file imports it: `use App\Http\Controllers\Admin\ArticlesController as AdminArticlesController`.
    const written = match[1]!.split("\\").pop()!;
    const imported = routeFile ? phpQualifiedName(text(routeFile) ?? "", written) : written;
    // A name the route file does not import is under Laravel's default controller namespace, after
    // the namespace of its group (`Admin\BeatmapsetsController`): of several UsersController classes,
    // App\Http\Controllers\UsersController.
    const qualified = imported !== written ? imported : /^\\?App\\/.test(match[1]!) ? match[1]!.replace(/^\\/, "") : `App\\Http\\Controllers\\${match[1]}`;
    const file = controllerFile(qualified);
    if (file === undefined) return [];
    const action = match[2] ?? "__invoke";
    const guards: string[] = [];
    for (const { names, kind, listed } of inherited(file)) {
      if (kind === "only" && !listed.has(action)) continue;
      if (kind === "except" && listed.has(action)) continue;
      guards.push(...names);
    }
    return [...new Set(guards)];
  };
  /**
   * The middleware calls of a controller and of the project's controllers it extends, whose
   * constructors run too: where it has none of its own, or its own calls `parent::__construct()`
   * (osu-web's Admin\Controller puts `auth` on every admin controller).
   */
  function inherited(file: string, depth = 0): MiddlewareCall[] {
    const source = text(file) ?? "";
    const own = callsIn(file);
    const parent = projectParent(source, controllerFile);
    const constructs = /\bfunction\s+__construct\s*\(/.test(source);
    if (!parent || parent.file === file || depth >= 4 || (constructs && !/\bparent\s*::\s*__construct\s*\(/.test(source))) return own;
    return [...own, ...inherited(parent.file, depth + 1)];
  }
}

function middlewareCalls(source: string | undefined): MiddlewareCall[] {
  if (source === undefined) return [];
  const { code } = strip(source, php.syntax);
  const span = (m: RegExpExecArray, group: number) => (m.indices![group] ? source.slice(...m.indices![group]!) : undefined);
  return [...code.matchAll(MIDDLEWARE)].map((m) => {
    const [first, options] = splitOptions(span(m, 1)!);
    const option = OPTION.exec(options);
    return {
      names: [...strings(first), ...classNames(first)].filter((name) => isLaravelGuard(name) && !/:.*\boptional\b/.test(name)),
      kind: m[2] ?? option?.[1],
      listed: new Set(strings(span(m, 3) ?? option?.[2] ?? "")),
    };
  });
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

/**
 * The class of the project's that a PHP class extends: its name in full and its file, only where
 * the file's folder is the namespace's last part (`App\Http\Controllers\Admin\Controller` in
 * .../Admin/Controller.php): Laravel's own `Illuminate\Routing\Controller` is no project file named Controller.php.
 */
export function projectParent(source: string, classFile: (name: string) => string | undefined): { name: string; file: string } | undefined {
  const written = /\bclass\s+\w+\s+extends\s+([\w\\]+)/.exec(source)?.[1];
  if (!written) return undefined;
  const name = phpQualifiedName(source, written);
  const parts = name.split("\\").filter(Boolean);
  const file = classFile(name);
  return file && (parts.length < 2 || file.endsWith(`${parts.at(-2)}/${parts.at(-1)}.php`)) ? { name, file } : undefined;
}
