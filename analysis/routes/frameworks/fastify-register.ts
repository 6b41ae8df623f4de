import { argumentName } from "../js/names.ts";
import { code, objectLiteralAt, objectProperties, type Span } from "../js/objects.ts";
import { jsPath } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const IMPORTED = /^(?:await\s+)?(?:import|require)\s*\(\s*(["'`])/;

/** What a register call needs to know of its file. */
export type RegisterContext = {
  constants: Map<string, string>;
  /** Names bound to packages: `cors`, `jwt`, never a plugin of the project. */
  packages: Set<string>;
  /** Names bound to @fastify/autoload. */
  autoloads: Set<string>;
  /** The router name of a plugin written in place as the call's first argument. */
  inlinePlugin(start: number): string | undefined;
};

/**
 * `owner.register(plugin, { prefix })`: a mount of the plugin (a name, `import("./x")`,
 * `require("./x")`, or a function written in place) under the prefix. Packages registered
 * (`register(cors)`) mount nothing and guard nothing: they decorate. Autoload mounts its
 * folder: `./routes/`, or `./routes/*` when folders give no prefix (`dirNameRoutePrefix: false`),
 * under its `options.prefix`.
 */
export function registerCall(
  source: RouteSource,
  context: RegisterContext,
  owner: string,
  args: Span[],
  line: number,
): Registration {
  const [plugin, second] = args;
  const literal = second && objectLiteralAt(source, second);
  const options = literal !== undefined ? objectProperties(source, literal) : new Map<string, Span>();
  const name = context.inlinePlugin(plugin!.start) ?? argumentName(source, plugin!.start, plugin!.end);
  const flat = code(source, options.get("dirNameRoutePrefix")) === "false";
  const autoload = context.autoloads.has(name) ? folderOf(source, options.get("dir"), flat) : undefined;
  const prefix = autoload ? nested(source, options.get("options"), "prefix") : options.get("prefix");
  // `register(plugin, config)`, autoload's `options: config`: what the plugins get is a variable.
  const handed = autoload ? options.get("options") : second;
  const optionsUnknown = handed !== undefined && objectLiteralAt(source, handed) === undefined;
  const imported = IMPORTED.exec(source.code.slice(plugin!.start, plugin!.end));
  const specifier = autoload ?? (imported ? source.stringAt(plugin!.start + imported[0].length - 1)?.value : undefined);
  return {
    type: "use",
    framework: "fastify",
    owner,
    prefix: prefix ? jsPath(source, prefix.start, prefix.end, context.constants) ?? "" : "",
    args: name === "(inline)" || imported || context.packages.has(name.split(".")[0]!) ? [] : [name],
    specifiers: specifier ? [specifier] : [],
    guards: [],
    mountOnly: true,
    ...(optionsUnknown ? { optionsUnknown } : {}),
    line,
  };
}

/** The folder an autoload `dir` names (`path.join(__dirname, "routes")`), as a folder specifier. */
function folderOf(source: RouteSource, dir: Span | undefined, flat: boolean): string | undefined {
  const literal = dir && source.strings.filter((s) => s.start >= dir.start && s.end <= dir.end).at(-1);
  return literal ? `./${literal.value.replace(/^\.\/|\/$/g, "")}/${flat ? "*" : ""}` : undefined;
}

/** A property of an object literal held in a property: `options: { prefix: "/api" }`. */
function nested(source: RouteSource, span: Span | undefined, key: string): Span | undefined {
  return span && source.code[span.start] === "{" ? objectProperties(source, span.start).get(key) : undefined;
}
