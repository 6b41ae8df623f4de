/**
 * The manifests of the common package managers: which files they are, and one reader each.
 * Every package.json, pyproject.toml, Cargo.toml, ... the scan lists is read, so workspace
 * members and the modules of a monorepo count without following workspace declarations.
 */
import type { ProjectFiles } from "../project.ts";
import { MAX_FILE_BYTES } from "../scan.ts";
import type { Ecosystem } from "./catalog.ts";
import {
  cargoToml,
  composerJson,
  type Declared,
  denoJson,
  gradleVersionCatalog,
  packageJson,
  pipfile,
  pubspecYaml,
  pyprojectToml,
} from "./declared.ts";
import {
  gemfile,
  goMod,
  gradleBuild,
  mixExs,
  msbuildProject,
  packageSwift,
  pomXml,
  requirementsTxt,
} from "./textual.ts";

/** One kind of manifest: the files it is, its ecosystem, how to read its dependencies. */
export type ManifestKind = {
  kind: string;
  ecosystem: Ecosystem;
  matches: (name: string, path: string) => boolean;
  read: (text: string) => Declared[];
};

const named = (...names: string[]) => (name: string) => names.includes(name);

export const MANIFESTS: readonly ManifestKind[] = [
  { kind: "package.json", ecosystem: "npm", matches: named("package.json"), read: packageJson },
  { kind: "deno.json", ecosystem: "npm", matches: named("deno.json", "deno.jsonc"), read: denoJson },
  {
    kind: "requirements",
    ecosystem: "pypi",
    matches: (name, path) =>
      /^requirements[\w.-]*\.(txt|in)$/.test(name) || /(^|\/)requirements\/[^/]+\.(txt|in)$/.test(path),
    read: requirementsTxt,
  },
  { kind: "pyproject.toml", ecosystem: "pypi", matches: named("pyproject.toml"), read: pyprojectToml },
  { kind: "Pipfile", ecosystem: "pypi", matches: named("Pipfile"), read: pipfile },
  { kind: "go.mod", ecosystem: "go", matches: named("go.mod"), read: goMod },
  { kind: "Cargo.toml", ecosystem: "crates", matches: named("Cargo.toml"), read: cargoToml },
  { kind: "pom.xml", ecosystem: "maven", matches: named("pom.xml"), read: pomXml },
  { kind: "gradle", ecosystem: "maven", matches: named("build.gradle", "build.gradle.kts"), read: gradleBuild },
  {
    kind: "gradle version catalog",
    ecosystem: "maven",
    matches: (name) => name.endsWith(".versions.toml"),
    read: gradleVersionCatalog,
  },
  {
    kind: "msbuild",
    ecosystem: "nuget",
    matches: (name) =>
      /\.(csproj|fsproj|vbproj)$/.test(name) ||
      ["Directory.Packages.props", "Directory.Build.props", "packages.config"].includes(name),
    read: msbuildProject,
  },
  { kind: "composer.json", ecosystem: "composer", matches: named("composer.json"), read: composerJson },
  {
    kind: "Gemfile",
    ecosystem: "gems",
    matches: (name) => name === "Gemfile" || name === "gems.rb" || name.endsWith(".gemspec"),
    read: gemfile,
  },
  { kind: "mix.exs", ecosystem: "hex", matches: named("mix.exs"), read: mixExs },
  { kind: "pubspec.yaml", ecosystem: "pub", matches: named("pubspec.yaml"), read: pubspecYaml },
  { kind: "Package.swift", ecosystem: "swift", matches: named("Package.swift"), read: packageSwift },
];

export type Dependency = Declared & { ecosystem: Ecosystem; file: string };

export type ManifestsRead = {
  manifests: { file: string; kind: string }[];
  dependencies: Dependency[];
  unreadable: { file: string; reason: string }[];
};

/** The manifest kind of a repository path, or undefined. */
export function manifestKind(path: string): ManifestKind | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return MANIFESTS.find((m) => m.matches(name, path));
}

/** Reads the dependencies of every manifest among `paths`; a manifest that does not parse is listed as unreadable. */
export function readManifests(project: ProjectFiles, paths: readonly string[]): ManifestsRead {
  const out: ManifestsRead = { manifests: [], dependencies: [], unreadable: [] };
  for (const file of paths) {
    const manifest = manifestKind(file);
    if (!manifest) continue;
    const text = project.text(file);
    if (text === undefined) continue;
    out.manifests.push({ file, kind: manifest.kind });
    if (text.length > MAX_FILE_BYTES) {
      out.unreadable.push({ file, reason: "over 512 KB" });
      continue;
    }
    try {
      for (const declared of manifest.read(text)) {
        out.dependencies.push({ ...declared, ecosystem: manifest.ecosystem, file });
      }
    } catch (error) {
      out.unreadable.push({ file, reason: (error as Error).message.split("\n")[0]! });
    }
  }
  return out;
}
