/**
 * Yii 2's routes, which no route table lists: its URL manager resolves `<module>/<controller>/<action>`
 * to a controller's action by convention (with or without pretty URLs), so each action of each web
 * controller of the project is a route at that path.
 * - A controller is a class in a `controllers/` folder (`controllers/admin/UserController.php` is
 *   `admin/user`), its id its name without `Controller` in kebab case (`PasswordRecoveryController`
 *   is `password-recovery`). Abstract classes are bases, not endpoints.
 * - Its module is the nearest folder above holding a `Module.php`: its id is the key the app's
 *   configuration registers that class under (`'modules' => ['admin' => ['class' => ...]]`), else
 *   the `id` of the module's own `config.php`, else its folder's name; a module inside another
 *   serves under its parent's id.
 * - Its actions are its public `actionFooBar()` methods (`foo-bar`), those it inherits from the
 *   project's classes, and the keys of its `actions()` map. The app's default route
 *   (`'defaultRoute' => 'home'`, else `site`) serves its default action at `/` too.
 * - An action answers every method, unless the controller's `VerbFilter` limits it
 *   (`'delete' => ['POST']`) or the action first refuses other methods itself
 *   (`$this->forcePostRequest()`, `$this->requirePostRequest()`).
 * - The controller's `AccessControl` (or an inherited one) guards the actions its rules admit only
 *   signed-in callers to (`'roles' => ['@']`), and those no rule admits (Yii then refuses
 *   everyone); an action its rules let guests into (`'roles' => ['?']`, or no roles) is open. Rules
 *   the code computes (`'rules' => $this->getAccessRules()`) are not read: the filter guards all.
 *   Its `authenticator` behaviour (`HttpBearerAuth`...) guards every action it does not except or
 *   leave optional, behaviours its traits declare included.
 * - A REST URL rule (`['class' => yii\rest\UrlRule::class, 'controller' => 'api/user']`, in the
 *   configuration or a module's `addRules`) serves the controllers it names at its own paths
 *   instead: the plural of each name under its `prefix` (`/api/users/{id}`), with the default
 *   patterns (or its `patterns`) and its `extraPatterns`, limited by `only`/`except`, each to an
 *   action the controller has (`yii\rest\ActiveController` gives index, view, create, update,
 *   delete). Its CORS preflights (the `options` action) and HEADs are left out.
 * Console controllers (`commands/`, `console/`) serve no HTTP.
 */
import { closing } from "../../languages/curly.ts";
import { php } from "../../languages/php/mod.ts";
import { strip } from "../../languages/strip.ts";
import { plural } from "../inflect.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";
import { phpClassFile, phpFilesByClass, phpQualifiedName } from "./actions.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Text = { text: string; code: string };

const FRAMEWORK = "yii";
const CONTROLLER_FILE = /^(?:(.*)\/)?controllers\/((?:\w+\/)*)(\w+)Controller\.php$/;
const CONSOLE = /(?:^|\/)(?:commands|console|tests?|vendor)\//;
const CLASS = /\b(abstract\s+)?class\s+(\w+)(?:\s+extends\s+(\\?[\w\\]+))?[^{]*\{/;
const ACTION = /^[ \t]*((?:(?:public|protected|private|static|final|abstract)[ \t]+)*)function[ \t]+(action[A-Z]\w*)[ \t]*\(/gm;
const POST_ONLY = /^\{\s*(?:\/\/[^\n]*\n\s*)*\$this\s*->\s*(?:forcePostRequest|requirePostRequest)\s*\(\s*\)\s*;/;

type Controller = { file: string; name: string; base?: string; abstract: boolean; source: Text; body: { start: number; end: number } };
type RestRoute = { methods: string[]; path: string; action: string; line: number; file: string };

// What `yii\rest\ActiveController` serves of itself.
const ACTIVE_ACTIONS = ["index", "view", "create", "update", "delete"];
// A REST rule's patterns when it gives none.
const DEFAULT_PATTERNS: [string, string][] = [["PUT,PATCH {id}", "update"], ["DELETE {id}", "delete"], ["GET,HEAD {id}", "view"], ["POST", "create"], ["GET,HEAD", "index"], ["{id}", "options"], ["", "options"]];

/** The routes of a Yii 2 application's web controllers, in the files that declare their actions; none outside a Yii 2 project. */
export function yiiRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  if (!project) return [];
  const listed = [...project.listed];
  const usesYii = listed.some((p) => /(?:^|\/)composer\.json$/.test(p) && !/(?:^|\/)vendor\//.test(p) && /"yiisoft\/yii2"\s*:/.test(project.text(p) ?? ""));
  if (!usesYii) return [];
  const read = new Map<string, Text | undefined>();
  const source = (file: string): Text | undefined => {
    if (!read.has(file)) {
      const text = project.text(file);
      read.set(file, text === undefined ? undefined : { text, code: strip(text, php.syntax).code });
    }
    return read.get(file);
  };
  const classes = phpFilesByClass(listed);
  const controllerOf = (file: string): Controller | undefined => {
    const text = source(file);
    const cls = text && CLASS.exec(text.code);
    if (!text || !cls) return undefined;
    const open = cls.index + cls[0].length - 1;
    return { file, name: cls[2]!, base: cls[3] && phpQualifiedName(text.text, cls[3]), abstract: !!cls[1], source: text, body: { start: open, end: closing(text.code, open) } };
  };
  const configs = listed.filter((p) => /(?:^|\/)config\/[\w-]+\.php$/.test(p) && !CONSOLE.test(p));
  const moduleIds = new Map<string, string>();
  const moduleId = (dir: string): string => {
    let id = moduleIds.get(dir);
    if (id === undefined) {
      id = registeredId(source(`${dir}/Module.php`)?.text ?? "", configs.map((c) => source(c)?.text ?? "")) ?? /['"]id['"]\s*=>\s*['"]([\w-]+)['"]/.exec(source(`${dir}/config.php`)?.text ?? "")?.[1] ?? dir.split("/").at(-1)!;
      moduleIds.set(dir, id);
    }
    return id;
  };
  const modules = new Set(listed.filter((p) => /(?:^|\/)Module\.php$/.test(p) && !CONSOLE.test(p)).map((p) => p.replace(/\/?Module\.php$/, "")));
  // The module path of a folder: the ids of the modules holding it, outermost first.
  const modulePath = (dir: string): string[] => {
    const ids: string[] = [];
    for (let at = dir; at; at = at.includes("/") ? at.slice(0, at.lastIndexOf("/")) : "") if (modules.has(at)) ids.unshift(moduleId(at));
    return ids;
  };
  const defaultRoute = configs.map((c) => /['"]defaultRoute['"]\s*=>\s*['"]\/?([\w/-]+)['"]/.exec(source(c)?.text ?? "")?.[1]).find((r) => r !== undefined) ?? "site";
  // Controllers a module (or the app) names in its `controllerMap` (`'pwa-manifest' => ManifestController::class`), by their file.
  const mapped = new Map<string, { modules: string[]; id: string }>();
  for (const owner of [...[...modules].map((dir) => ({ file: `${dir}/Module.php`, modules: modulePath(dir) })), ...configs.map((file) => ({ file, modules: [] as string[] }))]) {
    const text = source(owner.file)?.text ?? "";
    const map = /(?:\$controllerMap\s*=|['"]controllerMap['"]\s*=>)\s*\[/.exec(text);
    if (!map) continue;
    const open = map.index + map[0].length - 1;
    for (const m of text.slice(open, closing(text, open)).matchAll(/['"]([\w-]+)['"]\s*=>\s*(?:\[\s*['"]class['"]\s*=>\s*)?['"]?\\?([\w\\]+?)(?:::class|['"])/g)) {
      const file = phpClassFile(classes, phpQualifiedName(text, m[2]!.replace(/\\\\/g, "\\")));
      if (file) mapped.set(file, { modules: owner.modules, id: m[1]! });
    }
  }
  // `$this->id` in a module's class: that module's id.
  const ownModuleId = (file: string) => {
    const dir = file.replace(/\/?Module\.php$/, "");
    return dir !== file && modules.has(dir) ? moduleId(dir) : undefined;
  };
  const rest = restRules(listed.filter((p) => p.endsWith(".php") && !CONSOLE.test(p)), source, ownModuleId);
  const byFile = new Map<string, Registration[]>();
  for (const file of listed) {
    const found = CONTROLLER_FILE.exec(file);
    if (!found || CONSOLE.test(file)) continue;
    const controller = controllerOf(file);
    if (!controller || controller.abstract || controller.name !== `${found[3]}Controller`) continue;
    // By convention a module serves the controllers of its own `controllers/` folder (the app, those
    // outside every module); others only where a controller map names them.
    const folder = found[1] ?? "";
    const inModule = modulePath(folder);
    const conventional = modules.has(folder) || !inModule.length;
    const named = mapped.get(file);
    if (!conventional && !named) continue;
    const chain = [controller, ...bases(controller, (name) => { const f = phpClassFile(classes, name); return f ? controllerOf(f) : undefined; })];
    const id = named?.id ?? joinPaths(...found[2]!.split("/").filter(Boolean), camelToId(found[3]!)).replace(/^\//, "");
    const servedIn = named ? named.modules : inModule;
    const prefix = joinPaths("/", ...servedIn, id);
    const verbs = verbFilter(controller.source.text);
    // The class's texts, nearest first, each with the traits it uses (`use ControllerBehaviorsTrait;`).
    const texts = chain.flatMap((c) => [c.source.text, ...traitsOf(c).flatMap((name) => { const f = phpClassFile(classes, name); return f ? [source(f)?.text ?? ""] : []; })]);
    const rules = accessRules(texts);
    const authenticated = authenticator(texts);
    const access = (action: string) => [...rules(action), ...authenticated(action)];
    const defaultAction = /\$defaultAction\s*=\s*['"]([\w-]+)['"]/.exec(controller.source.text)?.[1] ?? "index";
    const isDefault = !servedIn.length && id === defaultRoute;
    const route = joinPaths(...servedIn, id).replace(/^\//, "");
    const routed = rest.get(route);
    if (routed) {
      // The actions it has: its own and inherited ones, and ActiveController's.
      const actions = new Map(chain.flatMap((c) => actionsOf(c)).reverse().map((a) => [a.id, a] as const));
      const active = chain.some((c) => c.base !== undefined && /^yii\\rest\\ActiveController$/.test(c.base));
      for (const r of routed) {
        const action = actions.get(r.action);
        if (!action && !(active && ACTIVE_ACTIONS.includes(r.action))) continue;
        const list = byFile.get(r.file) ?? [];
        byFile.set(r.file, list);
        list.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: r.methods, path: r.path, handler: `${controller.name}::${action?.method ?? `action${r.action[0]!.toUpperCase()}${r.action.slice(1)}`}`, guards: access(r.action), owner: "", line: r.line });
      }
      continue;
    }
    const seen = new Set<string>();
    for (const owner of chain) {
      for (const action of actionsOf(owner)) {
        if (seen.has(action.id)) continue;
        seen.add(action.id);
        const methods = verbs.get(action.id) ?? (action.postOnly ? ["POST"] : ["ALL"]);
        const guards = access(action.id);
        const paths = [joinPaths(prefix, action.id), ...(isDefault && action.id === defaultAction ? ["/"] : [])];
        const list = byFile.get(owner.file) ?? [];
        byFile.set(owner.file, list);
        for (const path of paths) list.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler: `${controller.name}::${action.method}`, guards, owner: "", line: action.line });
      }
    }
  }
  return [...byFile].map(([file, registrations]) => ({ file, registrations }));
}

/**
 * The routes of the REST URL rules of the project's files, by the controller route they lead to
 * (`api/auth`). `$this->id` in a module's class is that module's id.
 */
function restRules(files: string[], source: (file: string) => Text | undefined, idOf: (file: string) => string | undefined): Map<string, RestRoute[]> {
  const found = new Map<string, RestRoute[]>();
  for (const file of files) {
    const text = source(file)?.text;
    if (!text || !/\brest\\UrlRule\b/.test(text)) continue;
    const alias = [...text.matchAll(/^\s*use\s+\\?yii\\rest\\UrlRule(?:\s+as\s+(\w+))?\s*;/gm)].map((m) => m[1] ?? "UrlRule");
    const names = ["\\?yii\\\\{1,2}rest\\\\{1,2}UrlRule", ...alias].join("|");
    const at = new RegExp(String.raw`['"]class['"]\s*=>\s*(?:['"](?:${names})['"]|\\?(?:${names})::class\b)`, "g");
    const moduleId = idOf(file);
    const value = (span: string): string | undefined => {
      // Literals and `$this->id` joined with `.`: `$this->id . '/auth'`.
      const parts = span.split(".").map((p) => p.trim());
      const values = parts.map((p) => (/^\$this\s*->\s*id$/.test(p) ? moduleId : /^['"]([^'"]*)['"]$/.exec(p)?.[1]));
      return values.every((v) => v !== undefined) ? values.join("") : undefined;
    };
    for (const m of text.matchAll(at)) {
      const open = text.lastIndexOf("[", m.index);
      const rule = text.slice(open, closing(text, open));
      const entry = (key: string) => {
        const k = new RegExp(String.raw`(?:\[|,)\s*['"]${key}['"]\s*=>\s*`).exec(rule);
        if (!k) return undefined;
        const start = k.index + k[0].length;
        if (rule[start] !== "[") return rule.slice(start, start + 200).split(/,\s*(?:\n|['"]\w+['"]\s*=>)/)[0]!.replace(/\s*\]\s*$/, "").trim();
        return rule.slice(start, closing(rule, start));
      };
      const pairs = (list: string | undefined): [string, string][] => [...(list ?? "").matchAll(/['"]([^'"]*)['"]\s*=>\s*([^,\]]+)/g)].flatMap((p) => {
        const v = value(p[2]!.trim());
        return v === undefined ? [] : [[p[1]!, v] as [string, string]];
      });
      const strings = (list: string | undefined) => (list === undefined ? undefined : [...list.matchAll(/['"]([^'"]*)['"]/g)].map((v) => v[1]!));
      const prefix = entry("prefix") === undefined ? "" : value(entry("prefix")!);
      const controllerEntry = entry("controller");
      if (prefix === undefined || controllerEntry === undefined) continue;
      const pluralize = !/^false$/i.test(entry("pluralize") ?? "");
      // `'controller' => 'api/user'`, a list of them, or URL names mapped to them.
      const controllers: [string, string][] = controllerEntry.startsWith("[")
        ? /=>/.test(controllerEntry)
          ? pairs(controllerEntry)
          : (strings(controllerEntry) ?? []).map((c) => [pluralize ? plural(c) : c, c])
        : ((c) => (c === undefined ? [] : [[pluralize ? plural(c) : c, c] as [string, string]]))(value(controllerEntry));
      const patterns = entry("patterns") === undefined ? DEFAULT_PATTERNS : pairs(entry("patterns"));
      const extra = pairs(entry("extraPatterns"));
      const only = strings(entry("only"));
      const except = strings(entry("except")) ?? [];
      const line = text.slice(0, m.index).split("\n").length;
      for (const [urlName, route] of controllers) {
        for (const [pattern, action] of [...extra, ...patterns]) {
          if (action === "options" || (only && !only.includes(action)) || except.includes(action)) continue;
          const verbs = /^([A-Z,]+)(?:\s+|$)(.*)$/.exec(pattern);
          const methods = verbs ? verbs[1]!.split(",").filter((v) => v && v !== "HEAD" && v !== "OPTIONS") : ["ALL"];
          if (!methods.length) continue;
          const path = joinPaths("/", prefix, urlName, verbs ? verbs[2]! : pattern);
          found.set(route, [...(found.get(route) ?? []), { methods, path, action, line, file }]);
        }
      }
    }
  }
  return found;
}

/** Yii's `Inflector::camel2id`: `PasswordRecovery` -> `password-recovery`, `HTMLPage` -> `htmlpage`. */
const camelToId = (name: string) => name.replace(/(?<![A-Z])[A-Z]/g, "-$&").replace(/^-/, "").toLowerCase();

/** The project's classes a controller extends, nearest first. */
function bases(controller: Controller, find: (name: string) => Controller | undefined): Controller[] {
  const found: Controller[] = [];
  for (let base = controller.base && find(controller.base); base && found.length < 6; base = base.base ? find(base.base) : undefined) found.push(base);
  return found;
}

/** A class's actions: its public `actionX` methods, and the keys of the map its `actions()` returns. */
function actionsOf(controller: Controller): { id: string; method: string; line: number; postOnly: boolean }[] {
  const { code, text } = controller.source;
  const lineAt = (at: number) => code.slice(0, at).split("\n").length;
  const found: { id: string; method: string; line: number; postOnly: boolean }[] = [];
  const pattern = new RegExp(ACTION.source, "gm");
  pattern.lastIndex = controller.body.start;
  for (let m = pattern.exec(code); m && m.index < controller.body.end; m = pattern.exec(code)) {
    if (/\b(?:protected|private|static|abstract)\b/.test(m[1]!) || m[2] === "actions") continue;
    const open = code.indexOf("{", callArguments(code, m.index + m[0].length - 1).end);
    const body = open === -1 ? "" : code.slice(open, open + 400);
    found.push({ id: camelToId(m[2]!.slice("action".length)), method: m[2]!, line: lineAt(m.index), postOnly: POST_ONLY.test(body) });
  }
  const declared = /\bfunction\s+actions\s*\(\s*\)[^{]*\{/.exec(code.slice(controller.body.start, controller.body.end));
  if (declared) {
    const start = controller.body.start + declared.index + declared[0].length - 1;
    const body = { start, end: closing(code, start) };
    // The map it returns (`return [...]`), or merges onto its parent's (`array_merge(parent::actions(), [...])`).
    for (const m of code.slice(body.start, body.end).matchAll(/\breturn\s*(?=\[|array\s*\()|\barray_merge\s*\(/g)) {
      const at = body.start + m.index + m[0].length;
      const maps = m[0].startsWith("return") ? [at] : callArguments(code, at - 1).args.map((a) => a.start + (code.slice(a.start, a.end).length - code.slice(a.start, a.end).trimStart().length)).filter((p) => code[p] === "[");
      for (const open of maps.map((p) => (code[p] === "[" ? p : code.indexOf("(", p)))) {
        // Top-level keys only: the nested `'class' => ...` of each entry is skipped with its brackets.
        for (const key of topLevelKeys(text.slice(open + 1, closing(code, open) - 1))) found.push({ id: key, method: key, line: lineAt(open), postOnly: false });
      }
    }
  }
  return found;
}

/** The string keys at the top level of an array literal's entries (`'error' => [...], 'captcha' => [...]`). */
function topLevelKeys(entries: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  for (let i = 0; i < entries.length; i++) {
    const c = entries[i]!;
    if (c === "[" || c === "(") depth++;
    else if (c === "]" || c === ")") depth--;
    else if ((c === "'" || c === '"') && depth === 0) {
      const end = entries.indexOf(c, i + 1);
      if (end === -1) break;
      if (/^\s*=>/.test(entries.slice(end + 1))) keys.push(entries.slice(i + 1, end));
      i = end;
    }
  }
  return keys;
}

/** The traits a class uses in its body (`use ControllerBehaviorsTrait, AliasTrait;`), resolved by the file's imports. */
function traitsOf(controller: Controller): string[] {
  const { code, text } = controller.source;
  const body = code.slice(controller.body.start + 1, controller.body.end);
  return [...body.matchAll(/^[ \t]+use\s+([\w\\]+(?:\s*,\s*[\w\\]+)*)\s*;/gm)].flatMap((m) => m[1]!.split(",").map((t) => phpQualifiedName(text, t.trim())));
}

/**
 * The guard of each action by the controller's `authenticator` behaviour (`HttpBearerAuth`,
 * `QueryParamAuth`, `CompositeAuth`...), as the nearest class declares it or changes it
 * (`$behaviors['authenticator']['except'] = ['index', 'view']`): every action but those it
 * excepts, leaves `optional`, or (given `only`) does not name.
 */
function authenticator(texts: string[]): (action: string) => string[] {
  let declared: { auth: string; lists: Map<string, string[]> } | undefined;
  const changed = new Map<string, string[]>();
  for (const text of texts) {
    for (const m of text.matchAll(/\$\w+\s*\[\s*['"]authenticator['"]\s*\]\s*\[\s*['"](except|only|optional)['"]\s*\]\s*=\s*\[([^\]]*)\]/g)) {
      if (!changed.has(m[1]!)) changed.set(m[1]!, [...m[2]!.matchAll(/['"]([^'"]+)['"]/g)].map((v) => v[1]!));
    }
    const at = declared ? null : /['"]authenticator['"]\s*=>\s*\[\s*['"]class['"]\s*=>\s*\\?(?:[\w\\]*\\)?(\w*Auth)(?:::class\b|['"])/.exec(text);
    if (!at) continue;
    const open = text.indexOf("[", at.index + "authenticator".length + 2);
    const block = text.slice(open, closing(text, open));
    const lists = new Map<string, string[]>();
    for (const key of ["except", "only", "optional"]) {
      const list = new RegExp(String.raw`['"]${key}['"]\s*=>\s*\[([^\]]*)\]`).exec(block);
      if (list) lists.set(key, [...list[1]!.matchAll(/['"]([^'"]+)['"]/g)].map((v) => v[1]!));
    }
    declared = { auth: at[1]!, lists };
  }
  if (!declared) return () => [];
  const list = (key: string) => changed.get(key) ?? declared!.lists.get(key);
  return (action) => {
    const only = list("only");
    if ((only && !only.includes(action)) || list("except")?.includes(action) || list("optional")?.includes(action)) return [];
    return [declared!.auth];
  };
}

/** The methods a controller's `VerbFilter` allows each action it names (`'delete' => ['POST']`). */
function verbFilter(text: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const filter = /['"]class['"]\s*=>\s*\\?(?:[\w\\]*\\)?VerbFilter(?:::class\b|['"])/.exec(text);
  if (!filter) return found;
  // The filter's array, from the `[` that opens it, and its `actions` map.
  const start = text.lastIndexOf("[", filter.index);
  const block = text.slice(start, closing(text, start));
  const actions = /['"]actions['"]\s*=>\s*\[/.exec(block);
  if (!actions) return found;
  const open = actions.index + actions[0].length - 1;
  const body = block.slice(open + 1, closing(block, open) - 1);
  for (const m of body.matchAll(/['"]([\w-]+)['"]\s*=>\s*\[([^\]]*)\]/g)) {
    const methods = [...m[2]!.matchAll(/['"](\w+)['"]/g)].map((v) => v[1]!.toUpperCase()).filter((v) => v !== "HEAD");
    if (methods.length) found.set(m[1]!, methods);
  }
  return found;
}

type Rule = { actions?: string[]; allow: boolean; roles?: string[] };

/**
 * The guard of each action by the first `AccessControl` filter of the class or its bases written
 * out in full (its `only`/`except` and its `rules`): `AccessControl` where the first rule that
 * applies admits signed-in callers only, or none applies.
 */
function accessRules(texts: string[]): (action: string) => string[] {
  const filter = texts.map(accessFilter).find((f) => f !== undefined);
  if (!filter) return () => [];
  return (action) => {
    if (filter.only && !filter.only.includes(action)) return [];
    if (filter.except?.includes(action)) return [];
    // Rules the code computes (`'rules' => $this->getAccessRules()`): an access filter runs, its decisions not read here.
    if (!filter.rules) return ["AccessControl"];
    const rule = filter.rules.find((r) => !r.actions || r.actions.includes(action));
    if (!rule) return ["AccessControl"];
    const guests = !rule.roles || rule.roles.includes("?");
    return rule.allow === guests ? [] : ["AccessControl"];
  };
}

function accessFilter(text: string): { only?: string[]; except?: string[]; rules?: Rule[] } | undefined {
  const behaviors = /\bfunction\s+behaviors\s*\(\s*\)[^{]*\{/.exec(text);
  if (!behaviors) return undefined;
  const body = text.slice(behaviors.index, closing(text, behaviors.index + behaviors[0].length - 1));
  const at = /['"]class['"]\s*=>\s*\\?(?:yii\\filters\\)?AccessControl(?:::class\b|['"])/.exec(body);
  if (!at) return undefined;
  // The filter's array: from the `[` that opens it, back from its `'class'` key.
  const open = body.lastIndexOf("[", at.index);
  const block = body.slice(open, closing(body, open));
  const list = (key: string) => {
    const m = new RegExp(String.raw`['"]${key}['"]\s*=>\s*\[([^\]]*)\]`).exec(block);
    return m ? [...m[1]!.matchAll(/['"]([^'"]+)['"]/g)].map((v) => v[1]!) : undefined;
  };
  const rulesAt = /['"]rules['"]\s*=>\s*\[/.exec(block);
  if (!rulesAt) return /['"]rules['"]\s*=>/.test(block) ? { only: list("only"), except: list("except") } : undefined;
  const rulesOpen = rulesAt.index + rulesAt[0].length - 1;
  const rulesBody = block.slice(rulesOpen + 1, closing(block, rulesOpen) - 1);
  const rules: Rule[] = [];
  for (let i = rulesBody.indexOf("["); i !== -1; i = rulesBody.indexOf("[", i)) {
    const end = closing(rulesBody, i);
    const rule = rulesBody.slice(i, end);
    const values = (key: string) => {
      const m = new RegExp(String.raw`['"]${key}['"]\s*=>\s*\[([^\]]*)\]`).exec(rule);
      return m ? [...m[1]!.matchAll(/['"]([^'"]+)['"]/g)].map((v) => v[1]!) : undefined;
    };
    rules.push({ actions: values("actions"), allow: /['"]allow['"]\s*=>\s*true\b/i.test(rule), roles: values("roles") });
    i = end;
  }
  return { only: list("only"), except: list("except"), rules };
}

/**
 * The id the app's configuration registers a module's class under: `'admin' => ['class' =>
 * 'app\modules\admin\Module']`, `'admin' => Module::class` (imported), or the class as a string.
 */
function registeredId(moduleText: string, configs: string[]): string | undefined {
  const namespace = /^\s*namespace\s+([\w\\]+)\s*;/m.exec(moduleText)?.[1];
  if (!namespace) return undefined;
  const qualified = `${namespace}\\Module`;
  for (const config of configs) {
    const aliases = [...config.matchAll(/^\s*use\s+\\?([\w\\]+?)(?:\s+as\s+(\w+))?\s*;/gm)].filter((m) => m[1] === qualified).map((m) => m[2] ?? "Module");
    const written = [qualified.replace(/\\/g, String.raw`\\{1,2}`), ...aliases.map((a) => `${a}::class`)].map((w) => `\\\\?${w}`).join("|");
    const m = new RegExp(String.raw`['"]([\w-]+)['"]\s*=>\s*(?:\[\s*['"]class['"]\s*=>\s*)?['"]?(?:${written})(?:::class)?\b`).exec(config);
    if (m) return m[1];
  }
  return undefined;
}
