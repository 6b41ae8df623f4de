import { Hono, type MiddlewareHandler } from "hono";
import type { ProjectService } from "../workflow/index/mod.ts";
import { agentRoutes } from "./api/agents.ts";
import { capabilityRoutes } from "./api/capabilities.ts";
import { devtoolsRoutes } from "./api/devtools.ts";
import { flowRoutes } from "./api/flows.ts";
import { loopRoutes } from "./api/loops.ts";
import { projectRoutes } from "./api/project.ts";
import { sourceRoutes } from "./api/source.ts";
import { taskRoutes } from "./api/tasks.ts";
import { notFound, onError } from "./errors.ts";
import { type EventOptions, eventRoutes } from "./events.ts";
import { hostGuard, jsonBodyGuard, originGuard, tokenGuard, urlLengthGuard } from "./guard/index.ts";
import { EventHub } from "./hub.ts";
import { agentSettingsRoutes } from "./ui/agents.tsx";
import { capabilityViewRoutes } from "./ui/capabilities.tsx";
import { devtoolsViewRoutes } from "./ui/devtools.ts";
import { shellRoutes } from "./ui/shell.ts";
import { loopViewRoutes } from "./ui/loops.tsx";
import { taskViewRoutes } from "./ui/tasks.tsx";

export type AppOptions = EventOptions & {
  service: ProjectService;
  /** The write token of this start (see `generateToken`). */
  token: string;
  /** The open event streams; one is made when not given. */
  events?: EventHub;
  /** The listening port, once known: POST Origins must name it. */
  port?: () => number | undefined;
};

/**
 * The console's Hono app: the guard (Host, Origin, token, JSON body) in front of every route,
 * API and page alike, then the page, the JSON API under /api and the event stream. Builds
 * only; `listen` serves it.
 *
 * @example
 * const app = createApp({ service: new ProjectService({ root }), token: generateToken() });
 * const res = await app.request("/api/project", { headers: { host: "127.0.0.1" } });
 */
export function createApp(options: AppOptions): Hono {
  const { service, token } = options;
  const events = options.events ?? new EventHub(service);
  const app = new Hono();
  app.onError(onError);
  app.notFound(notFound);
  app.use(
    "*",
    safetyHeaders(),
    hostGuard(),
    urlLengthGuard(),
    originGuard({ port: options.port }),
    tokenGuard(token),
    jsonBodyGuard(),
  );
  app.route("/", shellRoutes(service, token)); // first: its middleware gives every view the shell context
  app.route("/api", projectRoutes(service));
  app.route("/api", devtoolsRoutes(service));
  app.route("/api", sourceRoutes(service));
  app.route("/api", taskRoutes(service));
  app.route("/api", loopRoutes(service));
  app.route("/api", agentRoutes(service));
  app.route("/api", flowRoutes(service));
  app.route("/api", capabilityRoutes(service));
  app.route("/api", eventRoutes(service, events, options));
  app.route("/", taskViewRoutes(service));
  app.route("/", loopViewRoutes(service));
  app.route("/", agentSettingsRoutes(service));
  app.route("/", capabilityViewRoutes(service));
  app.route("/", devtoolsViewRoutes(service));
  return app;
}

/** Headers every answer carries: no sniffing, no framing, no referrer, no storing (but SSE's own). */
const safetyHeaders = (): MiddlewareHandler =>
  async function safetyHeaders(c, next) {
    await next();
    const headers = c.res.headers;
    headers.set("x-content-type-options", "nosniff");
    headers.set("x-frame-options", "DENY");
    headers.set("referrer-policy", "no-referrer");
    headers.set("cross-origin-resource-policy", "same-origin");
    if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  };
