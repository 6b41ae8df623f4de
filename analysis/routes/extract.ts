import { strip } from "../languages/strip.ts";
import { FRAMEWORKS, JS_LANGUAGES, SYNTAX } from "./frameworks/mod.ts";
import { jsBindings, jsExports } from "./js/bindings.ts";
import { withoutDevelopmentOnly } from "./js/development-only.ts";
import { pythonBindings } from "./python/bindings.ts";
import type { Framework } from "./framework.ts";
import type { FileRoutes, Registration } from "./registration.ts";

/**
 * The route registrations of one file, or undefined when no framework's hint matches it
 * (most files): only then is the text stripped and scanned, so the cost stays with the files
 * that define routes. `scanners` are the frameworks to read (all of them but in tests).
 */
export function extractRoutes(language: string, path: string, text: string, scanners: readonly Framework[] = FRAMEWORKS): FileRoutes | undefined {
  const gated = (f: Framework) => (!f.paths || f.paths.test(path)) && (f.contains === undefined || text.includes(f.contains));
  if (scanners === FRAMEWORKS) {
    const { joined, apart } = hintsOf(language);
    if (!joined.some((hint) => hint.test(text)) && !apart.some((f) => gated(f) && f.hint.test(text))) return undefined;
  }
  const frameworks = scanners.filter((f) => f.languages.includes(language) && gated(f) && f.hint.test(text));
  const syntax = SYNTAX[language];
  if (frameworks.length === 0 || !syntax) return undefined;
  const source = { ...strip(text, syntax), path, text };
  // One scanner failing on an idiom it does not expect costs that framework's routes of this
  // file, said in the report's warnings, not the whole analysis.
  const scanErrors: NonNullable<FileRoutes["scanErrors"]> = [];
  const registrations: Registration[] = frameworks.flatMap((f) => {
    try {
      return f.scan(source);
    } catch (error) {
      scanErrors.push({ framework: f.id, message: error instanceof Error ? error.message : String(error) });
      return [];
    }
  });
  if (registrations.length === 0 && scanErrors.length === 0) return undefined;
  const errors = scanErrors.length ? { scanErrors } : {};
  if (language === "python") return { registrations, bindings: pythonBindings(source), ...errors };
  if (!JS_LANGUAGES.has(language)) return { registrations, bindings: [], ...errors };
  return { registrations: [...withoutDevelopmentOnly(source, registrations), ...jsExports(source)], bindings: jsBindings(source), ...errors };
}

const hintsByLanguage = new Map<string, { joined: RegExp[]; apart: Framework[] }>();

/**
 * A language's framework hints joined into one pattern per set of flags: most files match none,
 * and one pass over their text costs about two thirds of a pass per hint. Frameworks with a
 * cheaper gate (a place in the tree, a word every file of theirs holds) stay apart.
 */
function hintsOf(language: string): { joined: RegExp[]; apart: Framework[] } {
  let hints = hintsByLanguage.get(language);
  if (!hints) {
    const byFlags = new Map<string, string[]>();
    const apart: Framework[] = [];
    for (const framework of FRAMEWORKS) {
      if (!framework.languages.includes(language)) continue;
      if (framework.paths || framework.contains !== undefined) apart.push(framework);
      else byFlags.set(framework.hint.flags, [...(byFlags.get(framework.hint.flags) ?? []), `(?:${framework.hint.source})`]);
    }
    hints = { joined: [...byFlags].map(([flags, sources]) => new RegExp(sources.join("|"), flags)), apart };
    hintsByLanguage.set(language, hints);
  }
  return hints;
}
