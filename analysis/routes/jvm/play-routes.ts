/**
 * Play Framework's routes files: `conf/routes` lists each route as a line, `GET /clusters/:c
 * controllers.Cluster.cluster(c: String)`, whatever language the controllers are written in
 * (Scala, which the tool does not read, or Java). `:c` is a parameter, `*file` the rest of the
 * path, `$id<[0-9]+>` a parameter with its pattern; `-> /api api.Routes` includes the routes of
 * conf/api.routes under /api. Play's `Assets` controller serving a folder is no route of the app.
 * The guards Play's actions and filters make are in the controllers' code, not read here.
 */
import type { Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const ROUTER = "(play routes)";
const ROUTES_FILE = /(^|\/)conf\/(?:routes|[\w.-]+\.routes)$/;
// `GET   /clusters/:c   controllers.Cluster.cluster(c:String)`, a modifier line (`+ nocsrf`) aside.
const ROUTE = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|\*)\s+(\/\S*)\s+(\S.*?)\s*$/;
const INCLUDE = /^->\s+(\/\S*)\s+([\w.]+)\s*$/;
const ASSETS = /^(?:controllers\.)?Assets\.(?:at|versioned)\b/;

export function playRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const files = [...(project?.listed ?? [])].filter((f) => ROUTES_FILE.test(f) && !/(^|\/)(?:test|tests|samples?|examples?)\//.test(f));
  if (!files.length) return [];
  // The files another includes (`-> /api api.Routes` reads conf/api.routes) are served under its path only.
  const included = new Set<string>();
  const routesOf = (file: string, prefix: string, depth: number): Registration[] => {
    const lines = (project!.text(file) ?? "").split("\n");
    const found: Registration[] = [];
    lines.forEach((raw, i) => {
      const line = raw.replace(/(^|\s)#.*$/, "").trim();
      const include = INCLUDE.exec(line);
      if (include) {
        const target = `${file.slice(0, file.lastIndexOf("/") + 1)}${include[2]!.replace(/\.Routes$/, "").replace(/^.*\./, "")}.routes`;
        if (depth < 4 && files.includes(target)) {
          included.add(target);
          found.push(...routesOf(target, join(prefix, include[1]!), depth + 1).map((r) => (r.type === "route" ? { ...r, line: i + 1 } : r)));
        }
        return;
      }
      const m = ROUTE.exec(line);
      if (!m || ASSETS.test(m[3]!)) return;
      const handler = m[3]!.replace(/\s*\(.*$/, "");
      found.push({ type: "route", framework: "play", kind: "http", methods: [m[1] === "*" ? "ALL" : m[1]!], path: join(prefix, playPath(m[2]!)), handler, guards: [], owner: ROUTER, line: i + 1 });
    });
    return found;
  };
  const read = files.map((file) => ({ file, registrations: routesOf(file, "", 0) }));
  return read
    .filter(({ file, registrations }) => !included.has(file) && registrations.length)
    .map(({ file, registrations }) => ({ file, registrations: [{ type: "router", framework: "play", name: ROUTER, prefix: "", guards: [], line: 1 }, ...registrations] }));
}

/** A Play path as a route path: `:c` is `{c}`, `*file` the rest, `$id<[0-9]+>` `{id}`. */
function playPath(path: string): string {
  return path.split("/").map((segment) => (segment.startsWith(":") ? `{${segment.slice(1)}}` : segment.startsWith("*") ? "*" : segment.replace(/^\$(\w+)<.*>$/, "{$1}"))).join("/");
}

const join = (prefix: string, path: string): string => (`${prefix.replace(/\/$/, "")}/${path.replace(/^\//, "")}`.replace(/\/$/, "") || "/");
