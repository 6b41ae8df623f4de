import { entryPoint, every } from "../entry/entry.ts";
import { decoratorGuards, jsHandler, jsName, jsProperty } from "../entry/js.ts";
import type { Framework } from "../framework.ts";
import { decorated } from "../js/decorators.ts";
import { type FunctionScope, functionScopes } from "../js/functions.ts";
import type { Span } from "../js/objects.ts";
import { jsConstants, jsValue } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Context = { source: RouteSource; constants: Map<string, string>; scopes: readonly FunctionScope[]; out: Registration[] };
type Reader = {
  framework: string;
  uses: RegExp;
  call: RegExp;
  read(c: Context, args: Span[], at: number): { schedule?: string; handler: string } | undefined;
};

/** A schedule value: a cron expression or constant as written, a number of milliseconds as "every Ns". */
const schedule = (c: Context, span: Span | undefined): string | undefined => {
  const text = span ? c.source.code.slice(span.start, span.end).trim() : "";
  if (/^\d[\d_]*$/.test(text)) return every(Number(text.replace(/_/g, "")) / 1000);
  const value = span ? jsValue(c.source, span.start, span.end, c.constants) : undefined;
  return value ?? (/^[A-Za-z_$][\w$.]*$/.test(text) ? text : undefined);
};
/** Bull's `repeat: { pattern | cron | every }` options. */
const repeat = (c: Context, span: Span | undefined) => {
  const options = jsProperty(c.source, span, "repeat") ?? span;
  return schedule(
    c,
    jsProperty(c.source, options, "pattern") ?? jsProperty(c.source, options, "cron") ??
      jsProperty(c.source, options, "every"),
  );
};

const READERS: Reader[] = [
  {
    framework: "node-cron",
    uses: /["']node-cron["']/,
    call: /\b[\w$]+\s*\.\s*schedule\s*\(/g,
    read: (c, args, at) => ({ schedule: schedule(c, args[0]), handler: jsHandler(c.source, args[1], c.scopes, at) }),
  },
  {
    framework: "node-schedule",
    uses: /["']node-schedule["']/,
    call: /\b[\w$]+\s*\.\s*scheduleJob\s*\(/g,
    read: (c, args, at) => {
      const [rule, fn] = args.length > 2 ? [args[1], args[2]] : [args[0], args[1]];
      return { schedule: schedule(c, rule) ?? "(rule)", handler: jsHandler(c.source, fn, c.scopes, at) };
    },
  },
  {
    framework: "cron",
    uses: /["']cron["']/,
    call: /\bnew\s+CronJob\s*\(|\bCronJob\s*\.\s*from\s*\(/g,
    read: (c, args, at) => {
      const options = c.source.code[args[0]?.start ?? 0] === "{" ? args[0] : undefined;
      return options
        ? {
          schedule: schedule(c, jsProperty(c.source, options, "cronTime")),
          handler: jsHandler(c.source, jsProperty(c.source, options, "onTick"), c.scopes, at, "onTick"),
        }
        : { schedule: schedule(c, args[0]), handler: jsHandler(c.source, args[1], c.scopes, at) };
    },
  },
  {
    framework: "agenda",
    uses: /["'](?:agenda|@hokify\/agenda)["']/,
    call: /\b[\w$]+\s*\.\s*every\s*\(/g,
    read: (c, args) => {
      const interval = schedule(c, args[0]);
      return {
        schedule: interval && !/^every /.test(interval) ? `every ${interval}` : interval,
        handler: jsName(c.source, args[1], c.constants) ?? "(job)",
      };
    },
  },
  {
    framework: "bullmq",
    uses: /["'](?:bullmq|bull)["']/,
    call: /\b[\w$]+\s*\.\s*(?:add|upsertJobScheduler)\s*\(/g,
    read: (c, args) => {
      const options = args.find((a) =>
        jsProperty(c.source, a, "repeat") || jsProperty(c.source, a, "pattern") || jsProperty(c.source, a, "every")
      );
      return options
        ? { schedule: repeat(c, options), handler: jsName(c.source, args[0], c.constants) ?? "(job)" }
        : undefined;
    },
  },
];

/**
 * Scheduled jobs of JS/TS: node-cron `cron.schedule(expr, fn)`, node-schedule `scheduleJob`,
 * the cron package's `new CronJob(expr, onTick)`, Agenda `every(interval, job)`, Bull and
 * BullMQ repeatable jobs, and NestJS `@Cron(expr)` and `@Interval(ms)` methods. The path is
 * the cron expression as written (`CronExpression.EVERY_HOUR` stays symbolic) or "every 5m".
 */
export const jobsJs: Framework = {
  id: "jobs-js",
  name: "JS scheduled jobs",
  languages: ["javascript", "typescript"],
  hint: /["'](?:node-cron|node-schedule|cron|agenda|@hokify\/agenda|bullmq|bull)["']|@(?:Cron|Interval)\s*\(/,
  scan(source) {
    const c: Context = { source, constants: jsConstants(source), scopes: functionScopes(source), out: [] };
    for (const reader of READERS) {
      if (!reader.uses.test(source.text)) continue;
      for (const m of source.code.matchAll(reader.call)) {
        const found = reader.read(c, callArguments(source.code, m.index + m[0].length - 1).args, m.index);
        if (found?.schedule) {
          c.out.push(
            entryPoint(source, m.index, {
              framework: reader.framework,
              kind: "job",
              method: "CRON",
              path: found.schedule,
              handler: found.handler,
            }),
          );
        }
      }
    }
    for (const target of decorated(source)) {
      for (const method of target.members ?? []) {
        for (const d of method.decorators) {
          if (d.name !== "Cron" && d.name !== "Interval") continue;
          const value = d.name === "Interval" ? d.args.at(-1) : d.args[0];
          const path = schedule(c, value);
          if (!path) continue;
          const guards = decoratorGuards(source, [...target.decorators, ...method.decorators]);
          c.out.push(
            entryPoint(source, d.start, {
              framework: "nestjs-schedule",
              kind: "job",
              method: "CRON",
              path,
              handler: `${target.name}.${method.name}`,
              guards,
            }),
          );
        }
      }
    }
    return c.out;
  },
};
