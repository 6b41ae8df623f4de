/**
 * A JVM controller that exists only under a configuration: Micronaut's
 * `@Requires(property = "kestra.repository.type", value = "elasticsearch")` and Spring Boot's
 * `@ConditionalOnProperty(name = "app.feature.enabled", havingValue = "true")` on its class. Its
 * routes are served when the module's `application.properties`/`.yml` meets the condition (a
 * placeholder's default counts); a module without such a file reads the repository's, whose
 * application module may be another than the controller's. A property set nowhere is missing:
 * Micronaut then leaves the bean out, and Spring does unless `matchIfMissing = true`. A
 * condition on a stereotype of the app's that marks the class (tolgee's `@InternalController`,
 * an annotation class annotated `@ConditionalOnProperty(value = ["tolgee.internal.controller-enabled"], ...)`) is the class's too.
 */
import type { ContractProject } from "../contracts/mod.ts";
import { appConfigs, appOf } from "../app-configs.ts";
import type { LinkedRoute } from "../link.ts";
import { callArguments } from "../source.ts";
import { APPLICATION_CONFIG, placeholderDefault, settingsOf } from "./context-path.ts";

type Project = Pick<ContractProject, "listed" | "has" | "text">;
type Condition = { property: string; value?: string; notEquals?: string; matchIfMissing: boolean; spring: boolean };

const ANNOTATION = /@(Requires|ConditionalOnProperty)\s*\(/g;
const CLASS = /\b(?:class|interface|object)\s+\w+/;

export function conditionalControllersServed(project: Project | undefined): (route: LinkedRoute) => boolean {
  if (!project) return () => true;
  let configs: ReturnType<typeof appConfigs<Map<string, string>>> | undefined;
  const conditions = new Map<string, Condition[]>();
  const met = (condition: Condition, file: string): boolean => {
    configs ??= appConfigs(project, APPLICATION_CONFIG, settingsOf);
    const own = appOf(configs, file);
    const raw = own ? own.get(condition.property) : configs.map((c) => c.value.get(condition.property)).find((v) => v !== undefined);
    const value = raw === undefined ? undefined : placeholderDefault(raw);
    if (value === undefined || value.startsWith("${")) return condition.matchIfMissing;
    if (condition.notEquals !== undefined) return value !== condition.notEquals;
    if (condition.value !== undefined) return condition.spring ? value.toLowerCase() === condition.value.toLowerCase() : value === condition.value;
    return condition.spring ? value.toLowerCase() !== "false" : true;
  };
  let stereotypes: Map<string, string> | undefined;
  const stereotypeConditions = (text: string): Condition[] => {
    stereotypes ??= annotationTypes(project);
    const head = text.slice(0, CLASS.exec(text)?.index ?? 0);
    return [...head.matchAll(/@([A-Z]\w*)/g)].flatMap((m) => {
      const declared = stereotypes!.get(m[1]!);
      return declared === undefined ? [] : classConditions(project.text(declared) ?? "");
    });
  };
  const conditionsOf = (file: string): Condition[] => {
    let found = conditions.get(file);
    if (!found) {
      const text = project.text(file) ?? "";
      conditions.set(file, (found = [...classConditions(text), ...stereotypeConditions(text)]));
    }
    return found;
  };
  // The route's own class, and the classes it is served through (a conditional controller extending the base declaring it).
  return (route) => {
    if (route.framework !== "micronaut" && route.framework !== "spring") return true;
    return [route.file, ...(route.through ?? [])].every((file) => conditionsOf(file).every((c) => met(c, file)));
  };
}

// `public @interface AdminController`, `annotation class InternalController`.
const ANNOTATION_TYPE = /(?:@interface|\bannotation\s+class)\s+([A-Z]\w*)/g;

/** The files declaring the app's annotation types, by name. */
function annotationTypes(project: Project): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of project.listed) {
    if (!/\.(?:java|kt)$/.test(path)) continue;
    const text = project.text(path) ?? "";
    if (!text.includes("@interface") && !text.includes("annotation class")) continue;
    for (const m of text.matchAll(ANNOTATION_TYPE)) if (!found.has(m[1]!)) found.set(m[1]!, path);
  }
  return found;
}

/** The property conditions on a file's first class. */
function classConditions(text: string): Condition[] {
  const head = text.slice(0, CLASS.exec(text)?.index ?? 0);
  const found: Condition[] = [];
  for (const m of head.matchAll(ANNOTATION)) {
    const open = m.index + m[0].length - 1;
    const args = head.slice(open + 1, callArguments(head, open).end - 1);
    // A value written alone, or as an array's one element (Kotlin's `value = ["x"]`, Java's `name = {"x"}`).
    const named = (key: string) => new RegExp(String.raw`\b${key}\s*=\s*[[{]?\s*"([^"]*)"`).exec(args)?.[1];
    if (m[1] === "Requires") {
      const property = named("property");
      if (property) found.push({ property, value: named("value"), notEquals: named("notEquals"), matchIfMissing: false, spring: false });
    } else {
      const prefix = named("prefix");
      // Every property an array names must hold (`name = {"conductor.integrations.ai.enabled", "agentspan.skills.enabled"}`).
      const listed = (key: string) => {
        const written = new RegExp(String.raw`\b${key}\s*=\s*([[{][^\]}]*[\]}]|"[^"]*")`).exec(args)?.[1];
        return written ? [...written.matchAll(/"([^"]*)"/g)].map((n) => n[1]!) : [];
      };
      const names = [listed("name"), listed("value")].find((l) => l.length) ?? [/^\s*"([^"]*)"/.exec(args)?.[1]].filter((n) => n !== undefined);
      for (const name of names) found.push({ property: prefix ? `${prefix}.${name}` : name, value: named("havingValue"), matchIfMissing: /\bmatchIfMissing\s*=\s*true\b/.test(args), spring: true });
    }
  }
  return found;
}
