/**
 * CodeIgniter 4's controllers under `app/Controllers/`, read as classes of the project: the
 * routes its auto routing serves, and the check each controller's constructor makes of the caller.
 *
 * Auto routing is on when `Config\Routing::$autoRoute` is true (or Routes.php calls
 * `$routes->setAutoRoute(true)`); then a controller serves its methods with no defined route:
 * - improved (`Config\Feature::$autoRoutesImproved`): a public method named for a verb
 *   (`getIndex`, `postSave`) answers that verb at `/<controller>/<method>`, the default method
 *   (`index`) at the controller's own path and the default controller's at `/`; a controller a
 *   defined route names for a verb (`$routes->get('login', 'Login::index')`) is not auto-routed;
 * - legacy: every public method answers any verb, `index` at the controller's path as well.
 * Each parameter of the method is a segment, optional ones as shorter forms. A controller serves
 * what it inherits from the app's own classes too; a class other controllers extend is a base,
 * not an endpoint. A constructor that turns away a caller who is not signed in
 * (`if (!$this->employee->is_logged_in()) { header("Location:" . base_url('login')); exit(); }`)
 * guards every action of its class and of the classes whose constructors call it.
 */
import { php } from "../../languages/php/mod.ts";
import { strip } from "../../languages/strip.ts";
import { closing } from "../../languages/curly.ts";
import { bodyOf, checkIn } from "../frameworks/codeigniter3.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// app/Controllers/Admin/Users.php: the folder above, the subfolders, the class.
const CONTROLLER_FILE = /^((?:.*\/)?app\/Controllers\/)((?:\w+\/)*)(\w+)\.php$/;
const CLASS = /\b(abstract\s+)?class\s+(\w+)(?:\s+extends\s+\\?(?:[\w\\]*\\)?(\w+))?[^{]*\{/;
const METHOD = /^[ \t]*((?:(?:public|protected|private|static|final|abstract)[ \t]+)*)function[ \t]+&?(\w+)[ \t]*\(/gm;
const VERB_METHOD = /^(get|post|put|patch|delete|options|head)([A-Z_]\w*)$/;
// A defined route for a verb, whose controller auto routing then leaves alone (`add`, for any verb, does not count).
const DEFINED = /->\s*(?:get|post|put|patch|delete|options|head|match)\s*\(([^;]*);/g;
const HANDLER_CLASS = /['"]\\?(?:[\w\\]*\\)?(\w+)::|\\?(?:[\w\\]*\\)?(\w+)::class\b/g;

type Parameter = { name: string; optional: boolean };
type Method = { name: string; parameters: Parameter[]; line: number; file: string };
type Controller = {
  name: string;
  file: string;
  folder: string;
  base?: string;
  abstract: boolean;
  methods: Method[];
  /** The constructor's own check of the caller, whether it has one at all, and whether it runs its parent's. */
  check?: string;
  constructs: boolean;
  callsParent: boolean;
};

type Settings = { improved: boolean; defaultController: string; defaultMethod: string; camelCase: boolean; defined: Set<string> };

// CodeIgniter 3's controllers and the classes they extend: application/core/Admin_Controller.php,
// a library, another controller, an HMVC module's controller (application/modules/clients/controllers/).
const CI3_CLASS_FILE = /^((?:.*\/)?application\/(?:core|libraries|controllers|modules\/[\w-]+\/controllers)\/)((?:[\w-]+\/)*)(\w+)\.php$/;

const cache = new WeakMap<Project, Map<string, Controller>>();
const ci3Cache = new WeakMap<Project, Map<string, Controller>>();

/** The project's CodeIgniter 4 controllers by class name (or CodeIgniter 3's classes, by `files`), each read once per analysis. */
function controllers(project: Project, files = CONTROLLER_FILE, store = cache): Map<string, Controller> {
  let found = store.get(project);
  if (found) return found;
  found = new Map();
  for (const file of project.listed) {
    const path = files.exec(file);
    const text = path && project.text(file);
    if (!path || !text) continue;
    const controller = readController({ ...strip(text, php.syntax), path: file, text }, path[2]!, path[3]!);
    if (controller && !found.has(controller.name)) found.set(controller.name, controller);
  }
  store.set(project, found);
  return found;
}

function readController(source: RouteSource, folder: string, name: string): Controller | undefined {
  const { code } = source;
  const cls = CLASS.exec(code);
  // The class is named as its file is: PSR-4 loads it by that name.
  if (!cls || cls[2] !== name) return undefined;
  const open = cls.index + cls[0].length - 1;
  const body = { start: open, end: closing(code, open) };
  const methods: Method[] = [];
  const pattern = new RegExp(METHOD.source, "gm");
  pattern.lastIndex = body.start;
  for (let m = pattern.exec(code); m && m.index < body.end; m = pattern.exec(code)) {
    const paren = m.index + m[0].length - 1;
    const close = code.indexOf(")", paren);
    // A static method too: PHP calls one on an instance as well.
    const parameters = parametersOf(code.slice(paren + 1, close));
    if (!/\b(?:protected|private|abstract)\b/.test(m[1]!) && parameters) {
      methods.push({ name: m[2]!, parameters, line: source.lineAt(m.index), file: source.path });
    }
    const brace = code.indexOf("{", close);
    const semicolon = code.indexOf(";", close);
    if (brace !== -1 && (semicolon === -1 || brace < semicolon)) pattern.lastIndex = closing(code, brace);
  }
  const constructor = bodyOf(source, body, "__construct") ?? bodyOf(source, body, "initController");
  return {
    name,
    file: source.path,
    folder,
    base: cls[3],
    abstract: !!cls[1],
    methods,
    check: constructor === undefined ? undefined : checkIn(constructor, true),
    constructs: constructor !== undefined,
    callsParent: constructor !== undefined && /\bparent\s*::\s*(?:__construct|initController)\s*\(/.test(constructor),
  };
}

/** `int $id, string $type = 'invoice'`: each parameter's name and whether it may be left out; undefined when one is an array, which no URI segment fills. */
function parametersOf(list: string): Parameter[] | undefined {
  const parameters: Parameter[] = [];
  for (const part of list.split(",")) {
    const m = /(?:^|\s)(\??[\w\\|]+\s+)?(\.\.\.)?&?\$(\w+)\s*(=)?/.exec(part.trim());
    if (!m) continue;
    if (/^\??array\b/i.test(m[1]?.trim() ?? "")) return undefined;
    parameters.push({ name: m[3]!, optional: !!m[2] || !!m[4] });
  }
  return parameters;
}

/** A controller's check of the caller: its constructor's, or the one it inherits when it has none or calls its parent's. */
function checkOf(all: Map<string, Controller>, controller: Controller | undefined, depth = 0): string | undefined {
  if (!controller || depth > 10) return undefined;
  if (controller.check) return controller.check;
  return !controller.constructs || controller.callsParent ? checkOf(all, controller.base ? all.get(controller.base) : undefined, depth + 1) : undefined;
}

/**
 * The guards of a CodeIgniter route's handler (`Sales::getIndex`): its controller's check of the
 * caller, its own or inherited (CodeIgniter 3's `Clients extends Admin_Controller`, whose parent's
 * constructor sends a caller without the session's user to sign in).
 */
export function codeigniterControllerChecks(project: Project | undefined): (handler: string, file?: string) => string[] {
  return (handler, file) => {
    if (!project) return [];
    const name = /^(?:[\w\\]*\\)?(\w+)::[\w$]+$/.exec(handler)?.[1];
    const all = file && CI3_CLASS_FILE.test(file) ? controllers(project, CI3_CLASS_FILE, ci3Cache) : controllers(project);
    const check = name === undefined ? undefined : checkOf(all, all.get(name));
    return check ? [check] : [];
  };
}

/** The routes CodeIgniter 4's auto routing serves, in the files that declare their methods; none when it is off. */
export function codeigniterAutoRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  if (!project) return [];
  const all = controllers(project);
  const first = all.values().next().value;
  if (!first) return [];
  const settings = autoRouting(project, CONTROLLER_FILE.exec(first.file)![1]!.replace(/Controllers\/$/, "Config/"));
  if (!settings) return [];
  const bases = new Set([...all.values()].flatMap((c) => (c.base ? [c.base] : [])));
  const byFile = new Map<string, Registration[]>();
  for (const controller of all.values()) {
    if (controller.abstract || bases.has(controller.name)) continue;
    if (settings.improved && settings.defined.has(controller.name)) continue;
    const segment = (name: string) => (settings.camelCase ? name.replace(/(?<=[a-z0-9])([A-Z])/g, "-$1").toLowerCase() : name[0]!.toLowerCase() + name.slice(1));
    const folders = controller.folder.split("/").filter(Boolean).map(segment);
    const isDefault = !folders.length && controller.name === settings.defaultController;
    const base = joinPaths("/", ...folders, segment(controller.name));
    for (const method of inherited(all, controller)) {
      for (const served of servedAs(method, settings)) {
        const own = served.action.toLowerCase() === settings.defaultMethod.toLowerCase();
        // Each path and whether arguments may follow it. The default method at the controller's
        // path: improved routing serves it there alone (the default controller's at `/`), its
        // arguments after it; legacy routing at the path (and `/`) without arguments, and by name.
        const paths: { path: string; takes: boolean }[] = !own
          ? [{ path: joinPaths(base, segment(served.action)), takes: true }]
          : settings.improved
          ? [{ path: isDefault ? "/" : base, takes: true }]
          : [...(isDefault ? [{ path: "/", takes: false }] : []), { path: base, takes: false }, { path: joinPaths(base, served.action), takes: true }];
        const required = method.parameters.filter((p) => !p.optional).length;
        for (const { path, takes } of paths) {
          const counts = takes ? Array.from({ length: method.parameters.length - required + 1 }, (_, i) => required + i) : required === 0 ? [0] : [];
          for (const count of counts) {
            const list = byFile.get(method.file) ?? [];
            byFile.set(method.file, list);
            list.push({
              type: "route", framework: "codeigniter", kind: "http", methods: [served.verb],
              path: joinPaths(path, ...method.parameters.slice(0, count).map((p) => `{${p.name}}`)),
              handler: `${controller.name}::${method.name}`, guards: [], owner: "", line: method.line,
            });
          }
        }
      }
    }
  }
  return [...byFile].map(([file, registrations]) => ({ file, registrations }));
}

/** A controller's public methods with those it inherits from the app's classes, its own first. */
function inherited(all: Map<string, Controller>, controller: Controller): Method[] {
  const methods = new Map<string, Method>();
  for (let c: Controller | undefined = controller, depth = 0; c && depth < 10; c = c.base ? all.get(c.base) : undefined, depth++) {
    for (const m of c.methods) if (!methods.has(m.name.toLowerCase())) methods.set(m.name.toLowerCase(), m);
  }
  return [...methods.values()].filter((m) => !m.name.startsWith("_") && m.name !== "initController");
}

/** The verb and action a method is served for: improved routing, its name's verb; legacy, any. */
function servedAs(method: Method, settings: Settings): { verb: string; action: string }[] {
  if (!settings.improved) return [{ verb: "ALL", action: method.name }];
  const m = VERB_METHOD.exec(method.name);
  return m ? [{ verb: m[1]!.toUpperCase(), action: m[2]! }] : [];
}

/** Auto routing's settings from app/Config (Routing.php, Feature.php, Routes.php); undefined when it is off. */
function autoRouting(project: Project, config: string): Settings | undefined {
  const routing = project.text(`${config}Routing.php`) ?? "";
  const routes = project.text(`${config}Routes.php`) ?? "";
  const feature = project.text(`${config}Feature.php`) ?? "";
  const property = (text: string, name: string) => new RegExp(String.raw`\$${name}\s*=\s*([^;]+);`).exec(text)?.[1]?.trim();
  const called = (name: string) => new RegExp(String.raw`->\s*${name}\s*\(\s*([^)]*)\)`).exec(routes)?.[1]?.trim();
  const literal = (value: string | undefined) => value?.replace(/^['"]|['"]$/g, "");
  const on = called("setAutoRoute") ?? property(routing, "autoRoute");
  if (on?.toLowerCase() !== "true") return undefined;
  const defined = new Set<string>();
  for (const m of routes.matchAll(DEFINED)) for (const h of m[1]!.matchAll(HANDLER_CLASS)) defined.add((h[1] ?? h[2])!);
  return {
    improved: property(feature, "autoRoutesImproved")?.toLowerCase() === "true",
    defaultController: (literal(called("setDefaultController")) ?? literal(property(routing, "defaultController")) ?? "Home").split("\\").pop()!,
    defaultMethod: literal(called("setDefaultMethod")) ?? literal(property(routing, "defaultMethod")) ?? "index",
    camelCase: property(routing, "translateUriToCamelCase")?.toLowerCase() === "true",
    defined,
  };
}
