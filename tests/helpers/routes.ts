import { analyze } from "../../analysis/mod.ts";
import { fixtureRepo } from "./repo.ts";

/** Every route of a fixture as one line: `METHOD /path file:line handler [guards]`, in report order. */
export function routeLines(fixture: string, kind?: string): string[] {
  return analyze(fixtureRepo(fixture)).routes.items
    .filter((r) => !kind || r.kind === kind)
    .map((r) =>
      `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`
    );
}

/** Every route of a repository as `METHOD /path [guards]` (the guards only when there are some), in report order. */
export function guardedRoutes(root: string): string[] {
  return analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);
}
