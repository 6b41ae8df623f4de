import type { Registration } from "../registration.ts";

/**
 * Registrations that mount `child` on `owner` under `prefix`, behind `guards` that protect
 * this mount only. A `use` registration's own guards reach every route under its prefix on
 * the owner (Express's `app.use("/x", auth, router)`), so guards of one mount (a group passed
 * to a function after `Use(auth)`, a Vapor `protected.register(collection:)`) go on a router
 * of their own between the two. `prefixUnknown`: the prefix is what is known of one computed
 * from a value not read (or a `${config:...}` placeholder, common/config-prefixes.ts).
 */
export function guardedMount(framework: string, owner: string, prefix: string, child: string, guards: readonly string[], line: number, prefixUnknown = false): Registration[] {
  const use = (from: string, at: string, to: string, unknown = false): Registration =>
    ({ type: "use", framework, owner: from, prefix: at, args: [to], specifiers: [], guards: [], mountOnly: true, line, ...(unknown ? { prefixUnknown: true } : {}) });
  if (guards.length === 0) return [use(owner, prefix, child, prefixUnknown)];
  const between = `${owner}>${child}@${line}`;
  return [{ type: "router", framework, name: between, prefix: "", guards: [...guards], line }, use(owner, prefix, between, prefixUnknown), use(between, "", child)];
}
