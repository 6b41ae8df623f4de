/**
 * Django URL patterns added under a setting the project leaves off by default are not served as
 * shipped: `if settings.IS_RBAC_INSTALLED: urlpatterns += [...]`, or a router's
 * `register("roles", RoleViewSet)` in such a block. A setting is off when the settings modules
 * assign it nothing but `False`, a boolean read from the environment that defaults to false
 * (`env.bool("SAML_ENABLED", False)`), or whether a module the repository does not hold can be
 * imported (`importlib.util.find_spec("rbac") is not None`: a private package installed only in
 * some builds). A setting assigned anything else, or nowhere, may be on: its routes stay. DEBUG
 * branches are left out by the scanner itself (frameworks/django.ts).
 */
import type { ContractProject } from "../contracts/mod.ts";
import type { LinkedRoute } from "../link.ts";
import { CONFIG_MODULE, SKIPPED } from "./config-values.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

// A settings package's modules (`app/settings/common.py`).
const SETTINGS_PACKAGE = /(?:^|\/)settings\/[^/]+\.py$/;
const SWITCH = /^([ \t]*)if[ \t]+settings\.([A-Z][A-Z0-9_]*)[ \t]*:/;
const ENV_FALSE = /^env(?:\.bool)?\s*\(\s*["']\w+["']\s*,\s*(?:default\s*=\s*)?False\s*\)\s*(?:#.*)?$/;
const FIND_SPEC = /^importlib\.util\.find_spec\s*\(\s*["']([\w.]+)["']\s*\)\s+is\s+not\s+None\s*(?:#.*)?$/;

export function djangoSettingSwitchedServed(project: Project | undefined): (route: LinkedRoute) => boolean {
  if (!project) return () => true;
  const switches = new Map<string, { from: number; to: number; setting: string }[]>();
  const off = new Map<string, boolean>();
  let settings: string[] | undefined;
  const isOff = (setting: string): boolean => {
    if (off.has(setting)) return off.get(setting)!;
    settings ??= [...project.listed].filter((p) => (CONFIG_MODULE.test(p) || SETTINGS_PACKAGE.test(p)) && !SKIPPED.test(p)).map((p) => project.text(p) ?? "");
    const assigned = new RegExp(String.raw`^${setting}[ \t]*(?::[^=\n]+)?=[ \t]*(.+)$`, "gm");
    const values = settings.flatMap((text) => [...text.matchAll(assigned)].map((m) => m[1]!.trim()));
    const result = values.length > 0 && values.every((value) => offByDefault(value, project));
    off.set(setting, result);
    return result;
  };
  return (route) => {
    if (route.framework !== "django") return true;
    let blocks = switches.get(route.file);
    if (!blocks) switches.set(route.file, (blocks = switchedBlocks(project.text(route.file) ?? "")));
    return !blocks.some((b) => b.from < route.line && route.line <= b.to && isOff(b.setting));
  };
}

/** A setting's value as written, off: `False`, an environment read defaulting to false, a module not in the repository. */
function offByDefault(value: string, project: Project): boolean {
  if (/^False\s*(?:#.*)?$/.test(value) || ENV_FALSE.test(value)) return true;
  const module = FIND_SPEC.exec(value)?.[1]?.replace(/\./g, "/");
  const held = (p: string) => [`${module}.py`, `${module}/__init__.py`].some((file) => p === file || p.endsWith(`/${file}`));
  return module !== undefined && ![...project.listed].some(held);
}

/** The lines (1-based, after the `if`) of each `if settings.NAME:` block of a module, by indentation. */
function switchedBlocks(text: string): { from: number; to: number; setting: string }[] {
  const lines = text.split("\n");
  const blocks: { from: number; to: number; setting: string }[] = [];
  lines.forEach((line, i) => {
    const m = SWITCH.exec(line);
    if (!m) return;
    const indent = m[1]!.length;
    let end = i + 1;
    while (end < lines.length && (lines[end]!.trim() === "" || lines[end]!.trim().startsWith("#") || /^[ \t]*/.exec(lines[end]!)![0].length > indent)) end++;
    blocks.push({ from: i + 1, to: end, setting: m[2]! });
  });
  return blocks;
}
