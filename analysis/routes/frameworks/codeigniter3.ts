import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { isGuardName, joinPaths } from "../paths.ts";
import { phpConstants, phpValue } from "../php/values.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const FRAMEWORK = "codeigniter";
// application/controllers/Admins.php, application/controllers/api/v1/Admins_api_v1.php
export const CONTROLLER_FILE = /(?:^|\/)application\/controllers\/((?:[\w-]+\/)*)([A-Z]?\w*)\.php$/i;
// The HMVC extension's modules (wiredesignz Modular Extensions): application/modules/clients/controllers/Clients.php.
const MODULE_CONTROLLER_FILE = /(?:^|\/)application\/modules\/([\w-]+)\/controllers\/((?:[\w-]+\/)*)([A-Z]?\w*)\.php$/i;
export const ROUTES_FILE = /(?:^|\/)application\/config\/routes\.php$/;
// `$route['login'] = 'user/login';`, `$route['api/v1/(:num)']['put'] = 'api/update/$1';`
const ROUTE = /\$route\s*(\[[^\]]+\])(\s*\[[^\]]+\])?\s*=\s*([^;]+);/g;
const RESERVED = new Set(["404_override", "translate_uri_dashes"]);
// The placeholders CodeIgniter matches segments with: each is one parameter.
const PLACEHOLDER = /\(:(any|segment|num|alpha|alphanum|hash)\)/g;
// A public method: PHP's methods are public unless they say otherwise.
const METHOD = /^[ \t]*(?:(?:public|static|final)[ \t]+)*function[ \t]+&?([A-Za-z]\w*)[ \t]*\(([^)]*)\)/gm;
// An action that refuses every other HTTP method first, by a helper named for it (`method('post');`).
const ONLY_METHOD = /^\s*(?:try\s*\{\s*)?\$?[\w>-]*method\s*\(\s*['"](get|post|put|patch|delete)['"]\s*\)\s*;/i;

// A test of who calls, at an action's or the constructor's top: a permission (`cannot('view', PRIV_USERS)`,
// `!can(...)`), the session's user (`session('user_id')`, `$this->session->userdata('logged_in')`), a login helper.
// The session's value a base controller is handed the key of (`userdata($required_key) != $required_val`) too.
const CALLER_TEST = /\b(?:cannot|can|has_permission|check_permission|is_logged_in|logged_in|is_admin|isLoggedIn|authori[sz]e|validate_session)\s*\(|\bsession\s*\(\s*['"](?:user_id|logged_in|user)['"]|->\s*userdata\s*\(\s*(?:['"](?:user_id|logged_in|id|user)['"]|\$\w+\s*\))|\$user_id\b/;
// What turns the caller away: 401/403, an error page, a redirect to signing in, an exception.
// A Location header naming the sign-in page: `header("Location:" . base_url('login')); exit();`.
const REFUSAL = /\bthrow\s+new\b|\babort\s*\(\s*40[13]|\bshow_error\s*\([^;]*\b40[13]\b|\bredirect\s*\(\s*['"][^'"]*log_?in|\b(?:set_status_header|http_response_code)\s*\(\s*40[13]|\bshow_404\s*\(|\bheader\s*\(\s*["']Location\s*:[^;]*log_?in/;
// A test that fails the caller (`if (!$this->user_model->authorize(2))`, `validate_session() == 0`): any redirect
// or end after it turns them away (Cloudlog sends them to the dashboard), and so does an action's return,
// where after a test they pass (`if (logged_in()) redirect('home')`, a sign-in page's) a redirect sends them on.
const FAILED_TEST = /^\s*if\s*\(\s*!|[!=]==?\s*(?:0|false|FALSE)\b/;
const TURNED_AWAY = /\bredirect\s*\(|\b(?:exit|die)\b/;
const RETURNS = /^\s*return\s*;/;
// A check the constructor calls on its own line for every action: `$this->api->auth();`, `$this->require_login();`.
const CHECK_CALL = /^\s*\$this\s*->\s*(?:\w+\s*->\s*)?(\w+)\s*\(\s*\)\s*;/;
const TOP_LINES = 25;

/**
 * CodeIgniter 3: its automatic routing serves every public method of a controller under
 * application/controllers/ at `/<folder>/<controller>/<method>/<arguments...>` (the class
 * lower-cased, `index` at the controller's own path), optional arguments as shorter forms;
 * and application/config/routes.php maps URIs to controller methods (`$route['login'] =
 * 'user/login'`, per method with `$route['x']['post']`, `default_controller` at `/`). An action
 * whose first statement admits one method (`method('post');`) answers that one; the others, any.
 * An action that tests its caller at its top and turns them away (`if (cannot('view', PRIV_USERS))
 * { abort(403); }`), or whose controller's constructor does or calls a check (`$this->api->auth();`), is guarded.
 * A controller whose constructor turns away every request not from the command line serves none.
 */
export const codeigniter3: Framework = {
  id: "codeigniter3",
  name: "CodeIgniter 3",
  languages: ["php"],
  paths: /(?:^|\/)application\/(?:controllers|config|modules\/[\w-]+\/controllers)\//,
  hint: /\bextends\s+\w+|\$route\s*\[/,
  scan(source) {
    if (ROUTES_FILE.test(source.path)) return configuredRoutes(source);
    const file = CONTROLLER_FILE.exec(source.path);
    if (file) return controllerRoutes(source, file[1]!, file[2]!);
    // A module's controller is served below the module (`/clients/ajax/...`); the one named for its
    // module at the module's own path (`/clients/status/...`), as HMVC's router finds it first.
    const module = MODULE_CONTROLLER_FILE.exec(source.path);
    if (!module) return [];
    const [, name, folder, controller] = module as unknown as [string, string, string, string];
    const own = !folder && controller.toLowerCase() === name.toLowerCase();
    return controllerRoutes(source, `${name}/${folder}`, controller, own ? `/${name}` : undefined);
  },
};

/** `base`: the path the controller serves at, when it is not its folder and name (an HMVC module's own controller). */
export function controllerRoutes(source: RouteSource, folder: string, name: string, base = `/${folder}${name.toLowerCase()}`): Registration[] {
  const { code } = source;
  // The file's class is the controller, named as the file is (CodeIgniter loads it by that name).
  const cls = new RegExp(String.raw`\bclass\s+${name}\s+extends\s+(\w+)[^{]*\{`, "i").exec(code);
  // Zend Framework 1 keeps its `IndexController extends Zend_Controller_Action` in the same folder.
  if (!cls || /Controller$/.test(name) || cls[1]!.startsWith("Zend_")) return [];
  const body = { start: cls.index + cls[0].length - 1, end: closing(code, cls.index + cls[0].length - 1) };
  const constructor = bodyOf(source, body, "__construct");
  // A command-line controller: its constructor ends any request that is not from the command line.
  if (constructor !== undefined && /\bif\s*\(\s*!\s*(?:is_cli|\$this\s*->\s*input\s*->\s*is_cli_request)\s*\(\s*\)\s*\)\s*\{?\s*(?:exit|die|show_404|show_error)\b/.test(constructor)) return [];
  const constructorCheck = constructor === undefined ? undefined : checkIn(constructor, true);
  const found: Registration[] = [];
  const pattern = new RegExp(METHOD.source, "gm");
  pattern.lastIndex = body.start;
  for (let m = pattern.exec(code); m && m.index < body.end; m = pattern.exec(code)) {
    const action = m[1]!;
    if (action.startsWith("_")) continue;
    const open = code.indexOf("{", m.index + m[0].length);
    if (open === -1 || open > body.end) continue;
    const method = ONLY_METHOD.exec(source.text.slice(open + 1, open + 300))?.[1]?.toUpperCase() ?? "ALL";
    const params = m[2]!.split(",").map((p) => /\$(\w+)\s*(=)?/.exec(p)).filter((p) => !!p);
    const required = params.filter((p) => !p[2]).length;
    const line = source.lineAt(m.index);
    const check = constructorCheck ?? checkIn(source.text.slice(open, closing(code, open)), false);
    for (let count = required; count <= params.length; count++) {
      const args = params.slice(0, count).map((p) => `{${p[1]}}`);
      // `index` is the controller's own path; with arguments it must be named.
      const path = action.toLowerCase() === "index" && count === 0 ? base : joinPaths(base, action, ...args);
      found.push(route([method], path, `${name}::${action}`, line, check ? [check] : []));
    }
    pattern.lastIndex = closing(code, open);
  }
  return found;
}

function configuredRoutes(source: RouteSource): Registration[] {
  const constants = phpConstants(source);
  const found: Registration[] = [];
  for (const m of source.code.matchAll(ROUTE)) {
    // Each part's value, read where it is in the file (strings are blanked in the code).
    const valueAt = (part: string, from: number) => {
      const start = m.index + m[0].indexOf(part, from - m.index);
      return phpValue(source, { start: start + (part.startsWith("[") ? 1 : 0), end: start + part.length - (part.endsWith("]") ? 1 : 0) }, constants);
    };
    const key = valueAt(m[1]!.trim(), m.index);
    const verb = m[2] ? valueAt(m[2].trim(), m.index + m[1]!.length) : undefined;
    const target = valueAt(m[3]!, m.index + m[0].lastIndexOf("="));
    if (key === undefined || target === undefined || RESERVED.has(key) || (m[2] && !verb)) continue;
    const line = source.lineAt(m.index);
    const handler = target.replace(/\/\$\d+/g, "");
    if (key === "default_controller") {
      if (target) found.push(route(["ALL"], "/", handler.includes("/") ? handler : `${handler}/index`, line));
      continue;
    }
    found.push(route([verb ? verb.toUpperCase() : "ALL"], joinPaths("/", key.replace(PLACEHOLDER, "{$1}")), handler, line));
  }
  return found;
}

/** The text of method `name`'s body within a class body, or undefined. */
export function bodyOf(source: RouteSource, cls: { start: number; end: number }, name: string): string | undefined {
  const m = new RegExp(String.raw`\bfunction\s+${name}\s*\(`, "g");
  m.lastIndex = cls.start;
  const found = m.exec(source.code);
  const open = found && found.index < cls.end ? source.code.indexOf("{", found.index) : -1;
  return open === -1 ? undefined : source.text.slice(open, closing(source.code, open));
}

/** The check a body's top makes of its caller, named for the report: a test it refuses on, or (in a constructor) a check's call. */
export function checkIn(body: string, constructor: boolean): string | undefined {
  const lines = body.split("\n").slice(0, TOP_LINES);
  // A test kept in a variable first: `$required_permissions = can('edit', PRIV_SYSTEM_SETTINGS);`.
  const kept = new Set<string>();
  for (let i = 0; i < lines.length; i++) {
    const assigned = /^\s*\$(\w+)\s*=\s*([^;]*);/.exec(lines[i]!);
    if (assigned && CALLER_TEST.test(assigned[2]!)) kept.add(assigned[1]!);
    const tests = CALLER_TEST.test(lines[i]!) || [...kept].some((name) => new RegExp(String.raw`\$${name}\b`).test(lines[i]!));
    const refused = (l: string) => REFUSAL.test(l) || (FAILED_TEST.test(lines[i]!) && (TURNED_AWAY.test(l) || (!constructor && RETURNS.test(l))));
    if (/^\s*if\s*\(/.test(lines[i]!) && tests && lines.slice(i, i + 8).some(refused)) return "(checks the caller in the action)";
    const call = constructor ? CHECK_CALL.exec(lines[i]!)?.[1] : undefined;
    if (call && isGuardName(call)) return call;
  }
  return undefined;
}

function route(methods: string[], path: string, handler: string, line: number, guards: string[] = []): Registration {
  return { type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards, owner: "", line };
}
