import type { Framework } from "../framework.ts";
import { isGuardName, optionalByArguments } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";

// `const jwt = koaJwt(`, and a module whose default export is the call: `module.exports = koaJwt(`, `export default koaJwt(`.
const MADE_BY_CALL = /(?:\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=;\n]+)?=|\bmodule\.exports\s*=|\bexport\s+default)\s*(?:await\s+)?([A-Za-z_$][\w$.]*)\s*\(/g;

/**
 * Not a framework: the guard-named middleware a module makes with arguments that let everyone
 * through (`export const jwt = koaJwt({ passthrough: true })`, `const auth = expressjwt({
 * credentialsRequired: false })`, `module.exports = koaJwt({ passthrough: true })`), so that the
 * linker does not count it as a guard where the middleware is used, in this module or one that
 * imports it.
 */
export const optionalGuardsJs: Framework = {
  id: "optional-guards-js",
  name: "optional auth middleware",
  languages: ["javascript", "typescript"],
  hint: /passthrough\s*:\s*true|credentialsRequired\s*:\s*false/,
  scan(source) {
    const found: Registration[] = [];
    for (const m of source.code.matchAll(MADE_BY_CALL)) {
      // A default export is named by what makes it (`koaJwt`), and used under any name.
      if (!isGuardName(m[1] ?? m[2]!)) continue;
      const open = m.index + m[0].length - 1;
      if (optionalByArguments(source.code.slice(open + 1, callArguments(source.code, open).end - 1))) found.push({ type: "optional-guard", local: m[1] ?? "default" });
    }
    return found;
  },
};
