import { closing } from "../../languages/curly.ts";
import { DOTTED, staticValue, stringConstants, type ValueSyntax } from "../common/values.ts";
import type { Span } from "../js/objects.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

/** What the JVM scanners know of a file: its package, imported classes and names, string constants and how to read values. */
export type JvmFile = {
  kotlin: boolean;
  pkg: string;
  /** Simple name -> import specifier as the extractor records it (`Paths` -> `com.acme.Paths`). */
  imports: Map<string, string>;
  constants: Map<string, string>;
  syntax: ValueSyntax;
  /** Constants declared here with a path-like value: their qualified names, for `constantRouters`. */
  declared: { name: string; value: string; line: number }[];
};

const JAVA: ValueSyntax = { name: DOTTED, semicolons: true };
const KOTLIN: ValueSyntax = { name: DOTTED, interpolation: () => /\$\{?([A-Za-z_][\w.]*)\}?/g };
const JAVA_CONSTANT = /(?<![\w.])(?:(?:public|private|protected)\s+)?(?:(?:static\s+final|final\s+static)\s+String\s+([A-Za-z_]\w*)|String\s+([A-Z][A-Z0-9_]*))\s*=(?!=)\s*/g;
const KOTLIN_CONSTANT = /(?<![\w.])const\s+val\s+([A-Za-z_]\w*)\s*(?::\s*String\s*)?=(?!=)\s*/g;
const TYPE = /(?<![\w.@])(?:class|interface|object|enum)\s+([A-Za-z_]\w*)[^{;]*?\{|(?<![\w.@])companion\s+object\s*(?:[A-Za-z_]\w*\s*)?\{/g;
const PATH_LIKE = /^\/?[\w\-{}.:$*]*(?:\/[\w\-{}.:$*]*)*$/;

const read = new WeakMap<RouteSource, JvmFile>();

/** Reads a Java or Kotlin file's package, imports and string constants (qualified by their classes: `Paths.API`), once for all the JVM scanners. */
export function jvmFile(source: RouteSource): JvmFile {
  const known = read.get(source);
  if (known) return known;
  const file = readJvmFile(source);
  read.set(source, file);
  return file;
}

function readJvmFile(source: RouteSource): JvmFile {
  const kotlin = /\.kts?$/.test(source.path);
  const syntax = kotlin ? KOTLIN : JAVA;
  const pkg = /(?<![\w.])package\s+([\w.]+)/.exec(source.code)?.[1] ?? "";
  const imports = new Map<string, string>();
  for (const m of source.code.matchAll(/^[ \t]*import\s+(?:static\s+)?([\w.]+)(?:\s+as\s+(\w+))?/gm)) imports.set(m[2] ?? m[1]!.split(".").at(-1)!, m[1]!);
  const types = [...source.code.matchAll(TYPE)].map((m) => ({ name: m[1], body: { start: m.index + m[0].length - 1, end: closing(source.code, m.index + m[0].length - 1) } }));
  const owners = (at: number) => {
    const chain = types.filter((t) => t.body.start < at && at < t.body.end && t.name).map((t) => t.name!);
    return chain.map((_, i) => chain.slice(i).join("."));
  };
  const declared: JvmFile["declared"] = [];
  const constants = stringConstants(source, kotlin ? KOTLIN_CONSTANT : JAVA_CONSTANT, syntax, { qualify: owners });
  for (const m of source.code.matchAll(kotlin ? KOTLIN_CONSTANT : JAVA_CONSTANT)) {
    const name = m[1] ?? m[2]!;
    const value = constants.get(name);
    if (value === undefined || !PATH_LIKE.test(value) || !/[/a-z]/.test(value)) continue;
    // A nested class's constant is named from the outermost class down (`CasConstants.ENDPOINT.LOGIN`, as
    // another file that imports CasConstants writes it) and from its own class (`ENDPOINT.LOGIN`).
    const qualified = owners(m.index);
    for (const owner of qualified.length ? qualified : [undefined]) declared.push({ name: owner ? `${owner}.${name}` : name, value, line: source.lineAt(m.index) });
  }
  return { kotlin, pkg, imports, constants, syntax, declared };
}

/**
 * The hint of a file declaring a string constant (`static final String X = "..."`, an interface's
 * `String X = "..."`, implicitly so, Kotlin `const val X = "..."`): the frameworks whose paths name constants scan such files for
 * `constantRouters`, wherever they are declared.
 */
export const STRING_CONSTANT_HINT = String.raw`static\s+final\s+String\s+\w+\s*=\s*"|\bString\s+[A-Z][A-Z0-9_]*\s*=\s*"|const\s+val\s+\w+\s*(?::\s*String\s*)?=\s*"`;

/**
 * Path-like constants as routers named `package::Class.NAME`, whose prefix is their value: a
 * controller in another file whose class path starts with the constant (`@RequestMapping(Paths.API
 * + "/users")`) is mounted on it, so the constant's value comes first in its routes' paths.
 */
export function constantRouters(file: JvmFile, framework: string): Registration[] {
  return file.declared.map((c) => ({ type: "router", framework, name: `${file.pkg}::${c.name}`, prefix: c.value, guards: [], line: c.line }));
}

/**
 * A path expression that starts with a constant of another file: the qualified name of that
 * constant (`com.acme.Paths::Paths.API` when imported, `com.acme::Paths.API` in the same
 * package) and the statically known rest. Undefined when the rest is not known either.
 */
export function foreignPrefix(source: RouteSource, span: Span, file: JvmFile): { constant: string; rest: string } | undefined {
  const text = source.code.slice(span.start, span.end);
  const head = /^\s*([A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*)*)\s*(?:\+|$)/.exec(text);
  let name: string | undefined;
  let rest: string | undefined;
  if (head) {
    name = head[1]!.replace(/\s+/g, "");
    const after = span.start + head[0].length;
    rest = after >= span.end ? "" : staticValue(source, after, span.end, file.constants, file.syntax);
  } else if (file.kotlin) {
    const literal = source.stringAt(span.start + text.search(/\S/));
    const hole = literal ? /^\$\{?([A-Za-z_][\w.]*)\}?/.exec(literal.value) : undefined;
    if (hole && literal!.end >= span.end - 1) {
      name = hole[1]!;
      rest = literal!.value.slice(hole[0].length).includes("$") ? undefined : literal!.value.slice(hole[0].length);
    }
  }
  if (!name || rest === undefined || file.constants.has(name)) return undefined;
  const imported = file.imports.get(name.split(".")[0]!);
  return { constant: `${imported ?? file.pkg}::${name}`, rest };
}

/**
 * The value of a constant of another file by its qualified name (`org.acme.constant::Url.APPS`), as its
 * router holds it (`constantRouters`); a name of alternatives (`a|b`, for a file importing several
 * classes' constants by `import static ...*`) takes the first found. For placeholders (common/configured.ts).
 */
export function jvmConstantValues(files: ReadonlyMap<string, { registrations: readonly Registration[] }>): (key: string) => string | undefined {
  const values = new Map<string, string>();
  for (const { registrations } of files.values()) {
    for (const r of registrations) if (r.type === "router" && /::[A-Za-z_][\w.]*\.\w+$/.test(r.name) && !values.has(r.name)) values.set(r.name, r.prefix);
  }
  // An imported class names its constants after the import (`org.acme.Url::Url.APPS`, as `foreignPrefix` writes them): the package's.
  const packaged = (name: string) => name.replace(/^([\w.]+)\.([A-Za-z_]\w*)::\2\./, "$1::$2.");
  return (key) => key.split("|").map((name) => values.get(name) ?? values.get(packaged(name))).find((value) => value !== undefined);
}
