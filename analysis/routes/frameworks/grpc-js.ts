import { entryPoint, rpcPath } from "../entry/entry.ts";
import { decoratorGuards, jsName } from "../entry/js.ts";
import type { Framework } from "../framework.ts";
import { decorated } from "../js/decorators.ts";
import { argumentName } from "../js/names.ts";
import { objectProperties } from "../js/objects.ts";
import { jsConstants } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const ADD_SERVICE = /\b[\w$]+\s*\.\s*addService\s*\(/g;
const upper = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/**
 * gRPC servers in JS/TS: `server.addService(proto.pkg.Greeter.service, { sayHello })` with
 * @grpc/grpc-js or grpc (the implementation object written in place or held in a constant;
 * generated `GreeterService` definitions too), and NestJS `@GrpcMethod("Greeter", "SayHello")`
 * handlers. Methods are named as on the wire: `sayHello` serves `/pkg.Greeter/SayHello`.
 */
export const grpcJs: Framework = {
  id: "grpc-js",
  name: "gRPC services (JS)",
  languages: ["javascript", "typescript"],
  hint: /\.addService\s*\(|@Grpc(?:Stream)?Method\b/,
  scan(source) {
    const constants = jsConstants(source);
    const out: Registration[] = [];
    for (const m of source.code.matchAll(ADD_SERVICE)) {
      const [definition, implementation] = callArguments(source.code, m.index + m[0].length - 1).args;
      if (!definition || !implementation) continue;
      const service = serviceName(source.code.slice(definition.start, definition.end).replace(/\s+/g, ""));
      const object = implementationObject(
        source,
        source.code.slice(implementation.start, implementation.end).trim(),
        implementation.start,
      );
      if (!service || object === undefined) continue;
      for (const [key, value] of objectProperties(source, object)) {
        out.push(
          entryPoint(source, value.start, {
            framework: "grpc-js",
            kind: "grpc",
            method: "RPC",
            path: service.split(".").at(-1) === "Health"
              ? rpcPath(source, "Health", upper(key))
              : `/${service}/${upper(key)}`,
            handler: argumentName(source, value.start, value.end).replace(/\.bind$/, "").replace("(inline)", key),
          }),
        );
      }
    }
    for (const target of decorated(source)) {
      for (const method of target.members ?? []) {
        for (const d of method.decorators) {
          if (d.name !== "GrpcMethod" && d.name !== "GrpcStreamMethod") continue;
          const service = jsName(source, d.args[0], constants) ?? target.name.replace(/Controller$/, "");
          const rpc = jsName(source, d.args[1], constants) ?? upper(method.name);
          const guards = decoratorGuards(source, [...target.decorators, ...method.decorators]);
          out.push(
            entryPoint(source, d.start, {
              framework: "nestjs-microservices",
              kind: "grpc",
              method: "RPC",
              path: `/${service}/${rpc}`,
              handler: `${target.name}.${method.name}`,
              guards,
            }),
          );
        }
      }
    }
    return out;
  },
};

/**
 * The service a definition expression names: `proto.routeguide.RouteGuide.service` is
 * `routeguide.RouteGuide`; a generated `RouteGuideService` is `RouteGuide`.
 */
function serviceName(expression: string): string | undefined {
  const loaded = /^(?:[\w$]+\.)?((?:[\w$]+\.)*[\w$]+)\.service$/.exec(expression);
  if (loaded) return loaded[1];
  const generated = /(?:^|\.)([A-Z][\w$]*?)(?:Service)?$/.exec(expression);
  return generated?.[1];
}

/** Where the implementation object literal starts: in place, or in the constant it is held in. */
function implementationObject(source: RouteSource, text: string, start: number): number | undefined {
  if (text.startsWith("{")) return start;
  if (!/^[\w$]+$/.test(text)) return undefined;
  const held = new RegExp(`\\b(?:const|let|var)\\s+${text.replace(/\$/g, "\\$")}\\s*(?::[^=]+)?=\\s*\\{`).exec(
    source.code,
  );
  return held ? held.index + held[0].length - 1 : undefined;
}
