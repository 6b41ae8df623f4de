/**
 * A Go gRPC server whose methods live in other files of its package than its type: dex's
 *
 *     type dexAPI struct { api.UnimplementedDexServer; ... }                           // api.go
 *     func (d dexAPI) CreateClient(ctx context.Context, req *api.CreateClientReq) ...   // clients.go
 *
 * The gRPC scanner (frameworks/grpc-go.ts) reads one file, so it knows the type's service only in
 * the file that declares the type; this reads the package's other files for that type's methods
 * (unary ones take a `context.Context`, as there) and adds them as the RPCs they are.
 */
import { go } from "../../languages/go.ts";
import { strip } from "../../languages/strip.ts";
import { dirOf } from "../../project.ts";
import type { FileRoutes, Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const STRUCT = /\btype\s+(\w+)\s+struct\s*\{([^}]*)\}/g;
const EMBEDDED = /(?:^|\s)\*?(?:\w+\.)?Unimplemented(\w+)Server\b/;
const METHOD = /\bfunc\s*\(\s*\w*\s*\*?\s*(\w+)\s*\)\s*([A-Z]\w*)\s*\(([^)]*)\)/g;

export function withPackageGrpcMethods(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  if (!project) return files;
  const listed = [...project.listed].filter((p) => p.endsWith(".go") && !p.endsWith("_test.go") && !p.endsWith(".pb.go"));
  // Per package folder: each server type and the service it serves, and the file declaring it.
  const servers = new Map<string, Map<string, { service: string; file: string }>>();
  for (const path of listed) {
    const text = project.text(path);
    if (!text?.includes("Unimplemented")) continue;
    for (const m of strip(text, go.syntax).code.matchAll(STRUCT)) {
      const embedded = EMBEDDED.exec(m[2]!);
      if (!embedded) continue;
      const dir = dirOf(path);
      if (!servers.has(dir)) servers.set(dir, new Map());
      servers.get(dir)!.set(m[1]!, { service: embedded[1]!, file: path });
    }
  }
  if (!servers.size) return files;
  const result = new Map(files);
  for (const path of listed) {
    const types = servers.get(dirOf(path));
    if (!types) continue;
    const text = project.text(path) ?? "";
    const { code } = strip(text, go.syntax);
    const own = result.get(path);
    const known = new Set((own?.registrations ?? []).flatMap((r) => (r.type === "route" ? [r.handler] : [])));
    const added: Registration[] = [];
    for (const m of code.matchAll(METHOD)) {
      const [, type, name, params] = m as unknown as [string, string, string, string];
      const server = types.get(type);
      // The declaring file's own methods are the scanner's already.
      if (!server || server.file === path || name.startsWith("mustEmbed") || !/\bcontext\.Context\b/.test(params) || known.has(`${type}.${name}`)) continue;
      const line = code.slice(0, m.index).split("\n").length;
      added.push({ type: "route", framework: "grpc-go", kind: "grpc", methods: ["RPC"], path: `/${server.service}/${name}`, handler: `${type}.${name}`, guards: [], owner: "", line });
    }
    if (added.length) result.set(path, { registrations: [...(own?.registrations ?? []), ...added], bindings: own?.bindings ?? [] });
  }
  return result;
}
