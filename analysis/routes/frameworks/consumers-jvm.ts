import { type Annotated, annotated, type Annotation, annotationGuards, handlerName } from "../entry/annotations.ts";
import { namesIn, stringConstants } from "../entry/args.ts";
import { entryPoint } from "../entry/entry.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

/** Each listener annotation: the library it belongs to and the arguments that name what it consumes, in order of preference. */
const LISTENERS: Record<string, { framework: string; names: string[] }> = {
  KafkaListener: { framework: "spring-kafka", names: ["topics", "value", "0", "topicPattern", "topicPartitions"] },
  RabbitListener: { framework: "spring-amqp", names: ["queues", "value", "0", "queuesToDeclare", "bindings"] },
  RabbitHandler: { framework: "spring-amqp", names: [] },
  JmsListener: { framework: "spring-jms", names: ["destination", "value", "0"] },
  SqsListener: { framework: "spring-cloud-aws", names: ["value", "queueNames", "0"] },
  StreamListener: { framework: "spring-cloud-stream", names: ["value", "target", "0"] },
  Incoming: { framework: "smallrye-reactive-messaging", names: ["value", "0"] },
  Topic: { framework: "micronaut-kafka", names: ["value", "patterns", "0"] },
  Queue: { framework: "micronaut-rabbitmq", names: ["value", "0"] },
  NatsListener: { framework: "nats", names: ["subject", "value", "0"] },
  PulsarListener: { framework: "spring-pulsar", names: ["topics", "value", "0", "topicPattern"] },
};
// Class-level listeners whose methods carry the handlers (`@KafkaListener` class with `@KafkaHandler` methods).
const CLASS_HANDLERS = new Set(["KafkaHandler", "RabbitHandler"]);

/**
 * Message consumers of Java and Kotlin: Spring `@KafkaListener`, `@RabbitListener`,
 * `@JmsListener`, `@SqsListener`, `@StreamListener`; MicroProfile `@Incoming`; Micronaut
 * `@KafkaListener` classes with `@Topic` methods and `@RabbitListener` with `@Queue`.
 * Names are topics, queues or destinations; `${property}` placeholders are kept as written.
 */
export const consumersJvm: Framework = {
  id: "consumers-jvm",
  name: "JVM message listeners",
  languages: ["java", "kotlin"],
  hint:
    /@(?:KafkaListener|RabbitListener|JmsListener|SqsListener|StreamListener|Incoming|NatsListener|PulsarListener)\b/,
  scan(source) {
    const constants = stringConstants(source);
    const groups = annotated(source);
    const registrations: Registration[] = [];
    for (const group of groups) {
      if (group.declaration?.kind !== "function") continue;
      const own = group.annotations.find((a) =>
        LISTENERS[a.name] && !CLASS_HANDLERS.has(a.name) &&
        (a.name !== "Topic" && a.name !== "Queue" || classListener(groups, group.class))
      );
      const used = own ??
        (group.annotations.some((a) => CLASS_HANDLERS.has(a.name)) ? classListener(groups, group.class) : undefined);
      if (!used) continue;
      const spec = LISTENERS[used.name]!;
      const names = namesOf(source, used, spec.names, constants);
      for (const name of names.length ? names : ["(unnamed)"]) {
        registrations.push(entryPoint(source, own ? own.start : group.annotations[0]!.start, {
          framework: spec.framework,
          kind: "consumer",
          method: "CONSUME",
          path: name,
          handler: handlerName(group),
          guards: annotationGuards(group),
        }));
      }
    }
    return registrations;
  },
};

/** The names the first argument that gives any gives; for nested `@Queue("q")` bindings, the queue names. */
function namesOf(
  source: RouteSource,
  annotation: Annotation,
  keys: readonly string[],
  constants: Map<string, string>,
): string[] {
  for (const key of keys) {
    const span = annotation.args.get(key);
    if (!span) continue;
    const text = source.code.slice(span.start, span.end);
    // `bindings = @QueueBinding(value = @Queue("q"), exchange = @Exchange("x"))`: the queue is consumed.
    const queue = /@Queue\s*\(/.exec(text);
    if (key === "bindings" || key === "queuesToDeclare") {
      if (!queue) continue;
      const open = span.start + queue.index + queue[0].length - 1;
      const names = namesIn(source, { start: open, end: source.code.indexOf(")", open) }, constants);
      if (names.length) return names;
      continue;
    }
    const names = namesIn(source, span, constants);
    if (names.length) return names;
  }
  return [];
}

/** A class-level listener for the class a handler method belongs to. */
function classListener(groups: readonly Annotated[], className: string | undefined): Annotation | undefined {
  const owner = groups.find((g) => g.declaration?.kind === "class" && g.declaration.name === className);
  return owner?.annotations.find((a) => a.name === "KafkaListener" || a.name === "RabbitListener");
}
