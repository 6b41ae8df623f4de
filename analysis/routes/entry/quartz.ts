import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { argumentMap, namesIn } from "./args.ts";
import { entryPoint, every, seconds } from "./entry.ts";

/** How one language writes Quartz: its cron and interval triggers, and the job a file builds. */
export type QuartzSyntax = {
  framework: string;
  /** A cron trigger up to its `(`; the first argument is the expression. */
  cron: RegExp;
  /** An interval trigger: group 1 the unit (`Seconds`, `Minutely`, ...), group 2 the count. */
  interval: RegExp;
  /** Where the file builds a job: group 1 its type. */
  job: RegExp;
};

/** Quartz's repeat helpers name their unit as an adverb (`repeatMinutelyForever`). */
const ADVERB_UNITS: Record<string, string> = { Secondly: "s", Minutely: "m", Hourly: "h" };

/**
 * The jobs Quartz (Java, Kotlin) and Quartz.NET (C#) schedule in a file: each cron or interval
 * trigger, handled by the job the file built last before it (or its first, when none comes
 * before). The two differ only in how they are written.
 */
export function quartzJobs(source: RouteSource, constants: Map<string, string>, syntax: QuartzSyntax): Registration[] {
  const registrations: Registration[] = [];
  const jobs = [...source.code.matchAll(syntax.job)];
  const jobAt = (offset: number) => (jobs.findLast((j) => j.index < offset) ?? jobs[0])?.[1] ?? "(trigger)";
  const job = (offset: number, path: string) =>
    entryPoint(source, offset, { framework: syntax.framework, kind: "job", method: "CRON", path, handler: jobAt(offset) });
  for (const m of source.code.matchAll(syntax.cron)) {
    const path = namesIn(source, argumentMap(source, m.index + m[0].length - 1).get("0"), constants)[0];
    if (path) registrations.push(job(m.index, path));
  }
  for (const m of source.code.matchAll(syntax.interval)) {
    const value = seconds(Number(m[2]), ADVERB_UNITS[m[1]!] ?? m[1]!);
    if (value !== undefined) registrations.push(job(m.index, every(value)));
  }
  return registrations;
}
