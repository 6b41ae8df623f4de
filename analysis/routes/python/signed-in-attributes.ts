/**
 * The request attributes a Django middleware of the project leaves empty for a caller who is not
 * signed in: it empties them first, then hands an anonymous request on before filling them
 * (opencve's OrganizationMiddleware: `request.current_organization = None`, then
 * `if not request.user.is_authenticated: return`). A view that turns away a request without
 * such an attribute (`if not request.current_organization: return redirect(...)`) turns away
 * every caller who is not signed in.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// A middleware's hook: Django's `process_view`/`process_request`, or the `__call__` of a class named for one.
const HOOK = /^([ \t]+)def[ \t]+(process_view|process_request|__call__)[ \t]*\(/gm;
const EMPTIED = /^[ \t]+request\.(\w+)[ \t]*=[ \t]*(?:None|\[\]|\{\}|False|""|'')[ \t]*$/gm;
const ANONYMOUS_HANDED_ON = /^[ \t]+if[ \t]+not[ \t]+request\.user\.is_authenticated(?:\(\))?[ \t]*:[ \t]*\n[ \t]+return(?:[ \t]+None)?[ \t]*$/m;

export function signedInAttributes(project: Project | undefined): () => ReadonlySet<string> {
  let found: Set<string> | undefined;
  return () => (found ??= read(project));
}

function read(project: Project | undefined): Set<string> {
  const found = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)tests?\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("is_authenticated") || !/\bclass[ \t]+\w*Middleware\b/.test(text)) continue;
    for (const hook of text.matchAll(HOOK)) {
      const indent = hook[1]!;
      const rest = text.slice(hook.index + hook[0].length);
      // The hook's body: up to the next line indented as far as its `def`, or less.
      const end = new RegExp(String.raw`\n(?=${indent}\S|\S)`).exec(rest.slice(rest.indexOf("\n") + 1));
      const body = end ? rest.slice(0, rest.indexOf("\n") + 1 + end.index) : rest;
      const handedOn = ANONYMOUS_HANDED_ON.exec(body);
      if (!handedOn) continue;
      for (const m of body.matchAll(EMPTIED)) if (m.index < handedOn.index) found.add(m[1]!);
    }
  }
  return found;
}

// `if not request.current_organization:` then, in its block, a redirect or a refusal.
const TURNS_AWAY = /^([ \t]*)if[ \t]+not[ \t]+(?:self\.)?request\.(\w+)[ \t]*:[ \t]*\n((?:\1[ \t]+[^\n]*(?:\n|$))+)/gm;
const AWAY = /\breturn[ \t]+(?:\w+\.)*(?:redirect|HttpResponseRedirect|redirect_to_login|HttpResponseForbidden)\s*\(|\braise[ \t]+(?:\w+\.)*(?:PermissionDenied|Http404)\b/;

/** Whether a method's body turns away a request that lacks one of the attributes only a signed-in caller has. */
export function turnsAwayAnonymous(body: string, attributes: ReadonlySet<string>): boolean {
  if (!attributes.size) return false;
  for (const m of body.matchAll(TURNS_AWAY)) if (attributes.has(m[2]!) && AWAY.test(m[3]!)) return true;
  return false;
}
