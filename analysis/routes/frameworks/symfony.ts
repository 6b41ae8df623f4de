import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import { type Attribute, declared, isOpenApi } from "../php/attributes.ts";
import { phpConstants, phpValue, type Span } from "../php/values.ts";
import { callArguments, type RouteSource } from "../source.ts";

const FRAMEWORK = "symfony";
const ROUTE = new Set(["Route", "Get", "Post", "Put", "Patch", "Delete", "Head", "Options"]);
const isRoute = (a: Attribute) => ROUTE.has(a.name) && !isOpenApi(a);

/**
 * Symfony: `#[Route('/x', name: 'x', methods: ['GET'])]` attributes and `@Route("/x",
 * methods={"GET"})` annotations on controller classes (the prefix) and their methods,
 * FOSRest's `#[Rest\Get]`, invokable controllers routed at the class. Guards: `#[IsGranted]`
 * and `#[Security]` on the class or the method, and `denyAccessUnlessGranted()` in the action.
 */
export const symfony: Framework = {
  id: FRAMEWORK,
  name: "Symfony",
  languages: ["php"],
  hint: /#\[\s*(?:Route|Rest\\)|@(?:Rest\\)?Route\b|Symfony\\Component\\Routing/,
  scan(source) {
    // The same attribute names, Laravel's (frameworks/laravel-attributes.ts): not Symfony routes.
    if (/Spatie\\RouteAttributes\\/.test(source.text)) return [];
    const constants = phpConstants(source);
    const found: Registration[] = [];
    const declarations = declared(source, constants);
    for (const cls of declarations.filter((d) => d.kind === "class")) {
      // Symfony's loader skips an abstract controller: its routes are its subclasses' to declare.
      if (/^(?:(?:final|readonly)\s+)*abstract\b/.test(source.code.slice(cls.at, cls.at + 40))) continue;
      const classRoute = cls.attributes.find(isRoute);
      const prefixes = classRoute ? paths(classRoute) : [""];
      const classGuards = guards(cls.attributes);
      const methods = declarations.filter((d) => d.kind === "method" && cls.body && d.at > cls.body.start && d.at < cls.body.end);
      const routed = methods.filter((m) => m.attributes.some(isRoute));
      const invoke = methods.find((m) => m.name === "__invoke");
      if (classRoute && invoke && !routed.includes(invoke)) routed.push({ ...invoke, attributes: [{ ...classRoute, positional: [[""]], named: new Map([...classRoute.named].filter(([k]) => k !== "path")) }, ...invoke.attributes] });
      for (const method of routed) {
        const checks = [...classGuards, ...guards(method.attributes), ...bodyGuards(source, method.body)];
        const handler = method.name === "__invoke" ? cls.name : `${cls.name}::${method.name}`;
        const defaulted = defaultedParameters(source, method.at);
        for (const attribute of method.attributes.filter(isRoute)) {
          // `methods: [Request::METHOD_GET]`: HttpFoundation's constant is the method's name.
          const verbs = attribute.name === "Route" ? (attribute.named.get("methods") ?? attribute.positional[1] ?? []).map((m) => m.replace(/^\\?(?:[\w\\]*\\)?Request::METHOD_/, "").toUpperCase()).filter((m) => /^[A-Z]+$/.test(m)) : [attribute.name.toUpperCase()];
          for (const prefix of prefixes) {
            for (const path of paths(attribute)) {
              const forms = optionalForms(`${prefix}/${path}`, defaulted);
              forms.forEach((form, i) => {
                found.push({ type: "route", framework: FRAMEWORK, kind: "http", methods: verbs.length ? verbs : ["ALL"], path: form, handler, guards: [...new Set(checks)], owner: "", line: attribute.line, ...(i > 0 ? { shortened: true } : {}) });
              });
            }
          }
        }
      }
    }
    return found;
  },
};

/** The paths of a route attribute: its first argument or `path:`, one per locale when it is a map. */
const paths = (a: Attribute): string[] => (a.named.get("path") ?? a.positional[0] ?? [""]).filter((p) => !/::|\$/.test(p));

/** Symfony's inline requirements and defaults (`{id<\d+>}`, `{page?1}`) dropped from parameters. */
const clean = (path: string) => path.replace(/\{(\w+)(?:<[^>]*>)?(?:\?[^}]*)?\}/g, "{$1}");

// The last segment, or the part after its last dot (`/view/{id}.{_format}`), when it is one parameter: its name, and its inline default (`{page<\d+>?1}`).
const TRAILING_PARAMETER = /[/.]\{(\w+)(?:<[^>]*>)?(\?[^}]*)?\}$/;

/**
 * A path and the shorter forms it serves: Symfony leaves out trailing parameters that have a
 * default, inline (`{page?1}`) or from the action's argument (`?string $timestamp = null` for
 * `/{id}/info/{timestamp}` serves `/{id}/info` too).
 */
export function optionalForms(path: string, defaulted: ReadonlySet<string>): string[] {
  const forms = [clean(path)];
  let rest = path;
  for (let last = TRAILING_PARAMETER.exec(rest); last && (last[2] !== undefined || defaulted.has(last[1]!)); last = TRAILING_PARAMETER.exec(rest)) {
    rest = rest.slice(0, last.index);
    forms.push(clean(rest) || "/");
  }
  return forms;
}

/** The parameters of the method declared at `at` that have a default value (`$page = 1`, `?string $timestamp = null`). */
function defaultedParameters(source: RouteSource, at: number): Set<string> {
  const open = source.code.indexOf("(", at);
  if (open === -1) return new Set();
  const { args } = callArguments(source.code, open);
  return new Set(args.flatMap((a) => /\$(\w+)\s*=/.exec(source.code.slice(a.start, a.end))?.[1] ?? []));
}

/** `#[IsGranted('ROLE_ADMIN')]`, `@Security("is_granted('ROLE_USER')")`. */
function guards(attributes: readonly Attribute[]): string[] {
  return attributes
    .filter((a) => a.name === "IsGranted" || a.name === "Security")
    .map((a) => ({ name: a.name, granted: (a.positional[0] ?? a.named.get("attribute") ?? a.named.get("expression") ?? []).join(",") }))
    // `#[IsGranted('PUBLIC_ACCESS')]` grants everyone, signed in or not.
    .filter((a) => !/^(?:PUBLIC_ACCESS|IS_AUTHENTICATED_ANONYMOUSLY)$/.test(a.granted))
    .map((a) => `${a.name}(${a.granted})`);
}

/** `$this->denyAccessUnlessGranted('ROLE_ADMIN')` in an action. */
function bodyGuards(source: RouteSource, body: Span | undefined): string[] {
  if (!body) return [];
  return [...source.code.slice(body.start, body.end).matchAll(/\$this\s*->\s*denyAccessUnlessGranted\s*\(/g)].map((m) => {
    const open = body.start + m.index + m[0].length - 1;
    const first = callArguments(source.code, open).args[0];
    return `denyAccessUnlessGranted(${first ? phpValue(source, first) ?? source.code.slice(first.start, first.end).trim() : ""})`;
  });
}
