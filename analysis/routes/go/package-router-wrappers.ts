/**
 * A Go package's own router type wrapping a framework's in a field, declared in one file and used
 * in the others, as Supabase Auth gives chi its own handler signature:
 *
 *     type router struct{ chi chi.Router }                       // router.go
 *     func newRouter() *router { return &router{chi.NewRouter()} }
 *     func (r *router) Get(pattern string, fn apiHandler) { r.chi.Get(pattern, handler(fn)) }
 *
 *     r := newRouter()                                           // api.go
 *     r.With(api.requireAuthentication).Route("/user", func(r *router) { r.Get("/", api.UserGet) })
 *
 * The scanners read one file at a time, so the file using the wrapper does not know it is one;
 * this pass finds each such type (a struct whose one field is a framework's router, with verb
 * methods forwarding to it) and reads the other files of its package again with the type and its
 * constructors known, as the project's router (frameworks/go-project-router.ts).
 */
import { go } from "../../languages/go.ts";
import { strip } from "../../languages/strip.ts";
import { dirOf } from "../../project.ts";
import { scanWithPackageRouter } from "../frameworks/go-project-router.ts";
import type { FileRoutes } from "../registration.ts";
import { ROUTER_OWNERS } from "./router-packages.ts";
import { goFile } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// `type router struct { chi chi.Router }`: one named field of a framework's router type.
const WRAPPER = /\btype\s+([A-Za-z_]\w*)\s+struct\s*\{\s*[A-Za-z_]\w*\s+\*?([A-Za-z_]\w*)\.(Router|Mux|Engine|Echo|Group|RouterGroup|IRouter|App)\s*;?\s*\}/g;
const FRAMEWORK_IMPORT = new RegExp(String.raw`^github\.com\/(?:${ROUTER_OWNERS})\/`);

export function withPackageRouterWrappers(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  if (!project) return files;
  const listed = [...project.listed].filter((p) => p.endsWith(".go") && !p.endsWith("_test.go"));
  const wrappers = new Map<string, { types: Set<string>; constructors: Set<string>; file: string }>();
  for (const path of listed) {
    const text = project.text(path);
    // Most Go files declare no such struct: the raw text tells before the file is parsed.
    if (!text || !text.includes("func (") || !new RegExp(WRAPPER.source).test(text)) continue;
    const source = { ...strip(text, go.syntax), path, text };
    const file = goFile(source);
    for (const m of source.code.matchAll(WRAPPER)) {
      const [, type, alias] = m as unknown as [string, string, string];
      const imported = file.imports.get(alias) ?? "";
      if (!FRAMEWORK_IMPORT.test(imported)) continue;
      // Its verb methods forward to the router it holds: at least two of Get, Post, Put, Patch, Delete.
      const verbs = file.functions.filter((f) => f.receiver?.type.replace(/^\*/, "") === type && /^(?:Get|Post|Put|Patch|Delete|GET|POST|PUT|PATCH|DELETE)$/.test(f.name));
      if (verbs.length < 2) continue;
      const returnsIt = new RegExp(String.raw`\breturn\s*&?${type}\s*\{`);
      const constructors = file.functions.filter((f) => !f.receiver && returnsIt.test(source.code.slice(f.body.start, f.body.end))).map((f) => f.name);
      const folder = dirOf(path);
      const known = wrappers.get(folder) ?? { types: new Set<string>(), constructors: new Set<string>(), file: path };
      known.types.add(type);
      for (const c of constructors) known.constructors.add(c);
      wrappers.set(folder, known);
    }
  }
  if (!wrappers.size) return files;
  const result = new Map(files);
  for (const path of listed) {
    const local = wrappers.get(dirOf(path));
    if (!local || path === local.file) continue;
    const text = project.text(path) ?? "";
    if (![...local.types, ...local.constructors].some((name) => text.includes(name))) continue;
    const registrations = scanWithPackageRouter({ ...strip(text, go.syntax), path, text }, local);
    if (!registrations.some((r) => r.type === "route")) continue;
    const own = result.get(path);
    // The file's reading as the project's router, now with the wrapper known, replaces the one without it.
    result.set(path, { ...own, registrations: [...(own?.registrations ?? []).filter((r) => !("framework" in r) || r.framework !== "go-router"), ...registrations], bindings: own?.bindings ?? [] });
  }
  return result;
}
