/**
 * The guard a Go gRPC server puts on the rpcs it serves over HTTP (through grpc-gateway or
 * Connect): an authenticating interceptor that lets an anonymous caller through only to the
 * procedures on a list. memos' `AuthInterceptor` refuses unless `IsPublicMethod(procedure)` finds
 * it in `PublicMethods`, a map of full procedure names (`"/memos.api.v1.AuthService/SignIn"`); a
 * `[]string` of them named `skipAuthMethods` or `allowList` reads the same. Every rpc not on such
 * a list is guarded by the interceptor. Without a list nothing is concluded: an interceptor that
 * leaves the choice to each service (grpc_auth's `AuthFuncOverride`) guards nothing by itself.
 */
import { GO_SYNTAX } from "../../languages/go.ts";
import { strip } from "../../languages/strip.ts";
import { isTestFile } from "../../entry-points.ts";
import { callArguments } from "../source.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };
export type ProcedureGuard = { guard: string; public: Set<string> };

// `type AuthInterceptor struct`, `func NewAuthInterceptor(`, `grpc_auth.UnaryServerInterceptor(authFunc)`.
const INTERCEPTOR = /\b(\w*Auth\w*Interceptor)\b|\b(?:grpc_)?auth\s*\.\s*(UnaryServerInterceptor)\b/;
// `var PublicMethods = map[string]struct{}{`, `skipAuth := []string{`, `allowList = map[string]bool{`.
const LIST = /\b(\w+)\s*:?=\s*(?:map\s*\[\s*string\s*\]\s*(?:struct\s*\{\s*\}|[\w.*]+)|\[\s*\]\s*string)\s*\{/g;
const PUBLIC_NAME = /public|allow|anonym|unauth|skip|exempt|whitelist|noauth|no_auth|open/i;
const PROCEDURE = /^\/[\w.]+\.\w+\/\w+$/;
const VENDORED = /(?:^|\/)(?:vendor|third_party|node_modules)\//;

export function procedureGuard(project: Project, goFiles: readonly string[]): ProcedureGuard | undefined {
  let guard: string | undefined;
  const open = new Set<string>();
  for (const file of goFiles) {
    if (isTestFile(file) || VENDORED.test(file)) continue;
    const text = project.text(file);
    if (!text) continue;
    if (text.includes("Interceptor")) {
      const found = INTERCEPTOR.exec(strip(text, GO_SYNTAX).code);
      guard ??= found?.[1] ?? found?.[2];
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
  return guard && open.size ? { guard, public: open } : undefined;
}
