/**
 * Django REST Framework's default permissions, added after linking: a DRF view that sets no
 * `permission_classes` of its own (nor gets them from a base in its module, nor decides them in
 * `get_permissions`) is guarded by `REST_FRAMEWORK["DEFAULT_PERMISSION_CLASSES"]` of the
 * project's settings; with none set, DRF lets everyone in (AllowAny). The views carry
 * DRF_DEFAULT_PERMISSIONS among their guards until this step puts the classes in its place.
 */
import type { ContractProject } from "../contracts/mod.ts";
import { type AppConfig, appOf } from "../app-configs.ts";
import { djangoSettings } from "./django-settings.ts";
import type { LinkedRoute } from "../link.ts";
import { permissionGuards } from "./guards.ts";

/** Stands for the settings' default among a view's guards until drfDefaultPermissions replaces it. */
export const DRF_DEFAULT_PERMISSIONS = "REST_FRAMEWORK.DEFAULT_PERMISSION_CLASSES";

const DEFAULTS = /["']DEFAULT_PERMISSION_CLASSES["']\s*:\s*([[(][^\])]*[\])])/;

type Project = Pick<ContractProject, "listed" | "has" | "text">;
type Defaults = { classes: string[]; test: boolean };

export function drfDefaultPermissions(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let apps: AppConfig<Defaults>[] | undefined;
  return (route) => {
    if (!route.guards.includes(DRF_DEFAULT_PERMISSIONS)) return route;
    apps ??= readSettings(project);
    // A package outside the project's folder (Baserow's premium/ and enterprise/ backends, installed into
    // its Django project as apps) runs under that project's settings when the repository has one.
    const projects = new Set(apps.filter((a) => !a.value.test).map((a) => a.root));
    const defaults = (appOf(apps, route.file) ?? (projects.size === 1 ? apps.find((a) => !a.value.test)?.value : undefined))?.classes ?? [];
    const guards = route.guards.flatMap((g) => (g === DRF_DEFAULT_PERMISSIONS ? defaults : [g]));
    return { ...route, guards: [...new Set(guards)] };
  };
}

/** The default permission classes of each settings module that names them; test settings after the others of their project. */
function readSettings(project: Project | undefined): AppConfig<Defaults>[] {
  const apps = djangoSettings(project, (text, path): Defaults | undefined => {
    const list = DEFAULTS.exec(text)?.[1];
    // The class names, as permissionGuards reads them: every class but AllowAny guards.
    return list === undefined ? undefined : { classes: permissionGuards(list, { start: 0, end: list.length }).map((n) => n.split(".").at(-1)!), test: /test/i.test(path) };
  });
  return apps.sort((a, b) => b.root.length - a.root.length || Number(a.value.test) - Number(b.value.test));
}
