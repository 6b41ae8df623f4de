/**
 * Lookups from a declared package, a container image or an import to catalog entries. Names
 * compare without case (NuGet, PyPI, Composer and image names are case-insensitive, and no
 * two catalog entries differ by case alone); a `*` in a catalog name matches any run of
 * characters.
 */
import { catalog, type CatalogEntry, type Ecosystem, type ImportFamily } from "./catalog.ts";

/** A catalog entry a name maps to; `conditional` when it needs a manifest to say so (a crate feature). */
export type Hit = { id: string; conditional: boolean };

/** Exact names in a map, `*` patterns as expressions: one lookup per candidate name. */
class NameIndex {
  private readonly exact = new Map<string, Hit[]>();
  private readonly globs: { pattern: RegExp; hit: Hit }[] = [];

  add(name: string, hit: Hit): void {
    const key = name.toLowerCase();
    if (!key.includes("*")) (this.exact.get(key) ?? this.exact.set(key, []).get(key)!).push(hit);
    else this.globs.push({ pattern: new RegExp(`^${key.split("*").map(escape).join(".*")}$`), hit });
  }

  /** Hits for each candidate (a name and, for hierarchical names, its ancestors), deduplicated. */
  match(candidates: readonly string[]): Hit[] {
    const hits = new Map<string, Hit>();
    for (const candidate of candidates) {
      const key = candidate.toLowerCase();
      for (const hit of this.exact.get(key) ?? []) keep(hits, hit);
      for (const glob of this.globs) if (glob.pattern.test(key)) keep(hits, glob.hit);
    }
    return [...hits.values()];
  }
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
// An unconditional hit wins over a conditional one for the same entry.
const keep = (hits: Map<string, Hit>, hit: Hit) => {
  const known = hits.get(hit.id);
  if (!known || (known.conditional && !hit.conditional)) hits.set(hit.id, hit);
};

/** `a.b.c` and its ancestors `a.b`, `a`, split at `separator`. */
export function ancestors(name: string, separator: string): string[] {
  const out = [name];
  for (let end = name.lastIndexOf(separator); end > 0; end = name.lastIndexOf(separator, end - 1)) {
    out.push(name.slice(0, end));
  }
  return out;
}

/** PEP 503: PyPI names compare lower-cased with runs of `-`, `_`, `.` as one `-`. */
export const normalizePypi = (name: string) => name.toLowerCase().replace(/[-_.]+/g, "-");

/** A Swift package URL as `owner/repo`: `https://github.com/Alamofire/Alamofire.git` -> `alamofire/alamofire`. */
export function swiftPackage(url: string): string {
  const path = url.trim().replace(/^[a-z+]+:\/\/(?:[^@/]+@)?[^/]+\//i, "").replace(/^[^@/]+@[^:]+:/, "");
  return path.replace(/\.git$/i, "").replace(/\/+$/, "").split("/").slice(-2).join("/").toLowerCase();
}

/** A crate name as Rust code writes it: dashes become underscores. */
const crateModule = (name: string) => name.replace(/-/g, "_");

type Family = "js" | "go" | "dart" | ImportFamily;
/** How each language's imports are looked up: the family, and how a specifier splits into ancestors. */
const FAMILIES: Record<string, Family> = {
  typescript: "js",
  javascript: "js",
  vue: "js",
  svelte: "js",
  python: "python",
  go: "go",
  rust: "rust",
  java: "jvm",
  kotlin: "jvm",
  csharp: "dotnet",
  php: "php",
  ruby: "ruby",
  elixir: "elixir",
  dart: "dart",
  swift: "swift",
};

/** The catalog as lookup tables, built once. */
export class CatalogIndex {
  private readonly packages = new Map<Ecosystem, NameIndex>();
  private readonly images = new NameIndex();
  private readonly imports = new Map<Family, NameIndex>();
  readonly entries: ReadonlyMap<string, CatalogEntry>;

  constructor(entries: readonly CatalogEntry[] = catalog()) {
    this.entries = new Map(entries.map((entry) => [entry.id, entry]));
    for (const entry of entries) {
      const hit = { id: entry.id, conditional: false };
      for (const [ecosystem, names] of Object.entries(entry.packages ?? {}) as [Ecosystem, string[]][]) {
        for (const name of names) this.indexPackage(ecosystem, name, entry.id);
      }
      for (const [family, names] of Object.entries(entry.imports ?? {}) as [ImportFamily, string[]][]) {
        for (const name of names) this.importIndex(family).add(family === "php" ? name.replace(/^\\/, "") : name, hit);
      }
      for (const image of entry.images ?? []) this.images.add(image, hit);
    }
  }

  /** Entries a manifest dependency maps to; crate features are tried as `name[feature]`. */
  matchPackage(ecosystem: Ecosystem, name: string, features: readonly string[] = []): string[] {
    const index = this.packages.get(ecosystem);
    if (!index) return [];
    let candidates = [name];
    if (ecosystem === "pypi") candidates = [normalizePypi(name)];
    else if (ecosystem === "go") candidates = ancestors(name, "/");
    else if (ecosystem === "swift") candidates = [swiftPackage(name)];
    else if (ecosystem === "crates") candidates = [name, ...features.map((f) => `${name}[${f}]`)];
    return index.match(candidates).map((h) => h.id);
  }

  /** Entries a container image reference maps to (already reduced by `imageRepository`). */
  matchImage(candidates: readonly string[]): string[] {
    return this.images.match(candidates).map((h) => h.id);
  }

  /**
   * Entries an external import maps to, by the importing file's language: the package name
   * the resolver gave (`name`) or the specifier and its ancestors, as the language names things.
   */
  matchImport(language: string, specifier: string, name: string): Hit[] {
    const family = FAMILIES[language];
    const index = family && this.imports.get(family);
    if (!index) return [];
    switch (family) {
      case "js":
      case "dart":
      case "rust":
        return index.match([name]);
      case "swift":
        return index.match([name, specifier.split(".")[0]!]);
      case "go":
      case "ruby":
        return index.match(ancestors(specifier, "/"));
      case "php":
        return index.match([name, ...ancestors(specifier.replace(/^\\/, ""), "\\")]);
      case "elixir":
        return index.match(ancestors(specifier.replace(/^:/, ""), "."));
      default:
        return index.match(ancestors(specifier.replace(/\.\*$/, ""), "."));
    }
  }

  private indexPackage(ecosystem: Ecosystem, name: string, id: string): void {
    const hit = { id, conditional: false };
    const key = ecosystem === "pypi" ? normalizePypi(name) : ecosystem === "swift" ? name.toLowerCase() : name;
    (this.packages.get(ecosystem) ?? this.packages.set(ecosystem, new NameIndex()).get(ecosystem)!).add(key, hit);
    // Where code imports a package by (a form of) its declared name, the same entry serves imports.
    const feature = /^([^[\]]+)\[[^\]]+\]$/.exec(name);
    if (ecosystem === "npm") this.importIndex("js").add(name, hit);
    else if (ecosystem === "go") this.importIndex("go").add(name, hit);
    else if (ecosystem === "pub") this.importIndex("dart").add(name, hit);
    else if (ecosystem === "gems") this.importIndex("ruby").add(name, hit);
    else if (ecosystem === "composer") this.importIndex("php").add(name, hit);
    else if (ecosystem === "nuget") this.importIndex("dotnet").add(name, hit);
    else if (ecosystem === "pypi") this.importIndex("python").add(name.toLowerCase().replace(/[-.]/g, "_"), hit);
    else if (ecosystem === "crates") {
      this.importIndex("rust").add(crateModule(feature ? feature[1]! : name), { id, conditional: !!feature });
    } else if (ecosystem === "swift") {
      this.importIndex("swift").add(name.split("/").pop()!.replace(/\.(git|swift)$/i, ""), hit);
    }
  }

  private importIndex(family: Family): NameIndex {
    return this.imports.get(family) ?? this.imports.set(family, new NameIndex()).get(family)!;
  }
}
