/**
 * A repository holding several Spring Boot applications (Apollo's config service, admin service
 * and portal; the services of a microservice monorepo): the security rules one application
 * declares guard its own routes, not those of the applications beside it. Filled in before
 * linking: each Spring global guard learns the folders of the other applications, the build
 * modules (a folder with pom.xml, build.gradle or build.gradle.kts) whose sources declare a
 * `@SpringBootApplication` or start one (`SpringApplication.run`, a `SpringBootServletInitializer`).
 * Routes of a module that is no application (a shared library) stay under every application's
 * rules, as such a module is served by the applications that include it.
 */
import { innermostFolder } from "../../project.ts";
import type { FileRoutes, Registration } from "../registration.ts";
import { withApplicationScopes } from "../application-scopes.ts";
import { gradleBuild, jvmBuild } from "./gradle-build.ts";
import { mavenReactor } from "./maven-reactor.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const BUILD_FILE = /(?:^|\/)(?:pom\.xml|build\.gradle(?:\.kts)?)$/;
const JVM_SOURCE = /\.(?:java|kt)$/;
// What makes a module a Spring Boot application: the annotation, or an entry point that starts one (a main, a WAR's initializer).
const APPLICATION = /@SpringBootApplication\b|\bSpringApplication\s*\.\s*run\s*\(|\brunApplication\s*<|\bextends\s+SpringBootServletInitializer\b/;

export function withSpringApplicationScopes(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): ReadonlyMap<string, FileRoutes> {
  const guarded = (r: Registration): r is Extract<Registration, { type: "global" }> => r.type === "global" && r.framework === "spring" && !!r.guard;
  if (!project || ![...files.values()].some((f) => f.registrations.some(guarded))) return files;
  const roots = applicationRoots(project);
  const outside = librariesOutside(project, roots);
  const loading = applicationsLoading(project, roots);
  return withApplicationScopes(files, roots, guarded, (r, own, others, file) => {
    const loaders = loading(own, file);
    const notIn = [...others.filter((o) => !loaders.includes(o)), ...outside(own).filter((m) => !loaders.some((a) => a === m || a.startsWith(`${m}/`)))];
    return notIn.length ? { ...r, notIn } : r;
  });
}

/**
 * The other applications that load a configuration of an application's module: those whose build
 * depends on that module and whose component scan reaches the configuration's package (Seata's
 * server, `@SpringBootApplication(scanBasePackages = {"org.apache.seata"})`, depends on its
 * console module, whose `WebSecurityConfig` then guards the server's controllers too). The scan
 * starts at the application class's package, or at the packages it names.
 */
function applicationsLoading(project: Project, roots: readonly string[]): (own: string, file: string) => string[] {
  const reactor = jvmBuild(project);
  if (!reactor || roots.length < 2) return () => [];
  const listed = [...project.listed].filter((f) => JVM_SOURCE.test(f) && /\/src\/main\//.test(`/${f}`));
  const scanned = new Map<string, string[]>();
  const scanOf = (root: string): string[] => {
    const known = scanned.get(root);
    if (known) return known;
    const packages: string[] = [];
    for (const file of listed) {
      if (innermostFolder(roots, file) !== root) continue;
      const code = project.text(file) ?? "";
      if (!/@SpringBootApplication\b/.test(code)) continue;
      const named = [...code.matchAll(SCAN_PACKAGES)].flatMap((m) => [...m[1]!.matchAll(/"([\w.]+)"/g)].map((q) => q[1]!));
      const own = PACKAGE.exec(code)?.[1];
      packages.push(...(named.length ? named : own ? [own] : []));
    }
    scanned.set(root, packages);
    return packages;
  };
  return (own, file) => {
    const pkg = PACKAGE.exec(project.text(file) ?? "")?.[1];
    if (!pkg) return [];
    const users = reactor.dependents(own);
    return roots.filter((a) => a !== own && users.includes(a) && scanOf(a).some((base) => pkg === base || pkg.startsWith(`${base}.`)));
  };
}

const PACKAGE = /^\s*package\s+([\w.]+)/m;
// `@SpringBootApplication(scanBasePackages = {"org.acme"})`, `@ComponentScan(basePackages = "org.acme")`, `@ComponentScan({"a", "b"})`.
const SCAN_PACKAGES = /(?:scanBasePackages\s*=|@ComponentScan\s*\(\s*(?:(?:basePackages|value)\s*=)?)\s*(\{[^}]*\}|"[^"]*")/g;

/**
 * The library modules whose routes an application's rules do not reach, where the pom.xml files
 * tell (pom.xml, build.gradle): those it does not depend on (JeecgBoot's monitor service secures
 * its own routes, not those of the system module beside it), and those of another build of the
 * repository. An application of a profile off by default guards nothing the default build
 * serves. Nothing else when its build file names no module of the repository.
 */
function librariesOutside(project: Project, roots: readonly string[]): (own: string) => string[] {
  const reactor = jvmBuild(project);
  if (!reactor) return () => [];
  const { modules } = reactor;
  const related = (a: string, b: string) => a === b || a === "" || b === "" || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
  // A repository with a Maven reactor and a Gradle build (MaxKey's Gradle build, its sample
  // clients built with Maven): an application of one includes no module of the other.
  const maven = mavenReactor(project);
  const gradle = gradleBuild(project);
  const separate = maven && gradle ? [maven.modules, gradle.modules].map((list) => list.filter((m) => m !== "")) : [];
  const otherBuild = (own: string) => separate.filter((list) => !list.includes(own)).flat();
  // Asked for every global rule an application declares: once per application.
  const byApplication = new Map<string, string[]>();
  const outside = (own: string): string[] => {
    const other = otherBuild(own).filter((m) => !related(m, own));
    if (!reactor.inDefaultBuild(own)) return modules.filter((m) => m !== "" && !related(m, own));
    const needed = modules.filter((m) => reactor.dependents(m).includes(own));
    if (!needed.length) return other;
    return [...new Set([...modules.filter((m) => !roots.includes(m) && !related(m, own) && !needed.some((n) => related(m, n))), ...other])];
  };
  return (own) => byApplication.get(own) ?? byApplication.set(own, outside(own)).get(own)!;
}

/**
 * The application a file of a repository holding several Spring Boot applications is in (the
 * folder of its module), or "" for a file of a shared module or a repository of one application.
 */
export function springApplicationOf(project: Project | undefined): (file: string) => string {
  let roots: string[] | undefined;
  return (file) => {
    roots ??= project ? applicationRoots(project) : [];
    if (roots.length < 2) return "";
    return innermostFolder(roots, file) ?? "";
  };
}


// Per project: the before-linking step, the duplicates and the context paths all ask, and each answer reads every JVM source.
const rootsOf = new WeakMap<Project, string[]>();

/** The folders of the build modules whose sources declare a Spring Boot application ("" for the repository's root). */
export function applicationRoots(project: Project): string[] {
  let found = rootsOf.get(project);
  if (!found) rootsOf.set(project, (found = readApplicationRoots(project)));
  return found;
}

function readApplicationRoots(project: Project): string[] {
  const listed = [...project.listed];
  const modules = listed.filter((f) => BUILD_FILE.test(f)).map((f) => f.replace(/\/?[^/]+$/, ""));
  const roots = new Set<string>();
  for (const file of listed) {
    if (!JVM_SOURCE.test(file) || !/\/src\/main\//.test(`/${file}`)) continue;
    const module = innermostFolder(modules, file);
    if (module === undefined || roots.has(module)) continue;
    if (APPLICATION.test(project.text(file) ?? "")) roots.add(module);
  }
  return [...roots];
}
