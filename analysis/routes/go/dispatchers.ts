/**
 * A hand-written dispatcher: a struct's `ServeHTTP` that hands each request to one of its fields
 * by the path, as Portainer's does:
 *
 *     case strings.HasPrefix(r.URL.Path, "/api/auth"):
 *         http.StripPrefix("/api", h.AuthHandler).ServeHTTP(w, r)
 *
 * A field whose type embeds a router (`AuthHandler *auth.Handler`, with `type Handler struct {
 * *mux.Router }` in package auth, its routes registered on the struct) serves that router's
 * routes under the prefix stripped, or at their own paths when nothing is stripped
 * (`h.EdgeHandler.ServeHTTP(w, r)`). Read before linking: the dispatcher's own router, which
 * nothing mounts, serves at the root.
 */
import { go } from "../../languages/go.ts";
import { closing } from "../../languages/curly.ts";
import { strip } from "../../languages/strip.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { goImportFolders } from "./import-folders.ts";
import { goFile } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const SERVE_HTTP = /\bfunc\s*\(\s*(\w+)\s+\*?(\w+)\s*\)\s*ServeHTTP\s*\([^)]*\)\s*\{/g;

export function withServeHTTPDispatchers(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  const result = new Map(files);
  if (!project) return result;
  // The routers struct types embed, by `folder::Type`: their alias's name and framework.
  const embedded = new Map<string, { name: string; framework: string }>();
  for (const routes of files.values()) {
    for (const r of routes.registrations) {
      if (r.type === "router" && r.embedded) embedded.set(r.name.slice(0, r.name.lastIndexOf(".")), { name: r.name, framework: r.framework });
    }
  }
  if (!embedded.size) return result;
  const listed = [...project.listed];
  const folderOf = goImportFolders(listed, project);
  for (const path of listed) {
    if (!path.endsWith(".go") || path.endsWith("_test.go")) continue;
    const text = project.text(path);
    if (!text?.includes("ServeHTTP")) continue;
    const source = { ...strip(text, go.syntax), path, text };
    const file = goFile(source);
    const found: Registration[] = [];
    for (const m of source.code.matchAll(SERVE_HTTP)) {
      const [, receiver, type] = m as unknown as [string, string, string];
      const open = m.index + m[0].length - 1;
      const body = { start: open, end: closing(source.code, open) };
      const calls = new RegExp(String.raw`(?:\bhttp\s*\.\s*StripPrefix\s*\(\s*("[^"]*")\s*,\s*${receiver}\s*\.\s*(\w+)\s*\)|\b${receiver}\s*\.\s*(\w+))\s*\.\s*ServeHTTP\s*\(`, "g");
      for (const call of source.code.slice(body.start, body.end).matchAll(calls)) {
        const at = body.start + call.index;
        const prefix = call[1] ? source.stringAt(at + call[0].indexOf(call[1]))?.value : "";
        const field = call[2] ?? call[3]!;
        const typed = /^\*?(?:([A-Za-z_]\w*)\.)?([A-Za-z_]\w*)$/.exec(file.fields.get(`${type}.${field}`) ?? "");
        if (!typed || prefix === undefined) continue;
        const folder = typed[1] ? folderOf(file.imports.get(typed[1]) ?? "") : file.scope;
        const child = folder === undefined ? undefined : embedded.get(`${folder}::${typed[2]}`);
        if (!child) continue;
        const owner = `${file.scope}::${type}.ServeHTTP`;
        if (!found.some((r) => r.type === "router" && r.name === owner && r.framework === child.framework)) {
          found.push({ type: "router", framework: child.framework, name: owner, prefix: "", guards: [], line: source.lineAt(m.index) });
        }
        found.push({ type: "use", framework: child.framework, owner, prefix, args: [child.name], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(at) });
      }
    }
    if (!found.length) continue;
    const known = result.get(path);
    result.set(path, { registrations: [...(known?.registrations ?? []), ...found], bindings: known?.bindings ?? [] });
  }
  return result;
}
