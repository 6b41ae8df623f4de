/**
 * English singulars and plurals as Rails and Laravel derive parameter and controller names
 * from resource names (`photos` -> `photo_id`, `resource :profile` -> ProfilesController).
 * The common rules only; irregular words beyond a few are left as they are.
 */
const IRREGULAR: Record<string, string> = { person: "people", child: "children", man: "men", woman: "women", mouse: "mice" };
const SINGULAR = Object.fromEntries(Object.entries(IRREGULAR).map(([one, many]) => [many, one]));
const UNCOUNTABLE = new Set(["news", "series", "species", "equipment", "information", "media", "data", "feedback", "settings"]);
// Rails' singulars of the words ending in a vowel and s whose plural adds -es (`statuses` -> `status`, `aliases` -> `alias`).
const ES_PLURAL = /(?:alias|status|bus|campus|virus|bonus|census|canvas)es$/;

/** `categories` -> `category`, `addresses` -> `address`, `people` -> `person`. */
export function singular(word: string): string {
  const lower = word.toLowerCase();
  if (UNCOUNTABLE.has(lower)) return word;
  if (SINGULAR[lower]) return SINGULAR[lower]!;
  if (ES_PLURAL.test(lower)) return word.slice(0, -2);
  if (/[^aeiou]ies$/.test(lower)) return word.slice(0, -3) + "y";
  if (/(?:ss|x|ch|sh|zz)es$/.test(lower)) return word.slice(0, -2);
  if (/s$/.test(lower) && !/(?:ss|us|is)$/.test(lower)) return word.slice(0, -1);
  return word;
}

/** `category` -> `categories`, `address` -> `addresses`, `person` -> `people`, `datum` -> `data`; a plural stays as it is. */
export function plural(word: string): string {
  const lower = word.toLowerCase();
  if (UNCOUNTABLE.has(lower)) return word;
  if (IRREGULAR[lower]) return IRREGULAR[lower]!;
  if (SINGULAR[lower] || (/s$/.test(lower) && singular(word) !== word)) return word;
  if (/[^aeiou]y$/.test(lower)) return word.slice(0, -1) + "ies";
  if (/(?:s|x|ch|sh|z)$/.test(lower)) return word + "es";
  // Rails' and Doctrine's Latin rule: `datum` -> `data`, `medium` -> `media`; a word already so
  // (`metadata`, `criteria`) stays as it is, as Rails keeps it (`resource :metadata` is MetadataController).
  if (/[ti]um$/.test(lower)) return word.slice(0, -2) + "a";
  if (/[ti]a$/.test(lower)) return word;
  return word + "s";
}
