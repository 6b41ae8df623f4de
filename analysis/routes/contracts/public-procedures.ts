/**
 * The guard a Go gRPC server puts on the rpcs it serves over HTTP (through grpc-gateway or
 * Connect): an authenticating interceptor that lets an anonymous caller through only to the
 * procedures on a list. memos' `AuthInterceptor` refuses unless `IsPublicMethod(procedure)` finds
 * it in `PublicMethods`, a map of full procedure names (`"/memos.api.v1.AuthService/SignIn"`); a
 * `[]string` of them named `skipAuthMethods` or `allowList` reads the same. Every rpc not on such
 * a list is guarded by the interceptor. Or the list is in the contract: an interceptor put on the
 * server (`grpc.ChainUnaryInterceptor(..., interceptors.Auth(...), ...)`) that reads a method option
 * of the .proto files (`proto.GetExtension(opts, authorizerv1.E_Public)`) lets through the rpcs
 * declaring it (`option (authorizer.v1.public) = true;`). Without a list nothing is concluded: an
 * interceptor that leaves the choice to each service (grpc_auth's `AuthFuncOverride`) guards
 * nothing by itself.
 */
import { GO_SYNTAX } from "../../languages/go.ts";
import { strip } from "../../languages/strip.ts";
import { isTestFile } from "../../entry-points.ts";
import { isGuardName } from "../paths.ts";
import { callArguments } from "../source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
/** `public`: the full procedure names let through; `publicOptions`, the method options (`public`) whose rpcs are. */
export type ProcedureGuard = { guard: string; public: Set<string>; publicOptions: Set<string> };

// `type AuthInterceptor struct`, `func NewAuthInterceptor(`, `grpc_auth.UnaryServerInterceptor(authFunc)`.
const INTERCEPTOR = /\b(\w*Auth\w*Interceptor)\b|\b(?:grpc_)?auth\s*\.\s*(UnaryServerInterceptor)\b/;
// `var PublicMethods = map[string]struct{}{`, `skipAuth := []string{`, `allowList = map[string]bool{`.
const LIST = /\b(\w+)\s*:?=\s*(?:map\s*\[\s*string\s*\]\s*(?:struct\s*\{\s*\}|[\w.*]+)|\[\s*\]\s*string)\s*\{/g;
const PUBLIC_NAME = /public|allow|anonym|unauth|skip|exempt|whitelist|noauth|no_auth|open/i;
const PROCEDURE = /^\/[\w.]+\.\w+\/\w+$/;
// The interceptors a server is made with: `grpc.ChainUnaryInterceptor(`, `grpc.UnaryInterceptor(`.
const SERVER_INTERCEPTORS = /\bgrpc\s*\.\s*(?:Chain)?UnaryInterceptor\s*\(/g;
// A method option read by the interceptor: `proto.GetExtension(opts, authorizerv1.E_Public)`.
const OPTION_READ = /\bGetExtension\s*\([^,()]*(?:\([^()]*\)[^,()]*)*,\s*(?:\w+\s*\.\s*)?E_(\w+)\s*\)/g;
const VENDORED = /(?:^|\/)(?:vendor|third_party|node_modules)\//;

export function procedureGuard(project: Project, goFiles: readonly string[]): ProcedureGuard | undefined {
  let guard: string | undefined;
  const open = new Set<string>();
  const publicOptions = new Set<string>();
  for (const file of goFiles) {
    if (isTestFile(file) || VENDORED.test(file)) continue;
    const text = project.text(file);
    if (!text) continue;
    if (text.includes("Interceptor")) {
      const { code } = strip(text, GO_SYNTAX);
      const found = INTERCEPTOR.exec(code);
      guard ??= found?.[1] ?? found?.[2] ?? serverInterceptorGuard(code);
    }
    // `E_SkipAuth` is the option `skip_auth`.
    for (const m of text.includes("GetExtension") ? text.matchAll(OPTION_READ) : []) {
      if (PUBLIC_NAME.test(m[1]!)) publicOptions.add(m[1]!.replace(/(?<=[a-z0-9])([A-Z])/g, "_$1").toLowerCase());
    }
    if (!text.includes('"/')) continue;
    const source = strip(text, GO_SYNTAX);
    for (const list of source.code.matchAll(LIST)) {
      if (!PUBLIC_NAME.test(list[1]!)) continue;
      const start = list.index + list[0].length - 1;
      const end = callArguments(source.code, start).end;
      for (let literal = source.stringAfter(start, end); literal; literal = source.stringAfter(literal.end, end)) {
        if (PROCEDURE.test(literal.value)) open.add(literal.value);
      }
    }
  }
  return guard && (open.size || publicOptions.size) ? { guard, public: open, publicOptions } : undefined;
}

/** An interceptor named like a check among those a server is made with (`interceptors.Auth(tp, log)`). */
function serverInterceptorGuard(code: string): string | undefined {
  for (const m of code.matchAll(SERVER_INTERCEPTORS)) {
    const { args } = callArguments(code, m.index + m[0].length - 1);
    for (const arg of args) {
      const name = /^\s*((?:\w+\s*\.\s*)?\w+)\s*(?:\(|$)/.exec(code.slice(arg.start, arg.end))?.[1]?.replace(/\s+/g, "");
      if (name && isGuardName(name.split(".").at(-1)!)) return name;
    }
  }
  return undefined;
}
