import { entryPoint } from "../entry/entry.ts";
import { decoratorGuards, jsName, jsProperty } from "../entry/js.ts";
import type { Framework } from "../framework.ts";
import { type Decorated, decorated, type Decorator } from "../js/decorators.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { jsConstants } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

/** Method decorators that consume messages, and the library each belongs to. */
const METHOD_DECORATORS: Record<string, string> = {
  EventPattern: "nestjs-microservices",
  MessagePattern: "nestjs-microservices",
  RabbitSubscribe: "golevelup-rabbitmq",
  SqsMessageHandler: "nestjs-sqs",
};

/**
 * Message consumers of NestJS: `@EventPattern`/`@MessagePattern` handlers (Kafka topics, NATS
 * subjects, RabbitMQ patterns, `{ cmd: "sum" }` written `cmd=sum`), `@RabbitSubscribe({ queue })`,
 * `@SqsMessageHandler(queue)`, and queue processors: a `@Processor(queue)` class with
 * `@Process(job)` methods (Bull) or a `process()` method (BullMQ's WorkerHost).
 */
export const consumersNest: Framework = {
  id: "consumers-nest",
  name: "NestJS message consumers",
  languages: ["typescript", "javascript"],
  hint: /@(?:EventPattern|MessagePattern|RabbitSubscribe|SqsMessageHandler|Processor)\b/,
  scan(source) {
    const constants = jsConstants(source);
    const registrations: Registration[] = [];
    for (const target of decorated(source)) {
      const processor = target.decorators.find((d) => d.name === "Processor");
      const classGuards = decoratorGuards(source, target.decorators);
      if (processor) registrations.push(...processorEntries(source, target, processor, constants));
      for (const method of target.members ?? []) {
        for (const d of method.decorators) {
          const framework = METHOD_DECORATORS[d.name];
          if (!framework) continue;
          const path = d.name === "RabbitSubscribe"
            ? jsName(
              source,
              jsProperty(source, d.args[0], "queue") ?? jsProperty(source, d.args[0], "routingKey"),
              constants,
            )
            : pattern(source, d.args[0], constants);
          registrations.push(entryPoint(source, d.start, {
            framework,
            kind: "consumer",
            method: "CONSUME",
            path: path ?? "(unnamed)",
            handler: `${target.name}.${method.name}`,
            guards: [...classGuards, ...decoratorGuards(source, method.decorators)],
          }));
        }
      }
    }
    return registrations;
  },
};

/** A `@Processor` class: one entry per `@Process(job)` method, or its `process` method. */
function processorEntries(
  source: RouteSource,
  target: Decorated,
  processor: Decorator,
  constants: Map<string, string>,
): Registration[] {
  const queue = jsName(source, jsProperty(source, processor.args[0], "name") ?? processor.args[0], constants) ??
    "(unnamed)";
  const framework = /["']bullmq["']|@nestjs\/bullmq/.test(source.text) ? "bullmq" : "bull";
  const processes = (target.members ?? []).flatMap((m) =>
    m.decorators.filter((d) => d.name === "Process").map((d) => ({ method: m.name, d }))
  );
  if (processes.length > 0) {
    return processes.map(({ method, d }) => {
      const job = jsName(
        source,
        jsProperty(source, d.args[0], "name") ?? (source.code[d.args[0]?.start ?? 0] === "{" ? undefined : d.args[0]),
        constants,
      );
      return entryPoint(source, d.start, {
        framework,
        kind: "consumer",
        method: "CONSUME",
        path: job ? `${queue}:${job}` : queue,
        handler: `${target.name}.${method}`,
      });
    });
  }
  const method = /\basync\s+process\s*\(|^[ \t]*process\s*\(/m.test(source.code) ? "process" : undefined;
  return [
    entryPoint(source, processor.start, {
      framework,
      kind: "consumer",
      method: "CONSUME",
      path: queue,
      handler: method ? `${target.name}.${method}` : target.name,
    }),
  ];
}

/** A message pattern: a string, a constant, or an object written `key=value`. */
function pattern(source: RouteSource, span: Span | undefined, constants: Map<string, string>): string | undefined {
  if (!span) return undefined;
  if (source.code[span.start] !== "{") return jsName(source, span, constants);
  return [...objectProperties(source, span.start)].map(([key, value]) =>
    `${key}=${jsName(source, value, constants) ?? "?"}`
  ).join(",");
}
