import { isGuardName } from "../paths.ts";
import { controllerChain } from "./controllers.ts";

type Filter = { name: string; only?: Set<string>; except?: Set<string>; skip: boolean };

// `before_action :authenticate_user!, except: [:index, :show]`, `skip_before_action :x, only: :y`
// (`before_filter` in Rails 4 and older); a line ending in a comma goes on to the next
// (`before_action :require_user,\n  only: [:create]`).
const FILTER = /^[ \t]*(skip_)?before_(?:action|filter)[ \t]+(:[\w!?]+(?:[ \t]*,[ \t]*:[\w!?]+)*)((?:[^\n]*,[ \t]*\n)*[^\n]*)/gm;

/**
 * The guards a Rails controller puts before an action (`articles#create`): its own and its
 * parents' `before_action` filters named like a check, with `only:`/`except:` lists and
 * `skip_before_action`. By Ruby's convention a bang method enforces (`authenticate_user!`
 * redirects or raises) while `authenticate_user` only loads the user when there is one, so an
 * `authenticate...` filter without the bang is no guard, unless the chain defines it and its
 * body turns callers away (`return unauthorized if @current_user.nil?`, or a 401 rescued from
 * decoding a token it reads whether or not the request has one). `text` reads a
 * repository file.
 */
export function railsActionGuards(handler: string, text: (path: string) => string | undefined): string[] {
  const match = /^([\w/]+)#(\w+)$/.exec(handler);
  if (!match) return [];
  const [, controller, action] = match;
  // Parents first: a child's filters come after, and its skips win.
  const sources = controllerChain(controller!, text).sources.reverse();
  const guards = new Set<string>();
  for (const filter of sources.flatMap(filters)) {
    if (!applies(filter, action!)) continue;
    if (filter.skip) guards.delete(filter.name);
    else if (isGuardName(filter.name) && (filter.name.endsWith("!") || !/^authenticate/.test(filter.name) || refuses(sources, filter.name))) guards.add(filter.name);
  }
  return [...guards];
}

// What a filter does to a caller it turns away (answers 401/403, raises, redirects to sign in),
// on a line that decides it by who is missing: `head :unauthorized unless signed_in?`,
// `return unauthorized if @current_user.nil?`. A refusal for a bad token alone (in a rescue,
// under `if header.present?`) still lets anonymous callers through.
const REFUSAL = /\b(?:unauthori[sz]ed|forbidden|401|403|raise|redirect_to|request_http_token_authentication|access_denied|not_authori[sz]ed)\b/i;
const WHEN_MISSING = /\bunless\b|\bif\b[^\n]*(?:nil\?|blank\?|empty\?|!\s*@?\w)/;
// A token read only when the request has one: `if request.headers["Authorization"].present?`, `return unless token`.
const ONLY_WHEN_PRESENT = /\b(?:if|unless)\b[^\n]*(?:present\?|blank\?|nil\?|empty\?|token|header|authorization)/i;

/** Whether the controller chain defines filter `name` with a body that turns callers away. */
function refuses(sources: readonly string[], name: string): boolean {
  const escaped = name.replace(/[!?]/g, "\\$&");
  const header = new RegExp(`^([ \\t]*)def[ \\t]+${escaped}\\b[^\\n]*\\n`, "m");
  for (const source of sources) {
    const m = header.exec(source);
    if (!m) continue;
    // The body runs to the `end` at the definition's own indentation.
    const rest = source.slice(m.index + m[0].length);
    const end = new RegExp(`^${m[1]}end\\b`, "m").exec(rest);
    const body = end ? rest.slice(0, end.index) : rest;
    if (body.split("\n").some((line) => REFUSAL.test(line) && WHEN_MISSING.test(line))) return true;
    // One that decodes the token whatever the request carries and answers 401 when that fails
    // (`rescue JWT::DecodeError` -> `render ..., status: :unauthorized`) turns away a caller
    // without one as well: there is nothing to decode. Not when it decodes only a token present.
    const rescue = body.search(/^[ \t]*rescue\b/m);
    return rescue !== -1 && REFUSAL.test(body.slice(rescue)) && !ONLY_WHEN_PRESENT.test(body.slice(0, rescue));
  }
  return false;
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
