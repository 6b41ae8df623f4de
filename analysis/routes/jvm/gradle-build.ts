/**
 * The Gradle build of a repository, as its settings.gradle(.kts) and build.gradle(.kts) files
 * declare it: the projects `include` names (`include ':maxkey-protocols:maxkey-protocol-cas'` is
 * the folder maxkey-protocols/maxkey-protocol-cas, below the settings file's), all made by the
 * default build, and the projects each one depends on through `project(":...")`, directly or
 * through others. It answers what the Maven reactor answers (maven-reactor.ts), so that a
 * library module's routes are put under the applications that include it either way.
 */
import { innermostFolder, joinPath } from "../../project.ts";
import { type MavenReactor, mavenReactor, transitiveUsers } from "./maven-reactor.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const SETTINGS = /(?:^|\/)settings\.gradle(?:\.kts)?$/;
const BUILD = /(?:^|\/)build\.gradle(?:\.kts)?$/;
const INCLUDE = /^[ \t]*include\b/gm;
const QUOTED = /["']:?([\w.:-]+)["']/g;
// `implementation project(":a:b")`, `api(project(':a'))`, `compile project(path: ':a')`.
const PROJECT_DEPENDENCY = /\bproject\s*\(\s*(?:path\s*[:=]\s*)?["']:?([\w.:-]+)["']/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

// Per project: the context paths and the routes served per application both ask.
const builds = new WeakMap<Project, MavenReactor | undefined>();

/**
 * The repository's JVM builds: its Maven reactor and its Gradle build together (a Gradle build
 * may hold sample projects built with Maven beside it); undefined when it has neither.
 */
export function jvmBuild(project: Project): MavenReactor | undefined {
  if (!builds.has(project)) builds.set(project, both(mavenReactor(project), gradleBuild(project)));
  return builds.get(project);
}

function both(maven: MavenReactor | undefined, gradle: MavenReactor | undefined): MavenReactor | undefined {
  if (!maven || !gradle) return maven ?? gradle;
  const modules = [...new Set([...maven.modules, ...gradle.modules])];
  return {
    modules,
    moduleOf: (file) => innermostFolder(modules, file),
    inDefaultBuild: (root) => maven.inDefaultBuild(root) || gradle.inDefaultBuild(root),
    dependents: (root) => [...new Set([...maven.dependents(root), ...gradle.dependents(root)])],
  };
}

// Per project: the JVM builds and the application scopes both ask.
const gradleBuilds = new WeakMap<Project, MavenReactor | undefined>();

/** The repository's Gradle build, or undefined when it has no settings.gradle. */
export function gradleBuild(project: Project): MavenReactor | undefined {
  if (!gradleBuilds.has(project)) gradleBuilds.set(project, readGradleBuild(project));
  return gradleBuilds.get(project);
}

function readGradleBuild(project: Project): MavenReactor | undefined {
  const listed = [...project.listed];
  const folderOf = (path: string) => path.replace(/\/?[^/]+$/, "");
  // Each settings file's folder: the root its projects' paths are written from.
  const settingsFiles = listed.filter((p) => SETTINGS.test(p));
  const roots = settingsFiles.map(folderOf);
  const modules = new Set<string>();
  for (const settings of settingsFiles) {
    const base = folderOf(settings);
    modules.add(base);
    for (const name of included(project.text(settings) ?? "")) {
      const folder = joinPath(base, name.replace(/:/g, "/"));
      if (folder !== undefined) modules.add(folder);
    }
  }
  if (!modules.size) return undefined;
  const all = [...modules];
  // Who depends on whom, by the folders `project(":...")` names in each module's build file (relative to the build's root).
  const usedBy = new Map<string, string[]>();
  for (const file of listed.filter((p) => BUILD.test(p))) {
    const module = folderOf(file);
    if (!modules.has(module)) continue;
    const base = innermostFolder(roots, file) ?? "";
    for (const m of (project.text(file) ?? "").replace(COMMENTS, "").matchAll(PROJECT_DEPENDENCY)) {
      const used = joinPath(base, m[1]!.replace(/:/g, "/"));
      if (used !== undefined && used !== module) usedBy.set(used, [...(usedBy.get(used) ?? []), module]);
    }
  }
  return {
    modules: all,
    moduleOf: (file) => innermostFolder(all, file),
    inDefaultBuild: (root) => modules.has(root),
    dependents: transitiveUsers((root) => usedBy.get(root) ?? []),
  };
}

/** The project paths a settings file includes: each `include` statement's quoted names, over as many lines as it runs on. */
function included(text: string): string[] {
  const code = text.replace(COMMENTS, "");
  const names: string[] = [];
  for (const m of code.matchAll(INCLUDE)) {
    let end = m.index + m[0].length;
    // The statement goes on while a line ends with a comma or an open parenthesis is not closed yet.
    for (;;) {
      const eol = code.indexOf("\n", end);
      const line = code.slice(m.index, eol === -1 ? code.length : eol);
      const open = (line.match(/\(/g) ?? []).length > (line.match(/\)/g) ?? []).length;
      if (eol === -1 || !(open || /,\s*$/.test(line))) {
        end = eol === -1 ? code.length : eol;
        break;
      }
      end = eol + 1;
    }
    for (const q of code.slice(m.index, end).matchAll(QUOTED)) names.push(q[1]!);
  }
  return names;
}
