import { annotated, annotationGuards, handlerName } from "../entry/annotations.ts";
import { namesIn, type Span, stringConstants } from "../entry/args.ts";
import { entryPoint, every, seconds } from "../entry/entry.ts";
import { type QuartzSyntax, quartzJobs } from "../entry/quartz.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const QUARTZ: QuartzSyntax = {
  framework: "quartz",
  cron: /\b(?:cronSchedule|CronTrigger|CronExpression)\s*\(/g,
  interval: /\b(?:withIntervalIn|repeat)(Seconds|Minutes|Hours|Milliseconds|Secondly|Minutely|Hourly)\w*\s*\(\s*(\d+)/g,
  job: /\bnewJob\s*\(\s*([A-Z]\w*)/g,
};
const UNIT = /TimeUnit\s*\.\s*(\w+)/;

/**
 * Scheduled jobs of Java and Kotlin: `@Scheduled` methods (Spring: cron, fixedRate,
 * fixedDelay and their `String` forms, with `timeUnit`; Quarkus `every`; Micronaut's
 * duration strings) and Quartz triggers (`cronSchedule(expr)`, `withIntervalInSeconds(n)`),
 * handled by the job class the file builds with `newJob(X.class)`. Property placeholders
 * (`${jobs.cleanup.cron}`) are kept as written: their value lives in configuration.
 */
export const jobsJvm: Framework = {
  id: "jobs-jvm",
  name: "JVM scheduled jobs",
  languages: ["java", "kotlin"],
  hint: /@Scheduled\b|\bcronSchedule\s*\(|\bwithIntervalIn\w+\s*\(|\brepeat\w*Forever\s*\(|\bCronTrigger\s*\(/,
  scan(source) {
    const constants = stringConstants(source);
    const registrations: Registration[] = [];
    for (const group of annotated(source)) {
      const scheduled = group.annotations.find((a) => a.name === "Scheduled");
      if (!scheduled || group.declaration?.kind !== "function") continue;
      const path = scheduleOf(source, scheduled.args, constants);
      if (!path) continue;
      const framework = /io\.quarkus/.test(source.text)
        ? "quarkus-scheduler"
        : /io\.micronaut/.test(source.text)
        ? "micronaut-scheduling"
        : "spring-scheduling";
      registrations.push(
        entryPoint(source, scheduled.start, {
          framework,
          kind: "job",
          method: "CRON",
          path,
          handler: handlerName(group),
          guards: annotationGuards(group),
        }),
      );
    }
    if (/\bquartz\b/i.test(source.text)) registrations.push(...quartzJobs(source, constants, QUARTZ));
    return registrations;
  },
};

/** The schedule an `@Scheduled` annotation declares: a cron expression, a placeholder, or "every 5s". */
function scheduleOf(source: RouteSource, args: Map<string, Span>, constants: Map<string, string>): string | undefined {
  const text = (key: string) => {
    const span = args.get(key);
    return span ? namesIn(source, span, constants)[0] ?? source.code.slice(span.start, span.end).trim() : undefined;
  };
  const cron = text("cron") ?? text("value") ?? text("0");
  if (cron) return cron;
  const unit =
    UNIT.exec(args.get("timeUnit") ? source.code.slice(args.get("timeUnit")!.start, args.get("timeUnit")!.end) : "")
      ?.[1] ?? "MILLISECONDS";
  for (const key of ["fixedRate", "fixedDelay", "fixedRateString", "fixedDelayString", "every"]) {
    const value = text(key);
    if (!value) continue;
    if (/^\d[\d_]*L?$/.test(value)) return every(seconds(Number(value.replace(/[_L]/g, "")), unit) ?? 0);
    const duration = /^(\d+)\s*(ms|s|m|h|d)$/i.exec(value);
    return duration ? every(seconds(Number(duration[1]), duration[2]!)!) : value;
  }
  return undefined;
}
