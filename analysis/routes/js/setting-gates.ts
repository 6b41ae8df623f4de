/**
 * Middleware mounted only when a setting switches it on: `if (OIDC.enabled) app.use(auth(...))`,
 * `if (config.basicAuth.enabled) { router.use(basicAuth) }`. Such a switch names a feature the
 * user turns on with configuration of their own (an identity provider, credentials), so as
 * shipped the guard is off and the routes it would guard take anyone; a test that can only
 * switch it off (`if (!config.disableAuth)`) leaves it on.
 */
import { enclosingTests } from "../common/conditions.ts";

/** A flag that switches a feature on, read from a setting: `OIDC.enabled`, `config.auth.isEnabled`, `process.env.AUTH_ENABLED`. */
export const FLAG = String.raw`(?:[\w$]+\s*\??\.\s*)+(?:[\w$]*(?:enabled|Enabled|ENABLED)|ENABLE_\w+)\b`;
// The flag alone, or compared with true (`process.env.AUTH_ENABLED === "true"`).
const SWITCHED_ON = new RegExp(String.raw`^\s*${FLAG}\s*(?:===?\s*(?:true|1|(["'])[^"'\n]*\1)\s*)?$`);

/** Whether the code at `at` runs only under an `if` that a setting switches on. */
export function switchedOnBySetting(code: string, at: number): boolean {
  return enclosingTests(code, at)?.some((test) => SWITCHED_ON.test(test)) ?? false;
}
