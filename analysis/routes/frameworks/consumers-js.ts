import { entryPoint } from "../entry/entry.ts";
import { jsHandler, jsName, jsProperty } from "../entry/js.ts";
import type { Framework } from "../framework.ts";
import { type FunctionScope, functionScopes } from "../js/functions.ts";
import { arrayElements } from "../js/objects.ts";
import { jsConstants, jsValue } from "../js/values.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

type Context = { source: RouteSource; constants: Map<string, string>; scopes: readonly FunctionScope[]; out: Registration[] };
type Reader = {
  framework: string;
  uses: RegExp;
  call: RegExp;
  read(context: Context, args: { start: number; end: number }[], at: number, owner: string): void;
};

/** `name` for each queue, topic or subject a call consumes, with its handler. */
const add = (c: Context, at: number, framework: string, names: (string | undefined)[], handler: string) => {
  for (const path of names) {
    if (path) c.out.push(entryPoint(c.source, at, { framework, kind: "consumer", method: "CONSUME", path, handler }));
  }
};

/** The queue name of an SQS queue URL (`https://sqs.../123/orders` is `orders`); placeholders stay as they are. */
const queueOfUrl = (
  url: string | undefined,
) => (url && /^https?:\/\//.test(url) ? url.split("/").filter(Boolean).at(-1) : url);

const READERS: Reader[] = [
  {
    framework: "kafkajs",
    uses: /["'](?:kafkajs|@confluentinc\/kafka-javascript)["']/,
    call: /\b([\w$]+)\s*\.\s*subscribe\s*\(/g,
    read(c, args, at, owner) {
      const topics = jsProperty(c.source, args[0], "topics");
      const names = topics
        ? arrayElements(c.source, topics.start).map((e) => jsName(c.source, e, c.constants))
        : [jsName(c.source, jsProperty(c.source, args[0], "topic"), c.constants)];
      const run = new RegExp(`\\b${owner.replace(/\$/g, "\\$")}\\s*\\.\\s*run\\s*\\(`).exec(c.source.code);
      const options = run ? callArguments(c.source.code, run.index + run[0].length - 1).args[0] : undefined;
      const each = jsProperty(c.source, options, "eachMessage") ? "eachMessage" : "eachBatch";
      add(
        c,
        at,
        "kafkajs",
        names,
        options
          ? jsHandler(c.source, jsProperty(c.source, options, each), [], at, each)
          : jsHandler(c.source, undefined, c.scopes, at),
      );
    },
  },
  {
    framework: "amqplib",
    uses: /["'](?:amqplib(?:\/callback_api)?|amqp-connection-manager)["']/,
    call: /\b([\w$]+)\s*\.\s*consume\s*\(/g,
    read: (c, args, at) =>
      add(c, at, "amqplib", [jsName(c.source, args[0], c.constants)], jsHandler(c.source, args[1], c.scopes, at)),
  },
  {
    framework: "nats",
    uses: /["'](?:nats|nats\.ws)["']/,
    call: /\b([\w$]+)\s*\.\s*subscribe\s*\(/g,
    read: (c, args, at) =>
      add(
        c,
        at,
        "nats",
        [jsName(c.source, args[0], c.constants)],
        jsHandler(c.source, jsProperty(c.source, args[1], "callback"), c.scopes, at),
      ),
  },
  {
    framework: "sqs-consumer",
    uses: /["']sqs-consumer["']/,
    call: /\bConsumer\s*\.\s*create\s*\(/g,
    read(c, args, at) {
      const url = queueOfUrl(jsName(c.source, jsProperty(c.source, args[0], "queueUrl"), c.constants));
      const each = jsProperty(c.source, args[0], "handleMessage") ? "handleMessage" : "handleMessageBatch";
      add(c, at, "sqs-consumer", [url], jsHandler(c.source, jsProperty(c.source, args[0], each), c.scopes, at, each));
    },
  },
  {
    framework: "aws-sdk-sqs",
    uses: /["'](?:@aws-sdk\/client-sqs|aws-sdk)["']/,
    call: /\b(?:new\s+(ReceiveMessageCommand)|([\w$]+)\s*\.\s*receiveMessage)\s*\(/g,
    read: (c, args, at) =>
      add(
        c,
        at,
        "aws-sdk-sqs",
        [queueOfUrl(jsName(c.source, jsProperty(c.source, args[0], "QueueUrl"), c.constants))],
        jsHandler(c.source, undefined, c.scopes, at),
      ),
  },
  {
    framework: "redis-streams",
    uses: /["'](?:ioredis|redis|@redis\/client)["']/,
    call: /\b([\w$]+)\s*\.\s*(?:xreadgroup|xread|xReadGroup|xRead)\s*\(/g,
    read(c, args, at) {
      const values = args.map((a) => jsValue(c.source, a.start, a.end, c.constants));
      const streams = values.findIndex((v) => v?.toUpperCase() === "STREAMS");
      const keyed = args.flatMap((a) => (c.source.code[a.start] === "[" ? arrayElements(c.source, a.start) : [a])).map((
        a,
      ) => jsProperty(c.source, a, "key")).filter((k) => k);
      const names = streams >= 0
        ? [jsName(c.source, args[streams + 1], c.constants)]
        : keyed.map((k) => jsName(c.source, k, c.constants));
      add(c, at, "redis-streams", names, jsHandler(c.source, undefined, c.scopes, at));
    },
  },
  {
    framework: "bullmq",
    uses: /["']bullmq["']/,
    call: /\bnew\s+(Worker)\s*(?:<[^>]*>)?\s*\(/g,
    read: (c, args, at) =>
      add(c, at, "bullmq", [jsName(c.source, args[0], c.constants)], jsHandler(c.source, args[1], [], at)),
  },
  {
    framework: "bull",
    uses: /["'](?:bull|bee-queue)["']/,
    call: /\b([\w$]+)\s*\.\s*process\s*\(/g,
    read(c, args, at, owner) {
      const created = new RegExp(`\\b${owner.replace(/\$/g, "\\$")}\\s*=\\s*new\\s+(?:Bull|Queue|BeeQueue)\\s*\\(`)
        .exec(c.source.code);
      if (!created) return;
      const queue = jsName(
        c.source,
        callArguments(c.source.code, created.index + created[0].length - 1).args[0],
        c.constants,
      );
      add(c, at, "bull", [queue], jsHandler(c.source, args.at(-1), [], at));
    },
  },
];

/**
 * Message consumers of JS/TS: kafkajs `consumer.subscribe({ topic })` (with its `run`
 * handler), amqplib `channel.consume(queue, handler)`, NATS `nc.subscribe(subject)`,
 * sqs-consumer and the AWS SDK's ReceiveMessage, Redis streams (`XREAD`/`XREADGROUP`),
 * BullMQ `new Worker(queue, processor)` and Bull `queue.process(...)`. Each library is read
 * only in files that import it, so `emitter.subscribe()` elsewhere is not a consumer.
 */
export const consumersJs: Framework = {
  id: "consumers-js",
  name: "JS message consumers",
  languages: ["javascript", "typescript"],
  hint:
    /["'](?:kafkajs|@confluentinc\/kafka-javascript|amqplib|amqplib\/callback_api|amqp-connection-manager|nats|sqs-consumer|@aws-sdk\/client-sqs|aws-sdk|ioredis|redis|@redis\/client|bullmq|bull|bee-queue)["']/,
  scan(source) {
    const context: Context = { source, constants: jsConstants(source), scopes: functionScopes(source), out: [] };
    for (const reader of READERS) {
      if (!reader.uses.test(source.text)) continue;
      for (const m of source.code.matchAll(reader.call)) {
        const open = m.index + m[0].length - 1;
        reader.read(context, callArguments(source.code, open).args, m.index, m[1] ?? "");
      }
    }
    return context.out;
  },
};
