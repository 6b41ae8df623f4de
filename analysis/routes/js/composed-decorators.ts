/**
 * NestJS decorators a project composes of others (`applyDecorators(SetMetadata(...),
 * UseGuards(AuthGuard("jwt"), RolesGuard))`, the framework's documented way to bundle auth on a
 * route): a route wearing one (`@RequiresScope(scopes.read)`, `@Auth(Role.Admin)`) has the guards
 * it applies. Read once, on first use, from the project's TypeScript and JavaScript files
 * outside tests that call `applyDecorators`.
 */
import { javascriptSyntax } from "../../languages/javascript/syntax.ts";
import { strip } from "../../languages/strip.ts";
import { isGuardName } from "../paths.ts";
import { callArguments } from "../source.ts";
import { argumentName } from "./names.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// `export function Auth(...roles: Role[]) {` or `export const Auth = (...roles: Role[]) =>`.
const DEFINITION = /\b(?:function\s+([A-Z]\w*)\s*\(|(?:const|let)\s+([A-Z]\w*)\s*=\s*(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>)/g;
const APPLY = /\bapplyDecorators\s*\(/g;
const USE_GUARDS = /\bUseGuards\s*\(/g;

/** A function answering the guards a decorator of the project (by name) applies to what it decorates. */
export function composedGuards(project: Project | undefined): (decorator: string) => string[] {
  let guards: Map<string, string[]> | undefined;
  return (decorator) => (guards ??= read(project)).get(decorator) ?? [];
}

function read(project: Project | undefined): Map<string, string[]> {
  const guards = new Map<string, string[]>();
  for (const path of project?.listed ?? []) {
    if (!/\.[cm]?[jt]s$/.test(path) || /(^|\/)(?:node_modules|tests?|__tests__)\/|\.(?:spec|test)\.[cm]?[jt]s$/.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("applyDecorators")) continue;
    const source = { ...strip(text, javascriptSyntax), path, text };
    const definitions = [...source.code.matchAll(DEFINITION)].map((m) => ({ name: (m[1] ?? m[2])!, at: m.index }));
    for (const apply of source.code.matchAll(APPLY)) {
      // The decorator is the definition the call is written in: the last one before it.
      const owner = definitions.findLast((d) => d.at < apply.index);
      if (!owner) continue;
      const open = apply.index + apply[0].length - 1;
      const inner = { start: open, end: callArguments(source.code, open).end };
      const found: string[] = [];
      for (const use of source.code.slice(inner.start, inner.end).matchAll(USE_GUARDS)) {
        const at = inner.start + use.index + use[0].length - 1;
        for (const a of callArguments(source.code, at).args) {
          const name = argumentName(source, a.start, a.end);
          if (name !== "(inline)" && isGuardName(name)) found.push(name);
        }
      }
      if (found.length) guards.set(owner.name, [...new Set([...(guards.get(owner.name) ?? []), ...found])]);
    }
  }
  return guards;
}
