import { dirOf } from "../../project.ts";
import type { FsFramework, FsRoute } from "./framework.ts";
import { routePath } from "./segments.ts";

/**
 * dart_frog: `routes/**` files of a Dart package are routes (`routes/index.dart` is `/`,
 * `routes/users/[id].dart` is `/users/{id}`), each serving the methods its `onRequest`
 * switches on (frameworks/dart-frog.ts); `_middleware.dart` guards its folder and every folder
 * below with the auth-like middleware it applies. A file is a route only when it declares an
 * `onRequest(RequestContext)` handler, so a Flutter app's `routes/` folder is left alone.
 */
export const dartFrog: FsFramework = {
  id: "dart-frog",
  name: "dart_frog",
  // dart_frog is declared in pubspec.yaml, which the stage does not read: a Dart package folder qualifies, and only its handler modules make routes.
  packages: /(?!)/,
  configs: /^pubspec\.yaml$/,
  routes(app) {
    const guardsOf = new Map<string, string[]>();
    for (const file of app.files.filter((f) => /^routes\/(?:.*\/)?_middleware\.dart$/.test(f))) {
      guardsOf.set(dirOf(file), app.exports(file).filter((r) => r.handler === "middleware").flatMap((r) => r.guards));
    }
    const routes: FsRoute[] = [];
    for (const file of app.files) {
      const segments = file.split("/");
      if (segments[0] !== "routes" || !file.endsWith(".dart") || segments.some((s) => s.startsWith("_"))) continue;
      const handlers = app.exports(file).filter((r) => r.handler === "onRequest");
      const folders: string[] = [];
      for (let dir = dirOf(file); dir.startsWith("routes"); dir = dirOf(dir)) folders.unshift(dir);
      const guards = [...new Set(folders.flatMap((d) => guardsOf.get(d) ?? []))];
      const path = routePath([...segments.slice(1, -1), segments.at(-1)!.replace(/\.dart$/, "")]);
      for (const h of handlers) routes.push({ method: h.methods[0]!, path, file, line: h.line, handler: h.handler, guards, kind: "http" });
    }
    return routes;
  },
};
