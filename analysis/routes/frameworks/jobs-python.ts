import { annotated } from "../entry/annotations.ts";
import { argumentMap, nameOf, type Span, stringConstants } from "../entry/args.ts";
import { entryPoint, every, seconds } from "../entry/entry.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Context = { source: RouteSource; constants: Map<string, string> };

const BEAT = /\b(?:beat_schedule|CELERY_BEAT_SCHEDULE|CELERYBEAT_SCHEDULE)\s*=\s*(?:dict\s*\(|\{)/g;
const PERIODIC = /\.\s*add_periodic_task\s*\(/g;
const ADD_JOB = /\b\w+\s*\.\s*add_job\s*\(/g;
const EVERY =
  /\bschedule\s*\.\s*every\s*\(\s*(\d*)\s*\)\s*\.\s*(\w+)((?:\s*\.\s*(?:at|until|tag)\s*\([^)]*\))*)\s*\.\s*do\s*\(\s*([\w.]+)/g;
const CRONTAB_FIELDS = ["minute", "hour", "day_of_month", "month_of_year", "day_of_week"];
const APSCHEDULER_FIELDS = ["minute", "hour", "day", "month", "day_of_week"];

/**
 * Scheduled jobs of Python: Celery beat (`beat_schedule` entries and `add_periodic_task`,
 * with `crontab(...)` written as a cron expression and seconds or `timedelta` as "every 5m"),
 * APScheduler (`add_job(f, "cron", ...)`, `"interval"`, `@scheduled_job`), Huey
 * `@periodic_task(crontab(...))` and the `schedule` library (`schedule.every(10).minutes.do(job)`).
 */
export const jobsPython: Framework = {
  id: "jobs-python",
  name: "Python scheduled jobs",
  languages: ["python"],
  hint: /beat_schedule|BEAT_SCHEDULE|add_periodic_task|add_job|scheduled_job|periodic_task|\bschedule\s*\.\s*every\b/,
  scan(source) {
    const c: Context = { source, constants: stringConstants(source) };
    const out: Registration[] = [];
    const push = (at: number, framework: string, path: string | undefined, handler: string) => {
      if (path) out.push(entryPoint(source, at, { framework, kind: "job", method: "CRON", path, handler }));
    };
    for (const m of source.code.matchAll(BEAT)) {
      for (const { value, at } of entries(c, m.index + m[0].length - 1)) {
        const fields = new Map(entries(c, value.start).map((e) => [e.key, e.value]));
        push(
          at,
          "celery-beat",
          scheduleOf(c, fields.get("schedule")),
          nameOf(source, fields.get("task"), c.constants) ?? "(task)",
        );
      }
    }
    for (const m of source.code.matchAll(PERIODIC)) {
      const args = argumentMap(source, m.index + m[0].length - 1);
      const task = args.get("sig") ?? args.get("1");
      push(
        m.index,
        "celery-beat",
        scheduleOf(c, args.get("schedule") ?? args.get("0")),
        task ? /^[\w.]+/.exec(source.code.slice(task.start, task.end))![0].replace(/\.s$|\.si$/, "") : "(task)",
      );
    }
    for (const m of source.code.matchAll(ADD_JOB)) {
      const args = argumentMap(source, m.index + m[0].length - 1);
      const func = args.get("func") ?? args.get("0");
      push(
        m.index,
        "apscheduler",
        triggerOf(c, args, "1"),
        func ? source.code.slice(func.start, func.end).trim() : "(job)",
      );
    }
    for (const group of annotated(source)) {
      const decorator = group.annotations.find((a) =>
        a.name === "scheduled_job" || a.name === "periodic_task" || a.name === "db_periodic_task"
      );
      if (!decorator || group.declaration?.kind !== "function") continue;
      const path = decorator.name === "scheduled_job"
        ? triggerOf(c, decorator.args, "0")
        : scheduleOf(c, decorator.args.get("0") ?? decorator.args.get("validate_datetime"));
      push(decorator.start, decorator.name === "scheduled_job" ? "apscheduler" : "huey", path, group.declaration.name);
    }
    if (/^[ \t]*import\s+schedule\b/m.test(source.code)) {
      for (const m of source.code.matchAll(EVERY)) {
        const n = Number(m[1] || 1);
        const at = m[3] ? source.stringAfter(m.index + m[0].indexOf(m[3]))?.value : undefined;
        const interval = seconds(n, m[2]!);
        push(
          m.index,
          "schedule",
          interval === undefined ? `every ${m[2]}` : every(interval) + (at ? ` at ${at}` : ""),
          m[4]!,
        );
      }
    }
    return out;
  },
};

/** The entries of the dict literal (or `dict(...)` call) whose opening bracket is at `open`. */
function entries(c: Context, open: number): { key: string | undefined; value: Span; at: number }[] {
  const { code } = c.source;
  if (code[open] !== "{" && code[open] !== "(") return [];
  return callArguments(code, open).args.flatMap((arg) => {
    const text = code.slice(arg.start, arg.end);
    const quoted = c.source.stringAt(arg.start);
    const named = /^([A-Za-z_]\w*)\s*=\s*/.exec(text);
    if (quoted) {
      const colon = /^\s*:\s*/.exec(code.slice(quoted.end, arg.end));
      return colon
        ? [{ key: quoted.value, value: { start: quoted.end + colon[0].length, end: arg.end }, at: arg.start }]
        : [];
    }
    return named ? [{ key: named[1], value: { start: arg.start + named[0].length, end: arg.end }, at: arg.start }] : [];
  });
}

/** A Celery or Huey schedule: `crontab(...)` as a cron expression, seconds and `timedelta` as "every ...". */
function scheduleOf(c: Context, span: Span | undefined): string | undefined {
  if (!span) return undefined;
  const text = c.source.code.slice(span.start, span.end).trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return every(Number(text));
  const call = /^([\w.]+)\s*\(/.exec(text);
  if (!call) return nameOf(c.source, span, c.constants);
  const args = argumentMap(c.source, span.start + call[0].length - 1);
  const name = call[1]!.split(".").at(-1)!;
  if (name === "crontab") return cron(c, args, CRONTAB_FIELDS, true, () => "*");
  if (name === "timedelta") {
    const parts = [...args].map(([unit, value]) => seconds(Number(c.source.code.slice(value.start, value.end)), unit));
    // `timedelta(seconds=INTERVAL)`: the interval is configured; keep the expression.
    return parts.every((p) => p !== undefined && !Number.isNaN(p))
      ? every(parts.reduce((a, b) => a! + b!, 0)!)
      : text.replace(/\s+/g, " ");
  }
  if (name === "schedule") return scheduleOf(c, args.get("run_every") ?? args.get("0"));
  return text.replace(/\s+/g, " ");
}

/** An APScheduler trigger: "cron" with fields, "interval" with a duration, or a `CronTrigger.from_crontab(expr)`. */
function triggerOf(c: Context, args: Map<string, Span>, position: string): string | undefined {
  const trigger = args.get("trigger") ?? args.get(position);
  if (!trigger) return undefined;
  const kind = nameOf(c.source, trigger, c.constants);
  if (kind === "cron") {
    // APScheduler: fields below the least significant one given take their minimum, those above `*`.
    const order = ["second", "minute", "hour", "day", "month"];
    const least = order.findIndex((f) => args.has(f));
    const fallback = (
      field: string,
    ) => (least > 0 && order.indexOf(field) >= 0 && order.indexOf(field) < least
      ? (field === "day" || field === "month" ? "1" : "0")
      : "*");
    return cron(c, args, APSCHEDULER_FIELDS, false, fallback, args.has("second") ? "second" : undefined);
  }
  if (kind === "interval") {
    return every(
      ["weeks", "days", "hours", "minutes", "seconds"].reduce(
        (sum, unit) =>
          sum +
          (args.has(unit)
            ? seconds(Number(c.source.code.slice(args.get(unit)!.start, args.get(unit)!.end)), unit) ?? 0
            : 0),
        0,
      ),
    );
  }
  const crontab = /from_crontab\s*\(/.exec(c.source.code.slice(trigger.start, trigger.end));
  return crontab
    ? nameOf(
      c.source,
      argumentMap(c.source, trigger.start + crontab.index + crontab[0].length - 1).get("0"),
      c.constants,
    )
    : kind;
}

/** A cron expression from keyword fields (and, for `crontab`, positional ones); `fallback` fills those not given. */
function cron(
  c: Context,
  args: Map<string, Span>,
  fields: readonly string[],
  positional: boolean,
  fallback: (field: string) => string,
  first?: string,
): string {
  const value = (key: string) => {
    const span = args.get(key)!;
    return c.source.stringAt(span.start)?.value ?? c.source.code.slice(span.start, span.end).trim();
  };
  const values = fields.map((
    field,
    i,
  ) => (args.has(field) ? value(field) : positional && args.has(String(i)) ? value(String(i)) : fallback(field)));
  return [...(first ? [value(first)] : []), ...values].join(" ");
}
