import type { Binding } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { lineEnd } from "./values.ts";

const STATEMENT = /^[ \t]*(?:from[ \t]+((?:\.[ \t]*)*[\w.]*)[ \t]+import\b|import\b)/gm;
const NAME = /^\s*([A-Za-z_][\w.]*)(?:\s+as\s+([A-Za-z_]\w*))?\s*$/;

/**
 * The names a Python file imports, spelled as the Python extractor records the imports
 * (`from .users import router` is ".users.router", `from app import views` is "app.views"),
 * so the linker can follow them through the graph's edges. Attributes read through an imported
 * name become bindings of their own: with `from app.api import users`, `users.router` is
 * { local: "users.router", specifier: "app.api.users", imported: "router" }.
 */
export function pythonBindings(source: Pick<RouteSource, "code">): Binding[] {
  const { code } = source;
  const bindings: Binding[] = [];
  for (const m of code.matchAll(STATEMENT)) {
    const start = m.index + m[0].length;
    const items = code.slice(start, lineEnd(code, start)).replace(/[()\\]/g, " ").split(",");
    const module = m[1]?.replace(/\s+/g, "");
    for (const item of items) {
      // `from .s3.api import *`: every name of the module, looked up there by the linker when nothing else binds it.
      if (item.trim() === "*" && module) bindings.push({ local: "*", specifier: module, imported: "*" });
      const name = NAME.exec(item);
      if (!name) continue;
      const [, imported, alias] = name;
      if (module === undefined) {
        bindings.push({ local: alias ?? imported!, specifier: imported!, imported: "*" });
      } else {
        const specifier = module.endsWith(".") || module === "" ? module + imported : `${module}.${imported}`;
        bindings.push({ local: alias ?? imported!, specifier, imported: imported! });
      }
    }
  }
  const attributes: Binding[] = [];
  for (const b of bindings) {
    if (b.local === "*") continue;
    const escaped = b.local.replace(/\./g, "\\.");
    for (const use of new Set([...code.matchAll(new RegExp(`(?<![\\w.])${escaped}\\.([A-Za-z_]\\w*)`, "g"))].map((u) => u[1]!))) {
      attributes.push({ local: `${b.local}.${use}`, specifier: b.specifier, imported: use });
    }
  }
  return [...bindings, ...attributes];
}
