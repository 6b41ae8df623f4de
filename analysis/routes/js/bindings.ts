import type { Binding, Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const IMPORT = /\bimport\s+(?:type\s+)?([\s\S]*?)\s+from\s*(["'])/g;
const REQUIRE = /\b(?:const|let|var)\s+(\{[^}]*\}|[A-Za-z_$][\w$]*)\s*=\s*(?:await\s+)?require\s*\(\s*(["'`])/g;

/** The names a JS/TS file imports, with the specifier and the name each stands for. */
export function jsBindings(source: RouteSource): Binding[] {
  const bindings: Binding[] = [];
  for (const match of source.code.matchAll(IMPORT)) {
    const literal = source.stringAt(match.index + match[0].length - 1);
    if (!literal) continue;
    const clause = match[1]!;
    const named = /\{([^}]*)\}/.exec(clause);
    const outside = clause.replace(/\{[^}]*\}/, "");
    const namespace = /\*\s+as\s+([A-Za-z_$][\w$]*)/.exec(outside);
    if (namespace) bindings.push({ local: namespace[1]!, specifier: literal.value, imported: "*" });
    const defaultName = /^\s*([A-Za-z_$][\w$]*)/.exec(outside.replace(/\*\s+as\s+[\w$]+/, ""));
    if (defaultName) bindings.push({ local: defaultName[1]!, specifier: literal.value, imported: "default" });
    if (named) bindings.push(...namedBindings(named[1]!, literal.value, /\s+as\s+/));
  }
  for (const match of source.code.matchAll(REQUIRE)) {
    const literal = source.stringAt(match.index + match[0].length - 1);
    if (!literal) continue;
    const target = match[1]!;
    // `var needsPermission = require("../auth").needsPermission;`: a member of the module, not the module.
    const close = source.code.indexOf(")", match.index + match[0].length);
    const member = close === -1 ? undefined : /^\s*\.\s*([A-Za-z_$][\w$]*)/.exec(source.code.slice(close + 1, close + 80))?.[1];
    if (target.startsWith("{")) bindings.push(...namedBindings(target.slice(1, -1), literal.value, /\s*:\s*/));
    else bindings.push({ local: target, specifier: literal.value, imported: member ?? "default" });
  }
  // Names taken out of a module already bound (`const routeHelpers = require("../helpers"); const { setupApiRoute } = routeHelpers;`).
  for (const match of source.code.matchAll(UNPACKED)) {
    const from = bindings.find((b) => b.local === match[2] && (b.imported === "default" || b.imported === "*"));
    if (from) bindings.push(...namedBindings(match[1]!, from.specifier, /\s*:\s*/));
  }
  return bindings;
}

const UNPACKED = /\b(?:const|let|var)\s+\{([^}]*)\}\s*=\s*([A-Za-z_$][\w$]*)\s*;/g;

function namedBindings(list: string, specifier: string, rename: RegExp): Binding[] {
  return list.split(",").map((part) => part.trim().replace(/^type\s+/, "")).filter(Boolean).map((part) => {
    const [imported, local] = part.split(rename).map((s) => s.trim());
    return { local: local || imported!, specifier, imported: imported! };
  });
}

const EXPORT_DEFAULT = /\bexport\s+default\s+([A-Za-z_$][\w$]*)\s*;?\s*$/gm;
const EXPORT_CONST = /\bexport\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)/g;
// A function exported by default stands for what it makes or is handed (`export default function initApis(tenant) { ...; return apisApp; }`).
const EXPORT_DEFAULT_FUNCTION = /\bexport\s+default\s+(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/g;
// A class stands for the router it keeps when it is one (a controller whose routes hang on a router named for it).
const EXPORT_CLASS = /\bexport\s+(default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/g;
// `export const MainRouter: Router = router;`: another name for a value of the module.
// Not a chain going on at the next line (`export const create = workspaceProcedure\n  .input(...)`).
const EXPORT_ALIAS = /\bexport\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;\n]+)?=\s*([A-Za-z_$][\w$]*)\s*;?[ \t]*$(?!\n\s*\??\.)/gm;
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*(?!\s*from)/g;
const MODULE_EXPORTS = /\bmodule\.exports\s*=\s*([A-Za-z_$][\w$]*)\s*;?\s*$/gm;
// `module.exports = { initControllers: init, users: { init } }`, `export default { init }`.
const EXPORTED_OBJECT = /(?:\bmodule\.exports\s*=|\bexport\s+default)\s*\{/g;
const EXPORTS_PROPERTY = /\b(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)/g;
// koa-router's middleware of a router stands for the router: `export const userRoutes = router.routes()`,
// `export default router.routes()`, `module.exports = router.middleware()`.
const EXPORT_ROUTER_MIDDLEWARE = /\b(?:export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;\n]+)?=|export\s+default|module\.exports\s*=)\s*([A-Za-z_$][\w$]*)\s*\.\s*(?:routes|middleware)\s*\(\s*\)/g;

/** The names a JS/TS file exports, as `export` registrations (CommonJS `module.exports` is the default export). */
export function jsExports(source: RouteSource): Registration[] {
  const exports: Registration[] = [];
  const add = (local: string, as: string) => exports.push({ type: "export", local, as });
  for (const m of source.code.matchAll(EXPORT_DEFAULT)) if (!/^(function|class|async|new)$/.test(m[1]!)) add(m[1]!, "default");
  for (const m of source.code.matchAll(EXPORT_CONST)) add(m[1]!, m[1]!);
  for (const m of source.code.matchAll(EXPORT_CLASS)) add(m[2]!, m[1] ? "default" : m[2]!);
  for (const m of source.code.matchAll(EXPORT_DEFAULT_FUNCTION)) add(m[1]!, "default");
  // After the name itself, so the alias's value is what the name stands for.
  for (const m of source.code.matchAll(EXPORT_ALIAS)) add(m[2]!, m[1]!);
  for (const m of source.code.matchAll(EXPORT_LIST)) {
    for (const part of m[1]!.split(",").map((p) => p.trim()).filter(Boolean)) {
      const [local, as] = part.split(/\s+as\s+/).map((s) => s.trim());
      add(local!, as ?? local!);
    }
  }
  for (const m of source.code.matchAll(MODULE_EXPORTS)) add(m[1]!, "default");
  for (const m of source.code.matchAll(EXPORTS_PROPERTY)) add(m[2]!, m[1]!);
  for (const m of source.code.matchAll(EXPORT_ROUTER_MIDDLEWARE)) add(m[2]!, m[1] ?? "default");
  for (const m of source.code.matchAll(EXPORTED_OBJECT)) objectExports(source.code, m.index + m[0].length - 1, "", add);
  return exports;
}

/**
 * The names an exported object literal gives: `{ a, b: c }` exports a and b (as c), `{ users:
 * { init } }` exports `users.init`; a value that is not a name (a call, a literal) gives none.
 */
function objectExports(code: string, open: number, path: string, add: (local: string, as: string) => void, depth = 0): void {
  const { args } = callArguments(code, open);
  for (const entry of args) {
    const text = code.slice(entry.start, entry.end).trim();
    const short = /^([A-Za-z_$][\w$]*)$/.exec(text);
    if (short) {
      add(short[1]!, path + short[1]!);
      continue;
    }
    const pair = /^([A-Za-z_$][\w$]*)\s*:\s*/.exec(text);
    if (!pair) continue;
    const value = text.slice(pair[0].length);
    if (/^[A-Za-z_$][\w$]*$/.test(value)) add(value, path + pair[1]!);
    else if (value.startsWith("{") && depth < 2) objectExports(code, entry.start + code.slice(entry.start).indexOf("{", pair[0].length), `${path}${pair[1]}.`, add, depth + 1);
  }
}
