import { readInside, readListedFile } from "../../core/inside.ts";
import { extractEnv } from "../configuration/reads.ts";
import type { FileFacts } from "../facts.ts";
import { LANGUAGES } from "../languages/mod.ts";
import { generatedHeader } from "../roles.ts";
import { extractRoutes } from "../routes/extract.ts";
import type { ScannedFile } from "../scan.ts";

const languageById = new Map(LANGUAGES.map((language) => [language.id, language]));

/** What one file says about itself: its language's facts, its route registrations, its env reads. */
export function extractFile(root: string, file: ScannedFile): FileFacts {
  const language = languageById.get(file.language)!;
  // A listed link is resolved (its target may lie anywhere inside); any other file is read as listed.
  const text = file.link ? readInside(root, file.path) : readListedFile(root, file.path);
  const routes = extractRoutes(file.language, file.path, text);
  const env = extractEnv(file.language, text);
  return {
    path: file.path,
    language: file.language,
    size: file.size,
    ...language.extract(text, file.path),
    ...(routes ? { routes } : {}),
    ...(env.length ? { env } : {}),
    ...(generatedHeader(text) ? { generated: true } : {}),
  };
}
