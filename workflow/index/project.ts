import { basename } from "node:path";
import { z } from "zod";
import type { StructureReport } from "../../analysis/mod.ts";
import { PRODUCT_ROLES, roleOf } from "../../analysis/roles.ts";
import { tryReadInside } from "../../core/inside.ts";
import { VERSION } from "../../core/version.ts";
import { DEFAULT_PRESET } from "../tasks/mod.ts";
import { findManifests, findPackageManagers, frameworksIn } from "./manifests.ts";
import type { ProjectFacts, Signal } from "./schema.ts";

const CONFIG_FILE = ".tool/config.json";
const MAX_MANIFESTS_READ = 200;
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** The keys of `.tool/config.json` the index reads; the rest belongs to other features. */
const IndexConfig = z.looseObject({
  workflow: z.string().min(1).optional(),
  adapter: z.string().min(1).nullable().optional(),
});

/**
 * The project's facts: name, root, languages (from the analysis), frameworks, package
 * managers and manifests (from `paths`), tool version, default workflow and active adapter
 * (from `.tool/config.json`). Problems with the config become signals, never errors.
 */
export function projectFacts(
  root: string,
  paths: readonly string[],
  report: StructureReport | undefined,
  signals: Signal[],
): ProjectFacts {
  const manifests = findManifests(paths);
  const frameworks = new Map<string, string>();
  // The product's frameworks: an example's, a template's, a test app's or a CI action's manifest
  // (payload's examples/astro, templates/with-vercel-postgres) says what they are built with.
  const product = manifests.filter((m) => PRODUCT_ROLES.has(roleOf(m.file)));
  for (const manifest of (product.length ? product : manifests).slice(0, MAX_MANIFESTS_READ)) {
    const text = readSmall(root, manifest.file);
    if (text === undefined) continue;
    for (const name of frameworksIn(manifest, text)) if (!frameworks.has(name)) frameworks.set(name, manifest.file);
  }
  const config = readConfig(root, signals);
  return {
    name: projectName(root),
    root,
    languages: languageShares(report),
    frameworks: [...frameworks].map(([name, manifest]) => ({ name, manifest })),
    packageManagers: findPackageManagers(paths, readJson(root, "package.json")),
    manifests,
    toolVersion: VERSION,
    defaultWorkflow: config.workflow ?? DEFAULT_PRESET,
    activeAdapter: config.adapter ?? null,
  };
}

/** The project's name: the root manifest's name, else the folder's name. Cheap: reads one or two files. */
export function projectName(root: string): string {
  const pkg = readJson(root, "package.json") as { name?: unknown } | undefined;
  if (typeof pkg?.name === "string" && pkg.name.trim()) return pkg.name.trim();
  const patterns: [string, RegExp][] = [
    ["Cargo.toml", /^\s*name\s*=\s*"([^"]+)"/m],
    ["pyproject.toml", /^\s*name\s*=\s*"([^"]+)"/m],
    ["go.mod", /^module\s+(\S+)/m],
    ["composer.json", /"name"\s*:\s*"([^"]+)"/],
    ["pubspec.yaml", /^name:\s*(\S+)/m],
  ];
  for (const [file, pattern] of patterns) {
    const name = pattern.exec(readSmall(root, file) ?? "")?.[1];
    if (name) return file === "go.mod" ? name.split("/").pop()! : name;
  }
  return basename(root);
}

/** The product's languages (tests, fixtures and vendored code left out), most lines first. */
function languageShares(report: StructureReport | undefined): ProjectFacts["languages"] {
  const shares = new Map<string, { files: number; lines: number }>();
  for (const file of report?.files ?? []) {
    if (!PRODUCT_ROLES.has(file.role)) continue;
    const share = shares.get(file.language) ?? { files: 0, lines: 0 };
    share.files++;
    share.lines += file.lines ?? 0;
    shares.set(file.language, share);
  }
  return [...shares].map(([id, share]) => ({ id, ...share })).sort((a, b) =>
    b.lines - a.lines || a.id.localeCompare(b.id)
  );
}

function readConfig(root: string, signals: Signal[]): z.infer<typeof IndexConfig> {
  const text = readSmall(root, CONFIG_FILE);
  if (text === undefined) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    signals.push({
      level: "warning",
      code: "config-unreadable",
      file: CONFIG_FILE,
      message: `Cannot read config "${CONFIG_FILE}": ${(error as Error).message}`,
    });
    return {};
  }
  const parsed = IndexConfig.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  signals.push({
    level: "warning",
    code: "config-invalid",
    file: CONFIG_FILE,
    message: `Cannot read config "${CONFIG_FILE}": "${issue.path.join(".") || "(root)"}" ${issue.message}`,
  });
  return {};
}

function readSmall(root: string, path: string): string | undefined {
  return tryReadInside(root, path, MAX_MANIFEST_BYTES);
}

function readJson(root: string, path: string): unknown {
  const text = readSmall(root, path);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
