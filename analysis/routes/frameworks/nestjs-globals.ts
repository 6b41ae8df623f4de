import { argumentName } from "../js/names.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { jsPath, jsValue, stringList } from "../js/values.ts";
import { CANDIDATE, isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const CALL = /\.\s*(setGlobalPrefix|useGlobalGuards|enableVersioning|apply)\s*\(/g;
const APP_GUARD = /\{[^{}]*\bprovide\s*:\s*APP_GUARD\b[^{}]*\}/g;
const FOR_ROUTES = /^(?:\s*\.\s*exclude\s*\([^)]*\))*\s*\.\s*forRoutes\s*\(/;

/**
 * What a NestJS bootstrap or module says about every route: `app.setGlobalPrefix("api")`,
 * `app.useGlobalGuards(new JwtGuard())`, `app.enableVersioning({ type: VersioningType.URI })`,
 * `{ provide: APP_GUARD, useClass: X }`, and `consumer.apply(AuthMiddleware).forRoutes(...)`,
 * whose auth-like middleware guards the routes, paths or controllers it names.
 */
export function nestGlobals(source: RouteSource, constants: Map<string, string>): Registration[] {
  const found: Registration[] = [];
  const global = (line: number, fields: Partial<Extract<Registration, { type: "global" }>>) =>
    found.push({ type: "global", framework: "nestjs", line, ...fields });
  for (const m of source.code.matchAll(CALL)) {
    const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
    const line = source.lineAt(m.index);
    const first = args[0];
    if (m[1] === "setGlobalPrefix" && first) {
      const prefix = jsPath(source, first.start, first.end, constants);
      const exclude = args[1] && source.code[args[1].start] === "{" ? objectProperties(source, args[1].start).get("exclude") : undefined;
      const except = exclude ? routeScope(source, exclude.start, constants) : [];
      if (prefix !== undefined) global(line, { prefix, ...(except.length ? { except } : {}) });
    } else if (m[1] === "useGlobalGuards") {
      for (const a of args) {
        const guard = globalGuard(argumentName(source, a.start, a.end));
        if (guard) global(line, { guard }); // not a ThrottlerGuard
      }
    } else if (m[1] === "enableVersioning") {
      const options = first ? objectProperties(source, first.start) : new Map();
      const type = options.get("type");
      if (type && !/URI/.test(source.code.slice(type.start, type.end))) continue;
      const prefix = options.get("prefix");
      const text = prefix ? source.code.slice(prefix.start, prefix.end).trim() : undefined;
      const defaultVersion = versions(source, options.get("defaultVersion"), constants)?.[0];
      global(line, {
        version: {
          prefix: text === "false" ? "" : prefix ? jsValue(source, prefix.start, prefix.end, constants) ?? "v" : "v",
          ...(defaultVersion ? { defaultVersion } : {}),
        },
      });
    } else if (m[1] === "apply") {
      const guards = args.map((a) => argumentName(source, a.start, a.end)).filter(isGuardName);
      const routes = FOR_ROUTES.exec(source.code.slice(end, end + 2000));
      if (guards.length && routes) {
        found.push(...forRoutes(source, end + routes[0].length - 1, guards, line, constants));
      }
    }
  }
  for (const m of source.code.matchAll(APP_GUARD)) {
    const properties = objectProperties(source, m.index);
    const use = properties.get("useClass") ?? properties.get("useExisting");
    const guard = use && globalGuard(argumentName(source, use.start, use.end));
    if (guard) global(source.lineAt(m.index), { guard });
  }
  return found;
}

/**
 * A global guard class: by its name, or a candidate (`?Ability`) that guards where its
 * `canActivate` turns an anonymous caller away (js/nest-guard-classes.ts). A rate limiter's
 * (`ThrottlerGuard`) is neither.
 */
function globalGuard(name: string | undefined): string | undefined {
  if (!name || name === "(inline)" || /Throttler/.test(name)) return undefined;
  return isGuardName(name) ? name : `${CANDIDATE}${name}`;
}

/** `forRoutes("cats", { path: "dogs", method: RequestMethod.POST }, CatsController)`, each guarded by `guards`. */
function forRoutes(
  source: RouteSource,
  open: number,
  guards: string[],
  line: number,
  constants: Map<string, string>,
): Registration[] {
  const found: Registration[] = [];
  const scope: { path: string; method: string }[] = [];
  for (const a of spreadArguments(source, callArguments(source.code, open).args)) {
    const entry = routeEntry(source, a, constants);
    // A controller named (`CatsController`): the middleware guards its routes.
    if (entry) scope.push(entry);
    else if (source.code[a.start] !== "{") found.push({ type: "use", framework: "nestjs", owner: argumentName(source, a.start, a.end), prefix: "", args: [], specifiers: [], guards, line });
  }
  const everywhere = scope.some((s) => /^\/?(\*|\(\.\*\))$/.test(s.path) && s.method === "ALL");
  for (const guard of guards) {
    if (scope.length) {
      found.push({ type: "global", framework: "nestjs", line, guard, ...(everywhere ? {} : { scope }) });
    }
  }
  return found;
}

/** Arguments with `...controllers` written out as the elements of the module's array of that name (`const controllers = [A, B]`). */
function spreadArguments(source: RouteSource, args: readonly Span[]): Span[] {
  return args.flatMap((a) => {
    const spread = /^\s*\.\.\.\s*([A-Za-z_$][\w$]*)\s*$/.exec(source.code.slice(a.start, a.end));
    if (!spread) return [a];
    const array = new RegExp(`\\b(?:const|let|var)\\s+${spread[1]!.replace(/\$/g, "\\$")}\\s*(?::[^=;]+)?=\\s*\\[`).exec(source.code);
    return array ? callArguments(source.code, array.index + array[0].length - 1).args : [];
  });
}

/**
 * The routes a list names (`["health", { path: "sitemap.xml", method: RequestMethod.GET }]`), as
 * NestJS writes them in `exclude`: a path, or a path and a method. Elements not known are left out.
 */
function routeScope(source: RouteSource, open: number, constants: Map<string, string>): { path: string; method: string }[] {
  if (source.code[open] !== "[") return [];
  return callArguments(source.code, open).args.flatMap((a) => routeEntry(source, a, constants) ?? []);
}

/** One route of a list: `"cats"` (every method) or `{ path: "dogs", method: RequestMethod.POST }`; undefined when not known. */
function routeEntry(source: RouteSource, span: Span, constants: Map<string, string>): { path: string; method: string } | undefined {
  if (source.code[span.start] === "{") {
    const properties = objectProperties(source, span.start);
    const path = properties.get("path");
    const method = properties.get("method");
    const value = path ? stringList(source, path, constants)[0] : undefined;
    const verb = method ? /(\w+)\s*$/.exec(source.code.slice(method.start, method.end))?.[1] : "ALL";
    return value !== undefined && verb ? { path: value, method: verb.toUpperCase() } : undefined;
  }
  const value = jsValue(source, span.start, span.end, constants);
  return value !== undefined ? { path: value, method: "ALL" } : undefined;
}

/** The versions a `version` value names: `"1"`, `["1", "2"]`; `VERSION_NEUTRAL` is "" (no segment). */
export function versions(
  source: RouteSource,
  span: Span | undefined,
  constants: Map<string, string>,
): string[] | undefined {
  if (!span) return undefined;
  const text = source.code.slice(span.start, span.end);
  if (/^VERSION_NEUTRAL$/.test(text.trim())) return [""];
  const values = stringList(source, span, constants);
  if (source.code[span.start] === "[") {
    const elements = callArguments(source.code, span.start).args;
    if (elements.some((e) => source.code.slice(e.start, e.end).trim() === "VERSION_NEUTRAL")) values.push("");
  }
  return values.length ? values : undefined;
}
