/**
 * The route Laravel Sanctum serves, which no file of the app holds (its service provider draws
 * it): `GET /sanctum/csrf-cookie`, where a single-page app fetches its CSRF cookie before signing
 * in, under `config('sanctum.prefix', 'sanctum')`, for anyone; not when the app calls
 * `Sanctum::ignoreRoutes()` in a provider's `register()` (Sanctum's provider draws it when it
 * boots, before the app's providers boot).
 */
import type { Registration } from "../registration.ts";
import { requiredPackage } from "./composer-packages.ts";
import { inRegister } from "./passport-routes.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const APP_CODE = /^(?:app|bootstrap)\/.+\.php$/;
const IGNORES_ROUTES = /\bSanctum::ignoreRoutes\s*\(/;
// `'prefix' => 'sanctum'`, or the default of the env() it reads.
const PREFIX = /['"]prefix['"]\s*=>\s*(?:env\(\s*['"]\w+['"]\s*,\s*)?['"]([\w\-/]*)['"]/;

export function sanctumRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const required = requiredPackage(project, "laravel/sanctum");
  if (!required) return [];
  const { composer, root, line } = required;
  const code = [...project!.listed].filter((p) => p.startsWith(root) && APP_CODE.test(p.slice(root.length))).map((p) => project!.text(p) ?? "");
  if (code.some((text) => inRegister(text, IGNORES_ROUTES))) return [];
  const prefix = PREFIX.exec(project!.text(`${root}config/sanctum.php`) ?? "")?.[1] ?? "sanctum";
  const path = `/${prefix}/csrf-cookie`.replace(/\/{2,}/g, "/");
  return [{
    file: composer,
    registrations: [
      { type: "router", framework: "laravel", name: "(sanctum)", prefix: "", guards: [], line },
      { type: "route", framework: "laravel", kind: "http", methods: ["GET"], path, handler: "Laravel\\Sanctum\\Http\\Controllers\\CsrfCookieController@show", guards: [], owner: "(sanctum)", line },
    ],
  }];
}
