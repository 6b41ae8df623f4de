/**
 * The routes a REST resource declaration expands to (Rails `resources`, Laravel
 * `Route::resource`, Phoenix `resources`): seven actions on a collection and its members,
 * named and ordered as each framework does.
 */
export type RestAction = { action: string; methods: string[]; member: boolean; suffix: string };

const action = (name: string, methods: string[], member: boolean, suffix = ""): RestAction => ({ action: name, methods, member, suffix });

const STYLES = {
  rails: [
    action("index", ["GET"], false),
    action("create", ["POST"], false),
    action("new", ["GET"], false, "new"),
    action("edit", ["GET"], true, "edit"),
    action("show", ["GET"], true),
    action("update", ["PATCH", "PUT"], true),
    action("destroy", ["DELETE"], true),
  ],
  laravel: [
    action("index", ["GET"], false),
    action("create", ["GET"], false, "create"),
    action("store", ["POST"], false),
    action("show", ["GET"], true),
    action("edit", ["GET"], true, "edit"),
    action("update", ["PUT", "PATCH"], true),
    action("destroy", ["DELETE"], true),
  ],
  phoenix: [
    action("index", ["GET"], false),
    action("edit", ["GET"], true, "edit"),
    action("new", ["GET"], false, "new"),
    action("show", ["GET"], true),
    action("create", ["POST"], false),
    action("update", ["PATCH", "PUT"], true),
    action("delete", ["DELETE"], true),
  ],
} as const;

/** The forms-only actions an API resource leaves out (`apiResource`, `resources ..., except: [:new, :edit]`). */
export const FORM_ACTIONS = new Set(["new", "edit", "create"]);

/**
 * The actions of a resource, restricted by `only` and `except` lists. A singular resource
 * (Rails `resource :profile`, Phoenix `singleton: true`) has no index and no member parameter.
 */
export function restActions(style: keyof typeof STYLES, options: { only?: readonly string[]; except?: readonly string[]; singular?: boolean } = {}): RestAction[] {
  return STYLES[style].filter((a) =>
    !(options.singular && a.action === "index") &&
    (!options.only || options.only.includes(a.action)) &&
    !(options.except ?? []).includes(a.action)
  );
}
