import type { ProjectService } from "../workflow/index/mod.ts";

/** One open event stream: how to send it an event, and how to end it. */
export type EventClient = { send(event: string, data: unknown): void; end(): void };

/**
 * The open event streams of the process. Sends `changed` with the new version to every stream
 * after each index refresh, `agent` for each event of a live agent run and `agent-end` when one
 * ends; `close` ends them all (shutdown).
 */
export class EventHub {
  readonly #clients = new Set<EventClient>();
  readonly #unsubscribe: () => void;

  constructor(service: ProjectService) {
    const fromIndex = service.onChange((version) => this.broadcast("changed", { version }));
    const fromAgents = service.agents.listen((message) => {
      if (message.kind === "event") this.broadcast("agent", { version: service.version, id: message.run.id, event: message.event });
      else this.broadcast("agent-end", { version: service.version, id: message.run.id, status: message.run.status });
    });
    this.#unsubscribe = () => {
      fromIndex();
      fromAgents();
    };
  }

  /** Open streams now. */
  get size(): number {
    return this.#clients.size;
  }

  /** Registers a stream; returns the function that releases it. */
  add(client: EventClient): () => void {
    this.#clients.add(client);
    return () => this.#clients.delete(client);
  }

  broadcast(event: string, data: unknown): void {
    for (const client of this.#clients) client.send(event, data);
  }

  /** Ends every open stream and stops listening to the service. */
  close(): void {
    this.#unsubscribe();
    for (const client of [...this.#clients]) client.end();
    this.#clients.clear();
  }
}
