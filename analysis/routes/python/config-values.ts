/**
 * A Flask app's configuration values by key (`app.config["AUTH_URL_PREFIX"]`): the string the
 * project's configuration modules assign that upper-case name (`AUTH_URL_PREFIX = "/auth"` in a
 * config class or at module level, in files named for config or settings or under a configs/
 * folder), or give it in a dict of defaults the app's config is updated from (`DEFAULT_CONFIG =
 * {'WEB_ADMIN': '/admin', ...}`). A key given one value, or the same everywhere, has it; the Flask scanner writes the
 * key as a placeholder (common/configured.ts), filled in before linking.
 */
import { configuredPath } from "../common/configured.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

export const CONFIG_MODULE = /(?:^|\/)(?:configs?\/[^/]+|\w*(?:config|settings)\w*)\.py$/i;
export const SKIPPED = /(?:^|\/)(?:tests?|testing|vendor|node_modules|examples?|docs?)\//;

export function pythonConfigValues(project: Project | undefined): (key: string) => string | undefined {
  let modules: string[] | undefined;
  const memo = new Map<string, string | undefined>();
  return (key) => {
    if (memo.has(key)) return memo.get(key);
    modules ??= [...(project?.listed ?? [])].filter((p) => CONFIG_MODULE.test(p) && !SKIPPED.test(p)).map((p) => project!.text(p) ?? "");
    const assigned = new RegExp(`^[ \\t]*${key}[ \\t]*(?::[^=\\n]+)?=[ \\t]*(?:r|u)?(["'])(.*?)\\1[ \\t]*(?:#.*)?$`, "gm");
    const entry = new RegExp(`^[ \\t]*(["'])${key}\\1[ \\t]*:[ \\t]*(?:r|u)?(["'])(.*?)\\2[ \\t]*,?[ \\t]*(?:#.*)?$`, "gm");
    const values = new Set(
      // Django's prefixes are written without the leading slash (`SECRET_CRM_PREFIX = '123/'`).
      modules.flatMap((text) => [...[...text.matchAll(assigned)].map((m) => m[2]!), ...[...text.matchAll(entry)].map((m) => m[3]!)].map((v) => configuredPath(v) ?? (/^[\w-]/.test(v) ? configuredPath(`/${v}`) : undefined))).filter((v): v is string => v !== undefined),
    );
    const value = values.size === 1 ? [...values][0] : undefined;
    memo.set(key, value);
    return value;
  };
}
