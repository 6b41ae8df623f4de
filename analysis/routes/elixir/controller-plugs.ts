import { isGuardName } from "../paths.ts";
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
  if (!guards.length && checksFirst(source, action)) guards.push("(checks the caller in the action)");
  return guards;
}

// A clause's first statement asking a check about the connection: `with {:ok, claims} <- authenticate(conn),`,
// `case authorize(conn) do`, `user = require_user!(conn)`.
const FIRST_CHECK = /^\s*(?:with\s[^\n]*?<-|case|[^\n=]*?=(?!=))\s*([a-z_]\w*[!?]?)\(\s*conn\b/;
// A clause of a few lines answering an error status only: `send_resp(conn, :bad_request, ...)`, `ProblemDetails.send(conn, 400, ...)`.
const ERROR_STATUS = /\b4\d\d\b|:(?:bad_request|unauthorized|forbidden|not_found|unprocessable_entity)\b/;
const answersAnErrorOnly = (body: string) => body.trim().split("\n").length <= 3 && ERROR_STATUS.test(body);

/**
 * Whether every clause of `action` (each `def action(conn, ...)`) that does more than answer an
 * error checks the caller first, through a function named like a check, and one clause at least does.
 */
function checksFirst(source: string, action: string): boolean {
  const clauses = actionClauses(source, action);
  const working = clauses.filter((body) => !answersAnErrorOnly(body));
  return working.length > 0 && working.every((body) => {
    const check = FIRST_CHECK.exec(body)?.[1];
    return !!check && isGuardName(check);
  });
}

/** The bodies of the clauses of a public function: `def name(...) do ... end` to the `end` at its indent, or `def name(...), do: ...`. */
function actionClauses(source: string, name: string): string[] {
  const header = new RegExp(`^([ \\t]*)def[ \\t]+${name}[ \\t]*\\(([^\\n]*)$`, "gm");
  const bodies: string[] = [];
  for (const m of source.matchAll(header)) {
    const oneLine = /,\s*do:\s*(.*)$/.exec(m[2]!);
    if (oneLine) {
      bodies.push(oneLine[1]!);
      continue;
    }
    if (!/\bdo\s*$/.test(m[2]!)) continue;
    const rest = source.slice(m.index + m[0].length);
    const end = new RegExp(`^${m[1]}end\\b`, "m").exec(rest);
    bodies.push(end ? rest.slice(0, end.index) : rest);
  }
  return bodies;
}
