import { isAuthPlug } from "./plugs.ts";

// `plug Guardian.Plug.EnsureAuthenticated when action in [:create, :update]`, with or without
// parentheses and over several lines; `when action not in [...]` for all but those.
const PLUG = /^[ \t]*plug[ \t(]+\s*([A-Z][\w.]*|:[a-z_]\w*[?!]?)([^\n]*(?:\n(?![ \t]*(?:plug|def|defp|action_fallback|use|alias|import)\b)[^\n]*)*)/gm;
const WHEN = /\bwhen\s+action\s+(not\s+in|in)\s*\[([^\]]*)\]/;

/**
 * The guards a Phoenix controller plugs in front of an action (`Module.action`, the route's
 * handler): function or module plugs named like a check, with `when action in [...]` or
 * `not in`. `moduleFile` finds the file that defines a module; `text` reads it.
 */
export function phoenixActionGuards(handler: string, moduleFile: (module: string) => string | undefined, text: (path: string) => string | undefined): string[] {
  const dot = handler.lastIndexOf(".");
  if (dot < 0) return [];
  const file = moduleFile(handler.slice(0, dot));
  const source = file && text(file);
  if (!source) return [];
  const action = handler.slice(dot + 1);
  const guards: string[] = [];
  for (const m of source.matchAll(PLUG)) {
    const name = m[1]!.replace(/^:/, "");
    if (!isAuthPlug(name)) continue;
    const when = WHEN.exec(m[2]!);
    const listed = when ? when[2]!.split(",").map((a) => a.trim().replace(/^:/, "")).filter(Boolean) : undefined;
    const applies = !when || (when[1]!.startsWith("not") ? !listed!.includes(action) : listed!.includes(action));
    if (applies) guards.push(name);
  }
  return guards;
}
