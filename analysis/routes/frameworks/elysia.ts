import type { Framework } from "../framework.ts";
import { chainedCalls } from "../js/calls.ts";
import { arrowAssignedName, functionScopes } from "../js/functions.ts";
import { argumentName, guardNames, inlineGuard, isInline } from "../js/names.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { pathConstants, spanPath } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "elysia";
const GENERICS = "(?:<(?:[^<>]|<[^<>]*>)*>)?";
const NEW_APP = `new\\s+Elysia\\s*${GENERICS}\\s*\\(`;
const CREATE = new RegExp(`(?:\\b(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*(?::[^=;]+)?=|\\bexport\\s+default)\\s*${NEW_APP}`, "g");
// A plugin built by a function: `export const setup = () => new Elysia()...`, or its `return new Elysia()`.
const FACTORY = new RegExp(`(?:\\breturn|=>)\\s*\\(?\\s*${NEW_APP}`, "g");
const VERBS = new Set(["get", "post", "put", "patch", "delete", "options", "head", "all"]);
// Every method of an Elysia instance returns the instance: the chain goes on through state,
// decorate, error, onError, derive, model, listen and the rest, acting on the calls below.
const ANY = /^[A-Za-z_$][\w$]*$/;
const PARAMETER = /^\s*(?:async\s+)?\(?\s*([A-Za-z_$][\w$]*)/;

/**
 * Elysia: instances (`new Elysia({ prefix: "/api" })`, assigned, exported, or built by a plugin
 * function), chained verbs (`.get(path, handler, { beforeHandle })`), `.route(method, path,
 * handler)`, `.group(prefix, [options,] app => app...)`, `.guard({ beforeHandle }, app =>
 * app...)` and `.guard({ beforeHandle })` for the routes after it, `.onBeforeHandle(check)`
 * likewise, and `.use(plugin)` mounting another instance under the group it is in. A route's
 * guards are its `beforeHandle` checks and those of the groups and guards around it.
 */
export const elysia: Framework = {
  id: FRAMEWORK,
  name: "Elysia",
  languages: ["javascript", "typescript"],
  contains: "Elysia",
  hint: /\bElysia\b/,
  scan(source) {
    const constants = pathConstants(source);
    const registrations: Registration[] = [];
    let groups = 0;

    /** Reads the chain after `from` on the instance `owner`, with the guards in force. */
    const walk = (owner: string, from: number, inherited: string[]) => {
      let guards = inherited;
      for (const call of chainedCalls(source.code, from, ANY)) {
        const line = source.lineAt(call.start);
        const args = call.args;
        if (VERBS.has(call.name) || call.name === "route") {
          const route = call.name === "route";
          const methods = route ? [source.stringAt(args[0]?.start ?? -1)?.value.toUpperCase()].filter((m): m is string => !!m) : [call.name === "all" ? "ALL" : call.name.toUpperCase()];
          const [pathArg, handlerArg, optionsArg] = route ? args.slice(1) : args;
          const path = spanPath(source, pathArg, constants);
          if (path === undefined || !handlerArg || !methods.length) continue;
          const handler = isInline(source, handlerArg.start, handlerArg.end) ? "(inline)" : argumentName(source, handlerArg.start, handlerArg.end);
          registrations.push({ type: "route", framework: FRAMEWORK, kind: "http", methods, path, handler, guards: [...new Set([...guards, ...beforeHandle(source, optionsArg)])], owner, line });
        } else if (call.name === "group" || (call.name === "guard" && isCallback(source, args.at(-1)))) {
          const prefix = call.name === "group" ? spanPath(source, args[0], constants) : "";
          const callback = args.at(-1);
          if (prefix === undefined || !callback || !isCallback(source, callback)) continue;
          const options = call.name === "group" ? (args.length > 2 ? args[1] : undefined) : args[0];
          const group = `${owner}#${++groups}`;
          registrations.push({ type: "router", framework: FRAMEWORK, name: group, prefix, guards: [], line });
          registrations.push({ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [group], specifiers: [], guards: [], mountOnly: true, line });
          walkCallback(group, callback, [...guards, ...beforeHandle(source, options)]);
        } else if (call.name === "guard") {
          guards = [...guards, ...beforeHandle(source, args[0])];
        } else if (call.name === "onBeforeHandle") {
          guards = [...guards, ...hookGuards(source, args.at(-1))];
        } else if (call.name === "use") {
          const plugin = args[0];
          if (!plugin || isInline(source, plugin.start, plugin.end)) continue;
          const name = argumentName(source, plugin.start, plugin.end);
          if (name !== "(inline)") registrations.push({ type: "use", framework: FRAMEWORK, owner, prefix: "", args: [name], specifiers: [], guards, mountOnly: true, line });
        }
      }
    };

    /** `app => app.get(...)` or `(app) => { return app.get(...) }`: the chain on its parameter. */
    const walkCallback = (owner: string, callback: Span, guards: string[]) => {
      const text = source.code.slice(callback.start, callback.end);
      const parameter = PARAMETER.exec(text)?.[1];
      if (!parameter) return;
      const body = text.indexOf("=>");
      const use = new RegExp(`(?<![\\w$.])${parameter.replace(/\$/g, "\\$")}(?=\\s*\\.)`, "g");
      use.lastIndex = body + 2;
      for (let m = use.exec(text); m; m = use.exec(text)) walk(owner, callback.start + m.index + m[0].length, guards);
    };

    const created = (name: string, open: number) => {
      const { args, end } = callArguments(source.code, open);
      const options = args[0] && source.code[args[0].start] === "{" ? objectProperties(source, args[0].start) : undefined;
      const prefix = spanPath(source, options?.get("prefix"), constants) ?? "";
      registrations.push({ type: "router", framework: FRAMEWORK, name, prefix, guards: [], line: source.lineAt(open) });
      walk(name, end, []);
    };
    for (const m of source.code.matchAll(CREATE)) created(m[1] ?? "default", m.index + m[0].length - 1);
    let scopes: ReturnType<typeof functionScopes> | undefined;
    for (const m of source.code.matchAll(FACTORY)) {
      const name = m[0].startsWith("=>")
        ? arrowAssignedName(source.code, m.index)
        : (scopes ??= functionScopes(source)).findLast((s) => s.bodyStart <= m.index && m.index < s.bodyEnd)?.name;
      if (name) created(name, m.index + m[0].length - 1);
    }
    return registrations;
  },
};

/** Whether an argument is a function written in place (a group's or guard's callback). */
function isCallback(source: RouteSource, span: Span | undefined): boolean {
  return !!span && isInline(source, span.start, span.end);
}

/** The checks an options object runs before the handler: `{ beforeHandle: requireLogin }`, or a list of them. */
function beforeHandle(source: RouteSource, options: Span | undefined): string[] {
  if (!options || source.code[options.start] !== "{") return [];
  const value = objectProperties(source, options.start).get("beforeHandle");
  return hookGuards(source, value);
}

/** Guard-like checks among a hook's value: names, a list of them, or a function written in place. */
function hookGuards(source: RouteSource, value: Span | undefined): string[] {
  if (!value) return [];
  if (isInline(source, value.start, value.end)) return [inlineGuard(source, value.start, value.end, "beforeHandle")].filter((g): g is string => !!g);
  return guardNames(source, value.start, value.end);
}
