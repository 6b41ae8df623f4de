/**
 * The Maven reactor of a repository, as its pom.xml files declare it: the modules the default
 * build makes, and the modules that depend on a module. An aggregator's `<modules>` are built,
 * those of a profile only when the profile is active by default (JeecgBoot builds its
 * `jeecg-server-cloud` services only under `-P SpringCloud`); a pom no aggregator lists is a
 * build of its own. A module depends on another when its `<dependencies>` name the other's
 * artifactId (`<dependencyManagement>` only pins versions), directly or through other modules.
 */
import { innermostFolder, joinPath } from "../../project.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

export type MavenReactor = {
  /** The folder of every module (every pom.xml), "" for the repository's root. */
  modules: readonly string[];
  /** The folder of the module a file is in: the innermost one holding it. */
  moduleOf(file: string): string | undefined;
  /** Whether the module in folder `root` is made by the default build. */
  inDefaultBuild(root: string): boolean;
  /** The folders of the repository's modules that depend on the module in `root`, directly or through others. */
  dependents(root: string): string[];
};

// `modules`: those the default build makes; `profileModules`: those only a profile not active by default adds.
type Pom = { root: string; artifactId?: string; modules: string[]; profileModules: string[]; dependencies: string[] };

const POM = /(?:^|\/)pom\.xml$/;

// Per project: the context paths and the routes served both ask.
const reactors = new WeakMap<Project, MavenReactor | undefined>();

/** The repository's reactor, or undefined when it has no pom.xml. */
export function mavenReactor(project: Project): MavenReactor | undefined {
  if (!reactors.has(project)) reactors.set(project, readReactor(project));
  return reactors.get(project);
}

// What a Maven module builds: its JVM sources and its resources (the configuration management endpoints are read from).
const BUILT = /\.(?:java|kt|scala|groovy)$|(?:^|\/)src\/main\/resources\//;

/**
 * Whether a route is served by the default build: not when its file (a JVM source, or the
 * configuration that exposes a management endpoint) is in a module only a
 * profile off by default builds (JeecgBoot's Spring Cloud services, built with `-P SpringCloud`).
 */
export function mavenDefaultBuildServed(project: Project | undefined): (route: { file: string }) => boolean {
  const reactor = project && mavenReactor(project);
  if (!reactor) return () => true;
  return (route) => {
    if (!BUILT.test(route.file)) return true;
    const module = reactor.moduleOf(route.file);
    return module === undefined || reactor.inDefaultBuild(module);
  };
}

function readReactor(project: Project): MavenReactor | undefined {
  const poms: Pom[] = [];
  for (const path of project.listed) if (POM.test(path)) poms.push(readPom(path.replace(/\/?pom\.xml$/, ""), project.text(path) ?? ""));
  if (!poms.length) return undefined;
  const byRoot = new Map(poms.map((p) => [p.root, p]));
  // The default build: from each pom no aggregator lists (in any profile), down the modules it builds by default.
  const listed = new Set(poms.flatMap((p) => [...p.modules, ...p.profileModules]));
  const built = new Set<string>();
  const build = (root: string) => {
    if (built.has(root) || !byRoot.has(root)) return;
    built.add(root);
    for (const module of byRoot.get(root)!.modules) build(module);
  };
  for (const pom of poms) if (!listed.has(pom.root)) build(pom.root);
  const usedBy = new Map<string, string[]>();
  for (const pom of poms) for (const artifact of pom.dependencies) usedBy.set(artifact, [...(usedBy.get(artifact) ?? []), pom.root]);
  const modules = poms.map((p) => p.root);
  return {
    modules,
    moduleOf: (file) => innermostFolder(modules, file),
    inDefaultBuild: (root) => built.has(root),
    dependents: transitiveUsers((root) => {
      const artifact = byRoot.get(root)?.artifactId;
      return artifact === undefined ? [] : usedBy.get(artifact) ?? [];
    }),
  };
}

/**
 * The modules that depend on a module, directly or through others, from the modules that use
 * each one directly. Asked per library module and per application's rules: each answer worked
 * out once.
 */
export function transitiveUsers(usersOf: (root: string) => readonly string[]): (root: string) => string[] {
  const dependentsOf = new Map<string, string[]>();
  return (root) => {
    const known = dependentsOf.get(root);
    if (known) return known;
    const found = new Set<string>();
    const queue = [root];
    while (queue.length) {
      for (const user of usersOf(queue.shift()!)) {
        if (found.has(user) || user === root) continue;
        found.add(user);
        queue.push(user);
      }
    }
    const list = [...found];
    dependentsOf.set(root, list);
    return list;
  };
}

const ARTIFACT = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/g;

function readPom(root: string, xml: string): Pom {
  const text = xml.replace(/<!--[\s\S]*?-->/g, "");
  // The module's own coordinates come after its parent's.
  const own = text.replace(/<parent>[\s\S]*?<\/parent>/, "");
  const artifactId = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(own.replace(/<(dependencies|dependencyManagement|build|profiles)>[\s\S]*?<\/\1>/g, ""))?.[1];
  // A profile's modules and dependencies count only when it is active by default.
  const profiles = [...own.matchAll(/<profile>([\s\S]*?)<\/profile>/g)].map((m) => m[1]!);
  const byDefault = (profile: string) => /<activeByDefault>\s*true\s*<\/activeByDefault>/.test(profile);
  const active = [own.replace(/<profiles>[\s\S]*?<\/profiles>/g, ""), ...profiles.filter(byDefault)];
  const modulesOf = (parts: string[]) =>
    parts.flatMap((part) => [...part.matchAll(/<module>\s*([^<]+?)\s*<\/module>/g)].map((m) => joinPath(root, m[1]!.replace(/\/pom\.xml$/, "").replace(/\/+$/, "")))).filter((m): m is string => m !== undefined);
  const modules = modulesOf(active);
  const dependencies = active.flatMap((part) =>
    [...part.replace(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/g, "").replace(/<build>[\s\S]*?<\/build>/g, "").matchAll(/<dependencies>([\s\S]*?)<\/dependencies>/g)].flatMap((d) => [...d[1]!.matchAll(ARTIFACT)].map((a) => a[1]!))
  );
  return { root, ...(artifactId ? { artifactId } : {}), modules, profileModules: modulesOf(profiles.filter((p) => !byDefault(p))), dependencies };
}
