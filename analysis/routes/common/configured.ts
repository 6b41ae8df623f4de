/**
 * Prefixes an application reads from its configuration, filled in before linking. A scanner that
 * meets one (a Go struct field, `uiConf.APIBaseURL`; a Flask config key, `app.config["AUTH_URL_PREFIX"]`)
 * writes a placeholder naming the kind and the name, in a route's path, a mount's prefix or a
 * router's own, and marks the prefix unknown; this asks the kind's resolver for the value and,
 * when one is found, puts it in and clears the mark. Otherwise the placeholder goes and the
 * routes keep saying their prefix is unknown.
 */
import type { FileRoutes, Registration } from "../registration.ts";

const MARK = "\u0002";
const PLACEHOLDER = new RegExp(`${MARK}(\\w+):([^${MARK}]+)${MARK}`, "g");

/** A resolver per kind: the path a configured name gives (`""` for none), undefined when not known. */
export type ConfiguredValues = Record<string, (name: string) => string | undefined>;

/** The placeholder a scanner writes for a configured value read as a prefix. */
export const configuredPlaceholder = (kind: string, name: string): string => `${MARK}${kind}:${name}${MARK}`;

/** Whether a path holds a configured value's placeholder. */
export const isConfigured = (path: string): boolean => path.includes(MARK);

/** A path without its placeholders, for a value that is not to be looked up. */
export const withoutConfigured = (path: string): string => path.replace(PLACEHOLDER, "").replace(/\/{2,}/g, "/");

export function withConfiguredValues(files: ReadonlyMap<string, FileRoutes>, resolvers: () => ConfiguredValues): Map<string, FileRoutes> {
  let known: ConfiguredValues | undefined;
  const result = new Map<string, FileRoutes>();
  const inMatchers = (matchers: readonly { path: string }[] | undefined) => !!matchers?.some((m) => m.path.includes(MARK));
  const marked = (r: Registration) => (r.type === "route" && r.path.includes(MARK)) || ((r.type === "use" || r.type === "router") && r.prefix.includes(MARK)) || (r.type === "global" && (inMatchers(r.scope) || inMatchers(r.except)));
  for (const [file, routes] of files) {
    if (!routes.registrations.some(marked)) {
      result.set(file, routes);
      continue;
    }
    known ??= resolvers();
    const fill = (text: string): { text: string; found: boolean } => {
      let found = true;
      const filled = text.replace(PLACEHOLDER, (_, kind: string, name: string) => known![kind]?.(name) ?? ((found = false), ""));
      return { text: filled, found };
    };
    // A router whose prefix holds a value not found: its routes say their prefix is unknown.
    const unknownRouters = new Set<string>();
    const filledRouters = routes.registrations.map((r): Registration => {
      if (r.type !== "router" || !r.prefix.includes(MARK)) return r;
      const { text, found } = fill(r.prefix);
      if (!found) unknownRouters.add(`${r.framework}:${r.name}`);
      return { ...r, prefix: text };
    });
    const registrations = filledRouters.flatMap((r): Registration[] => {
      if (r.type === "route" && r.path.includes(MARK)) {
        const { prefixUnknown: _, ...rest } = r;
        const { text, found } = fill(r.path);
        // A path that was nothing but a value not found (a constant of another file, `f'/{Endpoint.missing}'`) is no path at all.
        if (!found && /^\/?$/.test(r.path.replace(PLACEHOLDER, ""))) return [];
        return [{ ...rest, path: text, ...(found ? {} : { prefixUnknown: true }) }];
      }
      if (r.type === "use" && r.prefix.includes(MARK)) {
        const { prefixUnknown: _, ...rest } = r;
        const { text, found } = fill(r.prefix);
        return [{ ...rest, prefix: text, ...(found ? {} : { prefixUnknown: true }) }];
      }
      if (r.type === "global" && (inMatchers(r.scope) || inMatchers(r.except))) {
        // A security rule's matcher whose value is not found matches nothing known: it goes. A rule left with
        // no matcher in its scope guards nothing (its scope was never all routes).
        const filled = (matchers: typeof r.scope) => matchers?.flatMap((m) => {
          if (!m.path.includes(MARK)) return [m];
          const { text, found } = fill(m.path);
          return found ? [{ ...m, path: text }] : [];
        });
        const scope = filled(r.scope);
        if (r.scope && !scope?.length) return [];
        return [{ ...r, ...(scope ? { scope } : {}), ...(r.except ? { except: filled(r.except) } : {}) }];
      }
      return [r];
    });
    const underUnknown = (r: Registration) => (r.type === "route" || r.type === "use") && unknownRouters.has(`${r.framework}:${r.owner}`);
    result.set(file, { ...routes, registrations: registrations.map((r) => (underUnknown(r) ? { ...r, prefixUnknown: true } : r)) });
  }
  return result;
}

/** A prefix from a configured value: a path, empty, or a URL's path (`https://host/base` -> `/base`). */
export function configuredPath(value: string): string | undefined {
  if (value === "" || /^\/[\w\-/.{}]*$/.test(value)) return value.replace(/\/+$/, "");
  const url = /^https?:\/\/[^/]+(\/[\w\-/.]*)?$/.exec(value);
  return url ? (url[1] ?? "").replace(/\/+$/, "") : undefined;
}
