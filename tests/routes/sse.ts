// An event stream of the console, read as a browser's EventSource would, for the tests.

export type SseEvent = { event?: string; data?: string; retry?: string; comment?: string };

/** Opens an event stream and collects what arrives. */
export async function openStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}api/events`, { signal: controller.signal });
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  let ended = false;
  const pump = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let split;
        while ((split = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: SseEvent = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) event.comment = line.slice(1).trim();
            const [, key, value] = /^(event|data|retry): ?(.*)$/.exec(line) ?? [];
            if (key) event[key as "event" | "data" | "retry"] = value;
          }
          events.push(event);
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    res,
    events,
    named: (name: string) => events.filter((e) => e.event === name).map((e) => JSON.parse(e.data!)),
    ended: () => ended,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
