/**
 * The integrations stage: databases, caches, brokers, clouds and SaaS APIs the project uses,
 * from three kinds of evidence. Manifests declare client packages, compose files run service
 * images, and the import specifiers of the resolve stage show which files use each one.
 */
import type { FileFacts } from "../facts.ts";
import type { ProjectFiles } from "../project.ts";
import {
  type External,
  type Integration,
  IntegrationCategory,
  type IntegrationSource,
  type IntegrationsSection,
} from "../schema.ts";
import { composeImages, imageRepository, isComposeFile } from "./compose.ts";
import { readManifests } from "./manifests.ts";
import { CatalogIndex, type Hit } from "./match.ts";
import { isSampleData } from "./samples.ts";

let sharedIndex: CatalogIndex | undefined;
// Items are listed by category in the order the schema declares them, then by name.
const order: readonly string[] = IntegrationCategory.options;

type Found = { declared: IntegrationSource[]; imports: Map<string, IntegrationSource>; files: Set<string> };

/**
 * The `integrations` section. Sources are the manifests and compose files that declare an
 * integration; one that only code imports (a standard-library client, a manifest the scan
 * does not read) lists its importing files as `import` sources instead. `files` are the
 * files whose runtime imports use it (type-only imports do not count). Sample-data folders
 * are left out.
 *
 * @example integrationsSection(project, facts, externals).items[0] // { id: "postgresql", files: ["src/db.ts"], ... }
 */
export function integrationsSection(
  project: ProjectFiles,
  facts: readonly FileFacts[],
  externals: readonly External[],
): IntegrationsSection {
  const index = (sharedIndex ??= new CatalogIndex());
  const paths = [...project.listed].filter((path) => !isSampleData(path)).sort();
  const found = new Map<string, Found>();
  const entry = (id: string) =>
    found.get(id) ?? found.set(id, { declared: [], imports: new Map(), files: new Set() }).get(id)!;

  const { manifests, dependencies, unreadable } = readManifests(project, paths);
  for (const dependency of dependencies) {
    const detail = dependency.features?.length
      ? `${dependency.name} (features: ${dependency.features.join(", ")})`
      : dependency.name;
    for (const id of index.matchPackage(dependency.ecosystem, dependency.name, dependency.features)) {
      entry(id).declared.push({
        file: dependency.file,
        ...(dependency.line ? { line: dependency.line } : {}),
        kind: "manifest",
        detail,
      });
    }
  }
  for (const file of paths.filter(isComposeFile)) {
    const text = project.text(file);
    if (text === undefined) continue;
    manifests.push({ file, kind: "compose" });
    try {
      for (const { service, image, line } of composeImages(text)) {
        for (const id of index.matchImage(imageRepository(image))) {
          entry(id).declared.push({ file, line, kind: "compose", detail: `${service}: ${image}` });
        }
      }
    } catch (error) {
      unreadable.push({ file, reason: (error as Error).message });
    }
  }

  const languageOf = new Map(facts.map((f) => [f.path, f.language]));
  const memo = new Map<string, Hit[]>();
  for (const external of externals) {
    if (external.kind === "type" || isSampleData(external.file)) continue;
    const language = languageOf.get(external.file) ?? "";
    const key = `${language}\0${external.specifier}\0${external.name}`;
    const hits = memo.get(key) ??
      memo.set(key, index.matchImport(language, external.specifier, external.name)).get(key)!;
    for (const hit of hits) {
      // A feature-qualified match (sqlx[postgres]) holds only where a manifest enabled the feature.
      if (hit.conditional && !found.get(hit.id)?.declared.some((s) => s.kind === "manifest")) continue;
      const item = entry(hit.id);
      item.files.add(external.file);
      if (!item.imports.has(external.file)) {
        item.imports.set(external.file, {
          file: external.file,
          line: external.line,
          kind: "import",
          detail: external.specifier,
        });
      }
    }
  }

  const items: Integration[] = [...found].map(([id, f]) => {
    const { name, category } = index.entries.get(id)!;
    const sources = f.declared.length ? dedupe(f.declared) : [...f.imports.values()].sort(byPlace);
    return { id, name, category, sources, files: [...f.files].sort() };
  });
  items.sort((a, b) => order.indexOf(a.category) - order.indexOf(b.category) || a.name.localeCompare(b.name));
  return { items, manifests: manifests.sort((a, b) => a.file.localeCompare(b.file)), unreadable };
}

const byPlace = (a: IntegrationSource, b: IntegrationSource) =>
  a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0);

/** One source per file and detail (a package declared as a dependency and a dev dependency is one). */
function dedupe(sources: IntegrationSource[]): IntegrationSource[] {
  const seen = new Map<string, IntegrationSource>();
  for (const source of sources) {
    const key = `${source.file}\0${source.kind}\0${source.detail}`;
    if (!seen.has(key)) seen.set(key, source);
  }
  return [...seen.values()].sort(byPlace);
}

/** Ids of the integrations each file uses, for the routes and impact stages. */
export function integrationsByFile(section: IntegrationsSection): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  for (const item of section.items) {
    for (const file of item.files) (byFile.get(file) ?? byFile.set(file, []).get(file)!).push(item.id);
  }
  return byFile;
}
