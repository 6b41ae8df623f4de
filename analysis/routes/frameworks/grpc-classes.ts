import { annotated, annotationGuards } from "../entry/annotations.ts";
import { entryPoint, rpcPath } from "../entry/entry.ts";
import { enclosingClass } from "../entry/scopes.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";

/** How each language writes a class that implements a generated service base, and its RPC methods. */
const STYLES: Record<string, { base: RegExp; derived: RegExp; method: RegExp; framework: string }> = {
  java: {
    base: /\bclass\s+(\w+)[^{]*?\bextends\s+(?:[\w.]*\.)?(\w+)Grpc\s*\.\s*\w+ImplBase\b/g,
    derived: /\bclass\s+(\w+)[^{]*?\bextends\s+(\w+)\b/g,
    method: /@Override\s+(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public\s+)?(?:[\w<>?,.\s[\]]+\s+)?(\w+)\s*\(/g,
    framework: "grpc-java",
  },
  kotlin: {
    base: /\bclass\s+(\w+)[^{]*?:\s*(?:[\w.]*\.)?(\w+)Grpc(?:Kt)?\s*\.\s*\w+ImplBase\b/g,
    derived: /\bclass\s+(\w+)[^{]*?:\s*(\w+)\s*\(/g,
    method: /\boverride\s+(?:suspend\s+)?fun\s+(\w+)\s*\(/g,
    framework: "grpc-kotlin",
  },
  python: {
    base: /\bclass\s+(\w+)\s*\([^)]*?(?:[\w.]*\.)?(\w+)Servicer\s*[,)]/g,
    derived: /\bclass\s+(\w+)\s*\(\s*(\w+)\s*[,)]/g,
    method: /\bdef\s+([A-Z]\w*)\s*\(\s*self\s*,/g,
    framework: "grpcio",
  },
  csharp: {
    base: /\bclass\s+(\w+)\s*:\s*(?:[\w.]*\.)?(\w+)\s*\.\s*\2Base\b/g,
    derived: /\bclass\s+(\w+)\s*:\s*(\w+)\b/g,
    method: /\boverride\s+(?:async\s+)?[\w<>?,.\s[\]]*?\s(\w+)\s*\(/g,
    framework: "grpc-dotnet",
  },
};

const LANGUAGE_OF: [RegExp, string][] = [[/\.java$/, "java"], [/\.kts?$/, "kotlin"], [/\.py$/, "python"], [
  /\.cs$/,
  "csharp",
]];

/**
 * gRPC service implementations written as classes over a generated base: Java `extends
 * GreeterGrpc.GreeterImplBase`, Kotlin coroutine `GreeterCoroutineImplBase`, Python
 * `GreeterServicer` subclasses and C# `Greeter.GreeterBase`. Each overriding method is an
 * RPC, named as on the wire: `/Greeter/SayHello` (the proto package is not visible here).
 */
export const grpcClasses: Framework = {
  id: "grpc-classes",
  name: "gRPC services (Java, Kotlin, Python, C#)",
  languages: ["java", "kotlin", "python", "csharp"],
  hint: /Grpc(?:Kt)?\s*\.\s*\w+ImplBase|\w+Servicer\b|\.\s*\w+Base\b/,
  scan(source) {
    const language = LANGUAGE_OF.find(([ending]) => ending.test(source.path))?.[1];
    const style = language ? STYLES[language] : undefined;
    if (!style) return [];
    const services = new Map<string, string>();
    for (const m of source.code.matchAll(style.base)) services.set(m[1]!, m[2]!);
    // A class deriving from a service class of the same file serves the same service.
    for (let pass = 0; pass < 3; pass++) {
      for (const m of source.code.matchAll(style.derived)) {
        if (!services.has(m[1]!) && services.has(m[2]!)) services.set(m[1]!, services.get(m[2]!)!);
      }
    }
    if (services.size === 0) return [];
    const groups = annotated(source);
    const classGuards = (name: string) =>
      groups.filter((g) => g.declaration?.kind === "class" && g.declaration.name === name).flatMap(annotationGuards);
    const out: Registration[] = [];
    for (const m of source.code.matchAll(style.method)) {
      const owner = enclosingClass(source, m.index + m[0].length);
      const service = owner ? services.get(owner) : undefined;
      const name = m[1]!;
      if (!owner || !service || name.startsWith("bind") || name === "toString") continue;
      const own = groups.filter((g) => g.declaration?.name === name && g.class === owner).flatMap(annotationGuards);
      out.push(entryPoint(source, m.index + m[0].lastIndexOf(name), {
        framework: style.framework,
        kind: "grpc",
        method: "RPC",
        path: rpcPath(source, service, name[0]!.toUpperCase() + name.slice(1)),
        handler: `${owner}.${name}`,
        guards: [...new Set([...classGuards(owner), ...own])],
      }));
    }
    return out;
  },
};
