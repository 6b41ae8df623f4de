/**
 * Routes whose mappings are generated at build time from an OpenAPI contract: openapi-generator's
 * Spring and JAX-RS servers (`generatorName = "kotlin-spring"`, `"spring"`, `"jaxrs-spec"` in a
 * Gradle or Maven build) write one interface per tag with every operation's mapping, and the
 * application's classes implement them (`class ProfileController : ProfileApi`). The interfaces
 * are not in the repository, so no scanner sees a mapping: the contract is the source. A class
 * that implements an interface of the generator's `apiPackage` (set in the build or in its
 * `configFile`) serves each operation whose `operationId` names one of its methods, at the
 * operation's path under what the generated interface puts in front: Spring's
 * `${api.base-path:<server path>}` unless the class maps a path of its own, JAX-RS's server path
 * (none with `interfaceOnly`, where no `@ApplicationPath` class is generated). The route is
 * guarded by the method's and class's security annotations, else by the operation's own
 * `security` (the contract is the route's declaration; the implementation checks it).
 */
import { strip } from "../../languages/strip.ts";
import { isTestFile } from "../../entry-points.ts";
import { SYNTAX } from "../frameworks/mod.ts";
import { jvmFile } from "../jvm/constants.ts";
import { annotationGuards, liftingAnnotation, memberGuards, pathValues } from "../jvm/controllers.ts";
import { declarations, find } from "../jvm/declarations.ts";
import type { RouteRegistration } from "../registration.ts";
import { joinPaths } from "../paths.ts";
import type { RouteSource } from "../source.ts";
import { withoutBase } from "./drift.ts";
import type { FoundContract } from "./mod.ts";

type Operation = FoundContract["operations"][number];
/** A route the contract declares for a class of `file`: linked with the file's own (globals, placeholders). */
export type Generated = { file: string; route: RouteRegistration };

type Project = { listed: Iterable<string>; has(path: string): boolean; text(path: string): string | undefined };
type Generator = { family: "spring" | "jaxrs"; apiPackage: string; spec: string; interfaceOnly: boolean };

const BUILD_FILE = /(?:^|\/)(?:build\.gradle(?:\.kts)?|pom\.xml)$/;
const JVM_FILE = /\.(?:java|kt)$/;
// `generatorName.set("kotlin-spring")`, `generatorName = 'spring'`, `<generatorName>jaxrs-spec</generatorName>`.
const SETTING = (key: string) => new RegExp(String.raw`\b${key}\b(?:\s*\.\s*set\s*\(|\s*=|\s*>)\s*["']?([^"'<)\s]+)`, "g");
const FAMILIES: [RegExp, Generator["family"]][] = [[/^(?:kotlin-)?spring$/, "spring"], [/^jaxrs-/, "jaxrs"]];

/** The server generators a build configures, each with the contract it reads. */
function generators(project: Project): Generator[] {
  const found: Generator[] = [];
  for (const file of project.listed) {
    if (!BUILD_FILE.test(file) || isTestFile(file)) continue;
    const text = project.text(file) ?? "";
    if (!text.includes("generatorName")) continue;
    // One build may configure several generation tasks (a server and its HTML docs): each task's
    // settings follow its generatorName, up to the next one.
    const names = [...text.matchAll(SETTING("generatorName"))];
    names.forEach((name, i) => {
      const family = FAMILIES.find(([pattern]) => pattern.test(name[1]!))?.[1];
      if (!family) return;
      const block = text.slice(name.index, names[i + 1]?.index ?? text.length);
      const before = text.slice(names[i - 1] ? names[i - 1]!.index + names[i - 1]![0].length : 0, name.index);
      const setting = (key: string) => [...block.matchAll(SETTING(key))][0]?.[1] ?? [...before.matchAll(SETTING(key))].at(-1)?.[1];
      const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
      const inProject = (path: string) => joinPaths(dir, path.replace(/^\$\{?(?:projectDir|rootDir|project\.basedir|basedir)\}?\/?/, "")).slice(1);
      // The generator's options may be in a configFile of JSON (`"apiPackage": "..."`) rather than the build.
      const configFile = setting("configFile");
      const config = configFile ? project.text(inProject(configFile)) ?? "" : "";
      const fromConfig = (key: string) => new RegExp(String.raw`"${key}"\s*:\s*"([^"]+)"`).exec(config)?.[1];
      const apiPackage = setting("apiPackage") ?? fromConfig("apiPackage");
      const spec = setting("inputSpec");
      if (!apiPackage || !spec) return;
      found.push({
        family,
        apiPackage,
        spec: inProject(spec),
        interfaceOnly: /\binterfaceOnly\b["']?\s*(?:to|:|=|>)?\s*["']?true/.test(block + before + config),
      });
    });
  }
  return found;
}

/** Lower-case letters and digits only: an operation's name and the method generated for it compare so. */
const key = (name: string) => name.replace(/[^A-Za-z0-9]/g, "").toLowerCase();

/**
 * The name the generator gives an operation's method: its `operationId`, or, without one, the
 * path's words and the method (`GET /tags` is `tagsGet`, as openapi-generator names it).
 */
const operationName = (op: Operation) => op.operationId ?? `${withoutBase(op).replace(/[{}]/g, "")}/${op.method.toLowerCase()}`;

/**
 * The routes the project's classes serve by implementing interfaces generated from its
 * contracts. `operations(file)` reads a contract's operations.
 */
export function generatedServerRoutes(project: Project | undefined, operations: (file: string) => readonly Operation[] | undefined): Generated[] {
  if (!project) return [];
  const configured = generators(project);
  if (!configured.length) return [];
  const routes: Generated[] = [];
  for (const generator of configured) {
    const ops = operations(generator.spec);
    if (!ops?.length) continue;
    const byId = new Map(ops.map((op) => [key(operationName(op)), op]));
    for (const file of project.listed) {
      if (!JVM_FILE.test(file) || isTestFile(file)) continue;
      const text = project.text(file) ?? "";
      if (!text.includes(generator.apiPackage)) continue;
      routes.push(...implementations(file, text, generator, byId));
    }
  }
  return routes;
}

function implementations(file: string, text: string, generator: Generator, byId: Map<string, Operation>): Generated[] {
  const escaped = generator.apiPackage.replace(/\./g, "\\.");
  // Imported (`import com.acme.api.ProfileApi`) or named in full (`implements com.acme.api.ArticlesApi`).
  const imported = new Set([...text.matchAll(new RegExp(String.raw`^\s*import\s+${escaped}\.([A-Z]\w*)`, "gm"))].map((m) => m[1]!));
  const qualified = new RegExp(String.raw`\b${escaped}\s*\.\s*[A-Z]\w*`);
  const language = file.endsWith(".kt") ? "kotlin" : "java";
  const source: RouteSource = { ...strip(text, SYNTAX[language]!), path: file, text };
  const routes: Generated[] = [];
  for (const cls of declarations(source)) {
    const header = source.code.slice(cls.start, cls.body.start);
    if (!qualified.test(source.text.slice(cls.start, cls.body.start)) && ![...imported].some((name) => new RegExp(String.raw`\b${name}\b`).test(header))) continue;
    const classGuards = annotationGuards(source, cls.annotations, IGNORE);
    // A mapping on the class itself replaces the one the generated interface carries.
    const mapping = generator.family === "spring" ? find(cls.annotations, "RequestMapping") : undefined;
    const own = mapping && pathValues(source, jvmFile(source), mapping.args[0] ?? mapping.named.get("value") ?? mapping.named.get("path"))?.[0];
    const body = source.code.slice(cls.body.start, cls.body.end);
    const methods = language === "kotlin" ? /\boverride\s+(?:suspend\s+)?fun\s+([A-Za-z_]\w*)\s*\(/g : /@Override\s+(?:@[\w.]+(?:\s*\([^)]*\))?\s+)*[^;{(@]*?\b([A-Za-z_]\w*)\s*\(/g;
    for (const m of body.matchAll(methods)) {
      const op = byId.get(key(m[1]!));
      if (!op) continue;
      const at = cls.body.start + m.index + m[0].lastIndexOf(m[1]!);
      const member = cls.members.find((x) => x.name === m[1] && Math.abs(x.start - at) < 400);
      const annotated = member ? memberGuards(source, classGuards, member.annotations, IGNORE) : classGuards;
      const permitted = !!member && !!liftingAnnotation(member.annotations);
      const declared = annotated.length || permitted ? annotated : op.security === "required" ? ["OpenAPI security"] : [];
      routes.push({
        file,
        route: {
          type: "route",
          framework: generator.family,
          kind: "http",
          methods: [op.method],
          path: own !== undefined ? joinPaths(own, withoutBase(op)) : pathOf(generator, op),
          handler: `${cls.name}.${m[1]}`,
          guards: declared,
          owner: "",
          line: source.lineAt(at),
        },
      });
    }
  }
  return routes;
}

const IGNORE = new Set(["Override", "ApplicationScoped", "RestController", "Controller", "Component", "Service", "PermitAll"]);

/** Where the generated interface maps the operation: Spring's base-path property, or JAX-RS's application path. */
function pathOf(generator: Generator, op: Operation): string {
  if (generator.family === "spring") return `\${api.base-path:${op.base ?? ""}}${withoutBase(op)}`;
  return generator.interfaceOnly ? withoutBase(op) : op.path;
}
