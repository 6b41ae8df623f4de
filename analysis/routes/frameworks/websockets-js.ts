import { entryPoint } from "../entry/entry.ts";
import { decoratorGuards, jsHandler, jsName, jsProperty } from "../entry/js.ts";
import type { Framework } from "../framework.ts";
import { decorated } from "../js/decorators.ts";
import { type FunctionScope, functionScopes } from "../js/functions.ts";
import { jsConstants, jsValue } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const CONNECTION = /(?:\b([\w$]+)|\.\s*of\s*\(([^()]*)\))\s*\.\s*on\s*\(\s*(?=["'])/g;
const EVENT = (socket: string) => new RegExp(`\\b${socket.replace(/\$/g, "\\$")}\\s*\\.\\s*on\\s*\\(\\s*["'\`]`, "g");
const RESERVED = new Set(["disconnect", "disconnecting", "error", "connect_error", "close", "message", "pong", "ping"]);
const WS_SERVER = /\bnew\s+(?:WebSocketServer|WebSocket\s*\.\s*Server|WSServer|Server)\s*\(/g;
const EXPRESS_WS = /\b[\w$]+\s*\.\s*ws\s*\(\s*["'`]/g;

/**
 * WebSocket entry points of JS/TS: NestJS `@WebSocketGateway` classes (one entry per
 * `@SubscribeMessage(event)`), socket.io events handled in a connection handler
 * (`io.of("/admin").on("connection", (socket) => socket.on("ban", ...))`), `ws` servers and
 * express-ws routes. Paths are the namespace or socket path, then `#event` for an event.
 */
export const websocketsJs: Framework = {
  id: "websockets-js",
  name: "JS WebSockets",
  languages: ["javascript", "typescript"],
  hint: /@WebSocketGateway\b|["'](?:socket\.io|ws|express-ws)["']/,
  scan(source) {
    const constants = jsConstants(source);
    const out: Registration[] = [...gateways(source, constants)];
    const scopes = functionScopes(source);
    if (/["']socket\.io["']/.test(source.text)) out.push(...socketIo(source, constants, scopes));
    if (/["']ws["']/.test(source.text)) {
      for (const m of source.code.matchAll(WS_SERVER)) {
        if (
          /Server\s*\($/.test(m[0]) && !/WebSocket|WS/.test(m[0]) && !/\bServer\b[^;\n]*["']ws["']/.test(source.text)
        ) continue;
        const options = callArguments(source.code, m.index + m[0].length - 1).args[0];
        const name = /\b(?:const|let|var)\s+([\w$]+)\s*=\s*$/.exec(
          source.code.slice(Math.max(0, m.index - 80), m.index),
        )?.[1];
        const on = name
          ? [
            ...source.code.matchAll(
              new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\s*\\.\\s*on\\s*\\(\\s*(?=["'])`, "g"),
            ),
          ].find((h) => isConnection(source, h.index + h[0].length))
          : undefined;
        const span = on ? callArguments(source.code, on.index + on[0].lastIndexOf("(")).args[1] : undefined;
        out.push(entryPoint(source, m.index, {
          framework: "ws",
          kind: "ws",
          method: "WS",
          path: jsName(source, jsProperty(source, options, "path"), constants) ?? "/",
          handler: jsHandler(source, span, [], m.index, "connection"),
        }));
      }
    }
    if (/["']express-ws["']/.test(source.text)) {
      for (const m of source.code.matchAll(EXPRESS_WS)) {
        const args = callArguments(source.code, source.code.indexOf("(", m.index)).args;
        const path = jsValue(source, args[0]!.start, args[0]!.end, constants);
        if (path) {
          out.push(
            entryPoint(source, m.index, {
              framework: "express-ws",
              kind: "ws",
              method: "WS",
              path,
              handler: jsHandler(source, args.at(-1), [], m.index, "(inline)"),
            }),
          );
        }
      }
    }
    return out;
  },
};

/** NestJS gateways: the namespace of `@WebSocketGateway(port?, { namespace })` and each `@SubscribeMessage`. */
function gateways(source: RouteSource, constants: Map<string, string>): Registration[] {
  const out: Registration[] = [];
  for (const target of decorated(source)) {
    const gateway = target.decorators.find((d) => d.name === "WebSocketGateway");
    if (target.kind !== "class" || !gateway) continue;
    const options = gateway.args.find((a) => source.code[a.start] === "{");
    const namespace = namespaceOf(
      jsName(source, jsProperty(source, options, "namespace"), constants) ??
        jsName(source, jsProperty(source, options, "path"), constants),
    );
    const events = (target.members ?? []).flatMap((m) =>
      m.decorators.filter((d) => d.name === "SubscribeMessage").map((d) => ({ m, d }))
    );
    for (const { m, d } of events) {
      out.push(entryPoint(source, d.start, {
        framework: "nestjs-websockets",
        kind: "ws",
        method: "WS",
        path: `${namespace}#${jsName(source, d.args[0], constants) ?? "?"}`,
        handler: `${target.name}.${m.name}`,
        guards: decoratorGuards(source, [...target.decorators, ...m.decorators]),
      }));
    }
    if (events.length === 0) {
      out.push(
        entryPoint(source, gateway.start, {
          framework: "nestjs-websockets",
          kind: "ws",
          method: "WS",
          path: namespace,
          handler: target.name,
        }),
      );
    }
    // Nest's gateways run on Socket.IO unless the app picks another adapter: its engine is their HTTP endpoint.
    if (!out.some((r) => r.type === "route" && r.handler === SOCKET_IO_ENGINE)) out.push(...engine(source, gateway.start, "nestjs-websockets", "/socket.io/"));
  }
  return out;
}

/** The handler named on Socket.IO's engine endpoint, where every namespace and event of a server arrives. */
export const SOCKET_IO_ENGINE = "Socket.IO engine";

/**
 * Socket.IO's engine endpoint: GET (polling, and the upgrade to a WebSocket) and POST (polling)
 * at `/socket.io/` unless the server's `path` option moves it. Its namespaces and events travel
 * inside the connection, so this is the HTTP route they are reached by; the analysis keeps one
 * per path (several gateways share one server).
 */
function engine(source: RouteSource, offset: number, framework: string, path: string): Registration[] {
  const line = source.lineAt(offset);
  return ["GET", "POST"].map((method): Registration => ({ type: "route", framework, kind: "http", methods: [method], path, handler: SOCKET_IO_ENGINE, guards: [], owner: "", line }));
}

// `new Server(httpServer, { path: "/ws/socket.io" })`, `require("socket.io")(server, {...})`: the call that makes the server.
const SOCKET_IO_SERVER = /\bnew\s+(?:[\w$]+\s*\.\s*)?(?:Server|SocketIOServer|IOServer|SocketIO)\s*\(|\brequire\s*\(\s*["']socket\.io["']\s*\)\s*\(/g;

const IMPORTS_SOCKET_IO = /\bfrom\s*["']socket\.io["']|\brequire\s*\(\s*["']socket\.io["']\s*\)/;

/** The engine path a file's Socket.IO server is made with (its `path` option), or the default. */
function enginePath(source: RouteSource, constants: Map<string, string>): string {
  for (const m of source.code.matchAll(SOCKET_IO_SERVER)) {
    const options = callArguments(source.code, m.index + m[0].length - 1).args.find((a) => source.code[a.start] === "{");
    const path = options && jsName(source, jsProperty(source, options, "path"), constants);
    if (path) return path.startsWith("/") ? path : `/${path}`;
  }
  return "/socket.io/";
}

/** socket.io: each event a connection handler listens to, under its namespace. */
function socketIo(
  source: RouteSource,
  constants: Map<string, string>,
  scopes: readonly FunctionScope[],
): Registration[] {
  const out: Registration[] = [];
  for (const m of source.code.matchAll(CONNECTION)) {
    if (!isConnection(source, m.index + m[0].length)) continue;
    const owner = m[1];
    const assigned = owner
      ? new RegExp(`\\b${owner.replace(/\$/g, "\\$")}\\s*=\\s*[\\w$.]+\\s*\\.\\s*of\\s*\\(`).exec(source.code)
      : null;
    const ofOpen = assigned
      ? assigned.index + assigned[0].length - 1
      : m[2] !== undefined
      ? m.index + m[0].indexOf("(")
      : -1;
    const ofArg = ofOpen >= 0 ? callArguments(source.code, ofOpen).args[0] : undefined;
    const namespace = namespaceOf(ofArg ? jsName(source, ofArg, constants) : undefined);
    const open = m.index + m[0].lastIndexOf("(");
    const callback = callArguments(source.code, open).args[1];
    if (!callback) continue;
    const named = /^[\w$]+$/.test(source.code.slice(callback.start, callback.end))
      ? source.code.slice(callback.start, callback.end)
      : undefined;
    const scope = named
      ? scopes.find((s) => s.name === named)
      : scopes.find((s) => s.start >= callback.start && s.start < callback.end);
    const socket = scope?.params[0];
    const events = scope && socket
      ? [...source.code.slice(scope.bodyStart, scope.bodyEnd).matchAll(EVENT(socket))]
      : [];
    let found = 0;
    for (const e of events) {
      const at = scope!.bodyStart + e.index;
      const args = callArguments(source.code, source.code.indexOf("(", at)).args;
      const event = jsValue(source, args[0]!.start, args[0]!.end, constants);
      if (!event || RESERVED.has(event)) continue;
      found++;
      out.push(
        entryPoint(source, at, {
          framework: "socket.io",
          kind: "ws",
          method: "WS",
          path: `${namespace}#${event}`,
          handler: jsHandler(source, args[1], [], at, "(inline)"),
        }),
      );
    }
    if (found === 0) {
      out.push(
        entryPoint(source, m.index, {
          framework: "socket.io",
          kind: "ws",
          method: "WS",
          path: namespace,
          handler: named ?? "connection",
        }),
      );
    }
    // A module that imports the server makes one; a bundle that only mentions it (Laravel Echo's build) makes none.
    if (IMPORTS_SOCKET_IO.test(source.text) && !out.some((r) => r.type === "route" && r.handler === SOCKET_IO_ENGINE)) out.push(...engine(source, m.index, "socket.io", enginePath(source, constants)));
  }
  // A module that makes the server serves its engine, though the connection is handled elsewhere (Uptime Kuma's `this.io = new Server(this.httpServer)`).
  const made = IMPORTS_SOCKET_IO.test(source.text) ? source.code.matchAll(SOCKET_IO_SERVER).next().value : undefined;
  if (made && !out.some((r) => r.type === "route" && r.handler === SOCKET_IO_ENGINE)) out.push(...engine(source, made.index, "socket.io", enginePath(source, constants)));
  return out;
}

/** Whether the string literal at `at` names the connection event. */
const isConnection = (source: RouteSource, at: number) => /^connect(?:ion)?$/.test(source.stringAt(at)?.value ?? "");

const namespaceOf = (name: string | undefined) => (name ? "/" + name.replace(/^\/+/, "") : "/");
