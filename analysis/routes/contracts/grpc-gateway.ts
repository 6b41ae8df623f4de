/**
 * HTTP routes that grpc-gateway serves from a protobuf contract: an rpc whose
 * `option (google.api.http) = { get: "/api/v1/{name=memos/*}" }` (and `additional_bindings`)
 * binds it to a method and path is served there when the Go code registers its service with a
 * gateway mux (`RegisterMemoServiceHandlerServer(ctx, mux, s)`, `...HandlerFromEndpoint`). The
 * generated handlers are not in the repository, so the contract is the route's declaration, in
 * the .proto file. A path template's field binds a segment pattern: `{name=memos/*}` is
 * `memos/{name}`; a custom verb (`:batchDelete`) stays as written. Connect serves every rpc of a
 * service whose generated handler the code makes (`apiv1connect.NewMemoServiceHandler(svc)`) at
 * `POST /package.Service/Method`. An authenticating interceptor with a list of public procedures
 * guards the rpcs not on it (public-procedures.ts).
 */
import { C_SYNTAX } from "../../languages/c.ts";
import { strip } from "../../languages/strip.ts";
import { isTestFile } from "../../entry-points.ts";
import { callArguments } from "../source.ts";
import type { Generated } from "./generated-servers.ts";
import { procedureGuard } from "./public-procedures.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const REGISTERED = /\bRegister(\w+?)Handler(?:Server|FromEndpoint|Client)?\s*\(/g;
// Connect's generated constructor, from its `...connect` package: `apiv1connect.NewMemoServiceHandler(svc)`.
const CONNECTED = /\b\w*connect\s*\.\s*New(\w+?)Handler\s*\(/g;
const PACKAGE = /\bpackage\s+([\w.]+)\s*;/;
const SERVICE = /\bservice\s+(\w+)\s*\{/g;
const RPC = /\brpc\s+(\w+)\s*\([^)]*\)\s*returns\s*\([^)]*\)\s*\{/g;
const HTTP_OPTION = /\boption\s*\(\s*google\.api\.http\s*\)\s*=\s*\{/;
const BINDING = /\b(get|post|put|patch|delete)\s*:\s*"/g;
const VENDORED = /(?:^|\/)(?:vendor|third_party|node_modules)\//;

export function gatewayRoutes(project: Project | undefined): Generated[] {
  if (!project) return [];
  const listed = [...project.listed];
  const registered = new Set<string>();
  const connected = new Set<string>();
  const goFiles = listed.filter((file) => file.endsWith(".go"));
  for (const file of goFiles) {
    if (isTestFile(file) || VENDORED.test(file)) continue;
    const text = project.text(file);
    if (!text?.includes("Handler")) continue;
    for (const m of text.matchAll(REGISTERED)) registered.add(m[1]!);
    for (const m of text.matchAll(CONNECTED)) connected.add(m[1]!);
  }
  if (!registered.size && !connected.size) return [];
  const interceptor = procedureGuard(project, goFiles);
  const found: Generated[] = [];
  for (const file of listed) {
    if (!file.endsWith(".proto") || isTestFile(file) || VENDORED.test(file)) continue;
    const text = project.text(file);
    if (!text?.includes("google.api.http")) continue;
    const source = strip(text, C_SYNTAX);
    const { code } = source;
    const pkg = PACKAGE.exec(code)?.[1];
    for (const service of code.matchAll(SERVICE)) {
      if (!registered.has(service[1]!) && !connected.has(service[1]!)) continue;
      const open = service.index + service[0].length - 1;
      const end = callArguments(code, open).end;
      for (const rpc of code.slice(open, end).matchAll(RPC)) {
        const handler = `${service[1]}.${rpc[1]}`;
        const procedure = `/${pkg ? `${pkg}.` : ""}${service[1]}/${rpc[1]}`;
        const rpcOptions = code.slice(open + rpc.index + rpc[0].length - 1, callArguments(code, open + rpc.index + rpc[0].length - 1).end);
        const guards = interceptor && !interceptor.public.has(procedure) && !declaresPublic(rpcOptions, interceptor.publicOptions) ? [interceptor.guard] : [];
        // Connect serves each rpc at its procedure's path, by POST.
        if (connected.has(service[1]!)) {
          found.push({ file, route: { type: "route", framework: "connect", kind: "http", methods: ["POST"], path: procedure, handler, guards, owner: "", line: source.lineAt(open + rpc.index) } });
        }
        if (!registered.has(service[1]!)) continue;
        const body = open + rpc.index + rpc[0].length - 1;
        const options = code.slice(body, callArguments(code, body).end);
        const http = HTTP_OPTION.exec(options);
        if (!http) continue;
        const start = body + http.index + http[0].length - 1;
        const block = { start, end: callArguments(code, start).end };
        for (const binding of code.slice(block.start, block.end).matchAll(BINDING)) {
          const quote = block.start + binding.index + binding[0].length - 1;
          const template = source.stringAt(quote)?.value;
          if (template === undefined) continue;
          found.push({
            file,
            route: { type: "route", framework: "grpc-gateway", kind: "http", methods: [binding[1]!.toUpperCase()], path: httpPath(template), handler, guards, owner: "", line: source.lineAt(quote) },
          });
        }
      }
    }
  }
  return found;
}

/** Whether an rpc's options set one the interceptor lets through to true (`option (authorizer.v1.public) = true;`). */
function declaresPublic(options: string, names: ReadonlySet<string>): boolean {
  return [...options.matchAll(/\boption\s*\(\s*(?:[\w.]+\.)?(\w+)\s*\)\s*=\s*true\s*;/g)].some((m) => names.has(m[1]!));
}

/**
 * A google.api.http path template as a route path: `/v1/{name=shelves/*}:publish` is
 * `/v1/shelves/{name}:publish`; each further `*` of the pattern is another parameter (`{name_2}`).
 */
export function httpPath(template: string): string {
  return template.replace(/\{(\w+(?:\.\w+)*)=([^}]*)\}/g, (_, field: string, pattern: string) => {
    let n = 0;
    const name = field.split(".").at(-1)!;
    return pattern.split("/").map((segment) => (segment === "*" || segment === "**" ? `{${n++ === 0 ? name : `${name}_${n}`}}` : segment)).join("/");
  }).replace(/\{(\w+)\.(\w+)\}/g, "{$2}");
}
