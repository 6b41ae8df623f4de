import { closing } from "../../languages/curly.ts";
import { csharpClasses } from "../csharp/attributes.ts";
import { csharpConstants, csharpValue } from "../csharp/source.ts";
import type { Framework } from "../framework.ts";
import type { Span } from "../js/objects.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "fastendpoints";
const VERBS: Record<string, string> = { Get: "GET", Post: "POST", Put: "PUT", Patch: "PATCH", Delete: "DELETE", Head: "HEAD", Options: "OPTIONS" };
const ENDPOINT_BASE = /(?:^|[\s,.])(?:Endpoint(?:WithoutRequest|WithMapping|WithMapper)?|Ep)\b/;
const CONFIGURE = /\boverride\s+(?:async\s+)?void\s+Configure\s*\(\s*\)\s*\{/;
const CALL = /(?<![\w.])(Get|Post|Put|Patch|Delete|Head|Options|Verbs|Routes|AllowAnonymous|Roles|Policies|Permissions|Claims|Group)\s*(?:<\s*([A-Za-z_][\w.]*)\s*>)?\s*\(/g;
const GROUP_CONFIGURE = /(?<![\w.])Configure\s*\(/;
/** The guard every endpoint has unless it allows anonymous callers: FastEndpoints is secure by default. */
const SECURE_BY_DEFAULT = "authenticated";

/** A group class, as the routers its endpoints and sub-groups hang on (C# groups are named by class, not namespace). */
const groupRouter = (name: string) => `fastendpoints::${name.split(".").at(-1)}`;

/**
 * FastEndpoints: endpoint classes (`Endpoint<TRequest, TResponse>`, `EndpointWithoutRequest`,
 * `Ep.Req<T>.Res<T>`) whose `Configure()` declares their verbs and paths (`Post("/api/users")`,
 * `Verbs(Http.GET, Http.POST)` with `Routes(...)`), `AllowAnonymous()` or the roles, policies,
 * permissions and claims they require; every other endpoint needs an authenticated caller.
 * `Group<Admin>()` puts an endpoint under a group class (`Configure("admin", ep => ...)` in its
 * constructor, a `SubGroup<Parent>` under its parent's prefix), whose `ep.AllowAnonymous()`
 * opens all of it.
 */
export const fastendpoints: Framework = {
  id: FRAMEWORK,
  name: "FastEndpoints",
  languages: ["csharp"],
  hint: /\bFastEndpoints\b|\boverride\s+(?:async\s+)?void\s+Configure\s*\(\s*\)|:\s*(?:Sub)?Group\b/,
  scan(source) {
    const constants = csharpConstants(source);
    const found: Registration[] = [];
    const { code } = source;
    for (const cls of csharpClasses(source)) {
      const body = code.slice(cls.body.start, cls.body.end);
      const line = source.lineAt(cls.start);
      const sub = /(?:^|[\s,])SubGroup\s*<\s*([A-Za-z_][\w.]*)\s*>/.exec(cls.bases);
      if (sub || /(?:^|[\s,])Group\b(?!\s*<)/.test(cls.bases)) {
        const configure = GROUP_CONFIGURE.exec(body);
        const args = configure ? callArguments(code, cls.body.start + configure.index + configure[0].length - 1).args : [];
        const prefix = args[0] ? csharpValue(source, constants, args[0]) ?? "" : "";
        const anonymous = !!args[1] && /\.\s*AllowAnonymous\s*\(/.test(code.slice(args[1].start, args[1].end));
        found.push({ type: "router", framework: FRAMEWORK, name: groupRouter(cls.name), prefix, guards: anonymous ? [] : [SECURE_BY_DEFAULT], ...(anonymous ? { anonymous: true } : {}), ...(sub ? { mountedOnly: true } : {}), line });
        if (sub) found.push({ type: "use", framework: FRAMEWORK, owner: groupRouter(sub[1]!), prefix: "", args: [groupRouter(cls.name)], specifiers: [], guards: [], mountOnly: true, line });
        continue;
      }
      if (!ENDPOINT_BASE.test(cls.bases)) continue;
      const configure = CONFIGURE.exec(body);
      if (!configure) continue;
      const open = cls.body.start + configure.index + configure[0].length - 1;
      const endpoint = read(source, constants, { start: open, end: closing(code, open) });
      if (!endpoint.methods.length || !endpoint.paths.length) continue;
      // Roles and policies say more than the default; in a group, the group's own guard (or its
      // anonymity) stands for it.
      const guards = endpoint.guards.length || endpoint.anonymous || endpoint.group ? endpoint.guards : [SECURE_BY_DEFAULT];
      for (const path of endpoint.paths) {
        found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: endpoint.methods, path, handler: cls.name, guards, owner: endpoint.group ? groupRouter(endpoint.group) : "", line: source.lineAt(endpoint.at), ...(endpoint.anonymous ? { anonymous: true } : {}) });
      }
    }
    return found;
  },
};

/** What a `Configure()` body declares. */
function read(source: RouteSource, constants: Map<string, string>, span: Span) {
  const { code } = source;
  const endpoint = { methods: [] as string[], paths: [] as string[], guards: [] as string[], anonymous: false, group: undefined as string | undefined, at: span.start };
  const pattern = new RegExp(CALL.source, "g");
  pattern.lastIndex = span.start;
  for (let m = pattern.exec(code); m && m.index < span.end; m = pattern.exec(code)) {
    const name = m[1]!;
    const args = callArguments(code, m.index + m[0].length - 1).args;
    const values = args.map((a) => csharpValue(source, constants, a)).filter((v): v is string => v !== undefined);
    const text = (a: Span) => code.slice(a.start, a.end).trim();
    if (VERBS[name]) {
      endpoint.methods.push(VERBS[name]!);
      endpoint.paths.push(...values);
      endpoint.at = m.index;
    } else if (name === "Verbs") {
      endpoint.methods.push(...args.map((a) => /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/i.exec(text(a))?.[1]?.toUpperCase()).filter((v): v is string => !!v));
      endpoint.at = m.index;
    } else if (name === "Routes") endpoint.paths.push(...values);
    else if (name === "AllowAnonymous") endpoint.anonymous = true;
    else if (name === "Group" && m[2]) endpoint.group = m[2];
    else if (name !== "Group") endpoint.guards.push(`${name}(${(values.length ? values : args.map(text)).join(",")})`);
  }
  endpoint.methods = [...new Set(endpoint.methods)];
  endpoint.paths = [...new Set(endpoint.paths)];
  return endpoint;
}
