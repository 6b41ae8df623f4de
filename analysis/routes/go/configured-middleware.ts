/**
 * Go middleware an app adds only when a setting holds a value: statping's
 * `authUser := utils.Params.GetString("AUTH_USERNAME")`, then
 * `if authUser != "" && authPass != "" { r.Use(basicAuthHandler) }`, or Dozzle's
 * `if h.config.Authorization.Provider != NONE { r.Use(auth.RequireAuthentication) }`. As shipped, with the value
 * not set, it checks nobody: the routers' scanners register it without its guards.
 */
import { openingBrace } from "../../languages/curly.ts";

// A value read from the configuration: the environment, viper, a settings object, a flag.
const CONFIGURED = /\b(?:os\.(?:Getenv|LookupEnv)|viper\.\w+|Params\.Get\w*|[Cc]onf(?:ig)?\.\w+|[Cc]fg\.\w+|[Ss]ettings\.\w+|flag\.\w+)/;
// A test that a value was given: `user != ""`, `key != nil`, `len(users) > 0`, or that a mode is other
// than off (`config.Authorization.Provider != NONE`).
const GIVEN = /!=\s*""|!=\s*nil\b|\blen\s*\([^)]*\)\s*>\s*0|!=\s*(?:"(?:none|off|disabled)"|(?:\w+\.)?(?:NONE|None|Off|OFF|Disabled|DISABLED)\b)/;

/**
 * Whether the statement at `at` runs only inside an `if` testing that a configured value was
 * given (`authUser := utils.Params.GetString("AUTH_USERNAME")`, then `if authUser != "" { ... }`).
 */
export function onlyWhenConfigured(code: string, at: number): boolean {
  const open = openingBrace(code, at);
  if (open === -1) return false;
  const statement = code.slice(Math.max(code.lastIndexOf("\n", code.lastIndexOf("if", open)), 0), open);
  const condition = /\bif\s+([^{]*)$/.exec(statement)?.[1];
  if (!condition || !GIVEN.test(condition) || /^\s*!/.test(condition)) return false;
  if (CONFIGURED.test(condition)) return true;
  // A local the condition tests, given its value from the configuration before the `if`.
  const before = code.slice(0, open);
  return [...condition.matchAll(/\b([a-z_]\w*)\b/g)].some((m) => new RegExp(String.raw`\b${m[1]}\s*:?=\s*[^\n]*`).exec(before.slice(-2000))?.[0].match(CONFIGURED));
}

