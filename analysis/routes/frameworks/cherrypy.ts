import type { Framework } from "../framework.ts";
import { classAttribute, type Definition, members, pythonDefinitions } from "../python/definitions.ts";
import { decoratorGuards } from "../python/guards.ts";
import { pythonConstants, pythonValue } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "cherrypy";
const OWN_MODULES = /(?:^|\/)cherrypy\//;
// The app's root object mounted at a path: `cherrypy.tree.mount(WebInterface(), "/", config=conf)`, `cherrypy.quickstart(Root())`.
const MOUNT = /\bcherrypy\s*\.\s*(?:tree\s*\.\s*mount|quickstart|Application)\s*\(/g;
// A page handler: `@cherrypy.expose`, or `@expose` imported from cherrypy.
const EXPOSED = /^(?:cherrypy\.)?expose$/;
// An object the class hands a path segment to: `auth = AuthController()` in its body, `self.api = Api()` in `__init__`.
const CHILD = /^[ \t]*(?:self\s*\.\s*)?([a-z_]\w*)\s*=\s*([A-Z]\w*)\s*\(/gm;

/**
 * CherryPy's default dispatcher: an object tree. A class's exposed methods (`@cherrypy.expose`, or
 * every public method of a class saying `exposed = True`) are served at their names under the
 * class's path, `index` at the path itself and `default` below it (the rest of the path); an
 * attribute holding another object (`auth = AuthController()`) serves that object under its name.
 * Each class is a router served where it is mounted: `cherrypy.tree.mount(Root(), "/app")`, or
 * `quickstart`, at the root. A mount path the code computes (a setting) leaves the prefix unknown.
 * A handler answers every method unless `@cherrypy.tools.allow(methods=[...])` limits it; its
 * guard decorators (`@requireAuth()`) guard it.
 */
export const cherrypy: Framework = {
  id: FRAMEWORK,
  name: "CherryPy",
  languages: ["python"],
  hint: /\bcherrypy\b/,
  scan(source) {
    // CherryPy's own modules, kept in the tree (a `lib/cherrypy/` the app puts on its path): their tutorials and tools are not the app.
    if (OWN_MODULES.test(source.path)) return [];
    const definitions = pythonDefinitions(source);
    const constants = pythonConstants(source);
    const found: Registration[] = [];
    const exposing = exposingDecorators(source, definitions);
    for (const cls of definitions.filter((d) => d.kind === "class" && d.indent === 0)) found.push(...objectRouter(source, definitions, cls, exposing));
    for (const m of source.code.matchAll(MOUNT)) {
      const { args } = callArguments(source.code, m.index + m[0].length - 1);
      const rootWritten = args[0] ? source.code.slice(args[0].start, args[0].end) : "";
      // The root object made in place (`Root()`), or made before into a variable (`main_page = sabnzbd.interface.MainPage()`).
      const variable = /^\s*([a-z_]\w*)\s*$/.exec(rootWritten)?.[1];
      const made = variable ? [...source.code.slice(0, m.index).matchAll(new RegExp(String.raw`^[ \t]*${variable}[ \t]*=[ \t]*([A-Za-z_][\w.]*)[ \t]*\(`, "gm"))].at(-1)?.[1] : undefined;
      const root = /^\s*([A-Z][\w.]*)\s*\(/.exec(rootWritten)?.[1] ?? (made && /(?:^|\.)[A-Z]\w*$/.test(made) ? made : undefined);
      if (!root) continue;
      const written = args[1] ? source.code.slice(args[1].start, args[1].end).trim() : "";
      const path = args[1] && !/^\w+\s*=/.test(written) ? pythonValue(source, args[1], constants) : "";
      const line = source.lineAt(m.index);
      const name = `cherrypy mount@${line}`;
      found.push({ type: "router", framework: FRAMEWORK, name, prefix: "", guards: [], line });
      found.push({ type: "use", framework: FRAMEWORK, owner: name, prefix: path ?? "", args: [root], specifiers: [], guards: [], mountOnly: true, line, ...(path === undefined ? { prefixUnknown: true } : {}) });
    }
    return found;
  },
};

// A handler named for a file (`robots_txt`, `description_xml`): the name with a dot before its extension.
const FILE_NAME = /_(txt|xml|json|html?|ico|css|js|rss|atom|csv|svg|png|webmanifest)$/;

/** A class as a router served where mounted: its exposed methods, and the objects its attributes hold under their names. */
function objectRouter(source: RouteSource, definitions: readonly Definition[], cls: Definition, exposing: ReadonlySet<string>): Registration[] {
  const { code } = source;
  const methods = members(definitions, cls).filter((d) => d.kind === "def");
  const exposed = classAttribute(source, definitions, cls, "exposed");
  const allExposed = !!exposed && code.slice(exposed.start, exposed.end).trim() === "True";
  const handlers = methods.filter((d) => d.decorators.some((x) => EXPOSED.test(x.name) || exposing.has(x.name)) || (allExposed && !d.name.startsWith("_")));
  const children = [...code.slice(cls.start, cls.end).matchAll(CHILD)];
  if (!handlers.length && !children.length) return [];
  const line = cls.line;
  const found: Registration[] = [{ type: "router", framework: FRAMEWORK, name: cls.name, prefix: "", guards: [], mountedOnly: true, line }];
  for (const h of handlers) {
    // The dispatcher looks a segment up with its dots as underscores: `robots_txt` serves `/robots.txt`.
    const path = h.name === "index" ? "" : h.name === "default" ? "/*" : `/${h.name.replace(FILE_NAME, ".$1")}`;
    found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: allowed(source.text, h), path, handler: `${cls.name}.${h.name}`, guards: decoratorGuards(code, h.decorators), owner: cls.name, line: h.line });
  }
  for (const m of children) {
    found.push({ type: "use", framework: FRAMEWORK, owner: cls.name, prefix: `/${m[1]}`, args: [m[2]!], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(cls.start + m.index) });
  }
  return found;
}

/**
 * The module's decorators that expose what they wrap, besides what they check (sabnzbd's
 * `secured_expose`, whose body sets `wrap_func.exposed = True`, or one calling `cherrypy.expose(...)`).
 */
function exposingDecorators(source: RouteSource, definitions: readonly Definition[]): Set<string> {
  return new Set(definitions.filter((d) => d.kind === "def" && d.indent === 0 && /\.\s*exposed\s*=\s*True\b|\bcherrypy\s*\.\s*expose\s*\(/.test(source.code.slice(d.start, d.end))).map((d) => d.name));
}

/** The methods `@cherrypy.tools.allow(methods=['POST'])` lets through; every method without it. */
function allowed(text: string, handler: Definition): string[] {
  const allow = handler.decorators.find((d) => /(?:^|\.)tools\.allow$/.test(d.name));
  const list = allow?.args?.keywords.get("methods") ?? allow?.args?.positional[0];
  const methods = list ? [...text.slice(list.start, list.end).matchAll(/["'](\w+)["']/g)].map((m) => m[1]!.toUpperCase()).filter((m) => m !== "HEAD") : [];
  return methods.length ? methods : ["ALL"];
}
