import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { configuredPlaceholder } from "../common/configured.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "api-platform";
const OPERATIONS: Record<string, string> = { Get: "GET", GetCollection: "GET", Post: "POST", Put: "PUT", Patch: "PATCH", Delete: "DELETE" };
// `#[Get(...)]` on a resource class, or `new Get(...)` in an `#[ApiResource(operations: [...])]`.
const OPERATION = /(?:#\[\s*|\bnew\s+)(?:\\?ApiPlatform\\Metadata\\)?(Get|GetCollection|Post|Put|Patch|Delete)\s*\(/g;

/**
 * API Platform: operations declared as attributes on resource classes (`#[Get(uriTemplate:
 * "/articles/{slug}", security: "is_granted('ROLE_USER')")]`, or `new Post(...)` among an
 * `#[ApiResource]`'s operations) whose path is their `uriTemplate`. A `security` expression that
 * grants a role or an authenticated user guards the operation; `PUBLIC_ACCESS` does not. The
 * routes prefix (`prefix: /api` in config/routes/api_platform.yaml) is added after linking.
 * An operation without a `uriTemplate` takes API Platform's default: the resource class's name,
 * plural, in snake case or dashed as the app configures it (`BookReview` -> `/book_reviews`), and
 * `/{id}` after it for an item operation of a class that has an identifier.
 */
export const apiPlatform: Framework = {
  id: FRAMEWORK,
  name: "API Platform",
  languages: ["php"],
  hint: /ApiPlatform\\Metadata|#\[\s*ApiResource\b/,
  scan(source) {
    const found: Registration[] = [];
    const resources = [...source.code.matchAll(RESOURCE)].map((m) => {
      const { args, end } = callArguments(source.code, m.index + m[0].length - 1);
      return { start: m.index, end, named: namedArguments(source.code, args) };
    });
    for (const m of source.code.matchAll(OPERATION)) {
      const named = namedArguments(source.code, callArguments(source.code, m.index + m[0].length - 1).args);
      // An operation among an `#[ApiResource(uriTemplate: '/albums/{id}/children', operations: [...])]`'s takes its template and security.
      const resource = resources.find((r) => r.start < m.index && m.index < r.end)?.named;
      const template = named.get("uriTemplate") ?? resource?.get("uriTemplate");
      const path = template ? source.stringAt(template.start)?.value : defaultPath(source, m.index, m[1]!);
      if (!path) continue;
      const security = named.get("security") ?? resource?.get("security");
      const rule = security && source.stringAt(security.start)?.value;
      const guards = rule && /is_granted|has_role|IS_AUTHENTICATED|ROLE_/.test(rule) && !/PUBLIC_ACCESS/.test(rule) ? [rule] : [];
      const controller = named.get("controller");
      const handler = controller ? /([A-Za-z_]\w*)\s*::\s*class/.exec(source.code.slice(controller.start, controller.end))?.[1] ?? "(inline)" : "(provider)";
      found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: [OPERATIONS[m[1]!]!], path: path.replace(/\{\._format\}|\.\{_format\}/g, ""), handler, guards, owner: "", line: source.lineAt(m.index) });
    }
    return found;
  },
};

const ITEM = new Set(["Get", "Put", "Patch", "Delete"]);
const RESOURCE = /#\[\s*(?:\\?ApiPlatform\\Metadata\\)?ApiResource\s*\(/g;

/** The named arguments of a call (`uriTemplate: '/x'`), by name. */
function namedArguments(code: string, args: readonly Span[]): Map<string, Span> {
  return new Map(args.flatMap((a): [string, Span][] => {
    const key = /^\s*([A-Za-z_]\w*)\s*:(?!:)\s*/.exec(code.slice(a.start, a.end));
    return key ? [[key[1]!, { start: a.start + key[0].length, end: a.end }]] : [];
  }));
}

/** The default path of an operation declared at `at` on the resource class that follows. */
function defaultPath(source: RouteSource, at: number, operation: string): string | undefined {
  const cls = /\bclass\s+([A-Za-z_]\w*)[^{]*\{/g;
  cls.lastIndex = at;
  const m = cls.exec(source.code);
  if (!m) return undefined;
  // Named by the app's configured generator before linking (php/api-platform-segments.ts).
  // `#[ApiResource(shortName: 'Parameter', ...)]` names the resource in place of its class.
  const resource = source.code.lastIndexOf("ApiResource", at);
  const shortName = resource === -1 ? undefined : /\bshortName\s*:\s*(["'])(\w+)\1/.exec(source.text.slice(resource, m.index))?.[2];
  const segment = configuredPlaceholder("apiplatform", shortName ?? m[1]!);
  const body = source.code.slice(m.index, m.index + 20_000);
  // Its own `$id`, or one its base entity declares (`class Attachment extends AbstractNamedDBElement`).
  const identified = /\$id\b|identifier\s*:\s*true/.test(body) || /\bextends\s+[\\\w]+/.test(m[0]);
  return ITEM.has(operation) && identified ? `/${segment}/{id}` : `/${segment}`;
}
