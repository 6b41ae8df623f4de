import { callArguments } from "../source.ts";
import type { Span } from "./objects.ts";

/** One call of a chain: `.post("/x", h)` is { name: "post", args, start, end }. */
export type ChainedCall = { name: string; args: Span[]; start: number; end: number };

/**
 * TypeScript type arguments written between a method's name and its call, nested up to three
 * deep: `.get<{ Params: P }>(`, `.withTypeProvider<T<U>>()`, `.get<Map<K, Array<V>>>(`.
 * Spliced into call patterns as `name\s*${TYPE_ARGUMENTS}\(`.
 */
export const TYPE_ARGUMENTS = String.raw`(?:<(?:[^<>()]|<(?:[^<>()]|<[^<>()]*>)*>)*>\s*)?`;

// `name(router)` or `module.name(router, ...)`: a call handing over a router.
export const HANDED = /(?<![\w$.])((?:this\s*\.\s*)?[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)?)\s*\(\s*([A-Za-z_$][\w$]*)\s*[,)]/g;
// Calls that take a router without registering on it.
export const NOT_HANDING = /(?:^|\.)(?:use|route|listen|require|console|log|push|set|emit|resolve|then|catch|bind|call|apply|createServer|Router|express)$/;

// A link of the chain, with type arguments allowed before its call.
const LINK = new RegExp(String.raw`^\s*\.\s*([A-Za-z_$][\w$]*)\s*${TYPE_ARGUMENTS}\(`);

/**
 * The calls chained after offset `from` whose names `names` accepts: after
 * `router.get("/a", h)` come `.post("/b", h).put(...)`, each registered on the same router.
 * The chain ends at the first call it does not accept.
 */
export function chainedCalls(code: string, from: number, names: RegExp): ChainedCall[] {
  const calls: ChainedCall[] = [];
  for (
    let at = from, link = LINK.exec(code.slice(at, at + 200));
    link && names.test(link[1]!);
    link = LINK.exec(code.slice(at, at + 200))
  ) {
    const { args, end } = callArguments(code, at + link[0].length - 1);
    calls.push({ name: link[1]!, args, start: at + link[0].indexOf("."), end });
    at = end;
  }
  return calls;
}
