import { closing } from "../../languages/curly.ts";
import type { Framework } from "../framework.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "connect-route";
// `var route = require('connect-route')`, `import route from "connect-route"`.
const IMPORTED = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\s*\(\s*["']connect-route["']\s*\)|\bimport\s+([A-Za-z_$][\w$]*)\s+from\s*["']connect-route["']/g;
const VERBS = new Set(["get", "post", "put", "delete", "head", "patch", "options"]);

/**
 * connect-route, Connect's router: `app.use(route(function (router) { router.get('/raw/:id', h) }))`
 * registers each verb call on the callback's router, under the path `app.use` mounts it at, if any.
 */
export const connectRoute: Framework = {
  id: FRAMEWORK,
  name: "connect-route",
  languages: ["javascript", "typescript"],
  hint: /["']connect-route["']/,
  scan(source) {
    const { code } = source;
    const found: Registration[] = [];
    // Matched in the text: the code has its strings blanked.
    for (const imported of source.text.matchAll(IMPORTED)) {
      if (code[imported.index] !== source.text[imported.index]) continue;
      const name = imported[1] ?? imported[2]!;
      for (const call of code.matchAll(new RegExp(String.raw`(?<![\w$.])${name.replace(/\$/g, "\\$")}\s*\(`, "g"))) {
        const open = call.index + call[0].length - 1;
        if (open < imported.index + imported[0].length) continue;
        const callback = /^\s*(?:function\s*\w*\s*\(\s*([A-Za-z_$][\w$]*)\s*\)|\(?\s*([A-Za-z_$][\w$]*)\s*\)?\s*=>)\s*\{/.exec(code.slice(open + 1, open + 200));
        if (!callback) continue;
        const router = callback[1] ?? callback[2]!;
        const brace = open + 1 + callback[0].length - 1;
        const body = { start: brace, end: closing(code, brace) };
        const prefix = mountPrefix(source, call.index);
        for (const verb of code.slice(body.start, body.end).matchAll(new RegExp(String.raw`(?<![\w$.])${router.replace(/\$/g, "\\$")}\s*\.\s*(\w+)\s*\(`, "g"))) {
          if (!VERBS.has(verb[1]!)) continue;
          const at = body.start + verb.index + verb[0].length - 1;
          const { args } = callArguments(code, at);
          const path = args[0] ? source.stringAt(args[0].start + code.slice(args[0].start, args[0].end).search(/\S/))?.value : undefined;
          if (path === undefined) continue;
          const handler = args.at(-1) && /^\s*([A-Za-z_$][\w$.]*)\s*$/.exec(code.slice(args.at(-1)!.start, args.at(-1)!.end))?.[1];
          found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [verb[1]!.toUpperCase()], path: joinPaths(prefix, path.replace(/:(\w+)/g, "{$1}")), handler: handler ?? "(inline)", guards: [], owner: "", line: source.lineAt(at) });
        }
      }
    }
    return found;
  },
};

/** The path `app.use("/api", route(...))` mounts the router at; none when it is used without one. */
function mountPrefix(source: RouteSource, at: number): string {
  const before = /\.\s*use\s*\(\s*(["'])([^"']*)\1\s*,\s*$/.exec(source.text.slice(Math.max(0, at - 200), at));
  return before?.[2] ?? "";
}
