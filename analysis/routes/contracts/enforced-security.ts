/**
 * Guards a contract enforces: when the application validates requests against its OpenAPI
 * document with authentication turned on, an operation whose `security` asks for credentials
 * refuses a caller without them, whatever the route's own code says. Seen in Go with
 * kin-openapi's request filter given an `AuthenticationFunc` (oapi-codegen's validator
 * middleware), and in Node with express-openapi-validator (security validated unless
 * `validateSecurity: false`). Such a route gets the guard "OpenAPI security"; routes the
 * contract does not document, or documents as open, keep what they had.
 */
import { isTestFile } from "../../entry-points.ts";
import type { LinkedRoute } from "../link.ts";
import { httpKey, withoutBase } from "./drift.ts";
import type { FoundContract } from "./mod.ts";

type Project = { text(path: string): string | undefined };
type Imports = { path: string; imports: readonly { specifier: string }[] };

// The validators, by the package a file imports and what its text must also say.
const VALIDATORS: { imports: RegExp; enforces: (text: string) => boolean }[] = [
  { imports: /kin-openapi\/openapi3filter$|oapi-codegen\/.*middleware$/, enforces: (text) => /\bAuthenticationFunc\b/.test(text) },
  { imports: /^express-openapi-validator$/, enforces: (text) => !/validateSecurity\s*:\s*false/.test(text) },
];

export function enforcedSecurity(project: Project | undefined, files: readonly Imports[], contracts: readonly FoundContract[]): <R extends LinkedRoute>(route: R) => R {
  const http = contracts.filter((c) => c.kind === "openapi" || c.kind === "swagger");
  if (!project || !http.length || !enforcing(project, files)) return (route) => route;
  // Each operation by its full path and by its path as written (a base the app drops, `servers = nil`).
  const required = new Map<string, boolean>();
  for (const op of http.flatMap((c) => c.operations)) {
    if (!op.security) continue;
    for (const path of new Set([op.path, withoutBase(op)])) required.set(httpKey(op.method, path), op.security === "required");
  }
  return (route) => {
    if (route.kind !== "http" || route.guards.length) return route;
    return required.get(httpKey(route.method, route.path)) ? { ...route, guards: ["OpenAPI security"] } : route;
  };
}

function enforcing(project: Project, files: readonly Imports[]): boolean {
  return files.some((f) => {
    if (isTestFile(f.path)) return false;
    const validator = VALIDATORS.find((v) => f.imports.some((i) => v.imports.test(i.specifier)));
    const text = validator && project.text(f.path);
    return !!text && validator!.enforces(text);
  });
}
