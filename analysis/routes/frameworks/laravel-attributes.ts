import type { Framework } from "../framework.ts";
import { type Attribute, declared, isOpenApi } from "../php/attributes.ts";
import { phpConstants } from "../php/values.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { isLaravelGuard } from "./laravel.ts";

const VERBS: Record<string, string[]> = { Get: ["GET"], Post: ["POST"], Put: ["PUT"], Patch: ["PATCH"], Delete: ["DELETE"], Options: ["OPTIONS"], Any: ["ALL"] };

/**
 * Laravel routes written as attributes on controllers (spatie/laravel-route-attributes):
 * `#[Prefix('articles')]` and `#[Middleware('auth')]` on the class, `#[Get('/{slug}', middleware:
 * 'auth')]`, `#[Route(['GET', 'POST'], 'x')]` on its methods. The prefix of the directory the
 * registrar reads (`Route::prefix('api')->group(... registerDirectory(app_path(...)))`) is added
 * after linking (php/route-attributes-prefix.ts).
 */
export const laravelAttributes: Framework = {
  id: "laravel-attributes",
  name: "Laravel route attributes",
  languages: ["php"],
  hint: /Spatie\\RouteAttributes\\Attributes/,
  scan(source) {
    const declarations = declared(source, phpConstants(source));
    const found: Registration[] = [];
    for (const cls of declarations.filter((d) => d.kind === "class")) {
      const prefix = first(cls.attributes.find((a) => a.name === "Prefix"), "prefix") ?? "";
      const classGuards = cls.attributes.filter((a) => a.name === "Middleware").flatMap((a) => a.positional[0] ?? a.named.get("middleware") ?? []);
      const methods = declarations.filter((d) => d.kind === "method" && cls.body && d.at > cls.body.start && d.at < cls.body.end);
      for (const method of methods) {
        for (const attribute of method.attributes) {
          if (isOpenApi(attribute)) continue;
          const verbs = attribute.name === "Route" ? (attribute.named.get("method") ?? attribute.positional[0] ?? []).map((m) => m.toUpperCase()) : VERBS[attribute.name];
          const uri = attribute.name === "Route" ? first(attribute, "uri", 1) : first(attribute, "uri");
          if (!verbs?.length || uri === undefined) continue;
          const middleware = [...classGuards, ...(attribute.named.get("middleware") ?? [])];
          found.push({
            type: "route", framework: "laravel", kind: "http", methods: verbs, path: joinPaths(prefix, uri),
            handler: `${cls.name}@${method.name}`, guards: [...new Set(middleware.filter(isLaravelGuard))], owner: "", line: attribute.line,
          });
        }
      }
    }
    return found;
  },
};

/** An attribute's argument by name, or at its position. */
function first(attribute: Attribute | undefined, name: string, position = 0): string | undefined {
  return (attribute?.named.get(name) ?? attribute?.positional[position])?.[0];
}
