/**
 * After linking: a Django Channels WebSocket route is guarded where its consumer refuses a caller
 * who is not signed in as the connection opens: its `connect` (or `websocket_connect`), its own or
 * one up its chain of the project's classes, tests the caller (`self.scope["user"].is_authenticated`,
 * directly or through a method of the class, `if not self._authenticated():`) and closes the
 * socket or denies the connection (`await self.close()`, `raise DenyConnection`).
 */
import { CHANNELS } from "../frameworks/websockets-channels.ts";
import type { LinkedRoute } from "../link.ts";
import { chainUp, type ProjectClass, projectClasses, seenFrom } from "./project-classes.ts";

type Project = Parameters<typeof projectClasses>[0];

/** How a consumer refusing an anonymous caller is guarded. */
export const REFUSES_ANONYMOUS_SOCKET = "(closes the socket for a caller not signed in)";

// A test of who connects: the scope's user, signed in or not.
const TESTS_CALLER = /\bscope\s*(?:\[\s*["']user["']\s*\]|\.get\s*\(\s*["']user["'])|\bis_(?:authenticated|anonymous)\b|\bself\.user\b/;
// Turning the connection away.
const REFUSES = /\.close\s*\(|\braise\s+(?:\w+\.)*(?:DenyConnection|StopConsumer)\b/;

export function channelsConsumerGuards(project: Project): <R extends LinkedRoute>(route: R) => R {
  const classes = projectClasses(project);
  return (route) => {
    if (route.framework !== CHANNELS || route.guards.length) return route;
    const seen = seenFrom(classes(), route.file);
    const chain = chainUp(seen, route.handler.split(".").at(-1)!, 6).flatMap((name) => seen.get(name) ?? []);
    const connect = chain.map((cls) => method(cls, "connect") ?? method(cls, "websocket_connect")).find((body) => body !== undefined);
    if (connect === undefined) return route;
    // The caller tested in `connect` itself, or in a method of the chain it calls (`self._authenticated()`).
    const helpers = [...connect.matchAll(/\bself\.(\w+)\s*\(/g)].flatMap((m) => chain.map((cls) => method(cls, m[1]!) ?? ""));
    const tests = TESTS_CALLER.test(connect) || helpers.some((body) => TESTS_CALLER.test(body));
    return tests && REFUSES.test(connect) ? { ...route, guards: [REFUSES_ANONYMOUS_SOCKET] } : route;
  };
}

/** The first lines of a method a class defines (its own, not inherited), or undefined where it defines none. */
function method(cls: ProjectClass, name: string): string | undefined {
  const m = new RegExp(String.raw`^([ \t]+)(?:async[ \t]+)?def[ \t]+${name}[ \t]*\(`, "m").exec(cls.body);
  if (!m) return undefined;
  const lines = cls.body.slice(m.index).split("\n");
  const body = lines.slice(1).findIndex((line) => line.trim() && /^[ \t]*/.exec(line)![0].length <= m[1]!.length);
  return lines.slice(0, body === -1 ? 20 : Math.min(body + 1, 20)).join("\n");
}
