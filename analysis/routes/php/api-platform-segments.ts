/**
 * API Platform's path segment for a resource class without a `uriTemplate`, filled in before
 * linking (the scanner writes a placeholder, common/configured.ts): the class name in snake case,
 * plural (`TagCategory` -> `tag_categories`), which is the default generator's, or dashed
 * (`tag-categories`) when the app's configuration names the dash generator
 * (`path_segment_name_generator: api_platform.metadata.path_segment_name_generator.dash` in
 * config/packages/api_platform.yaml, or config/api-platform.php for Laravel).
 */
import { plural } from "../inflect.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const CONFIG = /(?:^|\/)config\/(?:packages\/api_platform\.ya?ml|packages\/api_platform\.php|api-platform\.php)$/;
const DASH = /path_segment_name_generator['"]?\s*(?::|=>)\s*['"]?[\w.]*\bdash\b/;

export function apiPlatformSegments(project: Project | undefined): (name: string) => string {
  const dashed = [...(project?.listed ?? [])].some((path) => CONFIG.test(path) && DASH.test(project!.text(path) ?? ""));
  return (name) => {
    const words = name.replace(/([a-z\d])([A-Z])/g, "$1_$2").toLowerCase().split("_");
    return [...words.slice(0, -1), plural(words.at(-1)!)].join(dashed ? "-" : "_");
  };
}
