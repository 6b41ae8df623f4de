/**
 * Functions of a module that include a router on an app for their callers (`def
 * include_router_with_global_prefix_prepended(application, router, **kwargs): ...
 * application.include_router(router, prefix=...)`), directly or by calling another such
 * function (`def include_auth_router_with_prefix(application, router, prefix=None):
 * include_router_with_global_prefix_prepended(application, router, prefix=prefix)`). Each call
 * of one elsewhere (`include_auth_router_with_prefix(application, mobile_router,
 * prefix="/auth/mobile")`) mounts its router on its app at the call's `prefix=`.
 */
import { type Definition, parameterNames } from "./definitions.ts";
import { dottedName, pythonArguments, pythonValue, type Span } from "./values.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

/**
 * Which parameters are the app and the router, and the prefix of each include the helper makes:
 * one it writes (`prefix="/workspaces/{workspace_id}"`), or undefined for the caller's `prefix=`.
 */
type Helper = { app: number; router: number; prefixes: (string | undefined)[] };

/**
 * The mounts the module's calls of its include helpers make. `held` names a router as the module
 * knows it; `built` gives the registrations of a router a call builds in place (FastAPI Users'), named `name`.
 */
export function includeHelperMounts(
  source: RouteSource,
  definitions: readonly Definition[],
  held: (name: string, at: number) => string | undefined,
  constants: Map<string, string>,
  framework: string,
  built: (called: string, name: string, line: number) => Registration[] | undefined,
): Registration[] {
  const { code } = source;
  const defs = definitions.filter((d) => d.kind === "def");
  const nameAt = (span: Span | undefined) => (span ? dottedName(code, span) : undefined);
  const helpers = new Map<string, Helper>();
  for (let changed = true; changed; ) {
    changed = false;
    for (const def of defs) {
      if (helpers.has(def.name)) continue;
      const params = parameterNames(code, def);
      const body = code.slice(def.start, def.end);
      // Every include of the router it is handed (`app.include_router(router, include_in_schema=False)`, then again
      // under `prefix="/workspaces/{workspace_id}"`), each a mount of its own.
      const includes = [...body.matchAll(/(\w+)\s*\.\s*include_router\s*\(\s*(\w+)\s*[,)]/g)].filter((m) => params.includes(m[1]!) && params.includes(m[2]!));
      const direct = includes.filter((m) => m[1] === includes[0]![1] && m[2] === includes[0]![2]);
      let found: Helper | undefined = direct.length
        ? {
            app: params.indexOf(direct[0]![1]!),
            router: params.indexOf(direct[0]![2]!),
            prefixes: direct.map((m) => {
              const prefix = pythonArguments(code, def.start + m.index + m[0].lastIndexOf("(")).keywords.get("prefix");
              return prefix && pythonValue(source, prefix, constants);
            }),
          }
        : undefined;
      for (const [name, helper] of helpers) {
        if (found) break;
        for (const call of body.matchAll(new RegExp(String.raw`(?<![\w.])${name}\s*\(`, "g"))) {
          const { positional } = pythonArguments(code, def.start + call.index + call[0].length - 1);
          const app = nameAt(positional[helper.app]);
          const router = nameAt(positional[helper.router]);
          if (app && router && params.includes(app) && params.includes(router)) found = { app: params.indexOf(app), router: params.indexOf(router), prefixes: helper.prefixes };
        }
      }
      if (found) {
        helpers.set(def.name, found);
        changed = true;
      }
    }
  }
  if (!helpers.size) return [];
  const found: Registration[] = [];
  for (const [name, helper] of helpers) {
    for (const call of code.matchAll(new RegExp(String.raw`(?<![\w.])${name}\s*\(`, "g"))) {
      // Not the definition itself, nor a call inside a helper, which passes its own parameters on.
      if (/\bdef\s+$/.test(code.slice(Math.max(0, call.index - 8), call.index))) continue;
      const within = defs.filter((d) => d.start <= call.index && call.index < d.end).at(-1);
      if (within && helpers.has(within.name)) continue;
      const open = call.index + call[0].length - 1;
      const { positional, keywords } = pythonArguments(code, open);
      const line = source.lineAt(call.index);
      const app = nameAt(positional[helper.app]);
      const owner = app === undefined ? undefined : held(app, call.index);
      const routerSpan = positional[helper.router];
      if (!owner || !routerSpan) continue;
      const called = /^\s*([A-Za-z_][\w.]*)\s*\(/.exec(code.slice(routerSpan.start, routerSpan.end))?.[1];
      const builtName = `${called}@${line}`;
      const inPlace = !nameAt(routerSpan) && called ? built(called, builtName, line) : undefined;
      const router = inPlace ? builtName : nameAt(routerSpan) && held(nameAt(routerSpan)!, call.index);
      if (!router) continue;
      const prefix = keywords.get("prefix");
      const given = (prefix && pythonValue(source, prefix, constants)) ?? "";
      found.push(...(inPlace ?? []), ...helper.prefixes.map((own): Registration => ({ type: "use", framework, owner, prefix: own ?? given, args: [router], specifiers: [], guards: [], mountOnly: true, line })));
    }
  }
  return found;
}
