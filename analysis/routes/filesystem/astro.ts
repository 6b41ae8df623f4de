import type { FsFramework, FsRoute } from "./framework.ts";
import { handlerRoutes, page, routePath } from "./segments.ts";

const PAGE = /\.(?:astro|md|mdx|markdown|html)$/;
const ENDPOINT = /\.[cm]?[jt]s$/;

/**
 * Astro: `src/pages/**` pages (`.astro`, Markdown, HTML) and endpoints (`.ts`/`.js` exporting
 * GET, POST, ... or the older `get`/`del`); `_`-prefixed files and folders are not routes,
 * and an endpoint's name keeps its extension (`rss.xml.ts` serves `/rss.xml`).
 */
export const astro: FsFramework = {
  id: "astro",
  name: "Astro",
  packages: /^astro$/,
  configs: /^astro\.config\.[cm]?[jt]s$/,
  routes(app) {
    const routes: FsRoute[] = [];
    for (const file of app.files) {
      const segments = file.split("/");
      if (segments[0] !== "src" || segments[1] !== "pages" || segments.slice(2).some((s) => s.startsWith("_"))) {
        continue;
      }
      const name = segments.at(-1)!;
      const folders = segments.slice(2, -1);
      if (PAGE.test(name)) routes.push(page(file, routePath([...folders, name.replace(PAGE, "")])));
      else if (ENDPOINT.test(name) && !/\.d\.ts$/.test(name)) {
        routes.push(...handlerRoutes(app, file, routePath([...folders, name.replace(ENDPOINT, "")]), ["GET"]));
      }
    }
    return routes;
  },
};
