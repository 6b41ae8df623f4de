import type { Decorator } from "../js/decorators.ts";
import type { FunctionScope } from "../js/functions.ts";
import { argumentName } from "../js/names.ts";
import { objectProperties } from "../js/objects.ts";
import { jsValue } from "../js/values.ts";
import { isGuardName } from "../paths.ts";
import type { RouteSource } from "../source.ts";
import type { Span } from "./args.ts";

/**
 * The name a JS expression gives a topic, queue or schedule: its static value when known
 * (`"orders"`, `TOPIC`, `` `${PREFIX}.created` ``), else the variable it is read from, in
 * braces (`process.env.ORDERS_QUEUE` is `{ORDERS_QUEUE}`), so an entry point whose name is
 * configured elsewhere is still listed.
 */
export function jsName(
  source: RouteSource,
  span: Span | undefined,
  constants: Map<string, string>,
): string | undefined {
  if (!span) return undefined;
  const value = jsValue(source, span.start, span.end, constants);
  if (value !== undefined) return value;
  const name = /^[A-Za-z_$][\w$.]*/.exec(source.code.slice(span.start, span.end).trim());
  return name ? `{${name[0].split(".").at(-1)}}` : undefined;
}

/** A JS property `key` of the object literal at `span`, when the span is one. */
export function jsProperty(source: RouteSource, span: Span | undefined, key: string): Span | undefined {
  return span && source.code[span.start] === "{" ? objectProperties(source, span.start).get(key) : undefined;
}

/**
 * The handler a function argument names: its identifier; for a function written in place,
 * `label` (the option it was passed as, `handleMessage`), else the named function the call
 * sits in, else "(inline)".
 */
export function jsHandler(
  source: RouteSource,
  span: Span | undefined,
  scopes: readonly FunctionScope[],
  offset: number,
  label?: string,
): string {
  const named = span ? argumentName(source, span.start, span.end) : "(inline)";
  if (named !== "(inline)") return named;
  if (label) return label;
  let around: string | undefined;
  for (const s of scopes) if (s.bodyStart < offset && offset < s.bodyEnd && s.name) around = s.name;
  return around ?? "(inline)";
}

/** The guards TypeScript decorators attach: what `@UseGuards(...)` lists, and auth-like decorators (`@Roles`, `@Authorized`). */
export function decoratorGuards(source: RouteSource, decorators: readonly Decorator[]): string[] {
  const names: string[] = [];
  for (const d of decorators) {
    if (d.name !== "UseGuards") names.push(...(isGuardName(d.name) ? [d.name] : []));
    else for (const a of d.args) names.push(argumentName(source, a.start, a.end));
  }
  return names.filter((n) => n !== "(inline)");
}
