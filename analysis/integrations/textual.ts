/**
 * Dependency lists of the manifests that are code or line-oriented text: requirements files,
 * go.mod, pom.xml, Gradle build scripts, MSBuild project files, Gemfiles and gemspecs,
 * mix.exs and Package.swift. Comments are removed first, so a commented-out dependency does
 * not count; string values come from the language strippers where the file is code.
 */
import { KOTLIN_SYNTAX } from "../languages/kotlin.ts";
import { strip } from "../languages/strip.ts";
import { SWIFT_SYNTAX } from "../languages/swift.ts";
import { type Declared, requirementName } from "./declared.ts";

/** The 1-based line of an offset. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split("\n").length;
/** Blanks what `pattern` matches, keeping newlines so offsets and lines stay. */
const blank = (text: string, pattern: RegExp) => text.replace(pattern, (m) => m.replace(/[^\n]/g, " "));

/** requirements*.txt: one PEP 508 requirement a line; options (-r, -e, --hash) and URLs are skipped. */
export function requirementsTxt(text: string): Declared[] {
  const found: Declared[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(/(^|\s)#.*$/, "").trim();
    if (!line || line.startsWith("-") || /^[a-z+]+:\/\//i.test(line)) return;
    const name = requirementName(line);
    if (name) found.push({ name, line: index + 1 });
  });
  return found;
}

/** go.mod: required module paths, single and grouped; `// indirect` requirements are someone else's. */
export function goMod(text: string): Declared[] {
  const found: Declared[] = [];
  let grouped = false;
  text.split("\n").forEach((raw, index) => {
    if (/\/\/\s*indirect\b/.test(raw)) return;
    const line = raw.replace(/\/\/.*$/, "").trim();
    if (grouped) {
      if (line.startsWith(")")) grouped = false;
      else if (line) found.push({ name: line.split(/\s+/)[0]!.replace(/"/g, ""), line: index + 1 });
      return;
    }
    if (/^require\s*\($/.test(line)) grouped = true;
    else if (/^require\s+\S/.test(line)) found.push({ name: line.split(/\s+/)[1]!.replace(/"/g, ""), line: index + 1 });
  });
  return found;
}

const XML_COMMENT = /<!--[\s\S]*?-->/g;

/** pom.xml: `<dependency>` blocks (plugins are build tools); coordinates with unresolved properties are skipped. */
export function pomXml(text: string): Declared[] {
  const code = blank(text, XML_COMMENT);
  const found: Declared[] = [];
  for (const block of code.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const group = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(block[1]!)?.[1];
    const artifact = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(block[1]!)?.[1];
    if (group && artifact && !`${group}${artifact}`.includes("${")) {
      found.push({ name: `${group}:${artifact}`, line: lineAt(text, block.index) });
    }
  }
  return found;
}

const COORDINATES = /^([\w.-]+):([\w.-]+)(?::[^\s:]*){0,2}$/;

/**
 * build.gradle and build.gradle.kts: every string literal shaped like `group:artifact[:version]`
 * (Groovy and Kotlin write dependencies in many call forms; the coordinates are what they
 * share), and the map form `group: "g", name: "a"`. Version-catalog aliases (`libs.x`) are
 * read from gradle/libs.versions.toml instead.
 */
export function gradleBuild(text: string): Declared[] {
  const stripped = strip(text, KOTLIN_SYNTAX);
  const found: Declared[] = [];
  for (const literal of stripped.strings) {
    const match = COORDINATES.exec(literal.value);
    if (match) found.push({ name: `${match[1]}:${match[2]}`, line: literal.line });
  }
  for (const match of stripped.code.matchAll(/\bgroup\s*[:=]\s*(?=["'])/g)) {
    const group = stripped.stringAt(match.index + match[0].length);
    const rest = group && /^\s*,\s*name\s*[:=]\s*(?=["'])/.exec(stripped.code.slice(group.end));
    const name = group && rest && stripped.stringAt(group.end + rest[0].length);
    if (group && name) found.push({ name: `${group.value}:${name.value}`, line: group.line });
  }
  return found;
}

/** *.csproj, Directory.Packages.props, packages.config: PackageReference / PackageVersion items and package ids. */
export function msbuildProject(text: string): Declared[] {
  const code = blank(text, XML_COMMENT);
  const found: Declared[] = [];
  for (
    const match of code.matchAll(
      /<(?:PackageReference|PackageVersion|GlobalPackageReference)\b[^>]*?\b(?:Include|Update)\s*=\s*"([^"]+)"/g,
    )
  ) {
    found.push({ name: match[1]!.trim(), line: lineAt(text, match.index) });
  }
  for (const match of code.matchAll(/<package\b[^>]*?\bid\s*=\s*"([^"]+)"/g)) {
    found.push({ name: match[1]!.trim(), line: lineAt(text, match.index) });
  }
  return found;
}

/** Gemfile, gems.rb and *.gemspec: `gem "name"` and `add_(runtime_|development_)dependency "name"`. */
export function gemfile(text: string): Declared[] {
  const code = text.replace(/(^|[ \t])#[^\n]*/g, (m) => m.replace(/[^\n]/g, " "));
  const found: Declared[] = [];
  const pattern = /(?:^[ \t]*gem|\.add_(?:runtime_|development_)?dependency)[ \t]*\(?[ \t]*["']([^"']+)["']/gm;
  for (const match of code.matchAll(pattern)) found.push({ name: match[1]!, line: lineAt(text, match.index) });
  return found;
}

/** mix.exs: `{:name, ...}` tuples of the deps function (Elixir atoms are the Hex package names). */
export function mixExs(text: string): Declared[] {
  const code = text.replace(/#[^\n]*/g, (m) => m.replace(/[^\n]/g, " "));
  const start = code.search(/\bdefp?\s+deps\b/);
  if (start === -1) return [];
  const found: Declared[] = [];
  for (const match of code.slice(start).matchAll(/\{\s*:([a-z_][a-z0-9_]*)\s*,/g)) {
    found.push({ name: match[1]!, line: lineAt(text, start + match.index) });
  }
  return found;
}

/** Package.swift: the URL of every `.package(url: ...)`, or the registry id of `.package(id: ...)`. */
export function packageSwift(text: string): Declared[] {
  const stripped = strip(text, SWIFT_SYNTAX);
  const found: Declared[] = [];
  for (const match of stripped.code.matchAll(/\.package\s*\(/g)) {
    const close = stripped.code.indexOf(")", match.index);
    const argument = /\b(?:url|id)\s*:\s*(?=")/.exec(
      stripped.code.slice(match.index, close === -1 ? undefined : close),
    );
    const target = argument && stripped.stringAt(match.index + argument.index + argument[0].length);
    if (target) found.push({ name: target.value, line: stripped.lineAt(match.index) });
  }
  return found;
}
