/**
 * An app's own extension methods on an endpoint's convention builder that require a caller:
 * `.RequireManagementKey()` on a minimal-API route or group, defined as
 * `public static TBuilder RequireManagementKey<TBuilder>(this TBuilder builder) ... { ...; return builder.RequireAuthorization(pol); }`
 * (Passwordless's API keys). The minimal-API scanner hands a `Require...` call it does not know
 * as a candidate (`?RequireManagementKey`); it guards where the project's method of that name
 * calls `RequireAuthorization` on what it is given. Methods are matched by name across the
 * project's C# files outside tests.
 */
import { closing } from "../../languages/curly.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// `public static TBuilder RequireManagementKey<TBuilder>(this TBuilder builder, ...)`: an extension method, its receiver's name.
const EXTENSION = /\bstatic\s+[\w<>?,\s]+?\s+([A-Z]\w*)\s*(?:<[^<>()]*>)?\s*\(\s*this\s+[\w<>?.]+\s+([A-Za-z_]\w*)/g;

export function conventionGuards(project: Project | undefined): (name: string) => boolean {
  let guarding: Set<string> | undefined;
  return (name) => (guarding ??= read(project)).has(name);
}

function read(project: Project | undefined): Set<string> {
  const found = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".cs") || /(?:^|\/)(?:tests?|\w*\.Tests?)\//i.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("RequireAuthorization")) continue;
    for (const m of text.matchAll(EXTENSION)) {
      const open = text.indexOf("{", m.index + m[0].length);
      if (open === -1) continue;
      const body = text.slice(open, closing(text, open));
      if (new RegExp(String.raw`\b${m[2]}\s*\.\s*RequireAuthorization\s*\(`).test(body)) found.add(m[1]!);
    }
  }
  return found;
}
