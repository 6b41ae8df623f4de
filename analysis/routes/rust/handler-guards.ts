import { isGuardName } from "../paths.ts";

/**
 * The guards an Axum handler's own arguments make: an extractor that refuses the request without
 * a user (`auth_user: AuthUser`) guards it; `Option<AuthUser>` and `MaybeAuthUser` read a user
 * when there is one and guard nothing. The handler (`get_user`, `listing::list_articles`) is
 * looked up in the route's file or in the module it names next to it.
 */
export function axumHandlerGuards(handler: string, routeFile: string, text: (path: string) => string | undefined): string[] {
  const parts = handler.split("::");
  const name = parts.pop()!;
  if (!/^[A-Za-z_]\w*$/.test(name)) return [];
  const dir = routeFile.slice(0, routeFile.lastIndexOf("/") + 1);
  const candidates = parts.length ? [`${dir}${parts.join("/")}.rs`, `${dir}${parts.join("/")}/mod.rs`] : [routeFile];
  for (const file of candidates) {
    const source = text(file);
    const at = source ? new RegExp(`\\bfn\\s+${name}\\s*(?:<[^>{]*>)?\\s*\\(`).exec(source) : null;
    if (!source || !at) continue;
    return parameterTypes(source, at.index + at[0].length).flatMap((type) => {
      if (/^(?:Option\s*<|Maybe)/.test(type)) return [];
      const head = /^(?:[\w]+::)*([A-Za-z_]\w*)/.exec(type)?.[1];
      return head && isGuardName(head) ? [head] : [];
    });
  }
  return [];
}

/** The types of a parameter list starting after its `(`: `a: A, Path(id): Path<u32>` -> ["A", "Path<u32>"]. */
function parameterTypes(source: string, from: number): string[] {
  const types: string[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === "(" || c === "<" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === ">" || c === "]" || c === "}") && source[i - 1] !== "-") {
      if (depth === 0) {
        types.push(source.slice(start, i));
        break;
      }
      depth--;
    } else if (c === "," && depth === 0) {
      types.push(source.slice(start, i));
      start = i + 1;
    }
  }
  return types.map((param) => param.slice(param.indexOf(":") + 1).trim()).filter(Boolean);
}
