/**
 * smartmin's CRUDL classes (nyaruka's Django views, RapidPro's every page): `class
 * ContactCRUDL(SmartCRUDL)` lists its `actions`, and `ContactCRUDL().as_urlpatterns()` in a
 * URLconf serves one URL per action (django.ts mounts the class there). Each action's view is the
 * nested class named for it (`open_ticket` is `OpenTicket`), or smartmin's own for the five
 * defaults. Its URL is the view's `derive_url_pattern(path, action)`: the view's own or one of
 * its module's classes' when written (`r"^%s/%s/(?P<uuid>[^/]+)/$" % (path, action)`, an
 * f-string), else smartmin's by the kind of view it is: a list at `path/`, a view of one object
 * (read, update, delete, an action on one) at `path/action/<pk>/`, any other at `path/action/`.
 * Views of the app's own bases in other modules are known by their names (`BaseReadView`), as
 * such bases are named for smartmin's view they extend. `path` is the class's, else its model's
 * name in lower case. Every view asks the CRUDL's permission for its action
 * (`contacts.contact_read`), refusing callers without it, unless the view sets `permission` to
 * None or False or the CRUDL sets `permissions = False`.
 */
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { bases, classAttribute, type Definition, members } from "./definitions.ts";
import { pythonString, stringList } from "./values.ts";
import { HANDLERS } from "./views.ts";

const FRAMEWORK = "django";
const DEFAULT_ACTIONS = ["create", "read", "update", "delete", "list"];
// smartmin's view kinds by the name of a view class: what URL pattern and methods it has.
const ONE_OBJECT = /Read|Update|Delete|ModelAction|Usages/;
const LIST = /List|Csv|Xls/;
// What such views answer: a form's page and its post; a page.
const FORM = /Create|Update|Delete|Form|ModelAction/;
const PAGE = /Template|List|Read|Detail|Csv|Xls|Usages|Menu/;
/** What a pattern field not known is written as, for regexPaths to leave the path out. */
const UNKNOWN = "\u0005";

/**
 * The routes of every CRUDL class of a module, each class a router mounted where a URLconf adds
 * its patterns; `regexPaths` reads a pattern as the URLconf reader does (django.ts).
 */
export function smartminCrudls(source: RouteSource, definitions: readonly Definition[], regexPaths: (regex: string) => string[]): Registration[] {
  const classes = definitions.filter((d) => d.kind === "class");
  const local = new Map(classes.filter((c) => c.indent === 0).map((c) => [c.name, c]));
  const found: Registration[] = [];
  for (const crudl of classes) {
    if (!bases(source, crudl).some((b) => b.split(".").at(-1) === "SmartCRUDL")) continue;
    const attribute = (owner: Definition, name: string) => {
      const span = classAttribute(source, definitions, owner, name);
      return span ? source.code.slice(span.start, span.end).trim() : undefined;
    };
    const text = (owner: Definition, name: string) => {
      const span = classAttribute(source, definitions, owner, name);
      return span ? pythonString(source, span.start)?.value : undefined;
    };
    const actionsSpan = classAttribute(source, definitions, crudl, "actions");
    const actions = actionsSpan ? stringList(source, actionsSpan, new Map()) : DEFAULT_ACTIONS;
    const model = attribute(crudl, "model")?.split(".").at(-1);
    const path = text(crudl, "path") ?? (text(crudl, "model_name") ?? model)?.toLowerCase();
    if (!path || !/^[\w-]+$/.test(path)) continue;
    const nested = new Map(members(definitions, crudl).filter((d) => d.kind === "class").map((d) => [d.name, d]));
    const permissions = attribute(crudl, "permissions") !== "False";
    found.push({ type: "router", framework: FRAMEWORK, name: crudl.name, prefix: "", guards: [], mountedOnly: true, line: crudl.line });
    for (const action of actions) {
      const name = action.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
      const view = nested.get(name);
      // Without a class of its own, only the five defaults have a view (smartmin's); any other action fails at start.
      if (!view && !DEFAULT_ACTIONS.includes(action)) continue;
      const chain = view ? viewChain(source, view, nested, local) : [];
      const kinds = view ? chain.flatMap((c) => bases(source, c)).map((b) => b.split(".").at(-1)!) : [`Smart${name}View`];
      const regex = ownPattern(source, definitions, chain, path, action) ?? smartminPattern(kinds, path, action);
      const handlers = chain.flatMap((c) => members(definitions, c)).filter((d) => d.kind === "def" && HANDLERS.has(d.name)).map((d) => d.name.toUpperCase());
      const methods = [...new Set([...(kinds.some((k) => FORM.test(k)) ? ["GET", "POST"] : kinds.some((k) => PAGE.test(k)) ? ["GET"] : []), ...handlers])];
      const permission = view ? attribute(view, "permission") : undefined;
      const guarded = permissions && permission !== "None" && permission !== "False";
      const guards = guarded ? [`permission(${model?.toLowerCase() ?? path}_${action})`] : [];
      for (const routePath of regexPaths(regex)) {
        found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: methods.length ? methods : ["ALL"], path: routePath, handler: `${crudl.name}.${name}`, guards, owner: crudl.name, line: (view ?? crudl).line });
      }
    }
  }
  return found;
}

/** A view class and the classes it extends of its CRUDL (`class BaseResultsView(BaseReadView)` beside it) and of its module, nearest first. */
function viewChain(source: RouteSource, view: Definition, siblings: ReadonlyMap<string, Definition>, local: ReadonlyMap<string, Definition>): Definition[] {
  const chain = [view];
  for (let i = 0; i < chain.length && chain.length < 8; i++) {
    for (const base of bases(source, chain[i]!)) {
      const parent = siblings.get(base) ?? local.get(base);
      if (parent && !chain.includes(parent)) chain.push(parent);
    }
  }
  return chain;
}

/** smartmin's `derive_url_pattern` for a view of these base kinds. */
function smartminPattern(kinds: readonly string[], path: string, action: string): string {
  if (kinds.some((k) => ONE_OBJECT.test(k))) return `^${path}/${action}/(?P<pk>\\d+)/$`;
  if (action === "list" && kinds.some((k) => LIST.test(k))) return `^${path}/$`;
  return `^${path}/${action}/$`;
}

/**
 * The pattern a view's own `derive_url_pattern` (or one of its module's bases') returns:
 * `r"^%s/%s/(?P<uuid>[^/]+)/$" % (path, action)`, `% path`, or an f-string naming them; smartmin's
 * helper for one object (`derive_single_object_url_pattern(...)`). Undefined when none is written.
 */
function ownPattern(source: RouteSource, definitions: readonly Definition[], chain: readonly Definition[], path: string, action: string): string | undefined {
  for (const cls of chain) {
    const method = members(definitions, cls).find((d) => d.kind === "def" && d.name === "derive_url_pattern");
    if (!method) continue;
    const body = source.code.slice(method.start, method.end);
    const returned = /\breturn[ \t]+/.exec(body);
    if (!returned) return UNKNOWN;
    const at = method.start + returned.index + returned[0].length;
    if (/^derive_single_object_url_pattern\s*\(/.test(source.code.slice(at))) return `^${path}/${action}/(?P<pk>\\d+)/$`;
    const literal = pythonString(source, at + /^[rRfFbBuU]{0,2}/.exec(source.text.slice(at))![0].length);
    if (!literal) return UNKNOWN;
    const values: Record<string, string> = { path, action };
    if (literal.prefix.includes("f")) {
      return literal.value.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (whole, field: string | undefined) => (whole === "{{" ? "{" : whole === "}}" ? "}" : values[field!.trim()] ?? UNKNOWN));
    }
    const operands = /^\s*%\s*(?:\(([^)]*)\)|([A-Za-z_]\w*))/.exec(source.code.slice(literal.end));
    const names = operands ? (operands[1] ?? operands[2]!).split(",").map((n) => n.trim()).filter(Boolean) : [];
    let next = 0;
    return literal.value.replace(/%s/g, () => values[names[next++] ?? ""] ?? UNKNOWN);
  }
  return undefined;
}
