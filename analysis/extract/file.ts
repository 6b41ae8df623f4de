import { readInside, readListedFile } from "../../core/inside.ts";
import { extractEnv } from "../configuration/reads.ts";
import type { FileFacts } from "../facts.ts";
import { LANGUAGES } from "../languages/mod.ts";
import { generatedHeader } from "../roles.ts";
import { extractRoutes } from "../routes/extract.ts";
import type { ScannedFile } from "../scan.ts";

const languageById = new Map(LANGUAGES.map((language) => [language.id, language]));

/**
 * What a file offers outside its imports: the routes it registers and the environment variables
 * it reads. The structure (graph, coupling, history) needs neither, and on a large repository
 * they are a third of the extraction, so they can be extracted apart (`Part`).
 */
export type Surfaces = Pick<FileFacts, "routes" | "env">;

/**
 * What to extract of a file: everything, its structure alone (its language's facts, without
 * `Surfaces`), or its surfaces alone (for a file whose structure is already known).
 */
export type Part = "whole" | "structure" | "surfaces";

/** What extracting a `Part` of a file gives. */
export type PartOf<P extends Part> = P extends "surfaces" ? Surfaces : FileFacts;

/** What one file says about itself, wholly or in part (see `Part`). */
export function extractFile<P extends Part = "whole">(root: string, file: ScannedFile, part?: P): PartOf<P>;
export function extractFile(root: string, file: ScannedFile, part: Part = "whole"): FileFacts | Surfaces {
  // A listed link is resolved (its target may lie anywhere inside); any other file is read as listed.
  const text = file.link ? readInside(root, file.path) : readListedFile(root, file.path);
  if (part === "surfaces") return surfacesOf(file, text);
  const language = languageById.get(file.language)!;
  // The surfaces come last, so that structure facts completed with them later (cache.ts) are
  // the whole facts, key for key.
  return {
    path: file.path,
    language: file.language,
    size: file.size,
    ...language.extract(text, file.path),
    ...(generatedHeader(text) ? { generated: true } : {}),
    ...(part === "whole" ? surfacesOf(file, text) : {}),
  };
}

function surfacesOf(file: ScannedFile, text: string): Surfaces {
  const routes = extractRoutes(file.language, file.path, text);
  const env = extractEnv(file.language, text);
  return { ...(routes ? { routes } : {}), ...(env.length ? { env } : {}) };
}
