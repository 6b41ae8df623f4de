/**
 * The route Laravel Sanctum serves, which no file of the app holds (its service provider draws
 * it): `GET /sanctum/csrf-cookie`, where a single-page app fetches its CSRF cookie before signing
 * in, under `config('sanctum.prefix', 'sanctum')`, for anyone; not when the app calls
 * `Sanctum::ignoreRoutes()` in a provider's `register()` (Sanctum's provider draws it when it
 * boots, before the app's providers boot).
 */
import type { Registration } from "../registration.ts";
import { appSources, configString, inRegister, requiredPackage } from "./composer-packages.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const IGNORES_ROUTES = /\bSanctum::ignoreRoutes\s*\(/;

export function sanctumRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const required = requiredPackage(project, "laravel/sanctum");
  if (!required) return [];
  const { composer, root, line } = required;
  if (appSources(project!, root, ["app", "bootstrap"]).some((text) => inRegister(text, IGNORES_ROUTES))) return [];
  const prefix = configString(project!.text(`${root}config/sanctum.php`) ?? "", "prefix") ?? "sanctum";
  const path = `/${prefix}/csrf-cookie`.replace(/\/{2,}/g, "/");
  return [{
    file: composer,
    registrations: [
      { type: "router", framework: "laravel", name: "(sanctum)", prefix: "", guards: [], line },
      { type: "route", framework: "laravel", kind: "http", methods: ["GET"], path, handler: "Laravel\\Sanctum\\Http\\Controllers\\CsrfCookieController@show", guards: [], owner: "(sanctum)", line },
    ],
  }];
}
