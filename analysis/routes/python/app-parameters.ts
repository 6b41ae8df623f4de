import type { Definition } from "./definitions.ts";
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
    if (def?.params.some((p) => source.code.slice(p.start, p.end).trim().split(/[\s:=]/)[0] === r.owner)) {
      found.set(r.owner, { type: "router", framework, name: r.owner, prefix: "", guards: [], line: def.line });
    }
  }
  return [...found.values()];
}
