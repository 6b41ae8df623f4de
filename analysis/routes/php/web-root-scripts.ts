import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";

const FRAMEWORK = "php-scripts";

// A folder a PHP application's web server serves as its document root.
const WEB_ROOT = /^(?:[\w.-]+\/)?(?:public|public_html|htdocs|www|web)\/$/;
// Folders under the root that hold code the scripts include, or assets: no pages.
// A CMS's code kept under its root (Drupal's `web/core/`, `web/modules/`) is included, not requested.
const INCLUDED = /(?:^|\/)(?:lib|libs|vendor|node_modules|includes?|inc|templates?|themes?|config|cache|tmp|assets|css|js|images|fonts|locale|lang|src|classes|core|modules|plugins|sites|profiles)\//i;
/** Pages lie at most this many folders below the root (`/admin/users.php`, `/server/json.server.php`). */
const MAX_DEPTH = 2;
/** Fewer scripts than this beside `index.php`: a front controller and its helpers, not pages. */
const MIN_SCRIPTS = 5;

/**
 * A PHP application without a router (Ampache): its web server serves every script under the
 * document root at the script's path (`/admin/users.php`), and the script reads what to do from
 * the query. Read where a folder named for a document root (`public/`, `htdocs/`, `www/`,
 * `public_html/`, `web/`) holds an `index.php` and more scripts beside it, and only when no PHP
 * router serves the project: a Laravel or Symfony `public/index.php` is a front controller whose
 * router's routes are the app's (`routed`). Folders of included code or assets under the root
 * (`lib/`, `templates/`, `themes/`, `vendor/`...) hold no pages. The scripts' checks of the caller
 * are their own code's, out of sight: their routes have no guard the analysis can see.
 */
export function webRootScripts(project: Project, routed: boolean): { file: string; registrations: Registration[] }[] {
  if (routed) return [];
  const listed = [...project.listed];
  const scripts = listed.filter((path) => path.endsWith(".php") && !INCLUDED.test(path));
  const roots = new Set(scripts.filter((path) => path.endsWith("/index.php") && WEB_ROOT.test(path.slice(0, -"index.php".length))).map((path) => path.slice(0, -"index.php".length)));
  const found: { file: string; registrations: Registration[] }[] = [];
  const route = (file: string, path: string, guards: string[]) =>
    found.push({ file, registrations: [{ type: "route", framework: FRAMEWORK, kind: "http", methods: ["ALL"], path, handler: "(script)", guards, owner: "", line: 1 }] });
  for (const root of roots) {
    const pages = scripts.filter((path) => path.startsWith(root) && !INCLUDED.test(path.slice(root.length)) && path.slice(root.length).split("/").length <= MAX_DEPTH + 1);
    if (pages.length < MIN_SCRIPTS) continue;
    for (const file of pages) route(file, `/${file.slice(root.length)}`, []);
  }
  // The repository itself as the document root (phpIPAM: `index.php` and an `.htaccess` beside
  // `app/`, `functions/`, `api/`; osTicket: `index.php` and IIS's `web.config`): a script is
  // requested directly where it loads the application itself (`require_once(dirname(__FILE__) .
  // '/../../../functions/functions.php')`, `require('secure.inc.php')`); one that does not is a
  // fragment another includes. A check of the caller it calls on a line of its own, before its work
  // (`$User->check_user_session();`), guards it, and so does the file it loads when that file sends
  // a caller to sign in and stops (osTicket's `staff.inc.php`: `Http::redirect(...'scp/login.php'); exit;`).
  if (!roots.size && listed.includes("index.php") && (listed.includes(".htaccess") || listed.includes("web.config"))) {
    const refuses = new Map<string, boolean>();
    // The loader itself, or one it loads first (osTicket's `admin.inc.php` loading `staff.inc.php`).
    const loaderRefuses = (loader: string, depth = 0): boolean => {
      if (!refuses.has(loader)) {
        const text = project.text(loader) ?? "";
        const next = depth < 2 ? LOADS_APPLICATION.exec(text.split("\n").slice(0, HEAD_LINES).join("\n")) : null;
        const further = next ? loadedFile(loader, next[1]!, listed) : undefined;
        refuses.set(loader, SENDS_TO_SIGN_IN.test(text) || (!!further && further !== loader && loaderRefuses(further, depth + 1)));
      }
      return refuses.get(loader)!;
    };
    for (const file of scripts) {
      // The loaders themselves (`secure.inc.php`), tests, and scripts for the command line (`php_sapi_name()`) are no pages.
      if (file === "index.php" || /\.inc\.php$/.test(file) || /(?:^|\/)tests?\//.test(file)) continue;
      const text = project.text(file) ?? "";
      if (COMMAND_LINE.test(text)) continue;
      const head = text.split("\n").slice(0, HEAD_LINES).join("\n");
      const loads = LOADS_APPLICATION.exec(head);
      if (!loads) continue;
      const check = [...head.matchAll(CHECK_CALL)].map((m) => m[1]!).find(isGuardName);
      const loader = loadedFile(file, loads[1]!, listed);
      route(file, `/${file}`, check ? [check] : loader && loaderRefuses(loader) ? [loader.split("/").at(-1)!] : []);
    }
  }
  return found;
}

/** The file a script's `require` names, relative to the script's folder or the repository's root, if it is one of the project's. */
function loadedFile(script: string, written: string, listed: readonly string[]): string | undefined {
  const name = written.replace(/^\.\//, "");
  const folder = script.includes("/") ? script.slice(0, script.lastIndexOf("/") + 1) : "";
  const parts = `${folder}${name}`.split("/");
  const resolved: string[] = [];
  for (const part of parts) part === ".." ? resolved.pop() : resolved.push(part);
  return [resolved.join("/"), name].find((candidate) => listed.includes(candidate));
}

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** How far down a script its loading of the application and its check of the caller are looked for. */
const HEAD_LINES = 40;
// `require_once( dirname(__FILE__) . '/../../functions/functions.php' );`, `include "bootstrap.php";`, `require('secure.inc.php');`:
// the path written last in the statement.
const LOADS_APPLICATION = /^[ \t]*(?:require|include)(?:_once)?\b[^;\n]*?['"]([^'"\n]*\b(?:functions|bootstrap|init|common|global|\w+\.inc)\.php)['"][^;\n]*;/m;
// A script meant for the command line: it asks which interface runs it (`php_sapi_name() == 'cli'`, osTicket's `osTicket::is_cli()`).
const COMMAND_LINE = /\bphp_sapi_name\s*\(\s*\)|\bis_cli\s*\(|\bPHP_SAPI\b/;
// A loaded file that sends a caller to sign in and stops: `Http::redirect(ROOT_PATH.'scp/login.php'); exit;`, `require('./login.php'); exit;`.
const SENDS_TO_SIGN_IN = /(?:redirect|Location:|require|include)[^;\n]*login\.php[^;\n]*;\s*(?:exit|die)\b/;
// `$User->check_user_session();`, `check_login();` on a line of its own.
const CHECK_CALL = /^[ \t]*(?:\$\w+\s*->\s*)?(\w+)\s*\(\s*\)\s*;/gm;
