/**
 * NestJS guard classes of the project not named like a check (Hexabot's `Ability`, provided as
 * `APP_GUARD`): one guards when its `canActivate` turns a caller away, by throwing an
 * Unauthorized or Forbidden exception or answering false, rather than only reading or counting.
 * Classes are matched by name across the project's TypeScript files outside tests.
 */
import { closing } from "../../languages/curly.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const REFUSES = /\bthrow\s+new\s+\w*(?:Unauthori[sz]ed|Forbidden)\w*\s*\(|\breturn\s+false\b/;

/** A function telling whether a guard class of the project (by name) refuses callers, read once per name. */
export function nestGuardClasses(project: Project | undefined): (name: string) => boolean {
  const known = new Map<string, boolean>();
  let sources: string[] | undefined;
  return (name) => {
    if (!known.has(name)) {
      sources ??= [...(project?.listed ?? [])].filter((p) => /\.ts$/.test(p) && !/\.(?:spec|test)\.ts$|(?:^|\/)(?:node_modules|tests?)\//.test(p)).map((p) => project!.text(p) ?? "").filter((t) => t.includes("canActivate"));
      const header = new RegExp(`\\bclass\\s+${name.replace(/\$/g, "\\$")}\\b[^{]*\\{`);
      known.set(name, sources.some((text) => {
        const cls = header.exec(text);
        if (!cls) return false;
        const body = text.slice(cls.index, closing(text, cls.index + cls[0].length - 1));
        const method = /\bcanActivate\s*\([^)]*\)[^{]*\{/.exec(body);
        return !!method && REFUSES.test(body.slice(method.index, closing(body, method.index + method[0].length - 1)));
      }));
    }
    return known.get(name)!;
  };
}
