import { callArguments } from "../source.ts";
import { strip } from "../../languages/strip.ts";
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import { isGuardName } from "../paths.ts";
import type { FsApp } from "./framework.ts";
import type { PathGuard } from "./path-guard.ts";
import { matcherPattern } from "./matcher.ts";

// The server module of an app that serves its file routes through a server of its own
// (react-router-hono-server's `createHonoServer`, a Remix or React Router adapter's `createRequestHandler`).
const SERVER_FILE = /^(?:server|src\/server)(?:\/[\w.-]+)?\.[cm]?[jt]s$/;
const SERVES_ROUTES = /\b(?:createHonoServer|createRequestHandler)\s*(?:<[^>()]*>\s*)?\(/;
// The option naming the paths a guard lets through: `publicPaths`, `skip`, `excludePaths`, `allowList`.
const LETS_THROUGH = /public|skip|exclude|allow|ignore|unprotected|whitelist/i;

/**
 * The guards an app's own server puts in front of every file route (`server.use("*",
 * protect({ publicPaths: ["/login", "/qr/:qrId"] }))`): a middleware named like a check, used
 * on the server for every path or a prefix, covers the routes there but the paths its options
 * let through, written as path-to-regexp patterns (filesystem/matcher.ts).
 */
export function serverGuards(app: FsApp): PathGuard[] {
  const guards: PathGuard[] = [];
  for (const file of app.files.filter((f) => SERVER_FILE.test(f))) {
    const text = app.text(file) ?? "";
    if (!SERVES_ROUTES.test(text)) continue;
    // Brackets are matched in the code, whose strings and comments are blanked; values are read in the text.
    const { code } = strip(text, javascriptSyntax);
    for (const use of code.matchAll(/\.\s*use\s*\(/g)) {
      const args = callArguments(code, use.index + use[0].length - 1).args;
      const scope = /^\s*(["'`])(\/[^"'`]*|\*)\1\s*$/.exec(text.slice(args[0]?.start ?? 0, args[0]?.end ?? 0))?.[2];
      for (const arg of scope === undefined ? args : args.slice(1)) {
        const call = /^\s*([A-Za-z_$][\w$.]*)\s*\(/.exec(code.slice(arg.start, arg.end));
        if (!call || !isGuardName(call[1]!)) continue;
        const through = letThrough(text, code, arg.start + call[0].length - 1).map(matcherPattern);
        const under = scope === undefined || scope === "*" ? undefined : matcherPattern(scope);
        guards.push({ guard: call[1]!, covers: (path) => (!under || under.test(path)) && !through.some((p) => p.test(path)) });
      }
    }
  }
  return guards;
}

/** The paths in the array options of the call whose `(` is at `open` that name what it lets through. */
function letThrough(text: string, code: string, open: number): string[] {
  const options = callArguments(code, open).args[0];
  if (!options || code[options.start + code.slice(options.start).search(/\S/)] !== "{") return [];
  const brace = options.start + code.slice(options.start).indexOf("{");
  return callArguments(code, brace).args.flatMap((property) => {
    const key = /^\s*([A-Za-z_$][\w$]*)\s*:\s*\[/.exec(code.slice(property.start, property.end));
    if (!key || !LETS_THROUGH.test(key[1]!)) return [];
    const list = callArguments(code, property.start + key[0].length - 1).args;
    return list.flatMap((entry) => /^\s*(["'`])(\/[^"'`]*)\1\s*$/.exec(text.slice(entry.start, entry.end))?.[2] ?? []);
  });
}
