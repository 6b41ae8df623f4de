/**
 * The routes Laravel Fortify serves, which no file of the app holds (its service provider loads
 * its own routes file from vendor/): signing in and out, and the features config/fortify.php
 * turns on (`Features::registration()`, `resetPasswords()`, `emailVerification()`,
 * `updateProfileInformation()`, `updatePasswords()`, `twoFactorAuthentication([...])`; a feature
 * commented out is off), under `'prefix'`. The pages that only render a form (`GET /login`) are
 * drawn when `'views'` is on. Routes behind Fortify's `auth` middleware are guarded; the guest
 * ones (signing in, registering, resetting a password) are open. None when the app calls
 * `Fortify::ignoreRoutes()` in a provider's `register()`, or has not published the configuration
 * (the features it runs with are then not in the repository). A route the app serves itself at one
 * of Fortify's method and path replaces it (notReplacedPackageRoute).
 */
import type { Registration } from "../registration.ts";
import { appSources, configString, inRegister, requiredPackage } from "./composer-packages.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const FRAMEWORK = "laravel";
const ROUTER = "(fortify)";
const CONTROLLERS = "Laravel\\Fortify\\Http\\Controllers\\";
const GUARD = "auth";

// Each route: method, path, controller action, guarded, a page drawn only with views, and the feature drawing it.
type Drawn = [method: string, path: string, handler: string, guarded: boolean, view: boolean, feature?: string];

const DRAWN: Drawn[] = [
  ["GET", "login", "AuthenticatedSessionController@create", false, true],
  ["POST", "login", "AuthenticatedSessionController@store", false, false],
  ["POST", "logout", "AuthenticatedSessionController@destroy", true, false],
  ["GET", "forgot-password", "PasswordResetLinkController@create", false, true, "resetPasswords"],
  ["GET", "reset-password/{token}", "NewPasswordController@create", false, true, "resetPasswords"],
  ["POST", "forgot-password", "PasswordResetLinkController@store", false, false, "resetPasswords"],
  ["POST", "reset-password", "NewPasswordController@store", false, false, "resetPasswords"],
  ["GET", "register", "RegisteredUserController@create", false, true, "registration"],
  ["POST", "register", "RegisteredUserController@store", false, false, "registration"],
  ["GET", "email/verify", "EmailVerificationPromptController", true, true, "emailVerification"],
  ["GET", "email/verify/{id}/{hash}", "VerifyEmailController", true, false, "emailVerification"],
  ["POST", "email/verification-notification", "EmailVerificationNotificationController@store", true, false, "emailVerification"],
  ["PUT", "user/profile-information", "ProfileInformationController@update", true, false, "updateProfileInformation"],
  ["PUT", "user/password", "PasswordController@update", true, false, "updatePasswords"],
  ["GET", "user/confirm-password", "ConfirmablePasswordController@show", true, true],
  ["GET", "user/confirmed-password-status", "ConfirmedPasswordStatusController@show", true, false],
  ["POST", "user/confirm-password", "ConfirmablePasswordController@store", true, false],
  ["GET", "two-factor-challenge", "TwoFactorAuthenticatedSessionController@create", false, true, "twoFactorAuthentication"],
  ["POST", "two-factor-challenge", "TwoFactorAuthenticatedSessionController@store", false, false, "twoFactorAuthentication"],
  ["POST", "user/two-factor-authentication", "TwoFactorAuthenticationController@store", true, false, "twoFactorAuthentication"],
  ["POST", "user/confirmed-two-factor-authentication", "ConfirmedTwoFactorAuthenticationController@store", true, false, "twoFactorAuthentication"],
  ["DELETE", "user/two-factor-authentication", "TwoFactorAuthenticationController@destroy", true, false, "twoFactorAuthentication"],
  ["GET", "user/two-factor-qr-code", "TwoFactorQrCodeController@show", true, false, "twoFactorAuthentication"],
  ["GET", "user/two-factor-secret-key", "TwoFactorSecretKeyController@show", true, false, "twoFactorAuthentication"],
  ["GET", "user/two-factor-recovery-codes", "RecoveryCodeController@index", true, false, "twoFactorAuthentication"],
  ["POST", "user/two-factor-recovery-codes", "RecoveryCodeController@store", true, false, "twoFactorAuthentication"],
];

const IGNORES_ROUTES = /\bFortify::ignoreRoutes\s*\(/;
// `'views' => false`.
const VIEWS_OFF = /['"]views['"]\s*=>\s*false\b/;

export function fortifyRoutes(project: Project | undefined): { file: string; registrations: Registration[] }[] {
  const required = requiredPackage(project, "laravel/fortify");
  if (!required) return [];
  const { composer, root, line } = required;
  const config = project!.text(`${root}config/fortify.php`);
  if (config === undefined) return [];
  if (appSources(project!, root, ["app", "bootstrap"]).some((text) => inRegister(text, IGNORES_ROUTES))) return [];
  // The features the configuration lists, lines commented out left out.
  const live = config.split("\n").filter((l) => !/^\s*(?:\/\/|#|\*)/.test(l)).join("\n");
  const features = new Set([...live.matchAll(/\bFeatures::(\w+)\s*\(/g)].map((m) => m[1]!));
  const views = !VIEWS_OFF.test(live);
  const prefix = configString(live, "prefix") ?? "";
  const registrations: Registration[] = [{ type: "router", framework: FRAMEWORK, name: ROUTER, prefix: "", guards: [], line }];
  for (const [method, path, handler, guarded, view, feature] of DRAWN) {
    if ((view && !views) || (feature && !features.has(feature))) continue;
    registrations.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [method], path: `/${prefix}/${path}`.replace(/\/{2,}/g, "/"), handler: CONTROLLERS + handler, guards: guarded ? [GUARD] : [], owner: ROUTER, line });
  }
  return [{ file: composer, registrations }];
}

