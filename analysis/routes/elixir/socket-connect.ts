/**
 * A Phoenix socket's `connect/3` runs before its transports serve anyone: one that refuses a
 * connection without credentials (a clause answering `:error` or `{:error, ...}`, the usual
 * `def connect(_params, _socket, _info), do: :error`; or a `with` over a token it extracts and
 * verifies) guards the socket's `/websocket` and `/longpoll` routes. One that answers
 * `{:ok, socket}` to everyone (Phoenix's generated default) guards nothing.
 */
import { elixir } from "../../languages/elixir/mod.ts";
import { strip } from "../../languages/strip.ts";
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";

type Project = Pick<ContractProject, "listed" | "text">;

const TRANSPORT = /\/(?:websocket|longpoll)$/;
const CONNECT = /^([ \t]*)def[ \t]+connect[ \t]*\(/gm;
const REFUSES = /(?:^|[^\w.])(?::error\b|\{[ \t]*:error\b)/;
const VERIFIES = /\bwith\b[^\n]*\{:ok,[^\n]*token|\b\w*[Tt]oken\w*\.verify\b|\bverify_\w*token\b/;

export function phoenixSocketAuth(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let modules: Map<string, string> | undefined;
  const verdicts = new Map<string, boolean>();
  return (route) => {
    if (route.framework !== "phoenix" || (route.kind !== "http" && route.kind !== "ws") || route.guards.length || !TRANSPORT.test(route.path) || !project) return route;
    const module = route.handler;
    const refuses = (name: string, depth: number): boolean => {
      if (!verdicts.has(name)) {
        modules ??= socketModules(project);
        const file = modules.get(name);
        const text = file === undefined ? "" : project.text(file) ?? "";
        // `defdelegate connect(attrs, socket, connect_info), to: PortalAPI.Gateway.Socket`: that module's.
        const delegate = DELEGATE.exec(text)?.[1];
        verdicts.set(name, delegate && depth < 3 ? refuses(delegate, depth + 1) : refusesConnection(text));
      }
      return verdicts.get(name)!;
    };
    return refuses(module, 0) ? { ...route, guards: [`${module}.connect/3`] } : route;
  };
}

const DELEGATE = /\bdefdelegate[ \t]+connect[ \t]*\([^)]*\)[ \t]*,[ \t]*to:[ \t]*([A-Z][\w.]*)/;

/** The files of the project's Elixir modules that define (or delegate) a `connect/3`, by module name. */
function socketModules(project: Project): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of project.listed) {
    if (!/\.ex$/.test(path) || /(^|\/)test\//.test(path)) continue;
    const text = project.text(path) ?? "";
    if (!text.includes("def connect") && !text.includes("defdelegate connect")) continue;
    const module = /\bdefmodule\s+([A-Z][\w.]*)/.exec(text)?.[1];
    if (module && !found.has(module)) found.set(module, path);
  }
  return found;
}

/** Whether a socket module's `connect` clauses turn a connection away. */
function refusesConnection(text: string): boolean {
  const { code } = strip(text, elixir.syntax);
  for (const m of code.matchAll(CONNECT)) {
    // The clause: to the next definition at its own indentation or less.
    const rest = code.slice(m.index + m[0].length);
    const next = new RegExp(`\\n[ \\t]{0,${m[1]!.length}}(?:def|defp|@impl|end)\\b`).exec(rest);
    const clause = rest.slice(0, next?.index ?? rest.length);
    if (REFUSES.test(clause) || VERIFIES.test(clause)) return true;
  }
  return false;
}
