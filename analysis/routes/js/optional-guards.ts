/**
 * Guard-named middleware made with arguments that let everyone through (`export const jwt =
 * koaJwt({ passthrough: true })`, `module.exports = expressjwt({ credentialsRequired: false })`):
 * it reads the caller when there is one and guards nothing. Checked before linking, by reading
 * where each guard name used by a route or a mount is defined: in its own module, or the one it
 * is imported from. Only the few guard names of route files are looked up, so files that define
 * no routes are read only when a route file imports a guard from them.
 */
import { isGuardName, optionalByArguments } from "../paths.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { callArguments } from "../source.ts";
import { definedFunctionBody } from "./functions.ts";
import { JS_FILE, type ModuleAccess } from "./imported.ts";
import { FLAG } from "./setting-gates.ts";

/** The files' registrations without the guards and middleware names that stand for optional middleware. */
export function withoutOptionalGuards(files: ReadonlyMap<string, FileRoutes>, access: Pick<ModuleAccess, "resolve" | "reexports" | "text">): Map<string, FileRoutes> {
  const known = new Map<string, boolean>();
  const texts = new Map<string, string | undefined>();
  const read = { resolve: access.resolve, reexports: access.reexports, text: (f: string) => (texts.has(f) ? texts.get(f) : texts.set(f, access.text(f)).get(f)) };
  const optional = (file: string, name: string): boolean => {
    const key = `${file}\0${name}`;
    let found = known.get(key);
    if (found === undefined) known.set(key, (found = definedOptional(files, read, file, name)));
    return found;
  };
  const keep = (file: string) => (name: string) => !IDENTIFIER.test(name) || !isGuardName(name) || !optional(file, name);
  const metadataOnly = (file: string, name: string): boolean => {
    const key = `${file}\0${name}\0metadata`;
    let found = known.get(key);
    if (found === undefined) known.set(key, (found = IDENTIFIER.test(name) && definedWith(files, read, file, name, checksOnlyWithMetadata)));
    return found;
  };
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!JS_FILE.test(file)) {
      result.set(file, routes);
      continue;
    }
    const registrations = routes.registrations.flatMap((r): Registration[] => {
      if (r.type === "route" && r.guards.length) return [{ ...r, guards: r.guards.filter(keep(file)) }];
      if (r.type === "use") return [{ ...r, guards: r.guards.filter(keep(file)), args: r.args.filter(keep(file)) }];
      // NestJS `consumer.apply(AuthMiddleware).forRoutes(...)`: a global guard that is none.
      if (r.type === "global" && r.guard && !keep(file)(r.guard)) return [];
      // A global guard that lets through every handler without its decorator's metadata (a roles
      // or policies guard: `if (!roles) return true`) checks only the routes that declare some.
      if (r.type === "global" && r.guard && !r.scope && metadataOnly(file, r.guard)) return [];
      return [r];
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** Whether `name` in `file` is optional middleware, made in the file or imported from where it is. */
function definedOptional(files: ReadonlyMap<string, FileRoutes>, access: Pick<ModuleAccess, "resolve" | "reexports" | "text">, file: string, name: string, depth = 0): boolean {
  const local = name.split(".")[0]!;
  const binding = files.get(file)?.bindings.find((b) => b.local === local);
  if (!binding) {
    const text = access.text(file) ?? "";
    // A variable given a member of an imported module (`needsPermission = auth.needsPermission;`): that member.
    const alias = depth === 0 && !name.includes(".") ? new RegExp(String.raw`(?<![\w$.])${local.replace(/\$/g, "\\$")}\s*=\s*([A-Za-z_$][\w$]*\.[A-Za-z_$][\w$]*)\s*[;\n]`).exec(text)?.[1] : undefined;
    return madeOptional(text, local) || (alias !== undefined && definedOptional(files, access, file, alias, depth + 1));
  }
  const target = access.resolve(file, binding.specifier);
  const text = target === undefined ? undefined : access.text(target);
  if (text === undefined) return false;
  const member = name.split(".")[1];
  if (binding.imported === "default" && member === undefined) return defaultOptional(text);
  // `auth.optional` of `import * as auth`, or of `const auth = require("../auth")` (the module's exports): the export `optional`.
  const exported = binding.imported === "*" || binding.imported === "default" ? member : binding.imported;
  return exported !== undefined && IDENTIFIER.test(exported) && exportedOptional(access, target!, text, exported, 0);
}

/** Whether the class or function `name` in `file`, or in the module it is imported from, has a body `test` accepts. */
function definedWith(files: ReadonlyMap<string, FileRoutes>, access: Pick<ModuleAccess, "resolve" | "text">, file: string, name: string, test: (body: string) => boolean): boolean {
  const binding = files.get(file)?.bindings.find((b) => b.local === name);
  const target = binding ? access.resolve(file, binding.specifier) : file;
  const text = target === undefined ? undefined : access.text(target);
  const body = text === undefined ? undefined : definedFunctionBody(text, binding && binding.imported !== "default" && binding.imported !== "*" ? binding.imported : name);
  return body !== undefined && test(body);
}

// `const roles = this.reflector.get<string[]>(ROLES_KEY, context.getHandler())` (or getAllAndOverride/Merge).
const READS_METADATA = /\b(?:const|let|var)\s+(?:\{[^}]*\}|([A-Za-z_$][\w$]*))\s*(?::[^=;]+)?=\s*(?:this\s*\.\s*)?[\w$]*[Rr]eflector\s*\.\s*(?:get|getAllAndOverride|getAllAndMerge)\b/g;

/** A NestJS guard's body that returns true when the handler carries none of the metadata it reads: `if (!roles || !roles.length) return true`. */
function checksOnlyWithMetadata(body: string): boolean {
  for (const m of body.matchAll(READS_METADATA)) {
    const name = m[1];
    if (!name) continue;
    const escaped = name.replace(/\$/g, "\\$");
    if (new RegExp(`\\bif\\s*\\(\\s*!\\s*${escaped}\\b[^)]*\\)\\s*\\{?\\s*return\\s+true\\b`).test(body.slice(m.index))) return true;
  }
  return false;
}

/**
 * Whether a module's export is optional middleware, made in the module or in one a barrel re-exports
 * (`export { auth } from "./auth"`, CommonJS's `module.exports = { auth: require("./auth") }`).
 */
function exportedOptional(access: Pick<ModuleAccess, "resolve" | "reexports" | "text">, file: string, text: string, name: string, depth: number): boolean {
  if (madeOptional(text, name)) return true;
  const required = new RegExp(String.raw`(?:(?<![\w$.])${name.replace(/\$/g, "\\$")}\s*:|\bexports\s*\.\s*${name.replace(/\$/g, "\\$")}\s*=)\s*require\s*\(\s*["'\`]([^"'\`]+)["'\`]\s*\)`).exec(text)?.[1];
  const module = required === undefined || depth >= MAX_BARRELS ? undefined : access.resolve(file, required);
  const inner = module === undefined ? undefined : access.text(module);
  if (inner !== undefined && defaultOptional(inner)) return true;
  return depth < MAX_BARRELS && access.reexports(file).some((next) => {
    const inner = access.text(next);
    return inner !== undefined && exportedOptional(access, next, inner, name, depth + 1);
  });
}

const MAX_BARRELS = 4;

// A middleware named in code (`jwt`, `auth.optional`), not a guard written with arguments.
const IDENTIFIER = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const made = (name: string) => new RegExp(`\\b(?:const|let|var)\\s+${name.replace(/[$.]/g, "\\$&")}\\s*(?::[^=;\\n]+)?=\\s*(?:await\\s+)?[A-Za-z_$][\\w$.]*\\s*\\(`, "g");
const DEFAULT_MADE = /(?:\bmodule\.exports\s*=|\bexport\s+default)\s*(?:await\s+)?[A-Za-z_$][\w$.]*\s*\(/g;
const DEFAULT_NAME = /(?:\bmodule\.exports\s*=|\bexport\s+default)\s*([A-Za-z_$][\w$]*)\s*;?\s*$/m;

/**
 * `const name = make({ passthrough: true })` in the text, or a middleware function (or class, a
 * NestJS middleware) of that name that lets a caller without credentials through (`if (!token)
 * return next()`).
 */
function madeOptional(text: string, name: string): boolean {
  if ([...text.matchAll(made(name))].some((m) => optionalCall(text, m.index + m[0].length - 1))) return true;
  const body = definedFunctionBody(text, name);
  return body !== undefined && (LETS_ANONYMOUS_THROUGH.test(body) || ALLOWS_WITHOUT_CREDENTIALS.test(body) || checksOnlyWhenConfigured(body) || passesEveryone(body));
}

/**
 * A middleware that reads the caller and passes every request on (flame's `auth`: `req.isAuthenticated =
 * tokenIsValid; next();`): it ends by calling `next()` and nowhere answers, throws or hands `next` an error.
 * A route behind it alone is open to anyone; the check, if any, is the next middleware's or the handler's.
 */
function passesEveryone(body: string): boolean {
  return /\bnext\s*\(\s*\)\s*;?\s*\}\s*$/.test(body) && !/\b(?:res|response|reply|ctx)\s*\.|\bthrow\b|\bnext\s*\(\s*[^)\s]/.test(body);
}

// A setting of the app's the check waits for: `settings.adminAuth`, `config.auth.enabled`, a flag of any
// object (`OIDC.enabled`); not a factory's options, which each call sets: `auth({ required: true })`.
const SETTING = String.raw`(?:[\w$]*(?:settings|config|conf)[\w$]*(?:\s*&&\s*[\w$]*(?:settings|config|conf)[\w$]*)?(?:\.[\w$]+)+|${FLAG})`;
// `if (!settings.adminAuth) return next();`
const PASSES_UNLESS_SET = new RegExp(String.raw`\bif\s*\(\s*!\s*${SETTING}\s*\)\s*\{?\s*return\s+next\s*\(\s*\)`, "i");
// `if (settings && settings.adminAuth) { ...check... } else { next(); }`
const CHECKS_IF_SET = new RegExp(String.raw`\bif\s*\(\s*(?:[\w$]*(?:settings|config|conf)[\w$]*\s*&&\s*)?${SETTING}\s*\)\s*\{`, "gi");

/**
 * A middleware that lets every request through unless a setting turns its check on (Node-RED's
 * `needsPermission`: `if (settings && settings.adminAuth) { ... } else { next(); }`): in the
 * default configuration it checks nobody.
 */
function checksOnlyWhenConfigured(body: string): boolean {
  if (PASSES_UNLESS_SET.test(body)) return true;
  for (const m of body.matchAll(CHECKS_IF_SET)) {
    const open = m.index + m[0].length - 1;
    const after = body.slice(callArguments(body, open).end);
    if (/^\s*else\s*\{\s*(?:return\s+)?next\s*\(\s*\)\s*;?\s*\}/.test(after)) return true;
  }
  return false;
}

// A check of the credentials that passes the caller on when there are none: `if (!token) return
// next()`, or a block that calls `next()` (`if (!req.headers.authorization) { req.user = null; next(); return; }`).
// A NestJS guard's `canActivate` that allows a request carrying no credentials: `if
// (!request.headers?.[HEADER].toLowerCase()]) { return true; }`, `if (!token) return true`.
const ALLOWS_WITHOUT_CREDENTIALS = /\bif\s*\(\s*!\s*[\w$.?[\]'"]*(?:token|authorization|headers?|bearer|jwt|cookie)\b[^\n{]*\)\s*\{?\s*return\s+true\b/i;
const LETS_ANONYMOUS_THROUGH = /\bif\s*\(\s*!\s*[\w$.[\]'"]*(?:token|authorization|auth|header|bearer|jwt|cookie)[\w$.[\]'"]*\s*\)\s*(?:\{?\s*return\s+(?:await\s+)?next\s*\(\s*\)|\{[^{}]*?\bnext\s*\(\s*\)\s*;?\s*return\b)/i;

/** A default export made by such a call, or naming a constant made so. */
function defaultOptional(text: string): boolean {
  if ([...text.matchAll(DEFAULT_MADE)].some((m) => optionalCall(text, m.index + m[0].length - 1))) return true;
  const name = DEFAULT_NAME.exec(text)?.[1];
  return name !== undefined && madeOptional(text, name);
}

function optionalCall(text: string, open: number): boolean {
  return optionalByArguments(text.slice(open + 1, callArguments(text, open).end - 1));
}
