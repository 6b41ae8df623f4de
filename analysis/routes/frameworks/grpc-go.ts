import { entryPoint, rpcPath } from "../entry/entry.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";

const STRUCT = /\btype\s+(\w+)\s+struct\s*\{([^}]*)\}/g;
const EMBEDDED = /(?:^|\s)\*?(?:\w+\.)?Unimplemented(\w+)Server\b/;
const REGISTER = /\bRegister(\w+)Server\s*\(\s*[\w.]+\s*,\s*&?(?:\w+\.)?(\w+)\s*\{/g;
const METHOD = /\bfunc\s*\(\s*\w*\s*\*?\s*(\w+)\s*\)\s*([A-Z]\w*)\s*\(([^)]*)\)/g;
const STREAM = /\b(\w+)_(\w+)Server\b/;

/**
 * gRPC servers in Go: methods of a type that embeds `UnimplementedGreeterServer` or is
 * registered with `RegisterGreeterServer(s, &server{})` in the same file, and streaming
 * methods wherever their `Greeter_RouteChatServer` parameter names the service. A unary
 * method must take a `context.Context`, so helpers of the same type are not RPCs.
 */
export const grpcGo: Framework = {
  id: "grpc-go",
  name: "gRPC services (Go)",
  languages: ["go"],
  hint: /Unimplemented\w+Server|Register\w+Server|_\w+Server\b/,
  scan(source) {
    const services = new Map<string, string>();
    for (const m of source.code.matchAll(STRUCT)) {
      const embedded = EMBEDDED.exec(m[2]!);
      if (embedded) services.set(m[1]!, embedded[1]!);
    }
    for (const m of source.code.matchAll(REGISTER)) services.set(m[2]!, m[1]!);
    const out: Registration[] = [];
    for (const m of source.code.matchAll(METHOD)) {
      const [, type, name, params] = m as unknown as [string, string, string, string];
      const stream = STREAM.exec(params);
      const service = stream?.[1] ?? (/\bcontext\.Context\b/.test(params) ? services.get(type) : undefined);
      if (!service || name.startsWith("mustEmbed")) continue;
      out.push(entryPoint(source, m.index + m[0].indexOf(name, m[0].indexOf(")")), {
        framework: "grpc-go",
        kind: "grpc",
        method: "RPC",
        path: rpcPath(source, service, stream?.[2] ?? name),
        handler: `${type}.${name}`,
      }));
    }
    return out;
  },
};
