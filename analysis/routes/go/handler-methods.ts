/**
 * The methods a Go handler serves when its route takes every method (net/http's `HandleFunc`,
 * gorilla's without `.Methods(...)`) and the handler tells them apart itself:
 * - `switch { case r.Method == "GET": ... case r.Method == http.MethodPost: ... }` or
 *   `switch r.Method { case "GET", http.MethodHead: ... }` serves the methods of its cases;
 * - `if r.Method != "POST" { ... return }` serves only that method;
 * - `if r.Method == "POST" { ... }` acts on a post and renders the page otherwise: GET and POST.
 * A handler that compares no method, or that several functions of its name disagree on, keeps ALL.
 */
import { closing } from "../../languages/curly.ts";
import { dirOf } from "../../project.ts";
import { functionDefinitions } from "../function-bodies.ts";
import type { LinkedRoute } from "../link.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

const METHOD = String.raw`(?:"([A-Z]+)"|http\.Method([A-Z][a-z]+))`;
const COMPARED = new RegExp(String.raw`\b[A-Za-z_]\w*\.Method\s*(==|!=)\s*${METHOD}`, "g");
const SWITCH_ON_METHOD = /\bswitch\s+[A-Za-z_]\w*\.Method\s*\{/g;
const CASE = /\bcase\s+([^:]+):/g;
const NAMED = new RegExp(METHOD, "g");

/** A step after linking: a route of every method becomes one route per method its handler serves. */
export function goHandlerMethods(project: Project | undefined): <R extends LinkedRoute>(route: R) => R[] {
  const definitions = functionDefinitions(project, "go");
  return (route) => {
    if (route.method !== "ALL" || route.kind !== "http" || !route.file.endsWith(".go")) return [route];
    // The functions of the handler's name in the route's package, when there are: others (a page
    // handler of the same name in another package) are not the one registered here.
    const named = definitions(route.handler.split(".").at(-1)!);
    const folder = dirOf(route.file);
    const local = named.filter((d) => dirOf(d.file) === folder);
    const found = (local.length ? local : named).map((d) => methodsTold(d.body));
    const first = found[0];
    const methods = first && found.every((m) => m?.join() === first.join()) ? first : undefined;
    return methods ? methods.map((method) => ({ ...route, method })) : [route];
  };
}

/** The methods a handler's body tells apart (the routes are sorted later); undefined when it compares none. */
function methodsTold(body: string): string[] | undefined {
  const methods = new Set<string>();
  const switches = [...body.matchAll(SWITCH_ON_METHOD)];
  for (const m of switches) {
    const block = body.slice(m.index + m[0].length, closing(body, m.index + m[0].length - 1));
    for (const c of block.matchAll(CASE)) for (const n of c[1]!.matchAll(NAMED)) methods.add(methodOf(n[1], n[2]));
  }
  let refusesOthers = false;
  let actsOnOne = false;
  for (const m of body.matchAll(COMPARED)) {
    methods.add(methodOf(m[2], m[3]));
    if (m[1] === "!=") refusesOthers = true;
    else if (!/\bcase\s+$/.test(body.slice(Math.max(0, m.index - 12), m.index))) actsOnOne = true;
  }
  if (!methods.size) return undefined;
  // `if r.Method == "POST" { save }` then render: the page itself answers a GET.
  if (actsOnOne && !refusesOthers && !switches.length) methods.add("GET");
  return [...methods];
}

/** The method a comparison names: `"GET"`, or `http.MethodGet`. */
const methodOf = (quoted: string | undefined, constant: string | undefined): string => (quoted ?? constant!).toUpperCase();
