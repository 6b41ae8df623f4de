import { globMatcher } from "./globs.ts";

/**
 * What a file is for: `source` (the product), `test`, `fixture` (sample code that tests read),
 * `example` (examples, demos, playgrounds, benchmarks and project templates: code that shows, measures or
 * starts from the product), `tooling` (the repository's own tools kept in dot-folders: CI actions
 * and scripts, git hooks, editor settings, a story book's or a docs site's configuration),
 * `generated` (migrations, protobuf and other tool output), `vendored` (someone else's code kept
 * in the tree). Decided by `analysis.roles` globs in .tool/config.json first, then by a header
 * that says a tool wrote the file, then by the conventions of its path. The product's
 * architecture (components, cycles, hubs, health) and the code findings are about source.
 */
export const ROLES = ["source", "generated", "test", "fixture", "example", "tooling", "vendored"] as const;
export type Role = (typeof ROLES)[number];

// Jest's and syrupy's `__snapshots__`; a plain `snapshots/` is as often a product's feature (Baserow's
// `api/snapshots/`), and insta's `src/snapshots/*.snap` holds no source to tell apart.
const FIXTURE = /(^|\/)(fixtures?|__fixtures__|testdata|test-data|__mocks__|mocks|__snapshots__|samples)\//i;
// `tests/`, `spec/`, a named kind of them (`runtime-tests/`, `integration_tests/`, `e2e-tests/`)
// and what supports them (`test_helpers/`, `test-utils/`, `testutil/`, `test_support/`), or the
// project or app a Django package's tests run in (`misago/core/testproject/`, `test_app/`), and
// load tests, whose mock servers are no part of the product (`loadtest/mock_llm/app.py`).
const TEST_FOLDER = /(^|\/)([\w]+[-_])?(tests?|unittests?|__tests__|specs?|e2e|testing|loadtests?|load[-_]testing)([-_]?(helpers?|utils?|support|project|app))?\//i;
// Rust keeps benchmarks in benches/; Go projects put examples in _examples/, which the go tool
// skips. A top-level templates/ or starters/ folder holds projects
// to copy (deeper, templates/ is a project's own view templates, whose languages the analysis
// does not read anyway).
// A folder named for one (`sample_plugin/`, `example-app/`, `todo-demo/`, Dendrite's `dendrite-demo-pinecone/`) holds one too; a
// playground/ holds apps to try the product out in (Novu's playground/nextjs, playground/nestjs).
const EXAMPLE = /(^|\/)_?(examples?|demos?|playgrounds?|benchmarks?|bench(es)?|(?:sample|example|demo)[-_][\w-]+|[\w-]+[-_](?:samples?|examples?|demos?)(?:[-_][\w-]+)?)\/|^(templates|starters?)\//i;
// A dot-folder holds the repository's tooling, not its product: CI (`.github/actions/*/src/`, `.circleci/`),
// hooks (`.husky/`), editors (`.vscode/`), `.storybook/` and `.vitepress/` configuration, a package
// manager's release (`.yarn/`). A site's `.well-known/` is served content.
const TOOLING = /(^|\/)\.(?!well-known\/)[\w-][^/]*\//;
const TEST_FILE = /(\.(test|spec|e2e)\.[a-z]+$|_test\.(go|py|rb|exs?)$|(^|\/)(test_[^/]+|tests?)\.py$|_spec\.rb$|(Test|Tests|Spec|IT)\.(java|kt|cs|scala|swift)$)/;
// A Go package named for testing what it helps test (the standard library's `httptest`, `iotest`; SFTPGo's
// `internal/httpdtest`) holds test helpers and their servers; not `latest/` and other words that end so.
const GO_TEST_PACKAGE = /(^|\/)(?!(?:la|con|at|pro|de)test\/)[a-z]{2,}test\/[^/]+\.go$/;
const GENERATED = /((^|\/)migrations\/\d{4}_[^/]+\.py$|(^|\/)db\/migrate\/[^/]+\.rb$|\.pb\.(go|cc|h|ts)$|_pb2(_grpc)?\.py$|_(grpc_)?pb\.(d\.)?[cm]?[jt]s$|\.(generated|gen|g|freezed)\.[a-z]+$|(^|\/)generated\/)/;
const VENDORED = /(^|\/)(third[_-]party|external|vendored)\//i;
/**
 * Browser libraries copied into a web root (`wwwroot/lib/`, LibMan's default; grandnode's
 * `wwwroot/administration/kendo/`, 900 culture files of Kendo UI; `static/admin/js/codemirror/`):
 * below a web root, a `lib/` or `libs/` folder, or one named for a well-known library (with a
 * version, `jquery-ui-1.12.1/`), is someone else's code, as GitHub Linguist's vendor list has it.
 */
const BROWSER_LIBRARIES = [
  "jquery", "jquery-ui", "jqueryui", "jquery-ui-themes", "bootstrap", "popper", "codemirror", "ace", "ace-builds", "monaco-editor",
  "ckeditor", "ckeditor5", "tinymce", "tiny_mce", "summernote", "quill", "kendo", "kendo-ui", "elfinder", "fineuploader", "fine-uploader",
  "dropzone", "font-awesome", "fontawesome", "select2", "datatables", "moment", "chart.js", "chartjs", "leaflet", "highlight.js",
  "highlightjs", "mathjax", "katex", "pdfjs", "pdf.js", "swagger-ui", "lodash", "d3", "videojs", "video.js", "jstree", "sweetalert",
  "sweetalert2", "toastr", "flatpickr", "prism", "mermaid",
];
const WEB_ROOT_LIBRARY = new RegExp(
  String.raw`(^|/)(?:wwwroot|public|static|assets|webroot)/(?:[^/]+/)*?(?:libs?|(?:${BROWSER_LIBRARIES.map((name) => name.replace(/\./g, "\\.")).join("|")})(?:[-.]v?\d[\w.]*)?)/`,
  "i",
);
// A minified bundle kept in the tree (`react-dom-16.production.min.js`, `jquery-3.7.1.min.js`) is a
// library's build, not code anyone edits here.
const MINIFIED = /[.-]min\.[cm]?js$/;

/**
 * Below `src/main/java/` (Kotlin, Scala, Groovy alike) the folders are a package name, not a
 * layout: `com/example/demo` is Spring Initializr's default package and `org/.../samples` a
 * project's own, and neither makes its files examples or fixtures.
 */
const JVM_PACKAGES = /(^|\/)src\/(?:main|test|testFixtures|integrationTest|it)\/(?:java|kotlin|scala|groovy)\//;

// A module a file-system router serves by its name: Next.js's and Remix's `route.ts`, `page.tsx`
// and `layout.tsx` below `app/`, SvelteKit's `+server.ts` and `+page.svelte` below `src/routes/`,
// and any module below Next.js's `pages/api/`.
const ROUTE_MODULE = /^(?:(?:route|page|layout)\.[cm]?[jt]sx?|\+(?:server|page|layout)(?:\.server)?\.[jt]s|\+(?:page|layout)\.svelte)$/;
const ROUTING_ROOT = /(^|\/)(?:app|src\/routes)\//;
const API_PAGES = /(^|\/)pages\/api\//;

/**
 * The part of a path whose folders are a layout. Below a file-system routing root the folders
 * are segments of a URL (`app/api/workflows/[id]/test/route.ts` serves /api/workflows/{id}/test),
 * so a route module keeps the folders above the root and its own name:
 * `apps/web/app/route.ts` for that one, `tests/app/route.ts` for a test's. Below a JVM source
 * root they are a package, and the layout ends at the root (`src/main/java/Foo.java`).
 */
export function layoutOf(path: string): string {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  // Below a JVM source root the folders are a package (JVM_PACKAGES): `org/jeecg/modules/demo/test/controller/` is no test folder.
  const root = JVM_PACKAGES.exec(path) ?? API_PAGES.exec(path) ?? (ROUTE_MODULE.test(name) ? ROUTING_ROOT.exec(path) : null);
  return root ? `${path.slice(0, root.index + root[0].length)}${name}` : path;
}

/** A file's role by the conventions of its path alone. */
export function roleOf(path: string): Role {
  const layout = layoutOf(path);
  const slash = layout.lastIndexOf("/");
  const folderRole = folderRoleOf(slash === -1 ? "" : layout.slice(0, slash + 1));
  if (folderRole === "vendored" || folderRole === "fixture" || folderRole === "test") return folderRole;
  if (TEST_FILE.test(layout) || GO_TEST_PACKAGE.test(layout)) return "test";
  if (folderRole === "example" || folderRole === "tooling") return folderRole;
  if (MINIFIED.test(layout)) return "vendored";
  if (GENERATED.test(layout)) return "generated";
  return "source";
}

// The folder conventions are asked once per folder: a repository has thousands of files in
// hundreds of folders, and the analysis decides every file's role on each run.
const folderRoles = new Map<string, Role | undefined>();

/** The role a folder (with its trailing slash) gives the files below it, if any. */
function folderRoleOf(folder: string): Role | undefined {
  if (folderRoles.has(folder)) return folderRoles.get(folder);
  const packages = JVM_PACKAGES.exec(folder);
  // The folders that are a layout: up to the package root (its `src/test/` still says test).
  const layout = packages ? folder.slice(0, packages.index + packages[0].length) : folder;
  const role = VENDORED.test(layout) || WEB_ROOT_LIBRARY.test(layout) ? "vendored" : FIXTURE.test(layout) ? "fixture" : TEST_FOLDER.test(layout) ? "test" : TOOLING.test(layout) ? "tooling" : EXAMPLE.test(layout) ? "example" : undefined;
  folderRoles.set(folder, role);
  return role;
}

/** The order in which files are kept under the cap: the product first. */
export const ROLE_PRIORITY: Record<Role, number> = { source: 0, generated: 1, test: 2, tooling: 3, example: 4, fixture: 5, vendored: 6 };

/** The roles that make up the product's architecture and its findings. */
export const PRODUCT_ROLES: ReadonlySet<Role> = new Set(["source", "generated"]);

/** Whether a path among `files` is the product's; a path not among them counts as source. */
export function productPaths(files: readonly { path: string; role: Role }[]): (path: string) => boolean {
  const roleOf = new Map(files.map((f) => [f.path, f.role]));
  return (path) => PRODUCT_ROLES.has(roleOf.get(path) ?? "source");
}

/** `analysis.roles` in .tool/config.json: globs per role, the first role listed that matches wins. */
export type RoleRules = Partial<Record<Role, string[]>>;

/**
 * The role of each path: the configured globs, then the path's conventions, with `generated` for
 * the source files whose header says so (`generatedFiles`).
 */
export function roleResolver(rules: RoleRules = {}, generatedFiles: ReadonlySet<string> = new Set(), earlier?: RoleResolver): RoleResolver {
  const matchers = Object.entries(rules).map(([role, globs]) => [role as Role, globMatcher(globs ?? [], { dot: true })] as const);
  const decide = (path: string): PathRole => {
    for (const [role, matches] of matchers) if (matches(path)) return { role, configured: true };
    return { role: roleOf(path), configured: false };
  };
  // The architecture asks for a path's role once per file and twice per edge: decide each once,
  // and once for the scan and the analysis after it (`earlier`, the same rules).
  const decided = earlier?.byPath ?? new Map<string, PathRole>();
  const resolve = (path: string): Role => {
    let found = decided.get(path);
    if (found === undefined) decided.set(path, (found = decide(path)));
    // A generator's header makes product code generated; a test, fixture or vendored file stays what its path says.
    return !found.configured && found.role === "source" && generatedFiles.has(path) ? "generated" : found.role;
  };
  return Object.assign(resolve, { byPath: decided });
}

/** A path's role by the configured globs or its conventions, before any file is read. */
type PathRole = { role: Role; configured: boolean };
/** A path's role, with the decisions by path alone kept for a later resolver of the same rules. */
export type RoleResolver = ((path: string) => Role) & { byPath: Map<string, PathRole> };

// "Code generated by protoc-gen-go. DO NOT EDIT.", "@generated", "<auto-generated>",
// "This file was automatically generated", "THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD", "Generated by Django 4.2" (migrations)...
const GENERATED_HEADER = /@generated\b|\bDO NOT EDIT\b|<auto-?generated|\b(?:auto-?|automatically )generated\b|\bgenerated automatically by\b|\b(?:file|code) (?:was |is )?generated automatically\b|^\W*(?:Code )?generated (?:by|from|with)\b/im;
const COMMENT_LINE = /^\s*(?:\/\/|#|\/\*|\*|<!--|--|;|%)/;

/** Whether the comment lines at the top of a file say a tool wrote it. */
export function generatedHeader(text: string): boolean {
  const head = text.slice(0, 1000).split("\n", 10).filter((line) => COMMENT_LINE.test(line));
  return head.length > 0 && GENERATED_HEADER.test(head.join("\n"));
}
