/**
 * The console face: the Hono app (guard, JSON API, page, event stream), the loopback server
 * starter, and `startConsole` that wires them to the project service and the file watcher.
 */
export { type AppOptions, createApp } from "./app.ts";
export { type ConsoleOptions, type RunningConsole, startConsole } from "./console.ts";
export { generateToken, isLoopbackHost, isLoopbackOrigin, TOKEN_HEADER, tokensEqual } from "./guard/index.ts";
export { EventHub } from "./hub.ts";
export { listen, type Listening, LOOPBACK_ADDRESSES } from "./listen.ts";
