/**
 * A Next.js app whose pages sit under a locale segment (`app/[locale]/...`) but whose i18n
 * middleware keeps the locale out of the URL: next-international's
 * `createI18nMiddleware({ urlMappingStrategy: "rewrite" })` (or `"rewriteDefault"`), next-intl's
 * `localePrefix: "never"` (or `"as-needed"`, in its middleware or its `defineRouting`). The
 * middleware rewrites `/account` to `/en/account`: the pages are served without the segment,
 * which this step takes off their paths.
 */
import type { ContractProject } from "../contracts/mod.ts";
import { MIDDLEWARE_FILE } from "../frameworks/next-middleware.ts";
import type { LinkedRoute } from "../link.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

// A page under a dynamic first segment of the app folder: the app's root, and the segment's name.
const LOCALE_PAGE = /^(.*?)(?:src\/)?app\/\[(\w+)\]\//;
const HIDDEN_LOCALE = /\burlMappingStrategy\s*:\s*["'](?:rewrite|rewriteDefault)["']|\blocalePrefix\s*:\s*["'](?:never|as-needed)["']/;
const ROUTING = /(?:^|\/)(?:i18n|lib|config)\/routing\.[cm]?[jt]s$/;

export function nextLocalePrefix(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const hides = new Map<string, boolean>();
  const hidden = (root: string) => {
    let found = hides.get(root);
    if (found === undefined) {
      const files = [...(project?.listed ?? [])].filter((p) => p.startsWith(root) && !p.slice(root.length).includes("node_modules/") && (MIDDLEWARE_FILE.test(p.slice(root.length)) || ROUTING.test(p)));
      found = files.some((p) => HIDDEN_LOCALE.test(project!.text(p) ?? ""));
      hides.set(root, found);
    }
    return found;
  };
  return (route) => {
    if (route.framework !== "next") return route;
    const page = LOCALE_PAGE.exec(route.file);
    const segment = page && `/{${page[2]}}`;
    if (!segment || (route.path !== segment && !route.path.startsWith(`${segment}/`)) || !hidden(page[1]!)) return route;
    return { ...route, path: route.path.slice(segment.length) || "/" };
  };
}
