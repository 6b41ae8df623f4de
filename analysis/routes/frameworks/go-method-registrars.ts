import type { Framework } from "../framework.ts";
import { goHandlerChain } from "../go/names.ts";
import { ROUTER_OWNERS } from "../go/router-packages.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

// The Go routers other scanners read: a file that imports one leaves its method-first calls
// (httprouter's `r.Handle(http.MethodGet, ...)`, chi's `r.Method(...)`) to them.
// And fasthttp's: `github.com/valyala/fasthttp`, a server of its own beside net/http, and
// `github.com/fasthttp/router`, which frameworks/fasthttp-router.ts reads.
const FRAMEWORK_IMPORT = new RegExp(String.raw`"(?:github\.com\/(?:${ROUTER_OWNERS}|valyala|fasthttp)\/|gopkg\.in\/macaron)`);
// What a client calls with a method and a path (`http.NewRequest(http.MethodGet, "/x", nil)`,
// `httptest.NewRequest`, `client.Do`, an API client's `d.request(http.MethodPut, "/directory", ...)`).
const CLIENT_CALL = /request|client|proxy|test|^(?:do|call|fetch|send|expect|mock)(?![a-z])/i;
// An API description being built (`reflector.Spec.AddOperation(http.MethodGet, "/admin/users", op)`): documents a route, serves none.
const DOCUMENTS = /(?:^|\.)(?:\w*Operation\w*|Spec|\w*Swagger\w*|\w*OpenAPI\w*|\w*Docs?)(?:\.|$)/i;
// A request's body where the handler would be: a client's call.
const BODY = /^\s*(?:nil|http\s*\.\s*NoBody|(?:bytes|strings)\s*\.\s*New(?:Reader|Buffer\w*)\s*\()/;
// `anything(http.MethodGet, "/path", handler...)`: the callee, the method's name, and the path literal's opening quote.
const METHOD_FIRST = /(?<![\w.])([A-Za-z_][\w.]*)\s*\(\s*http\s*\.\s*Method([A-Z][a-z]+)\s*,\s*(?=")/g;
// Or the method written as a string (dstack's `r.AddHandler("GET", "/api/healthcheck", s.healthcheckGetHandler)`): the
// callee, then the string's opening quote; its text is read where it is written.
const STRING_FIRST = /(?<![\w.])([A-Za-z_][\w.]*)\s*\(\s*(?="[^\n]*,\s*")/g;
const WRITTEN_METHOD = /^"(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)"\s*,\s*"\//;

/**
 * A Go application's own registering function, called with net/http's method constant first and
 * the path second: AdGuard Home's `s.conf.HTTPReg.Register(http.MethodGet, "/control/status",
 * s.handleStatus)` through its `Registrar` interface, or the same method held in a variable
 * (`registerHTTP := d.conf.HTTPReg.Register`). What registers behind the interface is not
 * followed (the value is handed in through configuration), so each call is a route at the path
 * written, which such a registrar puts on the server's root mux as it is. The method may be
 * written as a string (`r.AddHandler("GET", "/api/healthcheck", s.healthcheck)`).
 */
export const goMethodRegistrars: Framework = {
  id: "go-registrar",
  name: "Go (the project's registering functions)",
  languages: ["go"],
  hint: /\(\s*(?:http\s*\.\s*Method[A-Z][a-z]+|"(?:GET|POST|PUT|PATCH|DELETE)")\s*,\s*"\//,
  scan(source: RouteSource): Registration[] {
    if (FRAMEWORK_IMPORT.test(source.text)) return [];
    const { code } = source;
    const found: Registration[] = [];
    const written = [...code.matchAll(STRING_FIRST)].flatMap((m) => {
      const method = WRITTEN_METHOD.exec(source.text.slice(m.index + m[0].length))?.[1];
      return method ? [{ index: m.index, call: m[0], callee: m[1]!, method }] : [];
    });
    const calls = [...[...code.matchAll(METHOD_FIRST)].map((m) => ({ index: m.index, call: m[0], callee: m[1]!, method: m[2]! })), ...written];
    for (const { index, call, callee, method } of calls) {
      if (CLIENT_CALL.test(callee.split(".").at(-1)!) || DOCUMENTS.test(callee)) continue;
      const open = index + call.indexOf("(");
      const { args } = callArguments(code, open);
      // The path is one literal, not a sum of it and something else.
      const literal = args.length >= 3 ? source.stringAfter(args[1]!.start, args[1]!.end) : undefined;
      if (!literal || !literal.value.startsWith("/") || /[^\s"`]/.test(code.slice(literal.end, args[1]!.end))) continue;
      if (BODY.test(code.slice(args[2]!.start, args[2]!.end))) continue;
      const named = goHandlerChain(code, args.slice(2), "last");
      found.push({
        type: "route",
        framework: "go-registrar",
        kind: "http",
        methods: [method.toUpperCase()],
        path: literal.value,
        handler: named.handler,
        guards: named.guards,
        owner: "",
        line: source.lineAt(index),
        ...(named.wrappers ? { helpers: named.wrappers } : {}),
      });
    }
    return found;
  },
};
