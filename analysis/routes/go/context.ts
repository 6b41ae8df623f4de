import { closing } from "../../languages/curly.ts";
import { staticValue } from "../common/values.ts";
import { configuredPlaceholder } from "../common/configured.ts";
import { packageConstantPlaceholder } from "./package-constants.ts";
import type { Span } from "../js/objects.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { join } from "./chain.ts";
import { onlyWhenConfigured } from "./configured-middleware.ts";
import { type GoHandler, goGuards, goHandlerChain, namedGuards } from "./names.ts";
import { type GoOutput, MARK, registeredWhen, type Template } from "./output.ts";
import { functionLiteral, GO_VALUES, type GoFile } from "./source.ts";
import type { GoContext, GoRef, GoScope as Scope } from "./types.ts";

/** What the context of a chain needs of the walker. */
export type GoHost = {
  source: RouteSource;
  file: GoFile;
  out: GoOutput;
  framework: string;
  router(span: Span, calls: boolean): GoRef | undefined;
  block(span: Span, scope: Scope): void;
  /** The qualified name of a function or method taken as a value (`newUsers(db).Routes`). */
  functionValue(span: Span): string | undefined;
};

/**
 * What a framework's chain reader can do while the walker is in `scope`: read values (with
 * the markers of a route wrapper's parameters), register routes, mounts and middleware, and
 * walk a closure with its router parameter bound.
 */
// `controller.Users`, `user.NewV1()`, `&Users{}`, `new(Users)`, `Users`: an optional package and a name.
const VALUE = /^\s*(?:&\s*|new\s*\(\s*)?(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*(?:\(\s*\)|\{\s*\}|\))?\s*$/;

// A constant's name, of the package or another (`upgradePath`, `routes.Health`), not declared in this file.
const PACKAGE_CONSTANT = /^\s*(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*$/;

const SPRINTF = /^\s*fmt\s*\.\s*Sprintf\s*\(/;
// `path.Join(uriAdmin, "/login")`: the parts joined by slashes, the result cleaned.
const PATH_JOIN = /^\s*path\s*\.\s*Join\s*\(/;

/** `conf.Server.BasePath`: a configuration struct's field, as its placeholder (go/config-fields.ts). */
function configField(written: string): string | undefined {
  const field = /^\s*[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*\s*\.\s*([A-Z]\w*)\s*$/.exec(written)?.[1];
  return field ? configuredPlaceholder("go", field) : undefined;
}

/** Go's `path.Join`: the non-empty parts joined by slashes, `.` and `..` resolved, doubled and trailing slashes dropped. */
export function goPathJoin(parts: readonly string[]): string {
  const joined = parts.filter((p) => p !== "").join("/");
  if (joined === "") return "";
  const out: string[] = [];
  for (const segment of joined.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") out.pop();
    else out.push(segment);
  }
  return (joined.startsWith("/") ? "/" : "") + out.join("/") || (joined.startsWith("/") ? "/" : ".");
}

// A field or variable, then `+`: what precedes the literal rest of a path (`options.BaseURL +`).
const AFTER_UNREAD_PREFIX = /^\s*[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*\s*\+\s*/;

/**
 * A `+` of string literals and constants of other packages (`pkg.Prefix + ":name"`) as one path,
 * each constant as its placeholder; undefined unless every part is read and one is
 * such a constant (a call or an index among the parts reads nothing).
 */
function joinedConstants(code: string, span: Span, value: (span: Span) => string | undefined, constantAt: (span: Span) => string | undefined): string | undefined {
  const text = code.slice(span.start, span.end);
  if (!text.includes("+") || /[()[\]{}]/.test(text)) return undefined;
  let path = "";
  let constants = 0;
  let start = span.start;
  for (const part of text.split("+")) {
    const at = { start, end: start + part.length };
    start = at.end + 1;
    const known = value(at);
    if (known !== undefined) {
      path += known;
      continue;
    }
    // Only another package's (`controller.Prefix`): a bare name may be the function's parameter (oapi-codegen's `baseURL + "/x"`).
    const constant = /^\s*[A-Za-z_]\w*\s*\.\s*[A-Za-z_]\w*\s*$/.test(part) ? constantAt(at) : undefined;
    if (constant === undefined) return undefined;
    path += constant;
    constants++;
  }
  return constants ? path : undefined;
}

export function goContext(host: GoHost, scope: Scope): GoContext {
  const code = host.source.code;
  const constants = scope.template || scope.locals ? new Map([...host.file.constants, ...(scope.locals ?? []), ...(scope.template ?? [])]) : host.file.constants;
  const value = (span: Span | undefined) => (span ? staticValue(host.source, span.start, span.end, constants, GO_VALUES) : undefined);
  const heldClosure = (span: Span) => scope.closures?.get(code.slice(span.start, span.end).trim());
  return {
    code,
    value,
    path: (span) => {
      const known = value(span);
      if (known !== undefined || !span) return known === undefined ? undefined : { path: known };
      // Declared in another file of the package, or exported by another package: looked up before linking (go/package-constants.ts).
      const constantAt = (at: Span | undefined) => {
        const constant = at && PACKAGE_CONSTANT.exec(code.slice(at.start, at.end));
        const importPath = constant?.[1] && host.file.imports.get(constant[1]);
        return constant && (!constant[1] || importPath) ? packageConstantPlaceholder(constant[2]!, importPath ? { importPath } : { dir: host.file.scope }) : undefined;
      };
      // `base := h.config.Base` earlier in the function: the configuration field's value (go/config-fields.ts), filled in before linking.
      const local = /^\s*([a-z_]\w*)\s*$/.exec(code.slice(span.start, span.end))?.[1];
      const before = local ? code.slice(Math.max(0, span.start - 3000), span.start) : "";
      const assigned = local ? [...before.matchAll(new RegExp(String.raw`(?<![\w.])${local}\s*:?=\s*[A-Za-z_][\w.]*\.([A-Z]\w*)[ \t]*$`, "gm"))].at(-1) : undefined;
      if (assigned && !/\n\}/.test(before.slice(assigned.index))) return { path: configuredPlaceholder("go", assigned[1]!), prefixUnknown: true };
      const constant = constantAt(span);
      if (constant) return { path: constant, prefixUnknown: true };
      // `controller.ConnectorLoginRouterPrefix + ":name"`: literals and constants joined, each constant looked up like one alone.
      const joined = joinedConstants(code, span, value, constantAt);
      if (joined !== undefined) return { path: joined, prefixUnknown: true };
      // `fmt.Sprintf("/{%s}", request.PathParamSpaceRef)`: the format with each verb's argument put in.
      const sprintf = SPRINTF.exec(code.slice(span.start, span.end));
      if (sprintf) {
        const { args } = callArguments(code, span.start + sprintf[0].length - 1);
        const format = value(args[0]);
        let next = 1;
        let unread = false;
        let placeholders = false;
        const path = format?.replace(/%[sdv]/g, () => {
          const arg = args[next++];
          const known = value(arg);
          if (known !== undefined) return known;
          // A loop's own index or value (`fmt.Sprintf("/loadpoints/%d", id+1)` in `for id, lp := range ...`): one path per element, a parameter.
          const counted = arg && loopVariable(code, arg);
          if (counted) return `{${counted}}`;
          const placeholder = constantAt(arg);
          if (placeholder === undefined) unread = true;
          else placeholders = true;
          return placeholder ?? "";
        });
        if (path !== undefined && !unread && !/%[^%]/.test(path)) return { path, ...(placeholders ? { prefixUnknown: true } : {}) };
      }
      const join = PATH_JOIN.exec(code.slice(span.start, span.end));
      if (join) {
        const { args, end } = callArguments(code, span.start + join[0].length - 1);
        const parts = args.map(value);
        if (code.slice(end, span.end).trim() === "" && parts.every((p) => p !== undefined)) return { path: goPathJoin(parts as string[]) };
        // `path.Join(conf.Server.BasePath, consts.URLPathNativeAPI, "events")`: a constant of another package,
        // or a configuration field, as its placeholder (filled in before linking).
        const held = args.map((arg, i) => parts[i] ?? constantAt(arg) ?? configField(code.slice(arg.start, arg.end)));
        if (code.slice(end, span.end).trim() === "" && held.every((p) => p !== undefined)) return { path: goPathJoin(held as string[]), prefixUnknown: true };
      }
      // `WithBase("/api/session")`: a path handed to a function of the app's, which may put a base
      // before it (one read from configuration): the path, its prefix not known.
      const wrapper = /^\s*(?:[A-Za-z_]\w*\s*\.\s*)?[A-Za-z_]\w*\s*\(/.exec(code.slice(span.start, span.end));
      if (wrapper) {
        const { args, end } = callArguments(code, span.start + wrapper[0].length - 1);
        const given = args.length === 1 ? value(args[0]) : undefined;
        if (given?.startsWith("/") && code.slice(end, span.end).trim() === "") return { path: given, prefixUnknown: true };
      }
      const after = AFTER_UNREAD_PREFIX.exec(code.slice(span.start, span.end));
      const rest = after && value({ start: span.start + after[0].length, end: span.end });
      // A configuration struct's field (`uiConf.APIBaseURL`) is looked up before linking (go/config-fields.ts).
      const field = after && /\.\s*([A-Z]\w*)\s*\+\s*$/.exec(after[0])?.[1];
      return rest?.startsWith("/") ? { path: field ? configuredPlaceholder("go", field) + rest : rest, prefixUnknown: true } : undefined;
    },
    strings: (span) => {
      if (!span) return undefined;
      // A slice the file declares by name (siyuan's `WebDavMethods = []string{http.MethodOptions, ..., MethodPropFind}`).
      const named = /^\s*([A-Za-z_]\w*)\s*$/.exec(code.slice(span.start, span.end))?.[1];
      const declared = named ? new RegExp(String.raw`(?<![\w.])${named}\s*:?=\s*\[\]string\s*\{`).exec(code) : null;
      const open = declared ? declared.index + declared[0].length - 1 : code.indexOf("{", span.start);
      if (!declared && (open === -1 || open > span.end)) return ((v) => (v === undefined ? undefined : [v]))(value(span));
      const values = callArguments(code, open).args.map(value);
      return values.every((v) => v !== undefined) ? (values as string[]) : undefined;
    },
    route: (ref, methods, path, args, order, at, prefixUnknown, handler) => {
      const chained = withChainedMiddleware(code, goHandlerChain(code, args, order), at);
      const named = handler ? { ...chained, handler } : chained;
      if (join(ref.prefix, path).includes(MARK)) {
        const passed = args.map((a) => scope.template?.get(code.slice(a.start, a.end).trim())).find((m) => m !== undefined);
        const router = ref.node && scope.parameters?.get(ref.node);
        const template: Template = { methods, path: join(ref.prefix, path), owner: ref.node, guards: [...ref.guards, ...named.guards], handler: passed ? parseInt(passed.slice(1), 10) : named.handler, order, ...(router !== undefined ? { router } : {}), ...((when) => (when ? { when } : {}))(registeredWhen(code, at, scope.template!)) };
        host.out.template(`${host.file.scope}::${scope.name}`, template);
        return;
      }
      const route = (served: string[], handled: GoHandler) => host.out.route(() => ({ type: "route", framework: host.framework, kind: "http", methods: served, path: join(ref.prefix, path), handler: handled.handler, guards: [...new Set([...ref.guards, ...handled.guards])], owner: ref.node?.name ?? "", line: host.source.lineAt(at), ...(handled.wrappers ? { helpers: handled.wrappers } : {}), ...(handled.open || ref.open ? { declaredPublic: true } : {}), ...(prefixUnknown || ref.prefixUnknown ? { prefixUnknown: true } : {}) }));
      // OPTIONS beside other methods is their CORS preflight (`.Methods(http.MethodPost, http.MethodOptions)`): browsers send it
      // without credentials, so the handler registered for it answers it before any check of its own (Dendrite's
      // `MakeAuthAPI`); only the middleware in front of the handler still runs.
      const preflight = methods.length > 1 && methods.includes("OPTIONS") && (named.guards.length > (named.middleware?.length ?? 0) || !!named.wrappers);
      if (!preflight) return route(methods, named);
      route(methods.filter((m) => m !== "OPTIONS"), named);
      route(["OPTIONS"], { handler: named.handler, guards: named.middleware ?? [] });
    },
    mount: (ref, prefix, target, at) => {
      // A wrapper read as a template mounting what it is handed where it is told (`r.Mount(urlPath, subRouter)`): its calls are mounts.
      const handed = prefix.includes(MARK) ? scope.template?.get(code.slice(target.start, target.end).trim()) : undefined;
      if (handed !== undefined) return host.out.mountWrapper(`${host.file.scope}::${scope.name}`, ref, prefix, parseInt(handed.slice(1), 10), at);
      const child = host.router(target, true);
      if (!child?.node) return;
      host.out.mount(ref, prefix, child.node, child.guards, at);
    },
    mountValue: (ref, prefix, target, at) => {
      const m = VALUE.exec(code.slice(target.start, target.end));
      if (!m) return;
      const pkg = m[1] ? host.file.imports.get(m[1]) : host.file.scope;
      if (pkg) host.out.mount(ref, prefix, `${pkg}::${m[2]}`, [], at);
    },
    subrouter: (ref, prefix, at) => {
      const node = host.out.node(`${ref.node?.name ?? host.file.scope}>${prefix}@${host.source.lineAt(at)}:${at}`, at);
      host.out.mount(ref, prefix, node, [], at);
      // Made here with the router it hangs from (`Client: mux.NewRouter().PathPrefix(p).Subrouter()`): a struct field may name it.
      if (ref.node && scope.created.has(ref.node)) scope.created.add(node);
      return { node, prefix: "", guards: [] };
    },
    isClosure: (span) => !!span && (/^\s*func\s*\(/.test(code.slice(span.start, span.end)) || !!heldClosure(span)),
    closure: (span, ref) => {
      const literal = functionLiteral(code, heldClosure(span) ?? span);
      if (!literal) {
        // A function or method taken as a value (`r.Route("/actions", newActionHandler(enc, svc).Routes)`):
        // what it registers on its router parameter is registered here, mounted where this closure would be.
        const named = ref.node ? host.functionValue(span) : undefined;
        if (named) host.out.mount(ref, "", named, [], span.start);
        return;
      }
      const param = literal.params[0];
      const inner: Scope = { ...scope, env: new Map(scope.env), types: new Map(scope.types) };
      if (param) inner.env.set(param.name, ref);
      // A closure without one registers on the router it captures (Macaron's `m.Group("/x", func() { m.Get(...) })`): there, that router is the group.
      else for (const [name, captured] of scope.env) if (captured.node && captured.node === ref.node) inner.env.set(name, ref);
      host.block(literal.body, inner);
    },
    // Middleware added only when a setting holds a value (`if authUser != "" { r.Use(basicAuthHandler) }`) checks nobody as shipped.
    middleware: (ref, prefix, names, at) => host.out.middleware(ref, prefix, onlyWhenConfigured(host.source.code, at) ? [] : names, at),
    globalGuards: (names, pattern, at) => {
      for (const guard of names) host.out.route(() => ({ type: "global", framework: host.framework, guard, scope: [{ path: pattern, method: "ALL" }], line: host.source.lineAt(at) }));
    },
    guards: (spans) => goGuards(code, spans),
    router: (span) => host.router(span, true),
    named: (name, at) => ({ node: host.out.named(name) ?? host.out.node(name, at), prefix: "", guards: [] }),
    arguments: (open) => callArguments(code, open).args,
  };
}

/** The `for ... range` variable an argument is made from (`id+1` in `for id, lp := range site.Loadpoints() {`), when the loop holds it. */
function loopVariable(code: string, arg: Span): string | undefined {
  const name = /^\s*([A-Za-z_]\w*)\b/.exec(code.slice(arg.start, arg.end))?.[1];
  if (!name) return undefined;
  const header = new RegExp(String.raw`\bfor\s+(?:[A-Za-z_]\w*\s*,\s*)?${name}\s*(?:,\s*[A-Za-z_]\w*\s*)?:=\s*range\b`, "g");
  let loop: RegExpExecArray | undefined;
  for (const m of code.slice(0, arg.start).matchAll(header)) loop = m;
  if (!loop) return undefined;
  const body = code.indexOf("{", loop.index + loop[0].length);
  return body >= 0 && closing(code, body) > arg.end ? name : undefined;
}

// `userChain := handlerutil.Chain(baseChain, withUserSession(dbc, resolvePath))`: middleware composed into one wrapper.
const COMPOSED = (name: string) => new RegExp(String.raw`(?<![\w.])${name}\s*:?=\s*(?:[A-Za-z_]\w*\s*\.\s*)?(?:Chain|Compose|New|Append)\s*\(`, "g");

/**
 * A handler whose wrappers include middleware composed before (`userChain(resp(c.ServeHome))` with
 * `userChain := handlerutil.Chain(baseChain, withUserSession(...))` and `baseChain := ...`):
 * the middleware each holds, in the function up to `at`, as wrappers, and those named like a
 * check as guards.
 */
function withChainedMiddleware(code: string, handled: GoHandler, at: number): GoHandler {
  if (!handled.wrappers?.length) return handled;
  const expand = (name: string, depth: number): string[] => {
    let composed: RegExpExecArray | undefined;
    for (const m of code.slice(0, at).matchAll(COMPOSED(name))) composed = m;
    if (!composed || depth > 4) return [name];
    return callArguments(code, composed.index + composed[0].length - 1).args.flatMap((arg) => {
      const first = /^\s*([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)?)/.exec(code.slice(arg.start, arg.end))?.[1]?.replace(/\s+/g, "");
      return first ? expand(first, depth + 1) : [];
    });
  };
  const wrappers = [...new Set(handled.wrappers.flatMap((w) => expand(w, 0)))];
  if (wrappers.length === handled.wrappers.length && wrappers.every((w, i) => w === handled.wrappers![i])) return handled;
  // The composed middleware, not the wrapper variables themselves, are what check the caller.
  const guards = namedGuards(wrappers.filter((w) => !handled.wrappers!.includes(w)));
  return { ...handled, wrappers, guards: [...new Set([...handled.guards, ...guards])] };
}
