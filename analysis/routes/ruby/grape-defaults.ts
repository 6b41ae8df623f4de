/**
 * Grape settings a module of the app's gives every API class that includes it: the common
 * `module Defaults; extend ActiveSupport::Concern; included do prefix "api"; version "v1", using:
 * :path ... end end`. The Grape scanner (frameworks/grape.ts) writes each module a class includes
 * as a placeholder in its prefix; this finds the module in the repository by its name (the file
 * Rails or Zeitwerk would load it from, else any Ruby file defining it) and answers the path its
 * `included` block sets, "" for a module that sets none or is not the app's (a gem's).
 */
import type { ContractProject } from "../contracts/mod.ts";
import { snake } from "./controllers.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

// `prefix "api"`, `prefix :api`; `version "v1"`, `version 'v1', using: :path` (Grape's default strategy).
const PREFIX = /^[ \t]*prefix[ \t(]+[:"']([\w/-]+)["']?/m;
const VERSION = /^[ \t]*version[ \t(]+["']([\w.-]+)["']([^\n]*)$/m;
const INCLUDED = /^([ \t]*)included[ \t]+do\b[^\n]*\n/m;

export function grapeIncludedPrefixes(project: Project | undefined): (module: string) => string | undefined {
  const memo = new Map<string, string>();
  return (module) => {
    if (memo.has(module)) return memo.get(module);
    const parts = module.split("::");
    const file = `${parts.map(snake).join("/")}.rb`;
    const last = parts.at(-1)!;
    const defines = new RegExp(String.raw`^[ \t]*module[ \t]+(?:[\w:]*::)?${last}\b`, "m");
    const ruby = [...(project?.listed ?? [])].filter((p) => p.endsWith(".rb"));
    // The autoloaded file first (app/api/api/v1/defaults.rb, app/controllers/api/v1/defaults.rb), else a file defining the module.
    const candidates = [...ruby.filter((p) => p === file || p.endsWith(`/${file}`)), ...ruby.filter((p) => p.endsWith(`/${snake(last)}.rb`))];
    let value = "";
    for (const path of candidates) {
      const text = project!.text(path) ?? "";
      if (!defines.test(text)) continue;
      const block = includedBlock(text);
      if (block === undefined) continue;
      const prefix = PREFIX.exec(block)?.[1] ?? "";
      const version = VERSION.exec(block);
      const byPath = version && !/\busing\s*:\s*:(?!path\b)/.test(version[2]!);
      value = [prefix, byPath ? version[1] : ""].filter(Boolean).join("/");
      break;
    }
    memo.set(module, value);
    return value;
  };
}

/** The lines of a module's `included do ... end` block. */
function includedBlock(text: string): string | undefined {
  const m = INCLUDED.exec(text);
  if (!m) return undefined;
  const rest = text.slice(m.index + m[0].length);
  const end = new RegExp(`^${m[1]}end\\b`, "m").exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}
