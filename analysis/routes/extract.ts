import { strip } from "../languages/strip.ts";
import { FRAMEWORKS, JS_LANGUAGES, SYNTAX } from "./frameworks/mod.ts";
import { jsBindings, jsExports } from "./js/bindings.ts";
import { pythonBindings } from "./python/bindings.ts";
import type { Framework } from "./framework.ts";
import type { FileRoutes, Registration } from "./registration.ts";

/**
 * The route registrations of one file, or undefined when no framework's hint matches it
 * (most files): only then is the text stripped and scanned, so the cost stays with the files
 * that define routes. `scanners` are the frameworks to read (all of them but in tests).
 */
export function extractRoutes(language: string, path: string, text: string, scanners: readonly Framework[] = FRAMEWORKS): FileRoutes | undefined {
  if (scanners === FRAMEWORKS && !anyHint(language).some((hint) => hint.test(text))) return undefined;
  const frameworks = scanners.filter((f) => f.languages.includes(language) && f.hint.test(text));
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
  return { registrations: [...registrations, ...jsExports(source)], bindings: jsBindings(source), ...errors };
}

const hintsByLanguage = new Map<string, RegExp[]>();

/**
 * A language's framework hints joined into one pattern per set of flags: most files match none,
 * and one pass over their text costs about two thirds of a pass per hint.
 */
function anyHint(language: string): RegExp[] {
  let hints = hintsByLanguage.get(language);
  if (!hints) {
    const byFlags = new Map<string, string[]>();
    for (const { languages, hint } of FRAMEWORKS) {
      if (languages.includes(language)) byFlags.set(hint.flags, [...(byFlags.get(hint.flags) ?? []), `(?:${hint.source})`]);
    }
    hints = [...byFlags].map(([flags, sources]) => new RegExp(sources.join("|"), flags));
    hintsByLanguage.set(language, hints);
  }
  return hints;
}
