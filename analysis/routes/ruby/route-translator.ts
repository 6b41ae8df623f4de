/**
 * route_translator's `localized do ... end` in a Rails routes file (frameworks/rails.ts) draws its
 * routes once per locale. Forced (`config.force_locale = true` in the gem's initializer), every
 * locale's routes start with the locale (`/en/knowledgebase`): written `/{locale}/...`. Otherwise
 * the default locale's routes are drawn as written, and those are the ones listed.
 */
import type { ContractProject } from "../contracts/mod.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;

/** The name the Rails scanner gives the locale segment of a `localized` block's routes. */
export const LOCALIZED = "route_translator.locale";

const INITIALIZER = /(?:^|\/)config\/initializers\/[\w-]+\.rb$/;
const FORCED = /^[ \t]*\w+\.force_locale[ \t]*=[ \t]*true\b/m;
const CONFIGURED = /\bRouteTranslator\.config\b/;

/** The Rails configuration's values a routes file names (`rails:` placeholders): the locale segment of `localized` routes. */
export function railsConfigValues(project: Project | undefined): (name: string) => string | undefined {
  let forced: boolean | undefined;
  return (name) => {
    if (name !== LOCALIZED) return undefined;
    forced ??= [...(project?.listed ?? [])].some((path) => {
      if (!INITIALIZER.test(path)) return false;
      const text = project!.text(path) ?? "";
      return CONFIGURED.test(text) && FORCED.test(text);
    });
    return forced ? "{locale}" : "";
  };
}
