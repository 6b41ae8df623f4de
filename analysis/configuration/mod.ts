/**
 * The configuration stage: environment variables the code reads, what their names say
 * (secret, service address, provided by the platform), and whether an example file lists
 * them. Values are never read, and `.env` itself is never opened: only the example files
 * (`.env.example`, `.env.sample`, `.env.template`), and only for their variable names.
 */
import type { FileFacts } from "../facts.ts";
import { isSampleData } from "../integrations/samples.ts";
import type { ProjectFiles } from "../project.ts";
import type { ConfigurationSection, EnvVariable } from "../schema.ts";
import { isProvided, isSecret, isServiceAddress } from "./names.ts";

export { extractEnv } from "./reads.ts";

/** The example files compared against, by file name. `.env` is deliberately not among them. */
export const EXAMPLE_FILES: readonly string[] = [".env.example", ".env.sample", ".env.template"];
/** `NAME=`, `export NAME=`, and `# NAME=` (a commented-out entry documents an optional variable). */
const ENTRY = /^[ \t]*(?:#[ \t]*)?(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=/gm;

/** A path's last segment: `config/.env.example` -> `.env.example`. */
export const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
const depth = (path: string) => path.split("/").length;

/**
 * The `configuration` section. Reads are grouped by variable with every file and line.
 * A variable is `documented` when an example file anywhere in the repository lists it (a
 * monorepo's packages may each keep their own), or when the platform provides it. Without
 * any example file nothing is documented but the provided ones; the findings stage then
 * says once that the example file is missing instead of once per variable.
 */
export function configurationSection(
  facts: readonly FileFacts[],
  project: Pick<ProjectFiles, "listed" | "text">,
): ConfigurationSection {
  const reads = new Map<string, { file: string; line: number }[]>();
  for (const f of facts) {
    if (!f.env || isSampleData(f.path)) continue;
    for (const { name, line } of f.env) {
      (reads.get(name) ?? reads.set(name, []).get(name)!).push({ file: f.path, line });
    }
  }

  const exampleFiles = [...project.listed]
    .filter((path) => EXAMPLE_FILES.includes(baseName(path)) && !isSampleData(path))
    .sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  const listed = new Set<string>();
  for (const file of exampleFiles) for (const name of exampleNames(project.text(file) ?? "")) listed.add(name);

  const variables: EnvVariable[] = [...reads].map(([name, files]) => {
    const provided = isProvided(name);
    return {
      name,
      files: files.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
      secret: isSecret(name),
      serviceAddress: isServiceAddress(name),
      provided,
      documented: provided || listed.has(name),
    };
  }).sort((a, b) => a.name.localeCompare(b.name));

  return {
    variables,
    exampleFile: exampleFiles[0] ?? null,
    exampleFiles,
    unread: [...listed].filter((name) => !reads.has(name)).sort(),
  };
}

/** The variable names an example file lists; its values are not kept. */
export function exampleNames(text: string): string[] {
  return [...new Set([...text.matchAll(ENTRY)].map((m) => m[1]!))];
}
