import { joinPaths } from "../paths.ts";
import type { FsFramework, FsRoute } from "./framework.ts";

// `<Route`, `<ParentRoute`, `<ProtectedRoute`, an app's own `<IbisProtectedRoute`, then their attributes
// (a type's generic argument, `Vec<Route>`, is none); and their closing tags.
const TAG = /<(\/?)((?:[A-Z]\w*)?Route)(?=\s|>)/g;
// A crate built for the server renders its routes there (`ssr = ["leptos/ssr", ...]`).
const SSR = /["']leptos(?:_router)?\/ssr["']/;

/**
 * Leptos's routes, written in its `view!` markup: `<Route path=path!("/article/:title")
 * view=ReadArticle />`, `path="/users/:id"` (0.6), or segments (`path=(StaticSegment("article"),
 * ParamSegment("title"))`), nested under a `<ParentRoute path=...>`. A crate whose Cargo.toml builds
 * it for the server (`leptos/ssr`) serves each as a page, rendered by `leptos_routes`; a crate built
 * for the browser alone only routes there. A protected route (`<ProtectedRoute>`, an app's
 * `<IbisProtectedRoute>`) sends a caller its condition refuses elsewhere: a guard. `:id` is a
 * parameter, `*rest` the rest of the path.
 */
export const leptos: FsFramework = {
  id: "leptos",
  name: "Leptos",
  // Declared in Cargo.toml, which the stage does not parse: a crate folder qualifies, and only one depending on leptos makes routes.
  packages: /(?!)/,
  configs: /^Cargo\.toml$/,
  routes(app) {
    const cargo = app.text("Cargo.toml") ?? "";
    if (!/^\s*leptos_router\b/m.test(cargo)) return [];
    const kind = SSR.test(cargo) ? "fs" : "client";
    const routes: FsRoute[] = [];
    for (const file of app.files) {
      if (!file.endsWith(".rs") || !file.startsWith("src/")) continue;
      const text = app.text(file);
      if (!text?.includes("Route")) continue;
      const parents: string[] = [];
      for (const m of text.matchAll(TAG)) {
        if (m[1]) {
          parents.pop();
          continue;
        }
        // A route tag has attributes; `<Route>` with none is a type's generic argument.
        if (text[m.index + m[0].length] === ">") continue;
        const end = tagEnd(text, m.index + m[0].length);
        if (end === undefined) continue;
        const path = routePath(text.slice(m.index + m[0].length, end.at));
        // A parent wraps the routes up to its closing tag, under its path (none when it has none).
        if (!end.selfClosing) {
          parents.push(path ?? "");
          continue;
        }
        if (path === undefined) continue;
        const full = joinPaths(...parents, path);
        const line = text.slice(0, m.index).split("\n").length;
        routes.push({ method: "GET", path: full, file, line, handler: "(page)", guards: /Protected/.test(m[2]!) ? [m[2]!] : [], kind });
      }
    }
    const seen = new Set<string>();
    return routes.filter((r) => !seen.has(r.path) && !!seen.add(r.path));
  },
};

/** Where a tag's attributes end (`/>` or `>` outside brackets and strings), and whether it closes itself. */
function tagEnd(text: string, from: number): { at: number; selfClosing: boolean } | undefined {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if ("({[".includes(c)) depth++;
    else if (")}]".includes(c)) depth--;
    else if (depth === 0 && c === "/" && text[i + 1] === ">") return { at: i, selfClosing: true };
    else if (depth === 0 && c === ">" && text[i - 1] !== "-" && text[i - 1] !== "=") return { at: i, selfClosing: false };
  }
  return undefined;
}

/** A route tag's path attribute as a path: `path!("/a/:id")`, `"/a/:id"`, or a tuple of segments. */
function routePath(attributes: string): string | undefined {
  const at = /\bpath\s*=\s*/.exec(attributes);
  if (!at) return undefined;
  const value = attributes.slice(at.index + at[0].length);
  const literal = /^(?:path!\s*\(\s*)?"([^"]*)"/.exec(value);
  if (literal) return literal[1]!.split("/").map(segment).join("/");
  const segments = /^\(?\s*((?:(?:Static|Param|Wildcard|OptionalParam)Segment\s*\(\s*"[^"]*"\s*\)\s*,?\s*)+)\)?/.exec(value);
  if (!segments) return undefined;
  return "/" + [...segments[1]!.matchAll(/(Static|Param|Wildcard|OptionalParam)Segment\s*\(\s*"([^"]*)"\s*\)/g)]
    .map((s) => (s[1] === "Static" ? s[2]! : s[1] === "Wildcard" ? "*" : `{${s[2]}}`))
    .filter(Boolean)
    .join("/");
}

/** A written segment: `:id` is `{id}`, `*rest` the rest of the path. */
const segment = (s: string): string => (s.startsWith(":") ? `{${s.slice(1).replace(/\?$/, "")}}` : s.startsWith("*") ? "*" : s);
