/**
 * What the package manifests and lock files of a repository say: which manifests exist, which
 * package managers they imply, which frameworks they declare. Data-shaped tables; adding an
 * ecosystem or a framework is one line.
 */

/** Manifest file names (or endings) and their ecosystem. */
const MANIFESTS: readonly [RegExp, string][] = [
  [/(^|\/)package\.json$/, "npm"],
  [/(^|\/)deno\.jsonc?$/, "deno"],
  [/(^|\/)go\.mod$/, "go"],
  [/(^|\/)Cargo\.toml$/, "cargo"],
  [/(^|\/)(pyproject\.toml|requirements[\w.-]*\.txt|Pipfile|setup\.py|setup\.cfg)$/, "python"],
  [/(^|\/)pom\.xml$/, "maven"],
  [/(^|\/)(build|settings)\.gradle(\.kts)?$/, "gradle"],
  [/(^|\/)composer\.json$/, "composer"],
  [/(^|\/)(Gemfile|[\w-]+\.gemspec)$/, "ruby"],
  [/(^|\/)mix\.exs$/, "mix"],
  [/(^|\/)pubspec\.yaml$/, "pub"],
  [/\.(csproj|fsproj|vbproj|sln)$/, "dotnet"],
  [/(^|\/)Package\.swift$/, "swiftpm"],
  [/(^|\/)Podfile$/, "cocoapods"],
  [/(^|\/)(docker-)?compose\.ya?ml$|(^|\/)docker-compose\.[\w.-]*ya?ml$/, "compose"],
];

/** Files whose presence names the package manager in use. */
const MANAGERS: readonly [RegExp, string][] = [
  [/(^|\/)(package-lock\.json|npm-shrinkwrap\.json)$/, "npm"],
  [/(^|\/)pnpm-(lock|workspace)\.yaml$/, "pnpm"],
  [/(^|\/)yarn\.lock$/, "yarn"],
  [/(^|\/)bun\.lockb?$/, "bun"],
  [/(^|\/)deno\.(jsonc?|lock)$/, "deno"],
  [/(^|\/)Cargo\.toml$/, "cargo"],
  [/(^|\/)go\.mod$/, "go"],
  [/(^|\/)poetry\.lock$/, "poetry"],
  [/(^|\/)uv\.lock$/, "uv"],
  [/(^|\/)Pipfile$/, "pipenv"],
  [/(^|\/)requirements[\w.-]*\.txt$/, "pip"],
  [/(^|\/)pom\.xml$/, "maven"],
  [/(^|\/)build\.gradle(\.kts)?$/, "gradle"],
  [/(^|\/)composer\.json$/, "composer"],
  [/(^|\/)Gemfile$/, "bundler"],
  [/(^|\/)mix\.exs$/, "mix"],
  [/(^|\/)pubspec\.yaml$/, "pub"],
  [/\.(csproj|fsproj|vbproj|sln)$/, "dotnet"],
  [/(^|\/)Package\.swift$/, "swiftpm"],
  [/(^|\/)Podfile$/, "cocoapods"],
];

/**
 * Frameworks by ecosystem: the name shown, and how its dependency is written in that
 * ecosystem's manifest (a package name for JSON manifests, a pattern over the text otherwise).
 */
const FRAMEWORKS: Record<string, readonly [string, string | RegExp][]> = {
  npm: [
    ["Hono", "hono"],
    ["Express", "express"],
    ["Fastify", "fastify"],
    ["Koa", "koa"],
    ["NestJS", "@nestjs/core"],
    ["Next.js", "next"],
    ["Nuxt", "nuxt"],
    ["SvelteKit", "@sveltejs/kit"],
    ["Svelte", "svelte"],
    ["Vue", "vue"],
    ["React", "react"],
    ["Angular", "@angular/core"],
    ["Astro", "astro"],
    ["Remix", "@remix-run/node"],
    ["SolidJS", "solid-js"],
    ["Elysia", "elysia"],
    ["Electron", "electron"],
    ["htmx", "htmx.org"],
  ],
  composer: [["Laravel", "laravel/framework"], ["Symfony", "symfony/framework-bundle"], ["Slim", "slim/slim"]],
  python: [
    ["Django", /^\s*["']?django\b/im],
    ["Flask", /^\s*["']?flask\b/im],
    ["FastAPI", /^\s*["']?fastapi\b/im],
    ["Starlette", /^\s*["']?starlette\b/im],
    ["aiohttp", /^\s*["']?aiohttp\b/im],
  ],
  go: [
    ["Gin", /github\.com\/gin-gonic\/gin\b/],
    ["Echo", /github\.com\/labstack\/echo\b/],
    ["Fiber", /github\.com\/gofiber\/fiber\b/],
    ["chi", /github\.com\/go-chi\/chi\b/],
    ["gorilla/mux", /github\.com\/gorilla\/mux\b/],
  ],
  cargo: [["axum", /^\s*axum\s*=/m], ["Actix Web", /^\s*actix-web\s*=/m], ["Rocket", /^\s*rocket\s*=/m], [
    "warp",
    /^\s*warp\s*=/m,
  ]],
  ruby: [["Rails", /\bgem\s+["']rails["']/], ["Sinatra", /\bgem\s+["']sinatra["']/]],
  maven: [["Spring Boot", /spring-boot/], ["Quarkus", /io\.quarkus/], ["Micronaut", /io\.micronaut/]],
  gradle: [["Spring Boot", /spring-boot/], ["Quarkus", /io\.quarkus/], ["Micronaut", /io\.micronaut/], [
    "Ktor",
    /io\.ktor/,
  ]],
  mix: [["Phoenix", /:phoenix\b/]],
  pub: [["Flutter", /^\s*flutter\s*:/m], ["Shelf", /^\s*shelf\s*:/m], ["Dart Frog", /^\s*dart_frog\s*:/m]],
  dotnet: [["ASP.NET Core", /Microsoft\.NET\.Sdk\.Web|Microsoft\.AspNetCore/]],
  swiftpm: [["Vapor", /vapor\/vapor/]],
};

export type ManifestFile = { file: string; ecosystem: string };

/** Every manifest among `paths`, with its ecosystem. */
export function findManifests(paths: readonly string[]): ManifestFile[] {
  const found: ManifestFile[] = [];
  for (const file of paths) {
    const hit = MANIFESTS.find(([pattern]) => pattern.test(file));
    if (hit) found.push({ file, ecosystem: hit[1] });
  }
  return found;
}

/** Package managers in use, each with the first file that shows it. */
export function findPackageManagers(
  paths: readonly string[],
  packageJson?: unknown,
): { name: string; evidence: string }[] {
  const found = new Map<string, string>();
  // package.json's `packageManager` field ("pnpm@9.1.0") is the project's own statement.
  const declared = (packageJson as { packageManager?: unknown } | undefined)?.packageManager;
  if (typeof declared === "string" && /^[a-z]+@/.test(declared)) found.set(declared.split("@")[0]!, "package.json");
  for (const file of paths) {
    for (const [pattern, name] of MANAGERS) if (pattern.test(file) && !found.has(name)) found.set(name, file);
  }
  const jsManagers = ["npm", "pnpm", "yarn", "bun", "deno"];
  if (paths.includes("package.json") && ![...found.keys()].some((name) => jsManagers.includes(name))) {
    found.set("npm", "package.json");
  }
  return [...found].map(([name, evidence]) => ({ name, evidence }));
}

/** Frameworks a manifest declares; `text` is its content. */
export function frameworksIn(manifest: ManifestFile, text: string): string[] {
  const table = FRAMEWORKS[manifest.ecosystem];
  if (!table) return [];
  if (manifest.file.endsWith(".json")) {
    const names = jsonDependencyNames(text);
    return table.filter(([, dep]) => typeof dep === "string" && names.has(dep)).map(([name]) => name);
  }
  return table.filter(([, dep]) => typeof dep !== "string" && dep.test(text)).map(([name]) => name);
}

function jsonDependencyNames(text: string): Set<string> {
  const names = new Set<string>();
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    for (const key of ["dependencies", "devDependencies", "peerDependencies", "require", "require-dev"]) {
      const deps = json[key];
      if (deps && typeof deps === "object") { for (const name of Object.keys(deps)) names.add(name); }
    }
  } catch {
    // an unreadable manifest declares nothing
  }
  return names;
}
