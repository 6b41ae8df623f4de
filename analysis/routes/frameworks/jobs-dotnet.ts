import { argumentMap, namesIn, stringConstants } from "../entry/args.ts";
import { entryPoint } from "../entry/entry.ts";
import { type QuartzSyntax, quartzJobs } from "../entry/quartz.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

const HANGFIRE = /\b(?:RecurringJob|\w*[Rr]ecurringJob\w*)\s*\.\s*AddOrUpdate\s*(?:<\s*([\w.]+)\s*>)?\s*\(/g;
const QUARTZ: QuartzSyntax = {
  framework: "quartz.net",
  cron: /\b(?:WithCronSchedule|CronSchedule|CronScheduleNonvalidatedExpression)\s*\(/g,
  interval: /\bWithIntervalIn(Seconds|Minutes|Hours)\s*\(\s*(\d+)/g,
  job: /\b(?:Create|AddJob|ScheduleJob)\s*<\s*([\w.]+)\s*>/g,
};
const CRON_HELPER = /^Cron\s*\.\s*(\w+)\s*(?:\(([^)]*)\))?$/;

/**
 * Scheduled jobs of .NET: Hangfire recurring jobs (`RecurringJob.AddOrUpdate(id, () =>
 * svc.Run(), "0 3 * * *")`, `Cron.Daily()` helpers written as the expression they stand for)
 * and Quartz.NET triggers (`WithCronSchedule(expr)`, `WithIntervalInSeconds(n)`) for the job
 * type the file builds (`JobBuilder.Create<ReportJob>()`, `AddJob<ReportJob>`).
 */
export const jobsDotnet: Framework = {
  id: "jobs-dotnet",
  name: ".NET scheduled jobs",
  languages: ["csharp"],
  hint: /\bAddOrUpdate\b|\bWithCronSchedule\b|\bCronSchedule\b|\bWithIntervalIn\w+\b/,
  scan(source) {
    const constants = stringConstants(source);
    const registrations: Registration[] = [];
    for (const m of source.code.matchAll(HANGFIRE)) {
      const args = [...argumentMap(source, m.index + m[0].length - 1).values()];
      const lambda = args.findIndex((a) => source.code.slice(a.start, a.end).includes("=>"));
      const cronSpan = lambda >= 0 ? args[lambda + 1] : undefined;
      if (!cronSpan) continue;
      const call = /=>\s*(?:await\s+)?([\w.]+)\s*(?:<[^>]*>)?\s*\(/.exec(
        source.code.slice(args[lambda]!.start, args[lambda]!.end),
      )?.[1];
      const handler = call ? (m[1] ? `${m[1]}.${call.split(".").at(-1)}` : call) : "(job)";
      const path = namesIn(source, cronSpan, constants)[0] ??
        cronHelper(source.code.slice(cronSpan.start, cronSpan.end).replace(/\s+/g, ""));
      registrations.push(
        entryPoint(source, m.index, { framework: "hangfire", kind: "job", method: "CRON", path, handler }),
      );
    }
    registrations.push(...quartzJobs(source, constants, QUARTZ));
    return registrations;
  },
};

/** Hangfire's `Cron.Minutely()`, `Cron.Hourly(15)`, `Cron.Daily(3, 30)` as cron expressions; other helpers as written. */
function cronHelper(text: string): string {
  const m = CRON_HELPER.exec(text);
  if (!m) return text;
  const [a = "0", b = "0"] = (m[2] ?? "").split(",").filter(Boolean);
  if (m[1] === "Minutely") return "* * * * *";
  if (m[1] === "Hourly") return `${a} * * * *`;
  if (m[1] === "Daily") return `${b} ${a} * * *`;
  return text;
}
