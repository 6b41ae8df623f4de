/**
 * The bodies of a repository's functions by name, for the checks that look inside what a route
 * names: a Go wrapper around its handler (go/wrapper-guards.ts), a Rust handler that refuses
 * the caller itself (rust/handler-guards.ts). Read once, on first use; tests, vendored code and
 * build output are left out.
 */
import { closing } from "../languages/curly.ts";
import { callArguments } from "./source.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

const LANGUAGES = {
  go: { file: /\.go$/, skip: /_test\.go$|(^|\/)vendor\//, header: /^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*\(/gm },
  rust: { file: /\.rs$/, skip: /(^|\/)(?:tests|target|vendor)\//, header: /(?<![\w])fn\s+([A-Za-z_]\w*)\s*(?:<[^>{]*>)?\s*\(/g },
} as const;

/** A function of a name, answering the bodies of every function so named in `language`'s files. */
export function functionBodies(project: Project | undefined, language: keyof typeof LANGUAGES): (name: string) => readonly string[] {
  const definitions = functionDefinitions(project, language);
  return (name) => definitions(name).map((d) => d.body);
}

/** The same, with the file each function is defined in. */
export function functionDefinitions(project: Project | undefined, language: keyof typeof LANGUAGES): (name: string) => readonly { file: string; body: string }[] {
  let definitions: Map<string, { file: string; body: string }[]> | undefined;
  return (name) => (definitions ??= read(project, LANGUAGES[language])).get(name) ?? [];
}

function read(project: Project | undefined, language: (typeof LANGUAGES)[keyof typeof LANGUAGES]): Map<string, { file: string; body: string }[]> {
  const definitions = new Map<string, { file: string; body: string }[]>();
  for (const path of project?.listed ?? []) {
    if (!language.file.test(path) || language.skip.test(path)) continue;
    const text = project!.text(path) ?? "";
    for (const m of text.matchAll(language.header)) {
      // The body follows the parameters, after a result type or a `where` clause.
      const params = callArguments(text, m.index + m[0].length - 1);
      const open = text.indexOf("{", params.end);
      if (open === -1 || text.slice(params.end, open).includes(";")) continue;
      definitions.set(m[1]!, [...(definitions.get(m[1]!) ?? []), { file: path, body: text.slice(open, closing(text, open)) }]);
    }
  }
  return definitions;
}
