/**
 * How each language reads an environment variable by name, keyed by language id. Patterns
 * run on stripped code (comments and string contents blanked), so a read written in a
 * comment or inside a plain string never matches; the variable's name is either an
 * identifier in code (group `name`) or the string literal argument that follows the match.
 */

/** One way of reading a variable. */
export type EnvPattern = {
  /**
   * Global expression over stripped code. With a `name` group the variable is that
   * identifier; with a `names` group a destructuring list (`{ A, B: b, C = 1 }`); with
   * neither, a string literal naming the variable must follow the match.
   */
  pattern: RegExp;
  /** Applies only when the stripped file also matches this: a bare `getenv(` needs `from os import getenv`. */
  when?: RegExp;
  /** Names the runtime itself defines on this object (Vite's MODE, DEV, PROD...): not configuration. */
  ignore?: readonly string[];
};

/** How a language reads variables, and where code may sit inside its string literals. */
export type EnvReader = {
  /** A cheap test on the raw text: files without it are not stripped a second time. */
  trigger: RegExp;
  /** Text every match of `trigger` holds, searched first: a plain search is several times faster than a pattern of alternatives. */
  contains?: string;
  patterns: readonly EnvPattern[];
  /** Interpolation in string literals (`${...}`, `#{...}`, f-string `{...}`) whose opening quote matches `quote`. */
  interpolation?: { open: string; quote: RegExp };
};

const VITE_BUILT_INS = ["MODE", "DEV", "PROD", "SSR", "BASE_URL"];
const JS_ENV = String.raw`(?:process\s*\??\.\s*env|Bun\s*\.\s*env|import\s*\.\s*meta\s*\.\s*env)`;
const FROM_OS_IMPORT = (name: string) => new RegExp(String.raw`\bfrom\s+os\s+import\s*(?:\([^)]*|[^\n]*)\b${name}\b`);

const JAVASCRIPT: EnvReader = {
  trigger: /\b(?:process|Bun|Deno)\s*\??\.\s*env\b|\bmeta\s*\.\s*env\b/,
  contains: "env",
  patterns: [
    { pattern: /(?<![\w$])(?:process\s*\??\.\s*env|Bun\s*\.\s*env)\s*\??\.\s*(?<name>[A-Za-z_$][\w$]*)/g },
    { pattern: /(?<![\w$])import\s*\.\s*meta\s*\.\s*env\s*\??\.\s*(?<name>[A-Za-z_$][\w$]*)/g, ignore: VITE_BUILT_INS },
    { pattern: new RegExp(String.raw`(?<![\w$])${JS_ENV}\s*(?:\?\.\s*)?\[`, "g"), ignore: VITE_BUILT_INS },
    { pattern: /(?<![\w$])Deno\s*\.\s*env\s*\.\s*get\s*\(/g },
    {
      pattern: new RegExp(String.raw`\{(?<names>[^{}]*)\}\s*=\s*${JS_ENV}(?![\w$]|\s*[.?[])`, "g"),
      ignore: VITE_BUILT_INS,
    },
  ],
  interpolation: { open: "${", quote: /^`/ },
};

const JVM = [
  { pattern: /(?<![\w.])System\s*\.\s*getenv\s*\(/g },
  { pattern: /(?<![\w.])System\s*\.\s*getenv\s*\(\s*\)\s*(?:\[|\.\s*(?:get|getOrDefault)\s*\()/g },
];

export const ENV_READERS: Readonly<Record<string, EnvReader>> = {
  typescript: JAVASCRIPT,
  javascript: JAVASCRIPT,
  vue: JAVASCRIPT,
  svelte: JAVASCRIPT,
  python: {
    trigger: /environ|getenv/,
    patterns: [
      { pattern: /(?<![\w.])os\s*\.\s*environ\s*(?:\[|\.\s*(?:get|setdefault)\s*\()/g },
      { pattern: /(?<![\w.])os\s*\.\s*getenv\s*\(/g },
      { pattern: /(?<![\w.])environ\s*(?:\[|\.\s*(?:get|setdefault)\s*\()/g, when: FROM_OS_IMPORT("environ") },
      { pattern: /(?<![\w.])getenv\s*\(/g, when: FROM_OS_IMPORT("getenv") },
    ],
    interpolation: { open: "{", quote: /^[a-eg-su-z]*[ft]/i },
  },
  go: {
    trigger: /Getenv|LookupEnv/,
    patterns: [{ pattern: /(?<![\w.])(?:os|syscall)\s*\.\s*(?:Getenv|LookupEnv)\s*\(/g }],
  },
  // env!() and option_env!() are read by the compiler at build time (CARGO_PKG_VERSION...): not runtime configuration.
  rust: {
    trigger: /\benv\b|dotenv/,
    patterns: [{ pattern: /(?<![\w:])(?:(?:std\s*::\s*)?env|dotenvy?)\s*::\s*var(?:_os)?\s*\(/g }],
  },
  java: { trigger: /getenv/, patterns: JVM },
  kotlin: { trigger: /getenv/, patterns: JVM, interpolation: { open: "${", quote: /^"/ } },
  csharp: {
    trigger: /GetEnvironmentVariable/,
    patterns: [{ pattern: /(?<![\w.])(?:System\s*\.\s*)?Environment\s*\.\s*GetEnvironmentVariable\s*\(/g }],
  },
  ruby: {
    trigger: /\bENV\b/,
    patterns: [{ pattern: /(?<![\w:.])(?:::\s*)?ENV\s*(?:\[|\.\s*fetch\s*\(?)/g }],
    interpolation: { open: "#{", quote: /^(?!'|%[qwis])/ },
  },
  php: {
    trigger: /getenv|\$_ENV|\benv\s*\(|Env\s*::/,
    patterns: [
      { pattern: /(?<![\w$>:\\])\\?getenv\s*\(/g },
      { pattern: /\$_ENV\s*\[/g },
      { pattern: /(?<![\w$>:\\])\\?env\s*\(/g },
      { pattern: /(?<![\w$\\])(?:\\?Illuminate\\Support\\)?Env\s*::\s*get\s*\(/g },
    ],
  },
  elixir: {
    trigger: /_env/,
    patterns: [{ pattern: /(?<![\w.])System\s*\.\s*(?:get_env|fetch_env!?)\s*\(?/g }],
    interpolation: { open: "#{", quote: /^"/ },
  },
  dart: {
    trigger: /environment/,
    patterns: [{ pattern: /(?<![\w.])Platform\s*\.\s*environment\s*\[/g }],
    interpolation: { open: "${", quote: /^["']/ },
  },
  swift: {
    trigger: /environment|Environment/,
    patterns: [
      { pattern: /(?<![\w.])ProcessInfo\s*\.\s*processInfo\s*\.\s*environment\s*\[/g },
      { pattern: /(?<![\w.])Environment\s*\.\s*get\s*\(/g },
    ],
  },
  c: { trigger: /getenv/, patterns: [{ pattern: /(?<![\w.>:])(?:std\s*::\s*)?(?:secure_)?getenv\s*\(/g }] },
  cpp: { trigger: /getenv/, patterns: [{ pattern: /(?<![\w.>:])(?:std\s*::\s*)?(?:secure_)?getenv\s*\(/g }] },
};
