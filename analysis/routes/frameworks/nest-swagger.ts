import type { Framework } from "../framework.ts";
import { jsConstants, jsValue } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments } from "../source.ts";

const SETUP = /\bSwaggerModule\s*\.\s*setup\s*\(/g;

/**
 * The Swagger UI page of a NestJS app, where `SwaggerModule.setup("docs", app, document)` puts
 * it. Its own framework id: Nest's global prefix does not apply to it (unless the setup asks,
 * `{ useGlobalPrefix: true }`, which is then said as a prefix-less path all the same).
 */
export const nestSwagger: Framework = {
  id: "nest-swagger",
  name: "NestJS Swagger",
  languages: ["javascript", "typescript"],
  hint: /SwaggerModule/,
  scan(source) {
    const constants = jsConstants(source);
    const found: Registration[] = [];
    for (const m of source.code.matchAll(SETUP)) {
      const first = callArguments(source.code, m.index + m[0].length - 1).args[0];
      const path = first ? jsValue(source, first.start, first.end, constants) : undefined;
      if (path === undefined) continue;
      found.push({ type: "route", framework: "nest-swagger", kind: "http", methods: ["GET"], path: `/${path.replace(/^\/+/, "")}`, handler: "(Swagger UI)", guards: [], owner: "", line: source.lineAt(m.index) });
    }
    return found;
  },
};
