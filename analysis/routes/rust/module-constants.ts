/**
 * A Rust path constant declared in another module of the crate: `.nest(FEDERATION_ROUTES_PREFIX,
 * federation_routes())` after `use middleware::{FEDERATION_ROUTES_PREFIX, ...}`, whose module
 * declares `pub(super) const FEDERATION_ROUTES_PREFIX: &str = "/federation_routes";`. A scanner
 * reads one file, so it writes a placeholder naming the module's file and the constant
 * (`rustconst:<file>|<file>#<NAME>`, the module's two possible files); this looks it up before linking.
 */
import { configuredPlaceholder } from "../common/configured.ts";
import type { RustFile } from "./source.ts";

type Project = { text(path: string): string | undefined };

/**
 * The placeholder for the constant an expression names (`FEDERATION_ROUTES_PREFIX`, brought by a
 * `use`, or `middleware::PREFIX`) when a module of this crate declares it; undefined otherwise.
 */
export function moduleConstantPlaceholder(file: RustFile, path: string, expression: string): string | undefined {
  const m = /^\s*&?\s*((?:[a-z_]\w*::)*)([A-Z][A-Z0-9_]*)\s*$/.exec(expression);
  if (!m) return undefined;
  const name = m[2]!;
  const written = m[1] ? m[1].slice(0, -2).split("::") : file.uses.get(name)?.slice(0, -1);
  const module = written && absoluteModule(written, file);
  // The crate's source folder, where module paths start.
  const src = path.startsWith("src/") ? 0 : path.lastIndexOf("/src/") + 1;
  if (!module || (src === 0 && !path.startsWith("src/"))) return undefined;
  const base = `${path.slice(0, src)}src/`;
  const rest = module.slice(1).join("/");
  const files = rest ? [`${base}${rest}.rs`, `${base}${rest}/mod.rs`] : [`${base}main.rs`, `${base}lib.rs`];
  return configuredPlaceholder("rustconst", `${files.join("|")}#${name}`);
}

/** A module path as the crate names it (`crate::server::middleware`), from one written in the file; undefined for another crate's. */
function absoluteModule(written: string[], file: RustFile): string[] | undefined {
  const [first, ...rest] = written;
  if (first === "crate") return written;
  if (first === "self") return [...file.module, ...rest];
  if (first === "super") {
    let up = 0;
    while (written[up] === "super") up++;
    return file.module.length > up ? [...file.module.slice(0, file.module.length - up), ...written.slice(up)] : undefined;
  }
  // A module the file declares (`mod middleware;`): under this one.
  return first && file.mods.has(first) ? [...file.module, ...written] : undefined;
}

/** A function giving a module constant's string value by its placeholder's name; undefined unless one of the files declares it as a literal. */
export function rustModuleConstants(project: Project | undefined): (key: string) => string | undefined {
  return (key) => {
    const hash = key.lastIndexOf("#");
    const name = key.slice(hash + 1);
    for (const file of key.slice(0, hash).split("|")) {
      const text = project?.text(file);
      const m = text && new RegExp(`(?<![\\w.])(?:const|static)\\s+${name}\\s*:\\s*&\\s*(?:'static\\s+)?str\\s*=\\s*"((?:[^"\\\\]|\\\\.)*)"\\s*;`).exec(text);
      if (m) return m[1];
    }
    return undefined;
  };
}
