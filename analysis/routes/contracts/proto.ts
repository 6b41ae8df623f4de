import { C_SYNTAX } from "../../languages/c.ts";
import { strip } from "../../languages/strip.ts";
import { callArguments } from "../source.ts";

const PACKAGE = /\bpackage\s+([\w.]+)\s*;/;
const SERVICE = /\bservice\s+(\w+)\s*\{/g;
const RPC = /\brpc\s+(\w+)\s*\(/g;

/**
 * The rpcs of a protobuf file's services, as gRPC names them on the wire:
 * `/package.Service/Method` (without a package, `/Service/Method`). Proto comments and
 * strings are C's, so C's syntax strips them.
 */
export function protoOperations(text: string): { method: string; path: string; line: number }[] {
  const source = strip(text, C_SYNTAX);
  const { code } = source;
  const pkg = PACKAGE.exec(code)?.[1];
  const operations: { method: string; path: string; line: number }[] = [];
  for (const service of code.matchAll(SERVICE)) {
    const open = service.index + service[0].length - 1;
    const body = code.slice(open, callArguments(code, open).end);
    for (const rpc of body.matchAll(RPC)) {
      const name = `${pkg ? pkg + "." : ""}${service[1]}`;
      operations.push({ method: "RPC", path: `/${name}/${rpc[1]}`, line: source.lineAt(open + rpc.index) });
    }
  }
  return operations;
}
