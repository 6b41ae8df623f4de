import { entryPoint } from "../entry/entry.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const MODULE = /\bdefmodule\s+([A-Z][\w.]*)/;
const SOCKET = /^[ \t]*socket[ \t(]+(["'])/gm;
const CHANNEL = /^[ \t]*channel[ \t(]+(["'])/gm;
const JOIN = /\bdef\s+join\s*\(\s*(["'])/g;
const HANDLE_IN = /\bdef\s+handle_in\s*\(\s*(["'])/g;
const MODULE_ARG = /^\s*,\s*([A-Z][\w.]*)/;

/**
 * Phoenix sockets and channels: `socket "/socket", UserSocket` in an endpoint (the connection
 * path), `channel "room:*", RoomChannel` in a socket module (a topic), and every
 * `handle_in("event", ...)` clause of a channel module, as `topic#event` under the topic its
 * `join` clauses accept (`"room:" <> id` is `room:*`). A socket's WebSocket is served at
 * `/socket/websocket` (unless `websocket: false`), and its long-polling transport at `GET`/`POST
 * /socket/longpoll` when `longpoll:` turns it on (Phoenix's defaults).
 */
export const websocketsPhoenix: Framework = {
  id: "websockets-phoenix",
  name: "Phoenix channels",
  languages: ["elixir"],
  hint: /\bsocket\s*\(?\s*["']|\bchannel\s*\(?\s*["']|\bdef\s+handle_in\b/,
  scan(source) {
    const out: Registration[] = [];
    const module = MODULE.exec(source.code)?.[1] ?? "(module)";
    const declared = (pattern: RegExp, framework: string) => {
      for (const m of source.code.matchAll(pattern)) {
        const literal = source.stringAt(m.index + m[0].length - 1);
        const written = literal ? MODULE_ARG.exec(source.code.slice(literal.end, literal.end + 200)) : null;
        const target = written?.[1];
        // Phoenix's live reloader's socket is there only in development, as its transports are.
        // A socket's WebSocket is served at `<path>/websocket`, unless `websocket: false` turns it off.
        const socket = pattern === SOCKET;
        if (!literal || !target || (socket && DEVELOPMENT_SOCKET.test(target))) continue;
        if (socket && /\bwebsocket:\s*false\b/.test(callOptions(source.code, literal.end + written![0].length))) continue;
        out.push(
          entryPoint(source, m.index + m[0].search(/\S/), {
            framework,
            kind: "ws",
            method: "WS",
            path: socket ? `${literal.value.replace(/\/$/, "")}/websocket` : literal.value,
            handler: target,
          }),
        );
      }
    };
    declared(SOCKET, "phoenix");
    out.push(...socketTransports(source));
    declared(CHANNEL, "phoenix-channels");
    const topic = joinTopic(source);
    for (const m of source.code.matchAll(HANDLE_IN)) {
      const event = source.stringAt(m.index + m[0].length - 1)?.value;
      if (event) {
        out.push(
          entryPoint(source, m.index, {
            framework: "phoenix-channels",
            kind: "ws",
            method: "WS",
            path: `${topic}#${event}`,
            handler: `${module}.handle_in/3`,
          }),
        );
      }
    }
    return out;
  },
};

/** The topic a channel's `join` clauses accept: a prefix match (`"room:" <> id`) as `room:*` first, else the first exact topic. */
function joinTopic(source: RouteSource): string {
  const topics = [...source.code.matchAll(JOIN)].flatMap((m) => {
    const literal = source.stringAt(m.index + m[0].length - 1);
    return literal
      ? [literal.value + (/^\s*<>/.test(source.code.slice(literal.end, literal.end + 20)) ? "*" : "")]
      : [];
  });
  return topics.find((t) => t.endsWith("*")) ?? topics[0] ?? "*";
}

// Phoenix's own development socket, served only while code reloading is on.
const DEVELOPMENT_SOCKET = /^Phoenix\.LiveReloader\b/;

/** The HTTP routes of each socket's transports, with the options written after its module (to the end of the call). */
function socketTransports(source: RouteSource): Registration[] {
  const out: Registration[] = [];
  for (const m of source.code.matchAll(SOCKET)) {
    const literal = source.stringAt(m.index + m[0].length - 1);
    const target = literal ? MODULE_ARG.exec(source.code.slice(literal.end, literal.end + 200)) : null;
    if (!literal || !target || DEVELOPMENT_SOCKET.test(target[1]!)) continue;
    const options = callOptions(source.code, literal.end + target[0].length);
    const line = source.lineAt(m.index + m[0].search(/\S/));
    const route = (method: string, transport: string): Registration =>
      ({ type: "route", framework: "phoenix", kind: "http", methods: [method], path: `${literal.value.replace(/\/$/, "")}/${transport}`, handler: target[1]!, guards: [], owner: "", line });
    if (/\blongpoll:/.test(options) && !/\blongpoll:\s*false\b/.test(options)) out.push(route("GET", "longpoll"), route("POST", "longpoll"));
  }
  return out;
}

/** The rest of a call written without parentheses: to the first line break outside brackets not after a comma. */
function callOptions(code: string, from: number): string {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      if (--depth < 0) return code.slice(from, i);
    } else if (c === "\n" && depth === 0 && !/,\s*$/.test(code.slice(from, i))) return code.slice(from, i);
  }
  return code.slice(from);
}
