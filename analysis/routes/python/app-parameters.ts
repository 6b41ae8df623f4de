import { type Definition, parameterNames } from "./definitions.ts";
import type { Registration } from "../registration.ts";
import { lineStart, type RouteSource } from "../source.ts";

/**
 * The app a function receives to register on (`def load_blueprints(app): ...
 * app.register_blueprint(auth, url_prefix=...)`, FastAPI's `def configure_routes(app): ...
 * app.include_router(api, prefix="/api")`, a plugin hook or an app factory's helper): a router
 * of its own here, so that what is mounted on it takes its prefix.
 */
export function appParameters(source: RouteSource, definitions: readonly Definition[], registrations: readonly Registration[], framework: string): Registration[] {
  const routers = new Set(registrations.flatMap((r) => (r.type === "router" ? [r.name] : [])));
  const found = new Map<string, Registration>();
  for (const r of registrations) {
    if (r.type !== "use" || routers.has(r.owner) || found.has(r.owner)) continue;
    const at = lineStart(source.code, r.line);
    const def = definitions.filter((d) => d.kind === "def" && d.start <= at && at < d.end).at(-1);
    if (def && parameterNames(source.code, def).includes(r.owner)) {
      found.set(r.owner, { type: "router", framework, name: r.owner, prefix: "", guards: [], line: def.line });
      // The function stands for the app it is handed: a call handing it one (`ee.extend_main(app)`) mounts what it registers there.
      if (!routers.has(def.name) && !found.has(def.name)) found.set(def.name, { type: "router", framework, name: def.name, prefix: "", guards: [], aliasOf: r.owner, line: def.line });
    }
  }
  return [...found.values()];
}

/**
 * A function handed a blueprint to register rules on (CKAN's `def register_dataset_plugin_rules(blueprint):
 * blueprint.add_url_rule("/new", ...)`, then `register_dataset_plugin_rules(dataset)`): its rules hang on a
 * router named after the function, mounted on each blueprint a call of the module hands it. Rewrites the
 * owner of such routes in place; returns the routers and mounts to add.
 */
export function handedBlueprints(source: RouteSource, definitions: readonly Definition[], registrations: Registration[], framework: string): Registration[] {
  const routers = new Set(registrations.flatMap((r) => (r.type === "router" ? [r.name] : [])));
  const functions = new Map<string, Definition>();
  registrations.forEach((r, i) => {
    if (r.type !== "route" || routers.has(r.owner)) return;
    const at = lineStart(source.code, r.line);
    const def = definitions.filter((d) => d.kind === "def" && d.start <= at && at < d.end).at(-1);
    if (!def || !parameterNames(source.code, def).includes(r.owner)) return;
    functions.set(def.name, def);
    registrations[i] = { ...r, owner: def.name };
  });
  const found: Registration[] = [...functions.values()].map((def) => ({ type: "router", framework, name: def.name, prefix: "", guards: [], mountedOnly: true, line: def.line }));
  for (const [name] of functions) {
    for (const m of source.code.matchAll(new RegExp(String.raw`^[ \t]*${name}[ \t]*\([ \t]*([A-Za-z_]\w*)[ \t]*\)`, "gm"))) {
      if (routers.has(m[1]!)) found.push({ type: "use", framework, owner: m[1]!, prefix: "", args: [name], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
  }
  return found;
}
