import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import { phpValue } from "../php/values.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "utopia";
const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE", options: "OPTIONS", head: "HEAD" };
// `Http::post('/v1/account')` (utopia-php/http), `App::get('/v1/health')` (the older utopia-php/framework).
const STATIC_ROUTE = /\b(?:Http|App)\s*::\s*(get|post|put|patch|delete|options|head)\s*\(/g;
// A platform module's action: `->setHttpMethod(Action::HTTP_REQUEST_METHOD_POST)` beside `->setHttpPath('/v1/projects')`.
const ACTION_METHOD = /->\s*setHttpMethod\s*\(\s*(?:[\w\\]+\s*::\s*HTTP_REQUEST_METHOD_([A-Z]+)|(['"])([A-Za-z]+)\2)\s*\)/;
const ACTION_PATH = /->\s*setHttpPath\s*\(/g;

/** The guard of a route the API's scope check covers: the scopes it asks, any of which lets a caller in (`scope(users.read)`). */
export const SCOPE_GUARD = /^scope\((.+)\)$/;

/**
 * utopia-php (Appwrite): routes declared as chains, `Http::post('/v1/account')->groups(['api',
 * 'account'])->label('scope', 'sessions.write')->...->action(...)`, and platform modules' actions
 * (`$this->setHttpMethod(Action::HTTP_REQUEST_METHOD_GET)->setHttpPath('/v1/projects/:projectId')`),
 * each also at its `->alias(...)` paths. Parameters are written `:name`. A route of the `api` group
 * passes the API's scope check only for a caller holding one of the scopes its `scope` label names:
 * that is its guard, `scope(a|b)`, which guests may hold (app/config/roles.php, read after linking).
 */
export const utopia: Framework = {
  id: FRAMEWORK,
  name: "utopia-php",
  languages: ["php"],
  hint: /\b(?:Http|App)\s*::\s*(?:get|post|put|patch|delete)\s*\(\s*['"]\/|->\s*setHttpPath\s*\(/,
  scan(source) {
    if (!/\bUtopia\\/.test(source.text)) return [];
    const found: Registration[] = [];
    for (const m of source.code.matchAll(STATIC_ROUTE)) {
      const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
      const path = args[0] && phpValue(source, args[0]);
      if (path === undefined || !path.startsWith("/")) continue;
      routes(source, found, [VERBS[m[1]!]!], path, end, m.index);
    }
    for (const m of source.code.matchAll(ACTION_PATH)) {
      const { args } = callArguments(source.code, m.index + m[0].length - 1);
      const path = args[0] && phpValue(source, args[0]);
      if (path === undefined || !path.startsWith("/")) continue;
      const statement = statementAround(source.code, m.index);
      const method = ACTION_METHOD.exec(source.text.slice(statement.start, statement.end));
      const verb = method ? (method[1] ?? method[3]!).toUpperCase() : undefined;
      if (!verb) continue;
      routes(source, found, [verb], path, statement.start, m.index, statement.end);
    }
    return found;
  },
};

/** The routes of one declaration: its path and aliases, its guard from its groups and `scope` label (read in the text: strings are blanked in the code). */
function routes(source: RouteSource, found: Registration[], methods: string[], path: string, from: number, at: number, until?: number): void {
  const end = until ?? statementAround(source.code, from).end;
  const chain = source.text.slice(from, end);
  const groups = /->\s*groups\s*\(\s*\[([^\]]*)\]/.exec(chain)?.[1] ?? "";
  const scope = /->\s*label\s*\(\s*['"]scope['"]\s*,\s*(\[[^\]]*\]|['"][^'"]+['"])/.exec(chain)?.[1];
  const scopes = scope ? [...scope.matchAll(/['"]([^'"]+)['"]/g)].map((s) => s[1]!) : [];
  const guards = /['"]api['"]/.test(groups) && scopes.length ? [`scope(${scopes.join("|")})`] : [];
  const aliases = [...chain.matchAll(/->\s*alias\s*\(\s*['"]([^'"]+)['"]/g)].map((a) => a[1]!);
  const handler = /->\s*desc\s*\(\s*['"]([^'"]+)['"]/.exec(chain)?.[1] ?? /->\s*label\s*\(\s*['"]sdk\.method['"]\s*,\s*['"](\w+)['"]/.exec(chain)?.[1] ?? "action";
  for (const p of [path, ...aliases]) {
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path: utopiaPath(p), handler, guards, owner: "", line: source.lineAt(at) });
  }
}

/** `/v1/users/:userId` as `/v1/users/{userId}`. */
function utopiaPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, "{$1}");
}

/** The statement a position is in: from the `;` or `{` before it to the `;` that ends it at its depth. */
function statementAround(code: string, at: number): { start: number; end: number } {
  let start = at;
  for (let depth = 0; start > 0; start--) {
    const c = code[start - 1]!;
    if (c === ")" || c === "]") depth++;
    else if (c === "(" || c === "[") depth--;
    else if ((c === ";" || c === "{" || c === "}") && depth <= 0) break;
  }
  let end = at;
  for (let depth = 0; end < code.length; end++) {
    const c = code[end]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (--depth < 0) break;
    } else if (c === ";" && depth === 0) break;
  }
  return { start, end };
}

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/**
 * The scopes guests hold, from the roles the app configures (`app/config/roles.php`:
 * `User::ROLE_GUESTS => ['label' => 'Guests', 'scopes' => [...]]`): a route asking one of them lets
 * anyone past the scope check.
 */
export function utopiaGuestScopes(project: Project | undefined): Set<string> {
  const scopes = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!/(?:^|\/)config\/roles\.php$/.test(path)) continue;
    const text = project!.text(path) ?? "";
    const guests = /ROLE_GUESTS\s*=>\s*\[[^]*?['"]scopes['"]\s*=>\s*\[([^\]]*)\]/.exec(text);
    for (const s of guests?.[1]?.matchAll(/['"]([^'"]+)['"]/g) ?? []) scopes.add(s[1]!);
  }
  return scopes;
}
