import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import { plural } from "../inflect.ts";
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
 * plural and dashed (`BookReview` -> `/book-reviews`, API Platform 3's default), and `/{id}`
 * after it for an item operation of a class that has an identifier.
 */
export const apiPlatform: Framework = {
  id: FRAMEWORK,
  name: "API Platform",
  languages: ["php"],
  hint: /ApiPlatform\\Metadata|#\[\s*ApiResource\b/,
  scan(source) {
    const found: Registration[] = [];
    for (const m of source.code.matchAll(OPERATION)) {
      const { args } = callArguments(source.code, m.index + m[0].length - 1);
      const named = new Map(args.flatMap((a): [string, Span][] => {
        const key = /^\s*([A-Za-z_]\w*)\s*:(?!:)\s*/.exec(source.code.slice(a.start, a.end));
        return key ? [[key[1]!, { start: a.start + key[0].length, end: a.end }]] : [];
      }));
      const template = named.get("uriTemplate");
      const path = template ? source.stringAt(template.start)?.value : defaultPath(source, m.index, m[1]!);
      if (!path) continue;
      const security = named.get("security");
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

/** The default path of an operation declared at `at` on the resource class that follows. */
function defaultPath(source: RouteSource, at: number, operation: string): string | undefined {
  const cls = /\bclass\s+([A-Za-z_]\w*)[^{]*\{/g;
  cls.lastIndex = at;
  const m = cls.exec(source.code);
  if (!m) return undefined;
  const words = m[1]!.replace(/([a-z\d])([A-Z])/g, "$1-$2").toLowerCase().split("-");
  const segment = [...words.slice(0, -1), plural(words.at(-1)!)].join("-");
  const body = source.code.slice(m.index, m.index + 20_000);
  const identified = /\$id\b|identifier\s*:\s*true/.test(body);
  return ITEM.has(operation) && identified ? `/${segment}/{id}` : `/${segment}`;
}
