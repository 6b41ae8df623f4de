import { commandArguments, nameOf, stringConstants } from "../entry/args.ts";
import { entryPoint } from "../entry/entry.ts";
import type { Framework } from "../framework.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

/** How each kind of worker class is recognised, where its queue is set, and the method that runs. */
const WORKERS = [
  {
    framework: "sidekiq",
    marks: /\binclude\s+Sidekiq::(?:Job|Worker)\b/,
    queue: /\bsidekiq_options\b/,
    key: "queue",
    method: "perform",
  },
  {
    framework: "activejob",
    marks: /^<\s*(?:ApplicationJob|ActiveJob::Base)\b/,
    queue: /\bqueue_as\b/,
    key: "0",
    method: "perform",
  },
  { framework: "sneakers", marks: /\binclude\s+Sneakers::Worker\b/, queue: /\bfrom_queue\b/, key: "0", method: "work" },
  {
    framework: "shoryuken",
    marks: /\binclude\s+Shoryuken::Worker\b/,
    queue: /\bshoryuken_options\b/,
    key: "queue",
    method: "perform",
  },
] as const;

const CLASS = /^[ \t]*class[ \t]+([A-Z][\w:]*)[ \t]*(<[ \t]*[A-Z][\w:]*)?/gm;
const KARAFKA_TOPIC = /\btopic[ \t(]+(:\w+|["'])[\s\S]*?\bconsumer[ \t(]+([A-Z][\w:]*)/g;

/**
 * Background jobs and message consumers of Ruby: Sidekiq jobs (`include Sidekiq::Job`, queue
 * from `sidekiq_options queue:`, "default" without one), Active Job classes (`queue_as`),
 * Sneakers workers (`from_queue`), Shoryuken workers, and Karafka topic routes
 * (`topic :orders do consumer OrdersConsumer end`).
 */
export const consumersRuby: Framework = {
  id: "consumers-ruby",
  name: "Ruby job and message consumers",
  languages: ["ruby"],
  hint: /Sidekiq::(?:Job|Worker)|ApplicationJob|ActiveJob::Base|Sneakers::Worker|Shoryuken::Worker|\bconsumer\b/,
  scan(source) {
    const constants = stringConstants(source);
    const registrations: Registration[] = [];
    const classes = [...source.code.matchAll(CLASS)];
    classes.forEach((m, i) => {
      const body = source.code.slice(m.index, classes[i + 1]?.index ?? source.code.length);
      const worker = WORKERS.find((w) => w.marks.test(w.framework === "activejob" ? m[2] ?? "" : body));
      if (!worker || m[1] === "ApplicationJob") return;
      const option = worker.queue.exec(body);
      const queue = option
        ? nameOf(source, commandArguments(source, m.index + option.index + option[0].length).get(worker.key), constants)
        : undefined;
      registrations.push(entryPoint(source, m.index, {
        framework: worker.framework,
        kind: "consumer",
        method: "CONSUME",
        path: queue ?? "default",
        handler: `${m[1]}#${worker.method}`,
      }));
    });
    if (/\bKarafka\b/.test(source.text)) {
      for (const m of source.code.matchAll(KARAFKA_TOPIC)) {
        const name = m[1]!.startsWith(":") ? m[1]!.slice(1) : source.stringAt(m.index + m[0].indexOf(m[1]!))?.value;
        if (name) {
          registrations.push(
            entryPoint(source, m.index, {
              framework: "karafka",
              kind: "consumer",
              method: "CONSUME",
              path: name,
              handler: `${m[2]}#consume`,
            }),
          );
        }
      }
    }
    return registrations;
  },
};
