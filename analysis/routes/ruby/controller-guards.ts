import { isGuardName } from "../paths.ts";
import { controllerChain } from "./controllers.ts";

type Filter = { name: string; only?: Set<string>; except?: Set<string>; skip: boolean };

// `before_action :authenticate_user!, except: [:index, :show]`, `skip_before_action :x, only: :y`
// (`before_filter` in Rails 4 and older).
const FILTER = /^[ \t]*(skip_)?before_(?:action|filter)[ \t]+(:[\w!?]+(?:[ \t]*,[ \t]*:[\w!?]+)*)([^\n]*)/gm;

/**
 * The guards a Rails controller puts before an action (`articles#create`): its own and its
 * parents' `before_action` filters named like a check, with `only:`/`except:` lists and
 * `skip_before_action`. By Ruby's convention a bang method enforces (`authenticate_user!`
 * redirects or raises) while `authenticate_user` only loads the user when there is one, so an
 * `authenticate...` filter without the bang is no guard. `text` reads a repository file.
 */
export function railsActionGuards(handler: string, text: (path: string) => string | undefined): string[] {
  const match = /^([\w/]+)#(\w+)$/.exec(handler);
  if (!match) return [];
  const [, controller, action] = match;
  // Parents first: a child's filters come after, and its skips win.
  const chain = controllerChain(controller!, text).sources.reverse().map(filters);
  const guards = new Set<string>();
  for (const filter of chain.flat()) {
    if (!applies(filter, action!)) continue;
    if (filter.skip) guards.delete(filter.name);
    else if (isGuardName(filter.name) && (filter.name.endsWith("!") || !/^authenticate/.test(filter.name))) guards.add(filter.name);
  }
  return [...guards];
}

function filters(source: string): Filter[] {
  const found: Filter[] = [];
  for (const m of source.matchAll(FILTER)) {
    const names = m[2]!.split(",").map((s) => s.trim().slice(1));
    const only = actions(m[3]!, "only");
    const except = actions(m[3]!, "except");
    for (const name of names) found.push({ name, skip: m[1] !== undefined, ...(only ? { only } : {}), ...(except ? { except } : {}) });
  }
  return found;
}

/** `only: [:index, :show]`, `only: :index`, `except: %i[index show]`. */
function actions(options: string, key: string): Set<string> | undefined {
  const m = new RegExp(`\\b${key}:\\s*(\\[[^\\]]*\\]|%i\\[[^\\]]*\\]|:\\w+)`).exec(options);
  if (!m) return undefined;
  return new Set(m[1]!.replace(/^%i\[|^\[|\]$/g, "").split(/[\s,]+/).map((s) => s.replace(/^:/, "")).filter(Boolean));
}

function applies(filter: Filter, action: string): boolean {
  if (filter.only && !filter.only.has(action)) return false;
  return !filter.except?.has(action);
}
