import { closing } from "../../languages/curly.ts";
import { stringConstants, type ValueSyntax } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import type { RouteSource } from "../source.ts";

/**
 * What the Rust route scanners read of a file: its module path from its place under `src/`
 * (`src/routes/users.rs` is `crate::routes::users`), the names its `use` declarations bring in,
 * the modules it declares, its string constants, and the spans of `#[cfg(test)]` code.
 */
export type RustFile = {
  module: string[];
  uses: Map<string, string[]>;
  mods: Set<string>;
  constants: Map<string, string>;
  tests: Span[];
  /** The modules written in the file (`mod development { ... }`), each with its span. */
  inline: (Span & { name: string })[];
};

export const RUST_VALUES: ValueSyntax = { name: /^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*/, semicolons: true };

const USE = /(?<![\w:])use\s+([^;]+);/g;
const PUB_USE = /\bpub(?:\s*\([^)]*\))?\s+use\s+([^;]+);/g;
const CONSTANT = /(?<![\w.])(?:const|static)\s+([A-Za-z_]\w*)\s*:\s*&\s*(?:'static\s+)?str\s*=\s*/g;

export function rustFile(source: RouteSource): RustFile {
  const { code } = source;
  const uses = new Map<string, string[]>();
  for (const { name, path } of useDeclarations(code)) uses.set(name, path);
  const tests = [...code.matchAll(/#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]\s*(?:pub\s+)?mod\s+\w+\s*\{/g)].map((m) => ({ start: m.index, end: closing(code, m.index + m[0].length - 1) }));
  const inline = [...code.matchAll(/(?<![\w:])mod\s+([A-Za-z_]\w*)\s*\{/g)].map((m) => ({ name: m[1]!, start: m.index, end: closing(code, m.index + m[0].length - 1) }));
  return {
    module: modulePath(source.path),
    uses,
    mods: new Set([...code.matchAll(/(?<![\w:])mod\s+([A-Za-z_]\w*)\s*[;{]/g)].map((m) => m[1]!)),
    constants: stringConstants(source, CONSTANT, RUST_VALUES),
    tests,
    inline,
  };
}

/** The module path of a file from its place under its crate's `src/`: `main.rs`, `lib.rs` and `src/bin/*.rs` are crate roots. */
export function modulePath(path: string): string[] {
  const parts = path.split("/");
  const src = parts.lastIndexOf("src");
  const rest = src === -1 ? [parts.at(-1)!] : parts.slice(src + 1);
  if (rest[0] === "bin" || rest.length === 1 && /^(?:main|lib)\.rs$/.test(rest[0]!)) return ["crate"];
  const last = rest.at(-1)!.replace(/\.rs$/, "");
  return ["crate", ...rest.slice(0, -1), ...(last === "mod" ? [] : [last])];
}

/**
 * Each name the `use` declarations of `code` bring in (only the `pub use` ones when
 * `reexports`), with its path and the offset of its declaration, in order.
 */
export function useDeclarations(code: string, reexports = false): { name: string; path: string[]; at: number }[] {
  return [...code.matchAll(reexports ? PUB_USE : USE)].flatMap((m) =>
    useTree(m[1]!.replace(/\s+as\s+/g, "@").replace(/\s+/g, ""), []).filter(([name]) => name !== "*").map(([name, path]) => ({ name, path, at: m.index })));
}

/** The modules a file brings every name of (`use plume_models::{admin::*, users::User}` gives plume_models::admin). */
export function globUses(code: string): string[][] {
  return [...code.matchAll(USE)].flatMap((m) => useTree(m[1]!.replace(/\s+as\s+/g, "@").replace(/\s+/g, ""), []).filter(([name]) => name === "*").map(([, path]) => path));
}

/** Each name a `use` tree brings in, with its path: `a::{b, c::d as e}` gives b -> a::b and e -> a::c::d. */
function useTree(tree: string, prefix: string[]): [string, string[]][] {
  const brace = tree.indexOf("{");
  if (brace === -1) {
    const [path, alias] = tree.split("@");
    const segments = [...prefix, ...path!.split("::").filter(Boolean)];
    const last = segments.at(-1);
    if (!last) return [];
    if (last === "*") return [["*", segments.slice(0, -1)]];
    if (last === "self") segments.pop();
    return [[alias ?? segments.at(-1)!, segments]];
  }
  const head = tree.slice(0, brace).split("::").filter(Boolean);
  const inner = tree.slice(brace + 1, tree.lastIndexOf("}"));
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "{") depth++;
    else if (inner[i] === "}") depth--;
    else if (inner[i] === "," && depth === 0) (parts.push(inner.slice(start, i)), start = i + 1);
  }
  parts.push(inner.slice(start));
  return parts.filter(Boolean).flatMap((p) => useTree(p, [...prefix, ...head]));
}

/**
 * The qualified name of an item a path names from this file (`users::router`, `router`,
 * `crate::api::routes`, `super::handlers::list`): absolute within the crate when it can be
 * told (`crate::routes::users::router`), else as written, for the linker's fallbacks.
 */
export function itemName(file: RustFile, path: string): string {
  const segments = path.replace(/\s+/g, "").split("::").filter(Boolean);
  const first = segments[0];
  if (!first) return path;
  let absolute: string[];
  if (first === "crate") absolute = segments;
  else if (first === "self") absolute = [...file.module, ...segments.slice(1)];
  else if (first === "super") {
    let up = 0;
    while (segments[up] === "super") up++;
    absolute = [...file.module.slice(0, Math.max(1, file.module.length - up)), ...segments.slice(up)];
  } else if (file.uses.has(first)) {
    const target = file.uses.get(first)!;
    // Through another crate of the workspace (`use kellnr_web_ui::group;`): the path as the import
    // names it, which the linker resolves to that crate's file (else it falls back on the name).
    absolute = target[0] === "crate" || target[0] === "self" || target[0] === "super" ? itemName(file, [...target, ...segments.slice(1)].join("::")).split("::") : segments.length > 1 ? [...target, ...segments.slice(1)] : ["*", ...segments];
  } else absolute = [...file.module, ...segments];
  return absolute[0] === "*" ? `*::${segments.at(-1)}` : absolute.join("::");
}

/**
 * The qualified name of an item this file defines at offset `at`: inside `mod development { ... }`
 * a `fn router` is `crate::v1::development::router`, as `development::router()` names it.
 */
export function definedName(file: RustFile, name: string, at: number): string {
  const enclosing = file.inline.filter((m) => m.start < at && at < m.end).map((m) => m.name);
  return [...file.module, ...enclosing, name].join("::");
}

/** Whether an offset lies in `#[cfg(test)]` code. */
export const inTests = (file: RustFile, at: number): boolean => file.tests.some((t) => t.start <= at && at < t.end);
