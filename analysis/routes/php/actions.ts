/**
 * Whether a Laravel route reaches an action: `Route::apiResource('albums', AlbumController::class)`
 * registers five routes, but a request for one whose controller has no such method ends in a
 * BadMethodCallException, so a controller with `index` and `show` alone serves those two. The
 * controller is read with its parents and traits; undecided cases count as served: a class not
 * found in the repository (a package's), a trait not found, or a magic `__call`.
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";
import { callArguments } from "../source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// The root every controller extends, Laravel's own (`use Illuminate\Routing\Controller as
// BaseController`), and the traits its skeleton's base controller uses: they define no action.
const FRAMEWORK_ROOT = /^\\?Illuminate\\Routing\\Controller$/;
const FRAMEWORK_TRAITS = /^\\?Illuminate\\Foundation\\(?:Auth\\Access\\AuthorizesRequests|Bus\\DispatchesJobs|Validation\\ValidatesRequests)$/;
const CLASS = /(?<!::\s*)\b(?:class|trait)\s+(\w+)(?:\s+extends\s+([\w\\]+))?/;
const IMPORT = /^\s*use\s+([\w\\]+)(?:\s+as\s+(\w+))?\s*;/gm;
const CONFIRM_PASSWORD = /(?:^|\\)Auth\\ConfirmPasswordController@/;

/** A filter that keeps the Laravel routes that reach an action, reading the project's files; all routes without them. */
export function laravelActionsServed(project: Project | undefined): (route: { framework: string; handler: string }) => boolean {
  if (!project) return () => true;
  const find = actionFinder(project);
  return (route) => {
    if (route.framework !== "laravel") return true;
    const match = /^([\w\\]+)@(\w+)$/.exec(route.handler);
    if (!match) return true;
    const candidates = find.files(match[1]!.split("\\").pop()!);
    // laravel/ui's `Auth::routes()` draws the password confirmation only when the app has the
    // controller (`class_exists`): one scaffolded without it has no such route.
    if (CONFIRM_PASSWORD.test(route.handler) && candidates.length === 0) return false;
    // Two classes of that name: served when either may define it.
    return candidates.length === 0 || candidates.some((file) => find.definedIn(file, match[2]!) !== false);
  };
}

/**
 * The body of the method a Laravel route's handler (`ApiController@verifyCredentials`) runs, in
 * its controller or in the parent or trait it inherits it from; undefined when not found.
 */
export function laravelActionBodies(project: Project): (handler: string) => string | undefined {
  const body = phpMethodBodies(project);
  return (handler) => {
    const match = /^([\w\\]+)@(\w+)$/.exec(handler);
    return match ? body(match[1]!, match[2]!) : undefined;
  };
}

/** The body of a method of a PHP class (`BaseAdminController`, `_delete`), where the class defines or inherits it; undefined when not found. */
export function phpMethodBodies(project: Project): (className: string, method: string) => string | undefined {
  const method = phpMethods(project);
  return (className, name) => method(className, name)?.body;
}

/**
 * A method of a PHP class where the class defines or inherits it: the file, its parameter list
 * and its body (comments left out); undefined when not found.
 */
export function phpMethods(project: Project): (className: string, method: string) => { file: string; parameters: string; body: string } | undefined {
  const find = actionFinder(project);
  return (className, method) => {
    for (const file of find.files(className.split("\\").pop()!)) {
      const found = find.definedIn(file, method);
      if (!found) continue;
      const source = find.read(found.file);
      const head = new RegExp(`\\bfunction\\s+&?\\s*${method}\\s*\\(`, "i").exec(source);
      if (!head) continue;
      const { end } = callArguments(source, head.index + head[0].length - 1);
      const open = source.indexOf("{", end);
      // An abstract or interface method has no body.
      if (open === -1 || /;/.test(source.slice(end, open))) continue;
      return { file: found.file, parameters: source.slice(head.index + head[0].length, end - 1), body: source.slice(open + 1, callArguments(source, open).end - 1) };
    }
    return undefined;
  };
}

/** The class a PHP file names `name` for, by its imports (`use App\\Policies\\AlbumPolicy;`) or else its namespace. */
export function phpQualifiedName(source: string, name: string): string {
  if (name.startsWith("\\")) return name.slice(1);
  const [first, ...rest] = name.split("\\");
  for (const m of source.matchAll(IMPORT)) if ((m[2] ?? m[1]!.split("\\").pop()) === first) return [m[1]!, ...rest].join("\\");
  const namespace = /^\s*namespace\s+([\w\\]+)\s*;/m.exec(source)?.[1];
  return namespace ? `${namespace}\\${name}` : name;
}

type Finder = { files: (name: string) => string[]; read: (file: string) => string; definedIn: (file: string, action: string) => Found };

/** Where the class or trait in a file defines an action, with what it inherits: the file; false when it does not; undefined when undecided. */
type Found = { file: string } | false | undefined;

function actionFinder(project: Project): Finder {
  let byName: Map<string, string[]> | undefined;
  const sources = new Map<string, string>();
  // What each file's class inherits, read once, and each answer, kept: on a large application
  // (osu-web, 500 routes over controllers sharing traits) reading the ancestors again for every
  // route and every candidate of a short name took half a minute.
  const inheritance = new Map<string, string[] | undefined>();
  const answers = new Map<string, Found>();
  const files = (name: string) => (byName ??= phpFilesByClass(project.listed)).get(name) ?? [];
  const read = (file: string) => {
    let source = sources.get(file);
    if (source === undefined) sources.set(file, (source = phpWithoutComments(project.text(file) ?? "")));
    return source;
  };
  const ancestors = (file: string) => {
    if (!inheritance.has(file)) inheritance.set(file, inheritedBy(read(file)));
    return inheritance.get(file);
  };
  const definedIn = (file: string, action: string): Found => {
    const key = `${file}\0${action.toLowerCase()}`;
    if (answers.has(key)) return answers.get(key);
    // Undecided while it is being read: a class reached again through its own ancestors (two
    // classes of one short name) is not read in a circle.
    answers.set(key, undefined);
    const found = decide(file, action);
    answers.set(key, found);
    return found;
  };
  const decide = (file: string, action: string): Found => {
    if (new RegExp(`\\bfunction\\s+&?\\s*(?:${action}|__call)\\s*\\(`, "i").test(read(file))) return { file };
    const names = ancestors(file);
    if (!names) return undefined;
    const inherited = names.map((name): Found => {
      const candidates = files(name.split("\\").pop()!);
      if (candidates.length === 0) return undefined;
      const each = candidates.map((candidate) => definedIn(candidate, action));
      return each.find((f) => f) ?? (each.includes(undefined) ? undefined : false);
    });
    return inherited.find((f) => f) ?? (inherited.includes(undefined) ? undefined : false);
  };
  return { files, read, definedIn };
}

/** The traits and the parent a PHP file's class or trait takes its methods from, qualified by its imports; undefined when it declares none. */
function inheritedBy(source: string): string[] | undefined {
  const declaration = CLASS.exec(source);
  if (!declaration) return undefined;
  // The imports before the class; a `use` inside it names a trait.
  const imports = new Map<string, string>();
  for (const m of source.slice(0, declaration.index).matchAll(IMPORT)) imports.set(m[2] ?? m[1]!.split("\\").pop()!, m[1]!);
  const qualified = (name: string) => (name.includes("\\") ? name : imports.get(name) ?? name);
  const names: string[] = [];
  // `use A, B;` inside the class body: its traits.
  const body = source.slice(source.indexOf("{", declaration.index) + 1);
  for (const m of body.matchAll(/^\s*use\s+([\w\\\s,]+?)\s*[;{]/gm)) {
    for (const name of m[1]!.split(",").map((n) => qualified(n.trim()))) if (!FRAMEWORK_TRAITS.test(name)) names.push(name);
  }
  const parent = declaration[2];
  if (parent && !FRAMEWORK_ROOT.test(qualified(parent))) names.push(qualified(parent));
  return names;
}

/** The project's PHP files by the class each is named after (`AlbumController` -> every AlbumController.php outside tests and vendor). */
export function phpFilesByClass(listed: Iterable<string>): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const path of listed) {
    const m = /(?:^|\/)([A-Z]\w*)\.php$/.exec(path);
    if (m && !/(^|\/)(tests?|vendor)\//.test(path)) files.set(m[1]!, [...(files.get(m[1]!) ?? []), path]);
  }
  return files;
}

/**
 * The file of a PHP class, by its name or its qualified name. Of several classes of one name
 * (Krayin's `Bouncer` facade, service and middleware), the one whose folders end as its
 * namespace does (`Webkul\Admin\Http\Middleware\Bouncer` -> `.../Http/Middleware/Bouncer.php`);
 * else the first listed.
 */
export function phpClassFile(files: ReadonlyMap<string, readonly string[]>, name: string): string | undefined {
  const parts = name.split("\\").filter(Boolean);
  const found = files.get(parts.at(-1) ?? "");
  if (!found || found.length === 1 || parts.length === 1) return found?.[0];
  const matching = (path: string) => {
    const folders = path.split("/").slice(0, -1).reverse();
    let n = 0;
    while (n < folders.length && n < parts.length - 1 && folders[n] === parts[parts.length - 2 - n]) n++;
    return n;
  };
  return found.reduce((best, path) => (matching(path) > matching(best) ? path : best));
}
