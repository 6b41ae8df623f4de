import { joinPaths } from "../paths.ts";
import type { Located } from "./located.ts";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * One documented operation, with the base path it is served under kept apart for drift, and
 * what code generated from the contract needs: the operation's id, and whether its `security`
 * asks for credentials (`[{}]` among the alternatives makes them optional, `security: []` lifts
 * the document's).
 */
export type HttpOperation = {
  method: string;
  path: string;
  line: number;
  base: string;
  operationId?: string;
  security?: "required" | "optional" | "none";
};

/** Loads the document a `$ref` names (`paths/users.yaml#/users`), relative to the contract. */
export type LoadRef = (ref: string) => Located | undefined;

/**
 * The operations of an OpenAPI 3 or Swagger 2 document: METHOD and full path (the server's
 * base path, or Swagger's `basePath`, joined in front; path-item and operation `servers`
 * override the document's). Path items held in other files through `$ref` are followed one
 * level; their operations point at the line of the path in the contract itself.
 */
export function openapiOperations(doc: Located, load: LoadRef): HttpOperation[] {
  const rootBase = doc.get("swagger") ? doc.get("basePath")?.scalar() ?? "" : serverBase(doc.get("servers"));
  const rootSecurity = securityOf(doc.get("security"));
  const paths = doc.get("paths");
  if (!paths) return [];
  const operations: HttpOperation[] = [];
  for (const path of paths.keys()) {
    if (!path.startsWith("/")) continue;
    const entry = paths.get(path)!;
    const ref = entry.get("$ref")?.scalar();
    const item = ref ? load(ref) ?? entry : entry;
    const itemBase = item.get("servers") ? serverBase(item.get("servers")) : rootBase;
    for (const key of item.keys()) {
      const method = key.toLowerCase();
      if (!METHODS.includes(method)) continue;
      const operation = item.get(key)!;
      const base = operation.get("servers") ? serverBase(operation.get("servers")) : itemBase;
      const operationId = operation.get("operationId")?.scalar();
      const security = operation.get("security") ? securityOf(operation.get("security")) : rootSecurity;
      operations.push({
        method: method.toUpperCase(),
        path: joinPaths(base, path),
        line: ref ? entry.line : operation.line,
        base: joinPaths(base),
        ...(operationId ? { operationId } : {}),
        ...(security ? { security } : {}),
      });
    }
  }
  return operations;
}

/** What a `security` list asks of a caller: a scheme (required), a scheme or nothing (optional), nothing. */
function securityOf(list: Located | undefined): HttpOperation["security"] {
  if (!list) return undefined;
  const alternatives = list.items();
  if (alternatives.length === 0) return "none";
  const anonymous = alternatives.some((a) => a.keys().length === 0);
  return anonymous ? (alternatives.length > 1 ? "optional" : "none") : "required";
}

/**
 * The path of the first server URL, its `{variables}` replaced by their defaults:
 * `https://{host}/api/{version}` with version's default `v2` is `/api/v2`.
 */
function serverBase(servers: Located | undefined): string {
  const first = servers?.items()[0];
  let url = first?.get("url")?.scalar() ?? "";
  const variables = first?.get("variables");
  url = url.replace(/\{(\w+)\}/g, (_, name: string) => variables?.get(name)?.get("default")?.scalar() ?? "");
  const path = url.replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, "").replace(/^\/\/[^/]*/, "").replace(/[?#].*$/, "");
  return path.startsWith("/") || path === "" ? path : "";
}
