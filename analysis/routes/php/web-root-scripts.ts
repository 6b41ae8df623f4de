import { closing } from "../../languages/curly.ts";
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
  const route = (file: string, path: string, guards: string[], methods: string[] = ["ALL"]) =>
    found.push({ file, registrations: [{ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler: "(script)", guards, owner: "", line: 1 }] });
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
  if (!roots.size && listed.includes("index.php") && servedAsItIs(project, listed)) {
    const heads = new Map<string, string>();
    const headOf = (file: string) => heads.get(file) ?? (heads.set(file, head(project.text(file) ?? "")), heads.get(file)!);
    // The files of the project a script loads at its top, in order, each read once.
    const present = new Set(listed);
    const loads = new Map<string, string[]>();
    const loadsOf = (file: string) =>
      loads.get(file) ?? (loads.set(file, [...headOf(file).matchAll(LOADS)].map((m) => loadedFile(file, m[1]!, present)).filter((f): f is string => !!f)), loads.get(file)!);
    // Those and the files they load in turn, nearest first (Wallos' `header.php` loading `checksession.php`).
    const loadedBy = (file: string, depth = 0, seen = new Set<string>()): string[] => {
      if (depth > 2) return [];
      return loadsOf(file).flatMap((loaded) => {
        if (seen.has(loaded)) return [];
        seen.add(loaded);
        return [loaded, ...loadedBy(loaded, depth + 1, seen)];
      });
    };
    const refuses = (file: string) => SENDS_TO_SIGN_IN.test(project.text(file) ?? "") || SESSION_REFUSAL.test(headOf(file)) || DIES_REFUSING.test(headOf(file));
    // A file many scripts load is the application's code, not a page (phpIPAM's `functions/functions.php`); one
    // a page or two include may be a page too.
    const loadCounts = new Map<string, number>();
    for (const file of scripts) for (const loaded of loadsOf(file)) loadCounts.set(loaded, (loadCounts.get(loaded) ?? 0) + 1);
    const loaders = new Set([...loadCounts].filter(([, count]) => count >= 3).map(([file]) => file));
    for (const file of scripts) {
      // The loaders themselves (`secure.inc.php`), tests, and scripts for the command line (`php_sapi_name()`) are no pages.
      if (file === "index.php" || /\.inc\.php$/.test(file) || /(?:^|\/)tests?\//.test(file) || loaders.has(file)) continue;
      const top = headOf(file);
      if (COMMAND_LINE.test(top)) continue;
      if (!LOADS_APPLICATION.test(top) && !LOADS_INCLUDED.test(top)) continue;
      const loaded = loadedBy(file);
      const check = [...top.matchAll(CHECK_CALL)].map((m) => m[1]!).find(isGuardName) ?? (SESSION_REFUSAL.test(top) ? "$_SESSION" : KEY_REFUSAL.exec(top)?.[1]);
      // Named for the file the script loads through which a refusal comes (`admin.inc.php`, loading `staff.inc.php`).
      const refusing = check ? undefined : loadsOf(file).find((d) => [d, ...loadedBy(d)].some(refuses));
      const methods = [file, ...loaded].map((f) => methodsLetThrough(headOf(f))).find((m) => m !== undefined) ?? ["ALL"];
      route(file, `/${file}`, check ? [check] : refusing ? [refusing.split("/").at(-1)!] : [], methods);
    }
  }
  return found;
}

/**
 * Whether the repository is served as it is: an `.htaccess` or IIS's `web.config` at its top, or a
 * Docker image copying it whole into a web server's document root (`WORKDIR /var/www/html` ...
 * `COPY . .`, Wallos), or an nginx configuration at its top handing PHP to FastCGI.
 */
function servedAsItIs(project: Project, listed: readonly string[]): boolean {
  if (listed.includes(".htaccess") || listed.includes("web.config")) return true;
  const dockerfile = project.text("Dockerfile") ?? "";
  if (/\/var\/www\/html\b/.test(dockerfile) && /^\s*COPY\s+(?:--\S+\s+)*\.\s+(?:\.|\/var\/www\/html\/?)\s*$/m.test(dockerfile)) return true;
  return listed.some((path) => !path.includes("/") && /^nginx[\w.-]*\.conf$/.test(path) && /\bfastcgi_pass\b/.test(project.text(path) ?? ""));
}

/** A script's top: its first lines of code, block comments (an API's documentation) left out. */
function head(text: string): string {
  return text.replace(/\/\*[^]*?\*\//g, "").split("\n").filter((line) => line.trim() !== "").slice(0, HEAD_LINES).join("\n");
}

/**
 * The methods a script's top lets through: those a test of the request's method that stops the
 * others names (`if ($_SERVER['REQUEST_METHOD'] !== 'POST') { ...; exit; }`), or those a test
 * around the rest of the script names (`if ($_SERVER["REQUEST_METHOD"] === "POST" || ... === "GET") {`,
 * its block reaching the end, or an `else` that refuses). Undefined when it tests none so.
 */
function methodsLetThrough(top: string): string[] | undefined {
  const refused = METHOD_REFUSAL.exec(top);
  if (refused) return [...new Set([...refused[1]!.matchAll(/['"]([A-Z]+)['"]/g)].map((m) => m[1]!))];
  const around = METHOD_BLOCK.exec(top);
  if (!around) return undefined;
  // Its block runs to the end of what was read, or is followed by nothing but an `else`.
  const end = closing(top, around.index + around[0].length - 1);
  if (end < top.length && !/^\s*(?:else\b|\?>\s*$|$)/.test(top.slice(end))) return undefined;
  return [...new Set([...around[1]!.matchAll(/['"]([A-Z]+)['"]/g)].map((m) => m[1]!))];
}

/** The file a script's `require` names, relative to the script's folder or the repository's root, if it is one of the project's. */
function loadedFile(script: string, written: string, listed: ReadonlySet<string>): string | undefined {
  const name = written.replace(/^\.\//, "");
  const folder = script.includes("/") ? script.slice(0, script.lastIndexOf("/") + 1) : "";
  // `__DIR__ . '/validate_endpoint.php'`: the folder's own file, the slash between them written with the name.
  const parts = `${folder}${name}`.split("/").filter((part) => part !== "" && part !== ".");
  const resolved: string[] = [];
  for (const part of parts) part === ".." ? resolved.pop() : resolved.push(part);
  return [resolved.join("/"), name].find((candidate) => listed.has(candidate));
}

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** How far down a script its loading of the application and its check of the caller are looked for. */
const HEAD_LINES = 40;
// `require_once( dirname(__FILE__) . '/../../functions/functions.php' );`, `include "bootstrap.php";`, `require('secure.inc.php');`:
// the path written last in the statement.
const LOADS_APPLICATION = /^[ \t]*(?:require|include)(?:_once)?\b[^;\n]*?['"]([^'"\n]*\b(?:functions|bootstrap|init|common|global|\w+\.inc)\.php)['"][^;\n]*;/m;
// `require_once '../../includes/connect_endpoint.php';`: a file of a folder of included code (INCLUDED), which a page loads and a fragment does not.
const LOADS_INCLUDED = /^[ \t]*(?:require|include)(?:_once)?\b[^;\n]*?['"]([^'"\n]*\b(?:includes?|inc|lib|libs|config|core|classes)\/[^'"\n]+\.php)['"][^;\n]*;/m;
// Every file a top loads by a path written out (`require_once 'checksession.php';`, `require __DIR__ . '/../x.php';`).
const LOADS = /^[ \t]*(?:require|include)(?:_once)?\b[^;\n]*?['"]([^'"\n$]+\.php)['"][^;\n]*;/gm;
// A refusal of a caller the session does not know: `if (!isset($_SESSION['loggedin']) || ...) { ...; exit; }`.
const SESSION_REFUSAL = /\bif\s*\(\s*!\s*(?:isset\s*\(\s*)?\$_SESSION\s*\[\s*['"]\w*(?:logged_?in|user_?id|user|auth|login)\w*['"]\s*\][^{;]*\)\s*\{[^{}]*\b(?:exit|die)\b/i;
// A refusal of a request without its key: `$apiKey = $_REQUEST['api_key'] ?? null; if (!$apiKey) { ...; exit; }`.
const KEY_REFUSAL = /\$(\w*(?:key|token)\w*)\s*=\s*\$_(?:REQUEST|GET|POST|SERVER)\s*\[\s*['"]\w*(?:key|token)\w*['"]\s*\][^;]*;[^]{0,300}?\bif\s*\(\s*!\s*(?:isset\s*\(\s*)?\$\1\b[^{]*\{[^{}]*\b(?:exit|die)\b/i;
// `if ($_SERVER['REQUEST_METHOD'] !== 'POST') { ... exit; }` (also `!== "POST" && !== "GET"`): the methods named get through.
const METHOD_REFUSAL = /\bif\s*\(\s*((?:\$_SERVER\s*\[\s*['"]REQUEST_METHOD['"]\s*\]\s*!==?\s*['"][A-Z]+['"]\s*(?:&&\s*)?)+)\)\s*\{[^{}]*\b(?:exit|die|return)\b/;
// `if ($_SERVER["REQUEST_METHOD"] === "POST" || $_SERVER["REQUEST_METHOD"] === "GET") {`.
const METHOD_BLOCK = /^[ \t]*if\s*\(\s*((?:\$_SERVER\s*\[\s*['"]REQUEST_METHOD['"]\s*\]\s*===?\s*['"][A-Z]+['"]\s*(?:\|\|\s*)?)+)\)\s*\{/m;
// A script meant for the command line only: at its top, it tests that another interface runs it, to stop or to
// say it runs from the command line only (`if (php_sapi_name() != 'cli') die(...)`, osTicket's `if (!osTicket::is_cli())`,
// phpIPAM's `show_cli("... only be run from cli", true)`). One that only branches on the interface (Wallos' cron
// jobs, which an admin may run over HTTP too, printing differently there) is served.
const COMMAND_LINE = /(?:(?:\bphp_sapi_name\s*\(\s*\)|\bPHP_SAPI\b)\s*!==?\s*['"]cli['"]|['"]cli['"]\s*!==?\s*(?:php_sapi_name\s*\(\s*\)|PHP_SAPI\b)|!\s*[\w:]*is_cli\s*\(\s*\))\s*\)\s*\{?[^{}]{0,160}?(?:\b(?:die|exit|return)\b|\bcli\b|\bcommand line\b)/i;
// A refusal spelled out: `die("Unauthorized")`, `http_response_code(403); exit;`.
const DIES_REFUSING = /\b(?:die|exit)\s*\(\s*["'](?:Unauthori[sz]ed|Forbidden|Access denied|Not authori[sz]ed|Permission denied)\b|\bhttp_response_code\s*\(\s*40[13]\s*\)\s*;\s*(?:exit|die)\b/i;
// A loaded file that sends a caller to sign in and stops: `Http::redirect(ROOT_PATH.'scp/login.php'); exit;`, `require('./login.php'); exit;`.
const SENDS_TO_SIGN_IN = /(?:redirect|Location:|require|include)[^;\n]*login\.php[^;\n]*;\s*(?:exit|die)\b/;
// `$User->check_user_session();`, `check_login();` on a line of its own.
const CHECK_CALL = /^[ \t]*(?:\$\w+\s*->\s*)?(\w+)\s*\(\s*\)\s*;/gm;
