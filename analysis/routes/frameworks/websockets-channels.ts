import { entryPoint } from "../entry/entry.ts";
import type { Framework } from "../framework.ts";
import { normalizePath } from "../paths.ts";
import { pythonArguments, pythonConstants, pythonValue } from "../python/values.ts";
import type { Registration } from "../registration.ts";
import { regexPaths } from "./django.ts";

export const CHANNELS = "channels";
// A URLconf entry: `path("ws/status/", StatusConsumer.as_asgi())`, `re_path(r"ws/(?P<slug>[-\w]+)/$", ...)`.
const ENTRY = /(?<![\w.])(path|re_path|url)\s*\(/g;
// The consumer an entry serves: `StatusConsumer.as_asgi()`, `consumers.ChatConsumer.as_asgi()`.
const CONSUMER = /^\s*([A-Za-z_][\w.]*)\s*\.\s*as_asgi\s*\(/;

/**
 * Django Channels: the WebSocket endpoints a project routes to its consumers
 * (`websocket_urlpatterns = [path("ws/status/", StatusConsumer.as_asgi())]`, handed to
 * `URLRouter` under `ProtocolTypeRouter`'s "websocket"). Channels matches each pattern against
 * the whole path, as Django does, so an entry is served at its pattern from the root. What guards
 * a consumer is what its `connect` does (python/channels-consumers.ts, after linking).
 */
export const websocketsChannels: Framework = {
  id: CHANNELS,
  name: "Django Channels",
  languages: ["python"],
  hint: /\bas_asgi\s*\(/,
  scan(source) {
    const { code } = source;
    const constants = pythonConstants(source);
    const found: Registration[] = [];
    for (const m of code.matchAll(ENTRY)) {
      const { positional, keywords } = pythonArguments(code, m.index + m[0].length - 1);
      const route = keywords.get("route") ?? positional[0];
      const view = keywords.get("view") ?? positional[1];
      const consumer = view && CONSUMER.exec(code.slice(view.start, view.end))?.[1];
      const pattern = route && consumer ? pythonValue(source, route, constants) : undefined;
      if (pattern === undefined) continue;
      const paths = m[1] === "path" ? [pattern] : regexPaths(pattern);
      for (const path of paths) found.push(entryPoint(source, m.index, { framework: CHANNELS, kind: "ws", method: "WS", path: normalizePath(`/${path.replace(/^\//, "")}`), handler: consumer! }));
    }
    return found;
  },
};
