import type { Span } from "../js/objects.ts";
import { callArguments } from "../source.ts";

/** One `.name(args)` of a method chain (turbofish skipped). */
export type RustLink = { name: string; args: Span[]; start: number; end: number };

/** An expression: a path (`Router::new`, `web::scope`, `users::router`), its call arguments if called, and the method calls after it. */
export type RustChain = { head: string; call?: Span[]; links: RustLink[]; start: number; end: number };

const PATH = /^(?:[A-Za-z_]\w*(?:\s*::\s*<[^<>]*(?:<[^<>]*>[^<>]*)*>)?\s*::\s*)*[A-Za-z_]\w*!?/;
const TURBOFISH = /^\s*(?:::\s*<[^<>]*(?:<[^<>]*>[^<>]*)*>\s*)?/;
const NEXT_LINK = /\s*(?:\?\s*)?\.\s*([A-Za-z_]\w*)/y;

/**
 * The chain that starts at `at`: `Router::new().route("/", get(h)).nest("/api", api())`.
 * Rust continues a chain on the next line with a leading dot; `?` and `.await` are passed over.
 */
export function rustChain(code: string, at: number): RustChain | undefined {
  const head = PATH.exec(code.slice(at, at + 300))?.[0];
  if (!head) return undefined;
  let i = at + head.length;
  let call: Span[] | undefined;
  const fish = TURBOFISH.exec(code.slice(i, i + 200))![0];
  // A macro takes any bracket: `routes![a, b]`, `mount_endpoints_and_merged_docs! { rocket, ... }`.
  if (code[i + fish.length] === "(" || (head.endsWith("!") && /[[({]/.test(code[i + fish.length] ?? ""))) {
    const c = callArguments(code, i + fish.length);
    call = c.args;
    i = c.end;
  }
  const links: RustLink[] = [];
  for (;;) {
    // Sticky from `i`: blanked comments between two links may be longer than any window.
    NEXT_LINK.lastIndex = i;
    const m = NEXT_LINK.exec(code);
    if (!m) break;
    if (m[1] === "await") {
      i += m[0].length;
      continue;
    }
    const after = i + m[0].length;
    const f = TURBOFISH.exec(code.slice(after, after + 200))![0];
    if (code[after + f.length] !== "(") break;
    const c = callArguments(code, after + f.length);
    links.push({ name: m[1]!, args: c.args, start: i + m[0].indexOf(m[1]!), end: c.end });
    i = c.end;
  }
  return { head: head.replace(/\s+/g, "").replace(/::<[^]*?>(?=::)/g, ""), ...(call ? { call } : {}), links, start: at, end: i };
}

/** The chain an argument or an initialiser is, when it is one whole expression. */
export function wholeChain(code: string, span: Span): RustChain | undefined {
  const text = code.slice(span.start, span.end);
  const lead = text.length - text.trimStart().length;
  const chain = rustChain(code, span.start + lead + (text.trimStart().startsWith("&") ? 1 : 0));
  return chain && !code.slice(chain.end, span.end).replace(/[?\s]/g, "") ? chain : undefined;
}
