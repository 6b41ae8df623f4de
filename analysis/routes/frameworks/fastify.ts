import type { Framework } from "../framework.ts";
import { chainedCalls, TYPE_ARGUMENTS } from "../js/calls.ts";
import { type FunctionScope, functionScopes, scopeOf } from "../js/functions.ts";
import { argumentName, guardNames, inlineGuard, isInline } from "../js/names.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { jsBindings } from "../js/bindings.ts";
import { jsPath, jsValue, pathConstants, stringList } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";
import { registerCall, type RegisterContext } from "./fastify-register.ts";

const CREATE =
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=\s*(?:await\s+)?(?:[Ff]astify|require\s*\(\s*(["'])\s*\2\s*\))\s*\(/g;
// `fastify.withTypeProvider<TypeBoxTypeProvider>().get(...)` registers on the instance itself: the type provider only types it.
const CALL = new RegExp(String.raw`\b([A-Za-z_$][\w$]*)\s*(?:\.\s*withTypeProvider\s*${TYPE_ARGUMENTS}\(\s*\)\s*)?\.\s*(get|post|put|patch|delete|options|head|all|route|register|addHook)\s*${TYPE_ARGUMENTS}\(`, "g");
const CHAIN = /^(get|post|put|patch|delete|options|head|all|route|register|addHook)$/;
const ANY_NAME = /^[A-Za-z_$][\w$]*$/;
// A path written after the plugin options' prefix: `opts.prefix + "users"`, `${options.prefix}users`.
const OPTIONS_PREFIX = /\b(?:opts|options|config|settings)\s*\.\s*prefix\b/;
const MADE_AND_CHAINED = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::\s*[\w.<>]+\s*)?=\s*(?:await\s+)?[A-Za-z_$][\w$.]*\s*\(/g;
const HOOKS = ["onRequest", "preParsing", "preValidation", "preHandler"];
// `registerRoutes(server)`: a function called with nothing but an instance.
const HANDED = /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(\s*([A-Za-z_$][\w$]*)\s*\)/g;
const NOT_CALLEES = new Set(["if", "for", "while", "switch", "return", "await", "typeof", "function", "catch", "fp", "fastifyPlugin", "Boolean", "String", "Number"]);

/**
 * Fastify: instances (`Fastify()`), plugins (a function whose first parameter receives the
 * instance: its routes hang on a router named after the function, or "default" when it is the
 * default export), `register(plugin, { prefix })` mounts, shorthand routes with an options
 * object, `route({ method, url })`, and auth-like `onRequest`/`preHandler` hooks as guards.
 */
export const fastify: Framework = {
  id: "fastify",
  name: "Fastify",
  languages: ["javascript", "typescript"],
  hint: /fastify/i,
  scan(source) {
    const registrations: Registration[] = [];
    const constants = pathConstants(source);
    const scopes = functionScopes(source);
    // fastify-plugin wrapped plugins get no automatic prefix and often write `opts.prefix + "users"`:
    // the register prefix, which the mount adds, so here it is empty.
    for (const scope of scopes) if (scope.params[1]) constants.set(`${scope.params[1]}.prefix`, "");
    const plugins = new Map<FunctionScope, string>();
    const router = (name: string, line: number) =>
      registrations.push({ type: "router", framework: "fastify", name, prefix: "", guards: [], line });
    for (const m of source.code.matchAll(CREATE)) {
      if (m[2] && source.stringAt(m.index + m[0].indexOf(m[2]))?.value !== "fastify") continue;
      router(m[1]!, source.lineAt(m.index));
    }
    /** The router a call on `owner` at `offset` registers on: the enclosing plugin, or the variable itself. */
    const ownerAt = (owner: string, offset: number): string => {
      const plugin = scopeOf(scopes, offset, owner);
      if (!plugin) return owner;
      let name = plugins.get(plugin);
      if (!name) {
        name = plugin.name ?? `(plugin:${plugin.line})`;
        plugins.set(plugin, name);
        router(name, plugin.line);
      }
      return name;
    };
    const bindings = jsBindings(source);
    const context: RegisterContext = {
      constants,
      packages: new Set(bindings.filter((b) => !b.specifier.startsWith(".")).map((b) => b.local)),
      autoloads: new Set(
        bindings.filter((b) => /^(?:@fastify\/|fastify-)autoload$/.test(b.specifier)).map((b) => b.local),
      ),
      inlinePlugin(start) {
        const plugin = scopes.find((s) => s.start === start);
        return plugin && ownerAt(plugin.params[0] ?? "", plugin.bodyStart + 1);
      },
    };
    // A plugin wrapped in fastify-plugin shares its hooks with the instance that registers it
    // (usually the app): an auth hook there guards every route, as a global guard.
    const wrapped = (plugin: FunctionScope | undefined) =>
      !!plugin && (FP_BEFORE.test(source.code.slice(Math.max(0, plugin.start - 60), plugin.start)) ||
        (!!plugin.name && new RegExp(`\\b(?:fp|fastifyPlugin)\\s*(?:<[^>]*>)?\\s*\\(\\s*${plugin.name.replace(/\$/g, "\\$")}\\b`).test(source.code)));
    const read = (owner: () => string, calls: { name: string; args: Span[]; start: number }[], plugin?: () => FunctionScope | undefined) => {
      for (const { name, args, start } of calls) {
        const line = source.lineAt(start);
        if (args.length === 0) continue;
        if (name === "register") registrations.push(registerCall(source, context, owner(), args, line));
        else if (name === "addHook") {
          const guards = hookCall(source, args, constants);
          // A hook written in place that lets some URLs through first (`if (request.url === "/api/v1/auth/login") return`),
          // on the app itself: every route of the app but those.
          const except = guards.length && !plugin?.() && args[1] ? hookExceptions(source, args[1]) : [];
          if (guards.length && (wrapped(plugin?.()) || except.length)) {
            for (const guard of guards) registrations.push({ type: "global", framework: "fastify", guard, line, ...(except.length ? { except } : {}) });
          } else if (guards.length) {
            registrations.push({
              type: "use",
              framework: "fastify",
              owner: owner(),
              prefix: "",
              args: [],
              specifiers: [],
              guards,
              line,
            });
          }
        } else {
          const route = name === "route"
            ? fullRoute(source, args[0]!, constants)
            : shorthand(source, name, args, constants);
          if (route) {
            const afterOptionsPrefix = OPTIONS_PREFIX.test(source.code.slice(args[0]!.start, args[0]!.end));
            registrations.push({ type: "route", framework: "fastify", kind: "http", ...route, owner: owner(), line, ...(afterOptionsPrefix ? { afterOptionsPrefix } : {}) });
          }
        }
      }
    };
    for (const m of source.code.matchAll(CALL)) {
      // Resolved only for calls that register something: `map.get(key)` in a helper makes no plugin.
      const head = callArguments(source.code, m.index + m[0].length - 1);
      read(() => ownerAt(m[1]!, m.index), [{ name: m[2]!, args: head.args, start: m.index }, ...chainedCalls(source.code, head.end, CHAIN)], () => scopeOf(scopes, m.index, m[1]!));
    }
    // An instance handed to a function that registers on it (`registerRoutes(server)`, then `authRoutes(fastify)` in a
    // function taking a `FastifyInstance`): that function's routes hang on this instance, under its hooks.
    const created = new Set(registrations.flatMap((r) => (r.type === "router" ? [r.name] : [])));
    for (const m of source.code.matchAll(HANDED)) {
      const [callee, instance] = [m[1]!, m[2]!];
      const scope = scopeOf(scopes, m.index, instance);
      const typed = scope && (instance === "fastify" || /:\s*FastifyInstance\b/.test(source.code.slice(scope.start, scope.bodyStart)));
      if (NOT_CALLEES.has(callee) || (!created.has(instance) && !typed)) continue;
      registrations.push({ type: "use", framework: "fastify", owner: ownerAt(instance, m.index), prefix: "", args: [callee], specifiers: [], guards: [], mountOnly: true, line: source.lineAt(m.index) });
    }
    // `const app = createApp().register(...).register(autoload, {...})`: calls chained on what a
    // call returns, in a file that uses Fastify, register on the variable.
    for (const m of source.code.matchAll(MADE_AND_CHAINED)) {
      if (registrations.some((r) => r.type === "router" && r.name === m[1])) continue;
      // Fastify's other fluent methods (`setErrorHandler`, `decorate`, ...) return the instance too.
      const calls = chainedCalls(source.code, callArguments(source.code, m.index + m[0].length - 1).end, ANY_NAME).filter((c) => CHAIN.test(c.name));
      if (!calls.some((c) => c.name === "register" || c.name === "route")) continue;
      router(m[1]!, source.lineAt(m.index));
      read(() => m[1]!, calls);
    }
    for (const [plugin, name] of plugins) {
      const declared = source.code.slice(Math.max(0, plugin.start - 40), plugin.start + 20);
      if (plugin.name !== "default" && /\bexport\s+default\s+(?:async\s+)?function\b/.test(declared)) {
        registrations.push({ type: "export", local: name, as: "default" });
      }
    }
    return registrations;
  },
};

type Found = { methods: string[]; path: string; handler: string; guards: string[]; anonymous?: boolean };

// FP_BEFORE: `fp(` or `fastifyPlugin<Options>(` right before a plugin function.
const FP_BEFORE = /\b(?:fp|fastifyPlugin)\s*(?:<[^>]*>)?\s*\(\s*$/;

/**
 * A route's `config` that a global auth hook reads to let callers in: `auth: false`, an optional
 * auth (`auth: "OPTIONAL"`), `public: true`, `skipAuth: true`.
 */
function configLetsIn(source: RouteSource, options: Map<string, Span> | undefined): boolean {
  const config = options?.get("config");
  if (!config || source.code[config.start] !== "{") return false;
  const properties = objectProperties(source, config.start);
  const text = (key: string) => {
    const span = properties.get(key);
    return span && (source.stringAt(span.start)?.value ?? source.code.slice(span.start, span.end).trim());
  };
  const auth = text("auth") ?? text("authenticate") ?? text("requireAuth");
  return auth === "false" || /^optional$/i.test(auth ?? "") || ["public", "isPublic", "skipAuth", "noAuth"].some((key) => text(key) === "true");
}

/** `fastify.get(path, [options,] handler)`, with the handler and hooks possibly in the options. */
function shorthand(source: RouteSource, call: string, args: Span[], constants: Map<string, string>): Found | undefined {
  const [first, ...rest] = args;
  const path = jsPath(source, first!.start, first!.end, constants);
  if (path === undefined || !isPath(path) || rest.length === 0) return undefined;
  const options = source.code[rest[0]!.start] === "{" ? objectProperties(source, rest[0]!.start) : undefined;
  const handler = rest.length > 1 || !options ? rest.at(-1) : options.get("handler");
  return {
    methods: [call.toUpperCase()],
    path,
    handler: handler ? argumentName(source, handler.start, handler.end) : "(inline)",
    guards: options ? hookGuards(source, options) : [],
    ...(configLetsIn(source, options) ? { anonymous: true } : {}),
  };
}

/** `fastify.route({ method: ["GET", "POST"], url, handler, preHandler })`. */
function fullRoute(source: RouteSource, options: Span, constants: Map<string, string>): Found | undefined {
  const properties = objectProperties(source, options.start);
  const method = properties.get("method");
  const url = properties.get("url") ?? properties.get("path");
  const path = url && jsPath(source, url.start, url.end, constants);
  if (!method || path === undefined || !isPath(path)) return undefined;
  const methods = stringList(source, method, constants).filter((m) => /^[A-Za-z]+$/.test(m)).map((m) =>
    m.toUpperCase()
  );
  const handler = properties.get("handler");
  return methods.length === 0 ? undefined : {
    methods,
    path,
    handler: handler ? argumentName(source, handler.start, handler.end) : "(inline)",
    guards: hookGuards(source, properties),
    ...(configLetsIn(source, properties) ? { anonymous: true } : {}),
  };
}

/** `addHook("onRequest", fastify.authenticate)`: the guards of an auth-like request hook. */
function hookCall(source: RouteSource, args: Span[], constants: Map<string, string>): string[] {
  const hook = jsValue(source, args[0]!.start, args[0]!.end, constants);
  return hook && HOOKS.includes(hook) ? args.slice(1).flatMap((a) => hookNames(source, a, hook)) : [];
}

// `if (request.url === "/api/v1/auth/login" && request.method === "POST") { return true; }`: a URL, and a method, let through.
const LETS_THROUGH = /\bif\s*\(\s*(?:(?:req|request)\s*\.\s*method\s*===?\s*(["'])(\w+)\1\s*&&\s*)?(?:req|request)\s*\.\s*(?:url|routerPath|routeOptions\s*\.\s*url)\s*===?\s*(["'])(\/[^"'\s]*)\3\s*(?:&&\s*(?:req|request)\s*\.\s*method\s*===?\s*(["'])(\w+)\5\s*)?\)\s*\{?\s*return\b/g;

/** The routes a hook written in place lets through before its check: each URL (and method) it returns early for. */
function hookExceptions(source: RouteSource, span: Span): { path: string; method: string }[] {
  if (!isInline(source, span.start, span.end)) return [];
  // Read in the text: the code has its strings blanked.
  return [...source.text.slice(span.start, span.end).matchAll(LETS_THROUGH)].map((m) => ({ path: m[4]!, method: (m[2] ?? m[6] ?? "ALL").toUpperCase() }));
}

function hookGuards(source: RouteSource, options: Map<string, Span>): string[] {
  return HOOKS.flatMap((hook) => {
    const span = options.get(hook);
    return span ? hookNames(source, span, hook) : [];
  });
}

/** The guards a hook value runs: named functions (`[auth, fastify.verifyJwt]`) or one written in place. */
function hookNames(source: RouteSource, span: Span, hook: string): string[] {
  if (!isInline(source, span.start, span.end)) return guardNames(source, span.start, span.end);
  const inline = inlineGuard(source, span.start, span.end, hook);
  return inline ? [inline] : [];
}

// Relative paths occur after a prefix written in code (`opts.prefix + "users"`).
const isPath = (path: string) => !/\s/.test(path);
