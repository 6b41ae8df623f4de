/**
 * A struct that serves a handler its constructor was handed, under a prefix it strips first, as
 * gitness's routers do:
 *
 *     func NewAPIRouter(handler http.Handler) *APIRouter { return &APIRouter{handler: handler} }
 *
 *     func (r *APIRouter) Handle(w http.ResponseWriter, req *http.Request) {
 *         if err := StripPrefix(APIMount, req); err != nil { ... }
 *         r.handler.ServeHTTP(w, req)
 *     }
 *
 *     apiHandler := NewAPIHandler(config, ...)   // a function of the app's that makes a chi router
 *     routers[2] = NewAPIRouter(apiHandler)
 *
 * The router that function makes is served under the prefix. Read before linking: the method is
 * a router of its own that nothing mounts, so it serves at the root.
 */
import type { FileRoutes, Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { goImportFolders } from "./import-folders.ts";
import { packageConstantPlaceholder } from "./package-constants.ts";
import { type GoFile, goFileReader } from "./source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Made = { name: string; framework: string };

// `StripPrefix(APIMount, req)`, `http.StripPrefix("/api", ...)`: the prefix, a literal or a constant.
const STRIP = /\b(?:[A-Za-z_]\w*\s*\.\s*)?StripPrefix\s*\(\s*("[^"]*"|[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)?)\s*,/;
// A router a function makes: `app/router::NewAPIHandler@141`.
const MADE_IN = /^(.*::[A-Za-z_]\w*)@\d+$/;

export function withStrippingHandlers(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  const result = new Map(files);
  if (!project) return result;
  const madeIn = new Map<string, Made[]>();
  for (const routes of files.values()) {
    for (const r of routes.registrations) {
      if (r.type !== "router") continue;
      const fn = MADE_IN.exec(r.name)?.[1];
      if (fn) madeIn.set(fn, [...(madeIn.get(fn) ?? []), { name: r.name, framework: r.framework }]);
    }
  }
  if (!madeIn.size) return result;
  const listed = [...project.listed].filter((p) => p.endsWith(".go") && !p.endsWith("_test.go"));
  const parse = goFileReader(project);
  let folderOf: ((importPath: string) => string | undefined) | undefined;
  const folder = (file: GoFile, pkg: string | undefined) => (pkg ? (folderOf ??= goImportFolders([...project.listed], project))(file.imports.get(pkg) ?? "") : file.scope);

  for (const path of listed) {
    const text = project.text(path);
    if (!text?.includes("ServeHTTP") || !text.includes("StripPrefix")) continue;
    const { source, file } = parse(path)!;
    const found: Registration[] = [];
    for (const fn of file.functions) {
      if (!fn.receiver || fn.params.length !== 2 || !/ResponseWriter$/.test(fn.params[0]!.type) || !/\*\s*http\.Request$/.test(fn.params[1]!.type)) continue;
      const body = source.code.slice(fn.body.start, fn.body.end);
      const served = new RegExp(String.raw`\b${fn.receiver.name}\s*\.\s*(\w+)\s*\.\s*ServeHTTP\s*\(`).exec(body);
      const stripped = STRIP.exec(body);
      if (!served || !stripped || stripped.index > served.index) continue;
      const prefix = prefixValue(source, file, fn.body.start + stripped.index + stripped[0].indexOf(stripped[1]!), stripped[1]!);
      const type = fn.receiver.type.replace(/^\*\s*/, "");
      const child = handedRouter(type, served[1]!, file.scope);
      if (prefix === undefined || !child) continue;
      const owner = `${file.scope}::${type}.${fn.name}`;
      found.push(
        { type: "router", framework: child.framework, name: owner, prefix: "", guards: [], line: source.lineAt(fn.start) },
        { type: "use", framework: child.framework, owner, prefix, args: [child.name], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(fn.body.start + served.index) },
      );
    }
    if (!found.length) continue;
    const known = result.get(path);
    result.set(path, { registrations: [...(known?.registrations ?? []), ...found], bindings: known?.bindings ?? [] });
  }
  return result;

  /** The router a struct's field holds: what its constructor's call sites hand it, made by a function of the app's. */
  function handedRouter(type: string, field: string, scope: string): Made | undefined {
    const constructor = constructorOf(type, field, scope);
    if (!constructor) return undefined;
    const found = new Set<Made>();
    const call = new RegExp(String.raw`(?<![\w.])(?:([A-Za-z_]\w*)\s*\.\s*)?${constructor.name}\s*\(`, "g");
    for (const path of listed) {
      if (!project!.text(path)?.includes(`${constructor.name}(`)) continue;
      const { source, file } = parse(path)!;
      for (const m of source.code.matchAll(call)) {
        if (m[1] ? folder(file, m[1]) !== scope : file.scope !== scope) continue;
        const arg = callArguments(source.code, m.index + m[0].length - 1).args[constructor.param];
        const made = arg && madeBy(source, file, source.code.slice(arg.start, arg.end).trim(), m.index);
        for (const router of made ?? []) found.add(router);
      }
    }
    return found.size === 1 ? [...found][0] : undefined;
  }

  /** The function of the package that sets the field from one of its parameters (`return &APIRouter{handler: handler}`), and which. */
  function constructorOf(type: string, field: string, scope: string): { name: string; param: number } | undefined {
    const literal = new RegExp(String.raw`\b${type}\s*\{[^{}]*?\b${field}\s*:\s*([A-Za-z_]\w*)`);
    for (const path of listed) {
      if (path.slice(0, Math.max(0, path.lastIndexOf("/"))) !== scope || !project!.text(path)?.includes(type)) continue;
      const { source, file } = parse(path)!;
      for (const fn of file.functions) {
        if (fn.receiver) continue;
        const set = literal.exec(source.code.slice(fn.body.start, fn.body.end))?.[1];
        const param = set === undefined ? -1 : fn.params.findIndex((p) => p.name === set);
        if (param !== -1) return { name: fn.name, param };
      }
    }
    return undefined;
  }

  /** The routers a function of the app's makes, for a call of it or a variable assigned one before `at`. */
  function madeBy(source: RouteSource, file: GoFile, value: string, at: number): Made[] | undefined {
    const direct = /^(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*\(/.exec(value);
    let call = direct;
    if (!call && /^[A-Za-z_]\w*$/.test(value)) {
      const assigned = [...source.code.slice(0, at).matchAll(new RegExp(String.raw`\b${value}\s*:?=\s*(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*\(`, "g"))].at(-1);
      call = assigned ?? null;
    }
    if (!call) return undefined;
    return madeIn.get(`${folder(file, call[1])}::${call[2]}`);
  }
}

/** A stripped prefix: a literal, a constant of the file, or a placeholder for one of the package or another (go/package-constants.ts). */
function prefixValue(source: RouteSource, file: GoFile, at: number, written: string): string | undefined {
  if (written.startsWith('"')) return source.stringAt(at)?.value;
  const [pkg, name] = written.includes(".") ? written.split(/\s*\.\s*/) : [undefined, written];
  if (!pkg) return file.constants.get(name!) ?? packageConstantPlaceholder(name!, { dir: file.scope });
  const importPath = file.imports.get(pkg);
  return importPath ? packageConstantPlaceholder(name!, { importPath }) : undefined;
}
