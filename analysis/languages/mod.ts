/**
 * The language table: every language plug-in, and the lookup from a file name to the one
 * that claims it. Adding a language is one module and one line here.
 */
import { javascript, svelte, typescript, vue } from "./javascript/mod.ts";
import { java } from "./java.ts";
import { kotlin } from "./kotlin.ts";
import { csharp } from "./csharp.ts";
import { dart } from "./dart.ts";
import { go } from "./go.ts";
import { rust } from "./rust.ts";
import { c, cpp } from "./c.ts";
import { swift } from "./swift.ts";
import { python } from "./python.ts";
import { ruby } from "./ruby/mod.ts";
import { elixir } from "./elixir/mod.ts";
import { php } from "./php/mod.ts";
import type { Language } from "./language.ts";

export type { Language } from "./language.ts";

export const LANGUAGES: readonly Language[] = [typescript, javascript, vue, svelte, java, kotlin, csharp, dart, go, rust, c, cpp, swift, python, ruby, elixir, php];

const byExtension = new Map<string, Language>();
for (const language of LANGUAGES) for (const ext of language.extensions) byExtension.set(ext, language);

/** The language that claims `path`, by its ending (`.d.ts` is TypeScript), or undefined. */
export function languageOf(path: string): Language | undefined {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  if (dot <= slash + 1) return undefined;
  return byExtension.get(path.slice(dot).toLowerCase());
}
