/**
 * A Go handler registered for every method that upgrades the connection to a WebSocket
 * (`r.upgrader.Upgrade(w, req, nil)` with gorilla/websocket, `websocket.Accept(w, r, opts)` with
 * nhooyr's or coder's): a client opens it with a GET, so the route is a GET. Only a handler every
 * definition of whose name does so, in a file that imports such a library, counts.
 */
import type { ContractProject } from "../contracts/mod.ts";
import { functionDefinitions } from "../function-bodies.ts";
import type { LinkedRoute } from "../link.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const WEBSOCKET_IMPORT = /"(?:github\.com\/gorilla\/websocket|nhooyr\.io\/websocket|github\.com\/coder\/websocket)"/;
const UPGRADES = /\.\s*Upgrade\s*\(\s*\w+\s*,\s*\w+\s*[,)]|\bwebsocket\s*\.\s*Accept\s*\(\s*\w+\s*,\s*\w+\s*[,)]/;

export function goWebSocketHandlers(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const definitions = functionDefinitions(project, "go");
  const judged = new Map<string, boolean>();
  const upgrades = (name: string) => {
    let found = judged.get(name);
    if (found === undefined) {
      const defined = definitions(name);
      found = defined.length > 0 && defined.every((d) => UPGRADES.test(d.body) && WEBSOCKET_IMPORT.test(project?.text(d.file) ?? ""));
      judged.set(name, found);
    }
    return found;
  };
  return (route) => {
    if (route.method !== "ALL" || route.kind !== "http" || !route.file.endsWith(".go")) return route;
    const name = /(?:^|\.)([A-Za-z_]\w*)$/.exec(route.handler)?.[1];
    return name && upgrades(name) ? { ...route, method: "GET" } : route;
  };
}
