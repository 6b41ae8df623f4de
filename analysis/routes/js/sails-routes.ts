import { dirOf } from "../../project.ts";
import { strip } from "../../languages/strip.ts";
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { arrayElements, objectProperties, type Span } from "./objects.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
/** A policy entry: the policies named, `true` (anyone), `false` (no one). */
type Policy = string[] | boolean;

const FRAMEWORK = "sails";
// `'GET /api/boards/:id'`, `'/about'` (any method); `r|^/x$|` regular-expression keys are not read.
const ADDRESS = /^(?:(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ALL)\s+)?(\/\S*)$/i;

/**
 * Sails: the routes an app's `config/routes.js` maps (`'GET /api/boards/:id': 'boards/show'`,
 * a target object's `action` or legacy `controller` + `action`, a `fn` of its own; a key without
 * a method answers any), guarded by the policies `config/policies.js` gives the action: its own
 * entry (`'boards/show': ['is-authenticated', 'is-admin']`, `true` opens it to anyone, `false`
 * closes it), else its controller's (`'boards/*'`, or a legacy `BoardController: { ... }`),
 * else the global `'*'`. A policy named like a check guards; a `fn` target runs no policy, and is
 * guarded when its maker is named like a check (`protectedStaticDirServer(...)`).
 */
export function sailsRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  if (!project) return [];
  const listed = [...project.listed];
  return listed.filter((p) => /(?:^|\/)config\/routes\.js$/.test(p) && !/(?:^|\/)node_modules\//.test(p)).flatMap((file) => {
    const app = dirOf(dirOf(file));
    const manifest = project.text(app ? `${app}/package.json` : "package.json") ?? "";
    if (!/"sails"\s*:/.test(manifest)) return [];
    const source = sourceOf(file, project.text(file));
    const routes = source && exported(source, "routes");
    if (!source || routes === undefined) return [];
    const policiesFile = `${dirOf(file)}/policies.js`;
    const policySource = sourceOf(policiesFile, project.text(policiesFile));
    const policies = policySource ? policyEntries(policySource) : new Map<string, Policy>();
    const registrations: Registration[] = [];
    for (const [key, value] of objectProperties(source, routes)) {
      const address = ADDRESS.exec(regexAddress(key.trim()) ?? key.trim());
      if (!address) continue;
      const target = routeTarget(source, value);
      if (!target) continue;
      const policy = target.action === undefined ? undefined : policyOf(policies, target.action);
      const guards = policy === false ? ["(policies: false)"] : Array.isArray(policy) ? policy.filter(isGuardName) : target.guards;
      registrations.push({
        type: "route", framework: FRAMEWORK, kind: "http", methods: [(address[1] ?? "ALL").toUpperCase()], path: expressPath(address[2]!),
        handler: target.action ?? target.handler, guards, owner: "", line: source.lineAt(value.start), ...(policy === true ? { anonymous: true } : {}),
      });
    }
    return registrations.length ? [{ file, registrations }] : [];
  });
}

/**
 * A regular-expression route (`'GET r|^/files/(\\w+)\\.(\\w+)$|id,ext'`) as an address, its groups the
 * parameters the key names (`GET /files/{id}.{ext}`); undefined when it is no such key, or matches more than one path shape.
 */
function regexAddress(key: string): string | undefined {
  const m = /^(?:(\w+)\s+)?r\|\^?(.*?)\$?\|([\w,]*)$/.exec(key);
  if (!m) return undefined;
  const names = m[3]!.split(",");
  let index = 0;
  const path = m[2]!.replace(/\((?!\?)(?:[^()\\]|\\.)*\)/g, () => `{${names[index++] ?? `p${index}`}}`);
  // What is left must be a plain path: escaped or unescaped dots read as dots, nothing else special.
  const plain = path.replace(/\\\\?\./g, ".");
  if (/[\\^$*+?()[\]|]/.test(plain)) return undefined;
  return `${m[1] ? `${m[1]} ` : ""}${plain}`;
}

/** Express 4's path syntax where it reads apart from others: a colon before a parameter (`userId::userId`) and `[:]` are literal colons. */
const expressPath = (path: string): string => path.replace(/::(\w+)/g, ":{$1}").replace(/\[:\]/g, ":");

function sourceOf(path: string, text: string | undefined): RouteSource | undefined {
  return text === undefined ? undefined : { ...strip(text, javascriptSyntax), path, text };
}

/** Where the object `module.exports.<name> = {` (or `module.exports = { <name>: {`) opens. */
function exported(source: RouteSource, name: string): number | undefined {
  const direct = new RegExp(String.raw`\bmodule\s*\.\s*exports\s*\.\s*${name}\s*=\s*\{`).exec(source.code);
  if (direct) return direct.index + direct[0].length - 1;
  const whole = /\bmodule\s*\.\s*exports\s*=\s*\{/.exec(source.code);
  const inner = whole ? objectProperties(source, whole.index + whole[0].length - 1).get(name) : undefined;
  return inner && source.code[inner.start] === "{" ? inner.start : undefined;
}

/** What a route maps to: an action (`'boards/show'`, `{ action: "x" }`, `'UserController.login'`), or a function of its own. */
function routeTarget(source: RouteSource, value: Span): { action?: string; handler: string; guards: string[] } | undefined {
  const literal = source.stringAt(value.start)?.value;
  if (literal !== undefined) return { action: actionId(literal), handler: literal, guards: [] };
  if (source.code[value.start] !== "{") return undefined;
  const target = objectProperties(source, value.start);
  const text = (key: string) => {
    const span = target.get(key);
    return span ? source.stringAt(span.start)?.value : undefined;
  };
  const action = text("action");
  const controller = text("controller");
  if (action !== undefined) return { action: actionId(controller ? `${controller}.${action}` : action), handler: action, guards: [] };
  const fn = target.get("fn");
  if (!fn) return undefined;
  const maker = /^\s*([A-Za-z_$][\w$.]*)/.exec(source.code.slice(fn.start, fn.end))?.[1] ?? "fn";
  return { handler: maker, guards: isGuardName(maker) ? [maker] : [] };
}

/** An action's identity as policies name it: `boards/show`; the legacy `UserController.login` is `user/login`. */
function actionId(target: string): string {
  const legacy = /^([A-Za-z]\w*?)(?:Controller)?\.(\w+)$/.exec(target);
  return legacy ? `${kebab(legacy[1]!)}/${legacy[2]}` : target;
}

const kebab = (name: string): string => name.replace(/([a-z\d])([A-Z])/g, "$1-$2").toLowerCase();

/** The entries of `module.exports.policies`, legacy controller maps (`UserController: { "*": ..., login: true }`) flattened to `user/*`, `user/login`. */
function policyEntries(source: RouteSource): Map<string, Policy> {
  const open = exported(source, "policies");
  const entries = new Map<string, Policy>();
  if (open === undefined) return entries;
  const read = (span: Span): Policy | undefined => {
    const text = source.code.slice(span.start, span.end).trim();
    if (text === "true" || text === "false") return text === "true";
    const literal = source.stringAt(span.start)?.value;
    if (literal !== undefined) return [literal];
    if (source.code[span.start] === "[") return arrayElements(source, span.start).flatMap((e) => source.stringAt(e.start)?.value ?? []);
    return undefined;
  };
  for (const [key, value] of objectProperties(source, open)) {
    const legacy = /^([A-Za-z]\w*?)Controller$/.exec(key);
    if (legacy && source.code[value.start] === "{") {
      for (const [action, inner] of objectProperties(source, value.start)) {
        const policy = read(inner);
        if (policy !== undefined) entries.set(`${kebab(legacy[1]!)}/${action}`, policy);
      }
      continue;
    }
    const policy = read(value);
    if (policy !== undefined) entries.set(key, policy);
  }
  return entries;
}

/** The policy an action runs under: its own entry, else its controller's (`boards/*`), else the global one. */
function policyOf(policies: ReadonlyMap<string, Policy>, action: string): Policy | undefined {
  for (let at = action; ; at = at.slice(0, at.lastIndexOf("/"))) {
    const own = policies.get(at) ?? policies.get(`${at}/*`);
    if (own !== undefined) return own;
    if (!at.includes("/")) break;
  }
  return policies.get("*");
}
