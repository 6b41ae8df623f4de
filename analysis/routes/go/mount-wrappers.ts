/**
 * A function of the app's that mounts the handler it is handed under the path it is handed, as
 * navidrome mounts each of its APIs:
 *
 *     func (s *Server) MountRouter(description, urlPath string, subRouter http.Handler) {
 *         s.router.Group(func(r chi.Router) { r.Mount(urlPath, subRouter) })
 *     }
 *
 *     a.MountRouter("Native API", consts.URLPathNativeAPI, CreateNativeAPIRouter(ctx))   // cmd/root.go
 *
 * The walk of the wrapper's file records it (a router registration's `mountWrapper`); its calls
 * are in other files, often of a package that imports no router at all, so they are read here,
 * before linking: each is a mount of the router the handed function makes (following functions
 * that return what another returns, as wire's generated `CreateNativeAPIRouter` returns
 * `nativeapi.New(...)`) on the wrapper's router, under the path the call gives. Read before the
 * settings that switch registrations off are decided, as a call may be made only under one.
 */
import { dirOf } from "../../project.ts";
import type { FileRoutes, Registration, RouterRegistration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { goContext } from "./context.ts";
import { goImportFolders } from "./import-folders.ts";
import { GoOutput } from "./output.ts";
import { type GoFile, goFileReader } from "./source.ts";
import { withSwitches } from "./switched-blocks.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
type Wrapper = { scope: string; name: string; method: boolean; framework: string; mounts: NonNullable<RouterRegistration["mountWrapper"]> };

// A call of a function of a package's, or of a value's method: `pkg.F(`, `F(`, `a.F(`.
const CALLED = /^\s*(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*\(/;

export function withMountWrappers(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  if (!project) return files;
  const wrappers: Wrapper[] = [];
  // Every router name the walks gave, with its framework: what a handed function's chain of returns ends at.
  const routers = new Set<string>();
  for (const routes of files.values()) {
    for (const r of routes.registrations) {
      if (r.type !== "router") continue;
      routers.add(`${r.framework} ${r.name}`);
      if (!r.mountWrapper) continue;
      const [scope, qualified] = r.name.split("::") as [string, string];
      wrappers.push({ scope, name: qualified.slice(qualified.lastIndexOf(".") + 1), method: qualified.includes("."), framework: r.framework, mounts: r.mountWrapper });
    }
  }
  if (!wrappers.length) return files;
  const listed = [...project.listed].filter((p) => p.endsWith(".go") && !p.endsWith("_test.go"));
  const parse = goFileReader(project);
  const folderOf = goImportFolders(listed.concat([...project.listed].filter((p) => p.endsWith("go.mod"))), project);
  // The package a call names: the folder of the one it imports as `pkg`, or its own.
  const packageOf = (file: GoFile, pkg: string | undefined) => (pkg ? folderOf(file.imports.get(pkg) ?? "") : file.scope);

  const result = new Map(files);
  for (const path of listed) {
    const text = project.text(path) ?? "";
    const called = wrappers.filter((w) => text.includes(`${w.name}(`));
    if (!called.length) continue;
    const { source, file } = parse(path)!;
    const found: Registration[] = [];
    for (const wrapper of called) {
      for (const m of source.code.matchAll(new RegExp(String.raw`(?<![\w])(?:([A-Za-z_]\w*)\s*\.\s*)?${wrapper.name}\s*\(`, "g"))) {
        // A method is called on any value (its type is not read); a function by its package's name, or in its own.
        if (wrapper.method ? !m[1] : packageOf(file, m[1]) !== wrapper.scope) continue;
        if (/\bfunc\s*(?:\([^()]*\)\s*)?$/.test(source.code.slice(Math.max(0, m.index - 80), m.index))) continue;
        const { args } = callArguments(source.code, m.index + m[0].length - 1);
        const handed = args[wrapper.mounts.child];
        const child = handed && made(wrapper.framework, file, source.code.slice(handed.start, handed.end));
        const prefix = child && prefixOf(source, file, args, wrapper.mounts.prefix);
        if (!child || !prefix) continue;
        found.push({ type: "use", framework: wrapper.framework, owner: wrapper.mounts.owner, prefix: prefix.path, args: [child], specifiers: [], guards: wrapper.mounts.guards, mountOnly: true, line: source.lineAt(m.index), ...(prefix.prefixUnknown ? { prefixUnknown: true } : {}) });
      }
    }
    if (!found.length) continue;
    const known = result.get(path);
    // Called only when a setting is on (`if conf.Server.Jellyfin.Enabled { a.MountRouter(...) }`): decided next (common/switched-off.ts).
    result.set(path, { ...known, registrations: [...(known?.registrations ?? []), ...withSwitches(source, found)], bindings: known?.bindings ?? [] });
  }
  return result;

  /**
   * The router a handed value is: the one a function of the app's makes (`CreateNativeAPIRouter(ctx)`,
   * `backgrounds.NewHandler()`), through functions that return what another returns
   * (`router := nativeapi.New(...); return router`), named as the walk of its framework named it.
   */
  function made(framework: string, file: GoFile, value: string, depth = 0): string | undefined {
    const call = CALLED.exec(value);
    const folder = call ? packageOf(file, call[1]) : undefined;
    if (!call || folder === undefined || (call[1] && !file.imports.has(call[1]))) return undefined;
    const name = `${folder}::${call[2]}`;
    if (routers.has(`${framework} ${name}`) || depth > 3) return name;
    const returned = returnedCall(folder, call[2]!);
    return (returned && made(framework, returned.file, returned.value, depth + 1)) ?? name;
  }

  /** What a package function returns when it returns another's result: `return pkg.New(...)`, or a variable assigned one. */
  function returnedCall(folder: string, name: string): { file: GoFile; value: string } | undefined {
    for (const path of listed) {
      if (dirOf(path) !== folder || !project!.text(path)?.includes(`func ${name}(`)) continue;
      const { source, file } = parse(path)!;
      const fn = file.functions.find((f) => !f.receiver && f.name === name);
      if (!fn) continue;
      const body = source.code.slice(fn.body.start, fn.body.end);
      const returned = /\breturn\s+([^\n;]+?)\s*(?:,\s*(?:nil|err)\s*)?[\n;}]/.exec(body)?.[1]?.trim();
      if (!returned) return undefined;
      if (CALLED.test(returned)) return { file, value: returned };
      const assigned = /^[A-Za-z_]\w*$/.test(returned) ? new RegExp(String.raw`(?<![\w.])${returned}\s*:?=\s*([^\n;]+)`).exec(body)?.[1] : undefined;
      return assigned ? { file, value: assigned } : undefined;
    }
    return undefined;
  }
}

/** The path a call gives: the wrapper's literal parts, and its arguments' values as a route's path is read. */
function prefixOf(source: RouteSource, file: GoFile, args: readonly { start: number; end: number }[], parts: readonly (string | number)[]): { path: string; prefixUnknown?: true } | undefined {
  const ctx = goContext({ source, file, out: new GoOutput("", source), framework: "", router: () => undefined, block: () => {}, functionValue: () => undefined }, { env: new Map(), types: new Map(), name: "", created: new Set() });
  let path = "";
  let prefixUnknown = false;
  for (const part of parts) {
    if (typeof part === "string") {
      path += part;
      continue;
    }
    const read = ctx.path(args[part]);
    if (!read) return undefined;
    path += read.path;
    if (read.prefixUnknown) prefixUnknown = true;
  }
  return { path, ...(prefixUnknown ? { prefixUnknown: true } : {}) };
}
