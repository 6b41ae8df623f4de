import { annotated, annotationGuards } from "../entry/annotations.ts";
import { argumentMap, nameOf, type Span, stringConstants } from "../entry/args.ts";
import { entryPoint } from "../entry/entry.ts";
import { enclosingFunction } from "../entry/scopes.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

type Context = { source: RouteSource; constants: Map<string, string>; out: Registration[] };
type Reader = {
  framework: string;
  uses: RegExp;
  call: RegExp;
  read(c: Context, args: Map<string, Span>, at: number, owner: string): (string | undefined)[];
};

const IMPORTS = (modules: string) => new RegExp(`^[ \\t]*(?:from|import)\\s+(?:${modules})\\b`, "m");
const queueOfUrl = (
  url: string | undefined,
) => (url && /^https?:\/\//.test(url) ? url.split("/").filter(Boolean).at(-1) : url);
/** The keys of a dict literal: `{"orders": ">"}` consumes the stream orders. */
const dictKeys = (c: Context, span: Span | undefined) =>
  span && c.source.code[span.start] === "{"
    ? [...c.source.code.slice(span.start, span.end).matchAll(/["']\s*:/g)].map((m) =>
      c.source.strings.findLast((s) => s.end <= span.start + m.index + 1)?.value
    )
    : [];

const READERS: Reader[] = [
  {
    framework: "kafka-python",
    uses: IMPORTS("kafka|aiokafka"),
    call: /\b(KafkaConsumer|AIOKafkaConsumer)\s*\(/g,
    read: (c, args) =>
      [...args].filter(([k]) => /^\d+$/.test(k)).map(([, span]) => nameOf(c.source, span, c.constants)),
  },
  {
    framework: "confluent-kafka",
    uses: IMPORTS("confluent_kafka|kafka|aiokafka"),
    call: /\b(\w+)\s*\.\s*subscribe\s*\(/g,
    read(c, args) {
      const topics = args.get("topics") ?? args.get("0");
      return topics && c.source.code[topics.start] === "["
        ? [...argumentMap(c.source, topics.start).values()].map((t) => nameOf(c.source, t, c.constants))
        : [];
    },
  },
  {
    framework: "pika",
    uses: IMPORTS("pika"),
    call: /\b(\w+)\s*\.\s*basic_consume\s*\(/g,
    // `basic_consume(queue="q", on_message_callback=cb)`, or pika 0.x's `basic_consume(cb, queue="q")`.
    read: (c, args) => [nameOf(c.source, args.get("queue") ?? literal(c.source, args.get("0")), c.constants)],
  },
  {
    framework: "nats",
    uses: IMPORTS("nats"),
    call: /\b(\w+)\s*\.\s*subscribe\s*\(/g,
    read: (c, args) => [nameOf(c.source, args.get("subject") ?? args.get("0"), c.constants)],
  },
  {
    framework: "boto3-sqs",
    uses: IMPORTS("boto3|aioboto3"),
    call: /\b(\w+)\s*\.\s*receive_message\s*\(/g,
    read: (c, args) => [queueOfUrl(nameOf(c.source, args.get("QueueUrl"), c.constants))],
  },
  {
    framework: "redis-streams",
    uses: IMPORTS("redis|aioredis"),
    call: /\b(\w+)\s*\.\s*(?:xreadgroup|xread)\s*\(/g,
    read: (c, args) =>
      dictKeys(c, args.get("streams") ?? [...args.values()].find((s) => c.source.code[s.start] === "{")),
  },
];

/**
 * Message consumers of Python: Celery tasks (`@app.task`, `@shared_task`, named by `name=` or,
 * as Celery names them, by module and function), Dramatiq actors, Kafka consumers
 * (kafka-python, aiokafka, confluent-kafka), pika `basic_consume`, NATS subscriptions, boto3
 * SQS `receive_message` and Redis streams. Each library is read only where it is imported.
 */
export const consumersPython: Framework = {
  id: "consumers-python",
  name: "Python message consumers",
  languages: ["python"],
  hint: /\b(?:task|actor|kafka|KafkaConsumer|basic_consume|subscribe|receive_message|xreadgroup|xread)\b/,
  scan(source) {
    const c: Context = { source, constants: stringConstants(source), out: [] };
    for (const group of annotated(source)) {
      const task = group.annotations.find((a) =>
        a.qualified === "shared_task" || /\.task$/.test(a.qualified) || /^dramatiq\.actor$|^actor$/.test(a.qualified)
      );
      if (!task || group.declaration?.kind !== "function") continue;
      const framework = /actor$/.test(task.qualified) ? "dramatiq" : "celery";
      const explicit = nameOf(source, task.args.get(framework === "celery" ? "name" : "actor_name"), c.constants);
      const name = explicit ??
        (framework === "celery" ? `${moduleOf(source.path)}.${group.declaration.name}` : group.declaration.name);
      c.out.push(
        entryPoint(source, task.start, {
          framework,
          kind: "consumer",
          method: "CONSUME",
          path: name,
          handler: group.declaration.name,
          guards: annotationGuards(group),
        }),
      );
    }
    for (const reader of READERS) {
      if (!reader.uses.test(source.code)) continue;
      for (const m of source.code.matchAll(reader.call)) {
        const args = argumentMap(source, m.index + m[0].length - 1);
        const handler = enclosingFunction(source, m.index) ?? "(module)";
        for (const path of reader.read(c, args, m.index, m[1] ?? "")) {
          if (path) {
            c.out.push(
              entryPoint(source, m.index, {
                framework: reader.framework,
                kind: "consumer",
                method: "CONSUME",
                path,
                handler,
              }),
            );
          }
        }
      }
    }
    return c.out;
  },
};

/** The span when it is a string literal. */
const literal = (
  source: RouteSource,
  span: Span | undefined,
) => (span && /["']/.test(source.code[span.start]!) ? span : undefined);

/** The dotted module a Python file is imported as: `proj/tasks.py` is `proj.tasks`; a `src/` layout folder is not part of it. */
function moduleOf(path: string): string {
  return path.replace(/^src\//, "").replace(/\.py$/, "").replace(/\/__init__$/, "").replace(/\//g, ".");
}
