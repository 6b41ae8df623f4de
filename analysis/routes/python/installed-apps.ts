/**
 * Routes a Django package draws only when the project installs one of its apps: django-allauth's
 * `allauth.urls` serves two-factor, social-account and user-session pages when `allauth.mfa`,
 * `allauth.socialaccount` or `allauth.usersessions` is in INSTALLED_APPS. The scanner draws
 * them (frameworks/django.ts); this keeps those whose app some settings module of the
 * repository installs.
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";
import { djangoSettings } from "./django-settings.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const APP_VIEW = /^(allauth\.(?:mfa|socialaccount|usersessions))\./;
// djoser's actions drawn for one username field (`set_username@email`).
const FIELD_VIEW = /^djoser\.views\.\w+\.\w+@(\w+)$/;
// `USERNAME_FIELD = "email"`, or chosen by a setting (`"username" if settings.LDAP_ENABLED else "email"`): the field when the setting is off.
const USERNAME_FIELD = /^[ \t]+USERNAME_FIELD\s*=\s*(?:["']\w+["']\s+if\s+[^\n]+?\s+else\s+)?["'](\w+)["']/m;
// Where a custom user model is declared.
const MODELS = /(?:^|\/)models(?:\.py|\/[^/]+\.py)$/;

/**
 * Also keeps, of djoser's username actions, those for the project's USERNAME_FIELD (`email` when
 * a model of the repository says `USERNAME_FIELD = "email"`; Django's `username` otherwise).
 */
export function djangoAppsServed(project: Project | undefined): (route: LinkedRoute) => boolean {
  let installed: Set<string> | undefined;
  let usernameField: string | undefined;
  return (route) => {
    const field = route.framework === "django" ? FIELD_VIEW.exec(route.handler)?.[1] : undefined;
    if (field) {
      usernameField ??= usernameFieldOf(project);
      return field === usernameField;
    }
    const app = route.framework === "django" ? APP_VIEW.exec(route.handler)?.[1] : undefined;
    if (!app) return true;
    installed ??= new Set(djangoSettings(project, (text) => [...text.replace(/^[ \t]*#.*$/gm, "").matchAll(/["'](allauth\.\w+)["']/g)].map((m) => m[1]!)).flatMap((s) => s.value));
    return installed.has(app);
  };
}

/** The USERNAME_FIELD a user model of the repository declares, `username` when none does. */
function usernameFieldOf(project: Project | undefined): string {
  for (const path of project?.listed ?? []) {
    if (!MODELS.test(path) || !project!.has(path)) continue;
    const field = USERNAME_FIELD.exec(project!.text(path) ?? "")?.[1];
    if (field) return field;
  }
  return "username";
}
