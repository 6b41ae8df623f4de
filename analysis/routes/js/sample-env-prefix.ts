/**
 * The prefix of routes written after `options.prefix` whose mount's options the linker could
 * not read (prefixUnknown), when the project takes it from the environment in one place
 * (`prefix: env.API_PREFIX`, `prefix: process.env.API_PREFIX`) and an example env file
 * (`.env.example`, `.env.sample`, `.env.template`; never `.env`) gives that variable a path
 * (`API_PREFIX=/api`). Added after linking. Only a variable named for a prefix or path is read,
 * and only a value that is a path: nothing else of the example file is looked at.
 */
import { baseName, EXAMPLE_FILES } from "../../configuration/mod.ts";
import type { ContractProject } from "../contracts/mod.ts";
import { underPrefix } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

const FROM_ENV = /\bprefix\s*:\s*(?:process\s*\.\s*)?env\s*(?:\.\s*([A-Z_][A-Z0-9_]*)|\[\s*["']([A-Z_][A-Z0-9_]*)["']\s*\])/g;
const PREFIX_NAME = /PREFIX|PATH|BASE|ROOT/;
const SOURCE = /\.(?:[cm]?[jt]s)$/;
const NOT_PRODUCT = /(?:^|\/)(?:node_modules|tests?|__tests__|spec|examples?)\//;

export function sampleEnvPrefix(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  let prefix: string | undefined | null = null; // read on the first route that needs it
  return (route) => {
    // Read for JS routes only: the other languages' unknown prefixes come from elsewhere, and reading every script of a large UI costs seconds.
    if (!route.prefixUnknown || !SOURCE.test(route.file)) return route;
    prefix ??= readPrefix(project);
    if (!prefix) return route;
    const { prefixUnknown: _, ...known } = route;
    return { ...known, path: underPrefix(prefix, route.path) } as typeof route;
  };
}

/** The sample value of the one variable the project's code sets a `prefix` from, or undefined. */
function readPrefix(project: Project | undefined): string | undefined {
  if (!project) return undefined;
  const names = new Set<string>();
  for (const path of project.listed) {
    if (!SOURCE.test(path) || NOT_PRODUCT.test(path)) continue;
    const text = project.text(path);
    if (!text?.includes("prefix")) continue;
    for (const m of text.matchAll(FROM_ENV)) names.add((m[1] ?? m[2])!);
  }
  const [name] = names;
  if (names.size !== 1 || !PREFIX_NAME.test(name!)) return undefined;
  return pathValue(project, name!) || undefined;
}

/**
 * Committed env files whose values are examples or development defaults. `.env` itself (and
 * `.env.local`) holds a developer's secrets and is never read.
 */
const VALUE_FILES = [...EXAMPLE_FILES, ".env.development", ".env.defaults"];

/**
 * An environment variable's value where code reads it for a path (imported.ts): from the
 * project's example env files, the topmost first, when the value is a path ("" included).
 */
export function sampleEnvValue(project: Project | undefined): (name: string) => string | undefined {
  const values = new Map<string, string | undefined>();
  return (name) => {
    if (!project) return undefined;
    if (!values.has(name)) values.set(name, pathValue(project, name));
    return values.get(name);
  };
}

function pathValue(project: Project, name: string): string | undefined {
  const files = [...project.listed]
    .filter((path) => VALUE_FILES.includes(baseName(path)))
    .sort((a, b) => a.split("/").length - b.split("/").length || VALUE_FILES.indexOf(baseName(a)) - VALUE_FILES.indexOf(baseName(b)));
  for (const path of files) {
    const value = new RegExp(`^[ \\t]*(?:export[ \\t]+)?${name}[ \\t]*=[ \\t]*["']?([^"'\\s#]*)`, "m").exec(project.text(path) ?? "")?.[1];
    if (value !== undefined && /^(?:\/[\w\-/.]*)?$/.test(value)) return value;
  }
  return undefined;
}
