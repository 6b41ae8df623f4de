import type { Framework } from "../framework.ts";
import { decorated } from "../js/decorators.ts";
import { argumentName, isInline } from "../js/names.ts";
import { arrayElements, code, objectProperties, type Span } from "../js/objects.ts";
import { componentName, importedModule, type RouteObjects, routeTree } from "../js/route-tree.ts";
import { pathConstants } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const DECLARED =
  /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*:\s*(?:Routes|Route\s*\[\s*\]|Array\s*<\s*Route\s*>)\s*=\s*\[/g;
const INLINE = /\b(?:RouterModule\s*\.\s*for(?:Root|Child)|provideRouter|provideRoutes)\s*\(\s*\[/g;
const GUARDS = ["canActivate", "canActivateChild", "canMatch", "canLoad"];

/**
 * Angular's router: `Routes` arrays (declared, or inline in `RouterModule.forRoot/forChild`
 * and `provideRouter`), nested `children`, `loadChildren` modules mounted under their route,
 * `canActivate`/`canMatch` guards (functions written in place count as the hook's name), and
 * NgModules whose `imports` carry `RouterModule.forChild(routes)` or a routing module, so a
 * lazily loaded module's routes land under the path that loads it.
 */
export const angular: Framework = {
  id: "angular",
  name: "Angular",
  languages: ["typescript", "javascript"],
  hint: /@angular\/router|RoutingModule\b/,
  scan(source) {
    const constants = pathConstants(source);
    const tree: RouteObjects = {
      framework: "angular",
      handler: (
        p,
      ) => (p.has("redirectTo") ? undefined : componentName(source, p.get("component") ?? p.get("loadComponent"))),
      guards: (p) => GUARDS.flatMap((hook) => guardList(source, p.get(hook), hook)),
      lazyChildren: (p) => importedModule(source, p.get("loadChildren")),
    };
    const found: Registration[] = [];
    for (const m of source.code.matchAll(DECLARED)) {
      found.push(...routeTree(source, m.index + m[0].length - 1, m[1]!, tree, constants));
    }
    for (const m of source.code.matchAll(INLINE)) {
      found.push(
        ...routeTree(source, m.index + m[0].length - 1, `(routes:${source.lineAt(m.index)})`, tree, constants),
      );
    }
    for (const target of decorated(source)) {
      const module = target.decorators.find((d) => d.name === "NgModule");
      const options = module?.args[0] && source.code[module.args[0].start] === "{"
        ? objectProperties(source, module.args[0].start)
        : undefined;
      const imports = options?.get("imports");
      if (!imports || source.code[imports.start] !== "[") continue;
      const routed = arrayElements(source, imports.start).flatMap((e) => routedImport(source, e));
      if (routed.length === 0) continue;
      const line = source.lineAt(target.start);
      found.push({ type: "router", framework: "angular", name: target.name, prefix: "", guards: [], line });
      found.push({
        type: "use",
        framework: "angular",
        owner: target.name,
        prefix: "",
        args: routed,
        specifiers: [],
        guards: [],
        mountOnly: true,
        line,
      });
    }
    return found;
  },
};

/** `RouterModule.forChild(routes)` names `routes`; `AdminRoutingModule` names itself. */
function routedImport(source: RouteSource, element: Span): string[] {
  const text = code(source, element);
  const call = /^RouterModule\s*\.\s*for(?:Root|Child)\s*\(/.exec(text);
  if (call) {
    const first = callArguments(source.code, element.start + call[0].length - 1).args[0];
    return first && /^[A-Za-z_$][\w$]*$/.test(code(source, first)) ? [code(source, first)] : [];
  }
  return /^[A-Za-z_$][\w$]*RoutingModule$/.test(text) ? [text] : [];
}

/** The guards of `canActivate: [authGuard, () => inject(Auth).isLoggedIn()]`: names, or the hook's name for inline ones. */
function guardList(source: RouteSource, span: Span | undefined, hook: string): string[] {
  if (!span) return [];
  const elements = source.code[span.start] === "[" ? arrayElements(source, span.start) : [span];
  return elements.map((e) => (isInline(source, e.start, e.end) ? hook : argumentName(source, e.start, e.end)));
}
