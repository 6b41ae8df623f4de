/**
 * A Laravel app's configuration values by key (`config('app.admin_url')`): the value the app's
 * `config/app.php` gives its `admin_url` entry, a string or the default of the `env()` it reads
 * (`env('APP_ADMIN_URL', 'admin')`), as the default deployment has it. Only a path-like value is
 * a prefix. The Laravel scanner writes the key as a placeholder (common/configured.ts), filled in
 * before linking; the app's config folder is the one nearest the repository's root.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const SKIPPED = /(?:^|\/)(?:tests?|vendor|node_modules|examples?|docs?)\//;
const SEGMENTS = /^[\w\-{}./]*$/;

export function laravelConfigValues(project: Project | undefined): (key: string) => string | undefined {
  const memo = new Map<string, string | undefined>();
  return (key) => {
    if (memo.has(key)) return memo.get(key);
    if (key === API_PREFIX) {
      memo.set(key, apiPrefix(project));
      return memo.get(key);
    }
    const [file, ...path] = key.split(".");
    const entry = path.at(-1);
    let value: string | undefined;
    if (file && entry) {
      const candidates = [...(project?.listed ?? [])].filter((p) => (p === `config/${file}.php` || p.endsWith(`/config/${file}.php`)) && !SKIPPED.test(p));
      const source = candidates.sort((a, b) => a.split("/").length - b.split("/").length)[0];
      const text = source ? project!.text(source) ?? "" : "";
      // `'admin_url' => env('APP_ADMIN_URL', 'admin'),` or `'admin_url' => 'admin',`.
      const quoted = entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const m = new RegExp(String.raw`(["'])${quoted}\1\s*=>\s*(?:env\s*\(\s*(["'])[\w.]+\2\s*,\s*)?(["'])([^"'\n]*)\3`).exec(text);
      const found = m?.[4];
      if (found !== undefined && SEGMENTS.test(found)) value = found === "" ? "" : `/${found.replace(/^\/+|\/+$/g, "")}`;
    }
    memo.set(key, value);
    return value;
  };
}

/** The key of routes/api.php's prefix: `/api`, or what Laravel 11's `->withRouting(api: ..., apiPrefix: 'api/v1')` in bootstrap/app.php says. */
export const API_PREFIX = "(api prefix)";

function apiPrefix(project: Project | undefined): string {
  const bootstrap = [...(project?.listed ?? [])].filter((p) => /(?:^|\/)bootstrap\/app\.php$/.test(p) && !SKIPPED.test(p)).sort((a, b) => a.split("/").length - b.split("/").length)[0];
  const written = bootstrap ? /\bapiPrefix\s*:\s*(["'])([^"'\n]*)\1/.exec(project!.text(bootstrap) ?? "")?.[2] : undefined;
  return written === undefined ? "/api" : written.replace(/^\/*/, "/").replace(/\/+$/, "") || "";
}
