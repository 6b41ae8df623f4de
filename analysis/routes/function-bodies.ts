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
  let bodies: Map<string, string[]> | undefined;
  return (name) => (bodies ??= read(project, LANGUAGES[language])).get(name) ?? [];
}

function read(project: Project | undefined, language: (typeof LANGUAGES)[keyof typeof LANGUAGES]): Map<string, string[]> {
  const bodies = new Map<string, string[]>();
  for (const path of project?.listed ?? []) {
    if (!language.file.test(path) || language.skip.test(path)) continue;
    const text = project!.text(path) ?? "";
    for (const m of text.matchAll(language.header)) {
      // The body follows the parameters, after a result type or a `where` clause.
      const params = callArguments(text, m.index + m[0].length - 1);
      const open = text.indexOf("{", params.end);
      if (open === -1 || text.slice(params.end, open).includes(";")) continue;
      bodies.set(m[1]!, [...(bodies.get(m[1]!) ?? []), text.slice(open, closing(text, open))]);
    }
  }
  return bodies;
}
