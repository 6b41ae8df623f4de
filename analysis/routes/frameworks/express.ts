import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { argumentName, handlerAndGuards } from "../js/names.ts";
import { jsPath, pathConstants, usePrefix } from "../js/values.ts";

const METHODS = ["get", "post", "put", "patch", "delete", "del", "options", "head", "all"];
const CREATE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*[\w.<>]+\s*)?=\s*(?:new\s+)?(?:express\s*\(\s*\)|(?:express\s*\.\s*)?Router\s*\()/g;
const PARAMETER = /(?:function\s*[\w$]*\s*\(|\(\s*)(app|router|api)\s*(?::\s*[\w.<>]+\s*)?[,)]/g;
const CALL = /\b([A-Za-z_$][\w$]*)\s*\.\s*(get|post|put|patch|delete|del|options|head|all|use|route)\s*\(/g;
const CHAIN = /^\s*\.\s*(get|post|put|patch|delete|del|options|head|all)\s*\(/;

/**
 * Express: apps and routers (`express()`, `express.Router()`), `owner.METHOD(path, ...mw,
 * handler)`, `owner.route(path).get().post()` chains, and `owner.use(prefix?, ...)` mounts
 * and middleware. Paths may be literals, templates or concatenations of known constants.
 */
export const express: Framework = {
  id: "express",
  name: "Express",
  languages: ["javascript", "typescript"],
  hint: /\bexpress\b|\bRouter\s*\(|\.(?:get|post|put|patch|delete|all|use|route)\s*\(\s*["'`/A-Z_]/,
  scan(source) {
    const registrations: Registration[] = [];
    const routers = new Set<string>();
    const usesExpress = /\bexpress\b/.test(source.text);
    for (const m of source.code.matchAll(CREATE)) {
      // `new Router()` without Express in sight is another framework's router (@koa/router).
      if (!usesExpress) continue;
      routers.add(m[1]!);
      registrations.push({ type: "router", framework: "express", name: m[1]!, prefix: "", guards: [], line: source.lineAt(m.index) });
    }
    // A function that receives the app or a router (`module.exports = (app) => {...}`) registers on it.
    if (usesExpress) {
      for (const m of source.code.matchAll(PARAMETER)) {
        if (routers.has(m[1]!)) continue;
        routers.add(m[1]!);
        registrations.push({ type: "router", framework: "express", name: m[1]!, prefix: "", guards: [], line: source.lineAt(m.index) });
      }
    }
    const constants = pathConstants(source);
    for (const m of source.code.matchAll(CALL)) {
      const owner = m[1]!;
      const method = m[2]!;
      const open = m.index + m[0].length - 1;
      const { args, end } = callArguments(source.code, open);
      const line = source.lineAt(m.index);
      const first = args[0];
      const path = first ? jsPath(source, first.start, first.end, constants) : undefined;
      if (method === "use") {
        const { prefix, rest } = usePrefix(source, args, constants);
        const names = rest.map((a) => argumentName(source, a.start, a.end));
        const specifiers = rest.map((a) => requiredSpecifier(source, a.start, a.end)).filter((s): s is string => s !== undefined);
        registrations.push({ type: "use", framework: "express", owner, prefix: prefix ?? "", args: names.filter((n) => n !== "(inline)"), specifiers, guards: [], line });
        continue;
      }
      if (path === undefined || !(path.startsWith("/") || path.startsWith("${") || path === "*")) continue;
      if (method === "route") {
        let rest = source.code.slice(end);
        let offset = end;
        for (let chain = CHAIN.exec(rest); chain; chain = CHAIN.exec(rest)) {
          const call = callArguments(source.code, offset + chain[0].length - 1);
          registrations.push(route(source, owner, chain[1]!, path, call.args, line));
          offset = call.end;
          rest = source.code.slice(offset);
        }
        continue;
      }
      if (args.length < 2) continue; // `map.get("/key")` is a lookup, not a route
      registrations.push(route(source, owner, method, path, args.slice(1), line));
    }
    return registrations;
  },
};

function route(source: RouteSource, owner: string, method: string, path: string, handlers: { start: number; end: number }[], line: number): Registration {
  const verb = method === "del" ? "DELETE" : method.toUpperCase();
  return { type: "route", framework: "express", kind: "http", methods: [verb], path, ...handlerAndGuards(source, handlers), owner, line };
}

function requiredSpecifier(source: RouteSource, start: number, end: number): string | undefined {
  const m = /^require\s*\(\s*(["'`])/.exec(source.code.slice(start, end));
  return m ? source.stringAt(start + m[0].length - 1)?.value : undefined;
}
