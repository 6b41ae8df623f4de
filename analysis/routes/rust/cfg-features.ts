/**
 * Rust routes compiled only under a cargo feature the crate does not enable by default:
 * `#[cfg(feature = "enterprise")] { router = router.route(...) }`, or a function or module so
 * marked. The default build is what a user runs, so such a route is not served; one under
 * `#[cfg(not(feature = "enterprise"))]` is. A feature is on when the crate's Cargo.toml (the
 * nearest above the file) lists it in `default`, or a default feature turns it on. A condition
 * on anything but features (`target_os`, `unix`) is taken as met.
 */
import { closing } from "../../languages/curly.ts";
import { rust } from "../../languages/rust.ts";
import { strip } from "../../languages/strip.ts";
import { dirOf } from "../../project.ts";
import type { LinkedRoute } from "../link.ts";
import { splitOutsideBrackets } from "../common/operators.ts";
import { callArguments } from "../source.ts";

type Project = { listed: Iterable<string>; has(path: string): boolean; text(path: string): string | undefined };
type Gated = { start: number; end: number; on: boolean };

const CFG = /#\s*\[\s*cfg\s*\(/g;

export function rustFeaturesServed(project: Project | undefined): (route: LinkedRoute) => boolean {
  if (!project) return () => true;
  const gatedIn = new Map<string, { gated: Gated[]; lineStarts: number[] }>();
  const defaults = new Map<string, Set<string> | undefined>();
  const defaultFeatures = (file: string): Set<string> | undefined => {
    for (let dir = dirOf(file); ; dir = dirOf(dir)) {
      const manifest = dir ? `${dir}/Cargo.toml` : "Cargo.toml";
      if (project.has(manifest)) {
        if (!defaults.has(manifest)) defaults.set(manifest, enabledByDefault(project.text(manifest) ?? ""));
        return defaults.get(manifest);
      }
      if (!dir) return undefined;
    }
  };
  return (route) => {
    if (!route.file.endsWith(".rs")) return true;
    let known = gatedIn.get(route.file);
    if (!known) {
      const text = project.text(route.file) ?? "";
      const features = text.includes("feature") ? defaultFeatures(route.file) : undefined;
      known = { gated: features ? gatedSpans(text, features) : [], lineStarts: [...text.matchAll(/^/gm)].map((m) => m.index) };
      gatedIn.set(route.file, known);
    }
    if (!known.gated.length) return true;
    const at = known.lineStarts[route.line - 1] ?? 0;
    return known.gated.every((g) => g.on || at < g.start || at >= g.end);
  };
}

/** The features on in a default build: `default = [...]` and what they turn on, transitively. */
function enabledByDefault(manifest: string): Set<string> {
  const section = /^\[features\][ \t]*$([^]*?)(?=^\[|(?![^]))/m.exec(manifest)?.[1] ?? "";
  const lists = new Map<string, string[]>();
  for (const m of section.matchAll(/^[ \t]*([\w-]+)[ \t]*=[ \t]*\[([^\]]*)\]/gm)) lists.set(m[1]!, [...m[2]!.matchAll(/"([^"]+)"/g)].map((v) => v[1]!));
  const on = new Set<string>();
  const add = (feature: string) => {
    if (on.has(feature)) return;
    on.add(feature);
    for (const next of lists.get(feature) ?? []) if (!next.includes(":") && !next.includes("/")) add(next);
  };
  for (const feature of lists.get("default") ?? []) add(feature);
  return on;
}

/** The spans of a file under a `#[cfg(...)]` naming features, each with whether it is compiled by default. */
function gatedSpans(text: string, features: ReadonlySet<string>): Gated[] {
  const { code } = strip(text, rust.syntax);
  const found: Gated[] = [];
  for (const m of code.matchAll(CFG)) {
    const open = m.index + m[0].length - 1;
    const args = callArguments(code, open);
    const condition = text.slice(open + 1, args.end - 1);
    if (!/\bfeature\s*=/.test(condition)) continue;
    const close = code.indexOf("]", args.end - 1);
    const end = itemEnd(code, close + 1);
    if (end !== undefined) found.push({ start: m.index, end, on: evaluate(condition, features) !== false });
  }
  return found;
}

/** Where the item or statement after an attribute ends: a block, a braced item, or a statement up to its `;`. */
function itemEnd(code: string, from: number): number | undefined {
  let at = from;
  // Other attributes on the same item.
  for (let m = /^\s*#\s*\[/.exec(code.slice(at)); m; m = /^\s*#\s*\[/.exec(code.slice(at))) at = closing(code, at + m[0].length - 1);
  let depth = 0;
  for (let i = at; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "{" && depth === 0) {
      const close = closing(code, i);
      // `let x = if a { .. } else { .. };` and `router = router.route(..).nest(.., Router::new()..);` go on to their `;`.
      const rest = /^\s*(?:else\b|[.?])/.test(code.slice(close, close + 20));
      if (!rest && !/^\s*(?:let\b|[A-Za-z_][\w.]*\s*=[^=>])/.test(code.slice(at, i))) return close;
      i = close - 1;
    } else if (c === ";" && depth === 0) return i + 1;
    else if (c === "}" && depth === 0) return i;
    if (depth < 0) return i;
  }
  return undefined;
}

/** A cfg condition over features: true or false when it names only features, undefined when it depends on anything else. */
function evaluate(condition: string, features: ReadonlySet<string>): boolean | undefined {
  const text = condition.trim();
  const feature = /^feature\s*=\s*"([^"]+)"$/.exec(text);
  if (feature) return features.has(feature[1]!);
  const call = /^(not|all|any)\s*\(([^]*)\)$/.exec(text);
  if (!call) return undefined;
  const parts = splitOutsideBrackets(call[2]!, (code, at) => (code[at] === "," ? 1 : 0)).filter((p) => p.trim()).map((p) => evaluate(p, features));
  if (call[1] === "not") return parts[0] === undefined ? undefined : !parts[0];
  if (call[1] === "all") return parts.includes(false) ? false : parts.includes(undefined) ? undefined : true;
  return parts.includes(true) ? true : parts.includes(undefined) ? undefined : false;
}
