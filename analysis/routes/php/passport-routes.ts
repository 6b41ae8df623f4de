/**
 * The routes Laravel Passport serves, which no file of the app holds (its service provider loads
 * its own routes file from vendor/, as Devise's routes are no file of a Rails app): under
 * `config('passport.path', 'oauth')`, the token and device-code endpoints for anyone, the rest
 * behind the `auth` middleware (the authorization screen checks the session itself). Which
 * routes depends on the version the project locks (composer.lock, else the major its
 * composer.json asks for): up to 10.x only when the app calls `Passport::routes()`; from 11.x
 * always, unless it calls `Passport::ignoreRoutes()` in time; from 13.x the device
 * authorization grant's routes too, and the JSON API (tokens, clients, scopes, personal access
 * tokens) only when the app sets `Passport::$registersJsonApiRoutes = true` in time.
 * A route the app defines itself at the same method and path replaces Passport's, as Laravel
 * keeps the route registered last (notReplacedPackageRoute).
 */
import type { Registration } from "../registration.ts";
import { appSources, configString, inRegister, requiredPackage } from "./composer-packages.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const FRAMEWORK = "laravel";
const ROUTER = "(passport)";
const CONTROLLERS = "Laravel\\Passport\\Http\\Controllers\\";
const GUARD = "auth";

type Drawn = [method: string, path: string, handler: string, guarded: boolean];

const BASE: Drawn[] = [
  ["POST", "token", "AccessTokenController@issueToken", false],
  // Only `web` around it, but the controller sends a caller not signed in to sign in first.
  ["GET", "authorize", "AuthorizationController@authorize", true],
  ["POST", "token/refresh", "TransientTokenController@refresh", true],
  ["POST", "authorize", "ApproveAuthorizationController@approve", true],
  ["DELETE", "authorize", "DenyAuthorizationController@deny", true],
];
const DEVICE: Drawn[] = [
  ["POST", "device/code", "DeviceCodeController", false],
  ["GET", "device", "DeviceUserCodeController", false],
  ["GET", "device/authorize", "DeviceAuthorizationController", true],
  ["POST", "device/authorize", "ApproveDeviceAuthorizationController@approve", true],
  ["DELETE", "device/authorize", "DenyDeviceAuthorizationController@deny", true],
];
const JSON_API: Drawn[] = [
  ["GET", "tokens", "AuthorizedAccessTokenController@forUser", true],
  ["DELETE", "tokens/{token_id}", "AuthorizedAccessTokenController@destroy", true],
  ["GET", "clients", "ClientController@forUser", true],
  ["POST", "clients", "ClientController@store", true],
  ["PUT", "clients/{client_id}", "ClientController@update", true],
  ["DELETE", "clients/{client_id}", "ClientController@destroy", true],
  ["GET", "scopes", "ScopeController@all", true],
  ["GET", "personal-access-tokens", "PersonalAccessTokenController@forUser", true],
  ["POST", "personal-access-tokens", "PersonalAccessTokenController@store", true],
  ["DELETE", "personal-access-tokens/{token_id}", "PersonalAccessTokenController@destroy", true],
];

const CALLS_ROUTES = /\bPassport::routes\s*\(/;
const IGNORES_ROUTES = /\bPassport::ignoreRoutes\s*\(/;
const JSON_API_ON = /\bPassport::\$registersJsonApiRoutes\s*=\s*true\b/;

export function passportRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const required = requiredPackage(project, "laravel/passport");
  if (!required) return [];
  const { composer, root, major, line } = required;
  const code = appSources(project!, root, ["app", "bootstrap", "routes", "config"]);
  const calls = (pattern: RegExp) => code.some((text) => pattern.test(text));
  if (major <= 10 ? !calls(CALLS_ROUTES) : code.some((text) => inRegister(text, IGNORES_ROUTES))) return [];
  const drawn = major >= 13 ? [...BASE, ...DEVICE, ...(code.some((text) => inRegister(text, JSON_API_ON)) ? JSON_API : [])] : [...BASE, ...JSON_API];
  const prefix = configString(project!.text(`${root}config/passport.php`) ?? "", "path") ?? "oauth";
  const registrations: Registration[] = [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line }];
  for (const [method, path, handler, guarded] of drawn) {
    registrations.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path: `/${prefix}/${path}`.replace(/\/{2,}/g, "/"), handler: CONTROLLERS + handler, guards: guarded ? [GUARD] : [], owner: ROUTER, line });
  }
  return [{ file: composer, registrations }];
}
