/**
 * Symfony routes declared in YAML rather than on controllers: `config/routes.yaml`,
 * `config/routes/*.yaml` and Symfony 2-3's `app/config/routing.yml`, where an entry with a
 * `path` is a route (`methods`, and `controller` or `defaults._controller` for its handler). A
 * localized path (`path: { en: /about, fr: /a-propos }`) serves each. Imports (`resource:`)
 * are the annotated controllers' routes or a bundle's, read elsewhere or not at all. Guards
 * come from security.yaml's access_control after linking, as for the controllers' routes.
 */
import { parse as parseYaml } from "yaml";
import type { Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const ROUTE_FILES = /(?:^|\/)(?:config\/routes(?:\/[\w.-]+)?\.ya?ml|app\/config\/routing\.ya?ml)$/;
const ROUTER = "yaml-routes";

/** The routes of each YAML route file of a Symfony project, as its registrations. */
export function symfonyYamlRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const found: { file: string; registrations: Registration[] }[] = [];
  for (const file of project?.listed ?? []) {
    // Routes only for development (`config/routes/dev/`, `routing_dev.yml`) are not served.
    if (!ROUTE_FILES.test(file) || /(?:^|\/)dev\/|_dev\./.test(file)) continue;
    const text = project!.text(file) ?? "";
    let entries: unknown;
    try {
      entries = parseYaml(text);
    } catch {
      continue; // not YAML a route file could be: nothing to read
    }
    if (!entries || typeof entries !== "object") continue;
    const registrations: Registration[] = [];
    for (const [name, entry] of Object.entries(entries as Record<string, unknown>)) {
      if (!entry || typeof entry !== "object") continue;
      const { path, methods, controller, defaults } = entry as Record<string, unknown>;
      const paths = typeof path === "string" ? [path] : path && typeof path === "object" ? Object.values(path).filter((p): p is string => typeof p === "string") : [];
      if (!paths.length) continue;
      const verbs = (typeof methods === "string" ? methods.split("|") : Array.isArray(methods) ? methods.map(String) : []).map((m) => m.trim().toUpperCase()).filter(Boolean);
      const action = typeof controller === "string" ? controller : defaults && typeof defaults === "object" && typeof (defaults as Record<string, unknown>)._controller === "string" ? (defaults as Record<string, string>)._controller : undefined;
      const line = lineOf(text, name);
      for (const p of new Set(paths)) {
        registrations.push({ type: "route", framework: "symfony", kind: "http", methods: verbs.length ? verbs : ["ALL"], path: p, handler: action ?? name, guards: [], owner: ROUTER, line });
      }
    }
    if (registrations.length) found.push({ file, registrations: [{ type: "router", framework: "symfony", name: ROUTER, prefix: "", guards: [], line: 1 }, ...registrations] });
  }
  return found;
}

/** The line of a top-level key. */
function lineOf(text: string, key: string): number {
  const at = text.search(new RegExp(`^["']?${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']?\\s*:`, "m"));
  return at === -1 ? 1 : text.slice(0, at).split("\n").length;
}
