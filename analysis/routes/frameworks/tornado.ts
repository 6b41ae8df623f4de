import type { Framework } from "../framework.ts";
import type { LinkedRoute } from "../link.ts";
import { isPythonGuard } from "../python/guards.ts";
import { chainUp, type ProjectClass, projectClasses, seenFrom } from "../python/project-classes.ts";
import { dottedName, pythonConstants, pythonValue } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";

export const TORNADO = "tornado";
// A handler spec: `(r"/story/([0-9]+)", StoryHandler)`, `url(r"/", MainHandler, name="home")`, `URLSpec(...)`;
// found in the text (the code has its strings blanked), its pattern a path.
const SPEC = /(?:\b(?:url|URLSpec)\s*)?\(\s*(?=[rRuU]?["']\^?\/)/g;
// The module hands its specs to the app itself: `tornado.web.Application(handlers, ...)`, `app.add_handlers(".*", [...])`.
const SERVES = /\bApplication\s*\(|\.\s*add_handlers\s*\(|\bwsgi\.WSGIApplication\s*\(/;
const VERBS = ["get", "post", "put", "patch", "delete", "head", "options"];

/**
 * Tornado: the handler specs a module lists (`(r"/story/([0-9]+)", StoryHandler)`, `url(...)`),
 * each pattern a path (`(?P<id>[^/]+)` and other groups a parameter, a final `(.*)` the rest). A
 * module that hands them to the app itself (`Application(handlers)`, `add_handlers`) serves them
 * at the root; lists other modules gather, often under a prefix the app computes (JupyterHub's
 * `add_url_prefix(self.hub_prefix, h)`), say their prefix is unknown. A route answers the methods
 * its handler class defines (tornadoMethods, after linking); its arguments (the third element) may
 * name its check.
 */
export const tornado: Framework = {
  id: TORNADO,
  name: "Tornado",
  languages: ["python"],
  hint: /\btornado\b/,
  scan(source) {
    const constants = pythonConstants(source);
    const found: Registration[] = [];
    const served = SERVES.test(source.code);
    for (const m of source.text.matchAll(SPEC)) {
      const open = m.index + m[0].lastIndexOf("(");
      const { args } = callArguments(source.code, open);
      if (args.length < 2) continue;
      const pattern = pythonValue(source, args[0]!, constants);
      const handler = dottedName(source.code, args[1]!);
      const path = pattern === undefined ? undefined : tornadoPath(pattern);
      if (path === undefined || !handler || !/^[A-Z]/.test(handler.split(".").at(-1)!)) continue;
      // The handler's arguments may carry its check (OctoPrint's `joined_dict(..., download_permission_validator)`).
      const guards = args[2] ? [...source.code.slice(args[2].start, args[2].end).matchAll(/[A-Za-z_][\w.]*/g)].map((n) => n[0].split(".").at(-1)!).filter(isPythonGuard) : [];
      found.push({ type: "route", framework: TORNADO, kind: "http", methods: ["ALL"], path, handler, guards: [...new Set(guards)], owner: "", line: source.lineAt(m.index), ...(served ? {} : { prefixUnknown: true }) });
    }
    return found;
  },
};

/** A Tornado pattern as a path: groups are parameters (`(?P<id>\d+)` -> `{id}`), a final `(.*)` the rest; undefined for what a path cannot say. */
export function tornadoPath(pattern: string): string | undefined {
  let n = 0;
  const group = String.raw`(?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*`;
  const path = pattern
    .replace(/^\^/, "")
    .replace(/\$$/, "")
    .replace(/\/\?$/, "")
    .replace(new RegExp(String.raw`\((?:\.\*|\.\+)\)$`), "*")
    .replace(new RegExp(String.raw`\(\?P<(\w+)>${group}\)`, "g"), (_, name: string) => `{${name}}`)
    .replace(new RegExp(String.raw`\((?!\?)${group}\)`, "g"), () => `{param${++n}}`)
    .replace(/\\([./-])/g, "$1");
  return path.startsWith("/") && !/[()[\]+?|^$\\]|\*(?!$)/.test(path) ? path : undefined;
}

/**
 * After linking: a Tornado route answers each method its handler class defines (`def get(self)`),
 * its own or one it inherits from a class of the project's, guarded by that method's decorators
 * named like a check (`@tornado.web.authenticated`). OPTIONS and HEAD count only where the class
 * itself defines them: a base's are its CORS preflight and the like, not a route of each handler.
 * A handler the project does not define keeps the route of every method.
 */
export function tornadoMethods(project: { listed: Iterable<string>; text(path: string): string | undefined } | undefined): <R extends LinkedRoute>(route: R) => R[] {
  const classes = projectClasses(project);
  return (route) => {
    if (route.framework !== TORNADO || route.method !== "ALL") return [route];
    const seen = seenFrom(classes(), route.file);
    const name = route.handler.split(".").at(-1)!;
    const chain = chainUp(seen, name, 8).flatMap((c) => seen.get(c) ?? []);
    if (!chain.length) return [route];
    const methods = VERBS.flatMap((verb) => {
      for (const cls of verb === "options" || verb === "head" ? chain.slice(0, 1) : chain) {
        const guards = definition(cls, verb);
        if (guards) return [{ verb, guards }];
      }
      return [];
    });
    return methods.length ? methods.map(({ verb, guards }) => ({ ...route, method: verb.toUpperCase(), guards: [...new Set([...route.guards, ...guards])] })) : [route];
  };
}

/** The guards of a method a class defines (the decorators above it named like a check), or undefined where it defines none. */
function definition(cls: ProjectClass, method: string): string[] | undefined {
  const m = new RegExp(String.raw`((?:^[ \t]+@[^\n]*\n)*)^[ \t]+(?:async[ \t]+)?def[ \t]+${method}[ \t]*\(`, "m").exec(cls.body);
  if (!m) return undefined;
  return [...m[1]!.matchAll(/@\s*([\w.]+)/g)].map((d) => d[1]!.split(".").at(-1)!).filter(isPythonGuard);
}
