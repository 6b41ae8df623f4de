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

/** The registrations, each written inside blocks settings switch on marked with those settings' keys. */
export function withSwitches(source: RouteSource, registrations: Registration[]): Registration[] {
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
    return keys.length ? { ...r, switchedOn: [...new Set(keys)] } : r;
  });
}
