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

export function djangoAppsServed(project: Project | undefined): (route: LinkedRoute) => boolean {
  let installed: Set<string> | undefined;
  return (route) => {
    const app = route.framework === "django" ? APP_VIEW.exec(route.handler)?.[1] : undefined;
    if (!app) return true;
    installed ??= new Set(djangoSettings(project, (text) => [...text.replace(/^[ \t]*#.*$/gm, "").matchAll(/["'](allauth\.\w+)["']/g)].map((m) => m[1]!)).flatMap((s) => s.value));
    return installed.has(app);
  };
}
