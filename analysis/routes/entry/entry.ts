import type { RouteKind, RouteRegistration } from "../registration.ts";
import type { RouteSource } from "../source.ts";

/** What one non-HTTP entry point is: the library that defines it, its kind, method, name and handler. */
export type EntryFields = {
  framework: string;
  kind: Exclude<RouteKind, "http" | "fs" | "client">;
  method: string;
  path: string;
  handler: string;
  guards?: string[];
};

/**
 * A complete entry point at `offset`: consumers, jobs, sockets, gRPC methods and GraphQL
 * resolvers carry their full name themselves, so the registration has no owner to link.
 */
export function entryPoint(source: RouteSource, offset: number, fields: EntryFields): RouteRegistration {
  return { type: "route", owner: "", guards: [], ...fields, methods: [fields.method], line: source.lineAt(offset) };
}

/**
 * A fixed interval written the short way: 300 seconds is "every 5m", 5400 is "every 90m",
 * 7200 is "every 2h", 86400 is "every 1d", 1.5 is "every 1500ms".
 */
export function every(seconds: number): string {
  if (!Number.isInteger(seconds)) return `every ${Math.round(seconds * 1000)}ms`;
  for (const [unit, size] of [["d", 86400], ["h", 3600], ["m", 60]] as const) {
    if (seconds >= size && seconds % size === 0) return `every ${seconds / size}${unit}`;
  }
  return `every ${seconds}s`;
}

const UNITS: Record<string, number> = {
  ms: 0.001,
  millisecond: 0.001,
  s: 1,
  sec: 1,
  second: 1,
  m: 60,
  min: 60,
  minute: 60,
  h: 3600,
  hour: 3600,
  d: 86400,
  day: 86400,
  w: 604800,
  week: 604800,
};

/** Seconds in `n` of a unit written in any of the usual ways (`minutes`, `MINUTES`, `min`, `m`), or undefined. */
export function seconds(n: number, unit: string): number | undefined {
  const size = UNITS[unit.toLowerCase()] ?? UNITS[unit.toLowerCase().replace(/s$/, "")];
  return size === undefined ? undefined : n * size;
}

const HEALTH = /HealthCheckRequest|health_pb2|healthpb|grpc[._]health|HealthGrpc|Grpc\.Health/;

/**
 * The wire name of an RPC: `/Service/Method`, except that `Check` and `Watch` in a file that
 * uses the standard health-checking protocol belong to `grpc.health.v1.Health`, whatever
 * class serves them (services often implement both on one object).
 */
export function rpcPath(source: RouteSource, service: string, method: string): string {
  return (method === "Check" || method === "Watch") && HEALTH.test(source.text)
    ? `/grpc.health.v1.Health/${method}`
    : `/${service}/${method}`;
}
