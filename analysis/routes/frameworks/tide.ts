import type { Framework } from "../framework.ts";
import { staticValue } from "../common/values.ts";
import { isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { RUST_VALUES, rustFile } from "../rust/source.ts";
import { callArguments } from "../source.ts";

const FRAMEWORK = "tide";
const AT = /\.\s*at\s*\(/g;
const LINK = /^\s*\.\s*([a-z_]+)\s*\(/;
const VERBS: Record<string, string> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE", head: "HEAD", options: "OPTIONS", all: "ALL" };
const CALLED = /([A-Za-z_][\w:]*)\s*\(/g;

/**
 * Tide: `app.at("/api/users").get(handler).post(handler)`, with `.with(middleware)` on the
 * route guarding what follows it when named like a check. A handler written as a closure is
 * named after the first function of the crate it calls (`crate::users::register`).
 */
export const tide: Framework = {
  id: FRAMEWORK,
  name: "Tide",
  languages: ["rust"],
  hint: /\btide\b/,
  scan(source) {
    const file = rustFile(source);
    const { code } = source;
    const found: Registration[] = [];
    for (const m of code.matchAll(AT)) {
      const at = callArguments(code, m.index + m[0].length - 1);
      const path = at.args[0] ? staticValue(source, at.args[0].start, at.args[0].end, file.constants, RUST_VALUES) : undefined;
      if (path === undefined || !path.startsWith("/")) continue;
      const guards: string[] = [];
      let end = at.end;
      for (let link = LINK.exec(code.slice(end, end + 200)); link; link = LINK.exec(code.slice(end, end + 200))) {
        const call = callArguments(code, end + link[0].length - 1);
        const arg = call.args[0] ? code.slice(call.args[0].start, call.args[0].end).trim() : "";
        const method = VERBS[link[1]!];
        if (method) {
          found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path, handler: handlerName(arg), guards: [...guards], owner: "", line: source.lineAt(end + link[0].indexOf(".")) });
        } else if (link[1] === "with") {
          const name = /^([A-Za-z_][\w:]*)/.exec(arg)?.[1];
          if (name && isGuardName(name.split("::").at(-1)!)) guards.push(name);
        } else break;
        end = call.end;
      }
    }
    return found;
  },
};

/** `handlers::list` as written; a closure by the first crate function it calls, else "(inline)". */
function handlerName(text: string): string {
  if (/^[A-Za-z_][\w:]*$/.test(text)) return text;
  for (const m of text.matchAll(CALLED)) if (/^crate::|::/.test(m[1]!) && !/^(?:Ok|Err|Some|Box|Response|result_to_response)$/.test(m[1]!)) return m[1]!;
  return "(inline)";
}
