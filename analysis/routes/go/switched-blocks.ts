/**
 * Go routes registered only when a setting switches a feature on: nightingale's
 * `if rt.HTTP.APIForService.Enable { service := r.Group("/v1/n9e") ... }`, a TSDB's
 * `if cfg.EnableAdminAPI { ... }`, or after `if !rt.HTTP.APIForService.Enable { return }`. Each
 * registration written inside such blocks carries their settings' keys (the member chain without
 * its receiver: `HTTP.APIForService.Enable`), which the configuration the repository ships
 * decides before linking (common/switched-off.ts).
 */
import { closing, openingBrace } from "../../languages/curly.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

// A member chain ending in a feature's switch: `rt.HTTP.APIForService.Enable`, `cfg.EnableAdminAPI`.
const SWITCH = String.raw`((?:[A-Za-z_]\w*\s*\.\s*)+(?:Enable|Enabled|Enable[A-Z]\w*|[A-Z]\w*Enabled))`;
// `if rt.HTTP.APIForService.Enable {`: the switch tested alone.
const SWITCH_BLOCK = new RegExp(String.raw`\bif\s+${SWITCH}\s*\{`, "g");
// `if !rt.HTTP.APIForService.Enable { return }`: the rest of the function runs only when the setting is on.
const RETURN_UNLESS = new RegExp(String.raw`\bif\s+!\s*${SWITCH}\s*\{\s*return\s*\}`, "g");

const keyOf = (chain: string) => chain.replace(/\s+/g, "").split(".").slice(1).join(".");

/** The setting a value written as a member chain ending in a feature's switch is (`conf.Server.EnableTranscodingConfig`): its key. */
export function switchKey(written: string): string | undefined {
  const m = new RegExp(String.raw`^\s*${SWITCH}\s*$`).exec(written);
  return m ? keyOf(m[1]!) : undefined;
}

// `if *confPprof {` over `confPprof := flag.Bool("pprof", false, "...")`: a command-line flag off unless given.
const FLAG_BLOCK = /\bif\s+\*\s*([A-Za-z_]\w*)\s*\{/g;

/** The lines of blocks run only under a boolean flag of the file's that is off by default: no route of theirs is served as shipped. */
function flagOffBlocks(source: RouteSource): { from: number; to: number }[] {
  return [...source.code.matchAll(FLAG_BLOCK)].flatMap((m) => {
    const off = new RegExp(String.raw`\b${m[1]}\s*:?=\s*(?:[A-Za-z_]\w*\s*\.\s*)?Bool\s*\(\s*"[^"]*"\s*,\s*false\b`).test(source.text);
    if (!off) return [];
    const open = m.index + m[0].length - 1;
    return [{ from: source.lineAt(open), to: source.lineAt(closing(source.code, open) - 1) }];
  });
}

/**
 * The registrations, each written inside blocks settings switch on marked with those settings' keys;
 * those inside a block a command-line flag off by default switches on (`if *confPprof {`) left out.
 */
export function withSwitches(source: RouteSource, given: Registration[]): Registration[] {
  const off = flagOffBlocks(source);
  const registrations = off.length ? given.filter((r) => r.type === "export" || !off.some((b) => b.from <= r.line && r.line <= b.to)) : given;
  const blocks = [...source.code.matchAll(SWITCH_BLOCK)].map((m) => {
    const open = m.index + m[0].length - 1;
    return { key: keyOf(m[1]!), from: source.lineAt(open), to: source.lineAt(closing(source.code, open) - 1) };
  });
  for (const m of source.code.matchAll(RETURN_UNLESS)) {
    const open = openingBrace(source.code, m.index);
    if (open !== -1) blocks.push({ key: keyOf(m[1]!), from: source.lineAt(m.index + m[0].length), to: source.lineAt(closing(source.code, open) - 1) });
  }
  if (!blocks.length) return registrations;
  return registrations.map((r) => {
    if (r.type === "export") return r;
    const keys = blocks.filter((b) => b.from <= r.line && r.line <= b.to).map((b) => b.key);
    return keys.length ? { ...r, switchedOn: [...new Set([...(r.switchedOn ?? []), ...keys])] } : r;
  });
}
