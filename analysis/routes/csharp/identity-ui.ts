/**
 * The pages ASP.NET Core Identity's default UI serves (Microsoft.AspNetCore.Identity.UI, added by
 * `AddDefaultIdentity<TUser>()` or `.AddDefaultUI()`): Razor Pages of the `Identity` area that no
 * file of the app holds, as Devise's routes are no file of a Rails app. A page the app scaffolds
 * (`Areas/Identity/Pages/Account/Login.cshtml`) replaces the default one: the app's is read as its
 * other pages are. The library's conventions authorize the Account/Manage folder; its Account
 * pages allow anonymous callers. Every page answers GET; those with a post handler, POST as well.
 */
import type { Registration } from "../registration.ts";

const USES_DEFAULT_UI = /\bAddDefaultIdentity\s*<|\.\s*AddDefaultUI\s*\(/;
const ROUTER = "(identity ui)";
const MANAGE_GUARD = "AuthorizeAreaFolder(Identity,/Account/Manage)";

// Each page of the library's Bootstrap 5 pages (Pages/V5), and whether it has a post handler.
const PAGES: readonly [page: string, posts: boolean][] = [
  ["Account/AccessDenied", false],
  ["Account/ConfirmEmail", false],
  ["Account/ConfirmEmailChange", false],
  ["Account/ExternalLogin", true],
  ["Account/ForgotPassword", true],
  ["Account/ForgotPasswordConfirmation", false],
  ["Account/Lockout", false],
  ["Account/Login", true],
  ["Account/LoginWith2fa", true],
  ["Account/LoginWithRecoveryCode", true],
  ["Account/Logout", true],
  ["Account/Register", true],
  ["Account/RegisterConfirmation", false],
  ["Account/ResendEmailConfirmation", true],
  ["Account/ResetPassword", true],
  ["Account/ResetPasswordConfirmation", false],
  ["Account/Manage/ChangePassword", true],
  ["Account/Manage/DeletePersonalData", true],
  ["Account/Manage/Disable2fa", true],
  ["Account/Manage/DownloadPersonalData", true],
  ["Account/Manage/Email", true],
  ["Account/Manage/EnableAuthenticator", true],
  ["Account/Manage/ExternalLogins", true],
  ["Account/Manage/GenerateRecoveryCodes", true],
  ["Account/Manage/Index", true],
  ["Account/Manage/PersonalData", false],
  ["Account/Manage/ResetAuthenticator", true],
  ["Account/Manage/SetPassword", true],
  ["Account/Manage/ShowRecoveryCodes", false],
  ["Account/Manage/TwoFactorAuthentication", true],
  ["Error", false],
];

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** The default UI's pages, declared in the file that adds it, but those the app's own Identity area pages replace. */
export function identityUiRoutes(project: Project | undefined, csharpFiles: readonly string[]): { file: string; registrations: Registration[] }[] {
  const file = csharpFiles.find((path) => USES_DEFAULT_UI.test(project?.text(path) ?? ""));
  if (!file) return [];
  const text = project!.text(file)!;
  const line = text.slice(0, text.search(USES_DEFAULT_UI)).split("\n").length;
  const listed = [...project!.listed];
  const scaffolded = (page: string) => listed.some((path) => path.endsWith(`Areas/Identity/Pages/${page}.cshtml`));
  const registrations: Registration[] = [{ type: "router", framework: "razor-pages", name: ROUTER, prefix: "", guards: [], line }];
  for (const [page, posts] of PAGES) {
    if (scaffolded(page)) continue;
    const path = `/Identity/${page.replace(/(^|\/)Index$/, "")}`;
    const guards = page.startsWith("Account/Manage/") ? [MANAGE_GUARD] : [];
    registrations.push({ type: "route", framework: "razor-pages", kind: "http", methods: posts ? ["GET", "POST"] : ["GET"], path, handler: page.split("/").at(-1)!, guards, owner: ROUTER, line });
  }
  return [{ file, registrations }];
}
