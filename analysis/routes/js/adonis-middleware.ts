/**
 * AdonisJS named middleware that checks nobody, filled in before linking. A route's
 * `.middleware(['dashboard', 'guest'])` names middleware the app registers in start/kernel
 * (`registerNamed({ dashboard: () => import('App/Middleware/Dashboard') })`, v6's
 * `router.named({ ... })`, v4's `namedMiddleware = { ... }`). A name not read as a guard's is
 * looked up there: middleware that only lets guests in (it turns signed-in users away), or whose
 * class refuses no caller (a feature switch, a header), guards nothing. One not found keeps its
 * name, as before.
 */
import { isGuardName } from "../paths.ts";
import type { FileRoutes, Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const KERNEL = /(?:^|\/)start\/kernel\.[jt]s$/;
// What middleware that refuses an anonymous caller does: an authentication error, a 401 or 403, a redirect to sign in.
const REFUSES = /unauthori[sz]ed|forbidden|E_UNAUTHORIZED|AuthenticationException|\.authenticate\s*\(|\bstatus\s*\(\s*40[13]\b|\babort\s*\(|redirect[\w.]*\([^)]*login/i;

export function withoutAdonisPassMiddleware(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  let passes: ((name: string) => boolean) | undefined;
  const candidate = (r: Registration) => r.type === "route" && r.framework === "adonis" && r.guards.some((g) => !reads(g));
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some(candidate)) {
      result.set(file, routes);
      continue;
    }
    passes ??= passingMiddleware(project);
    const registrations = routes.registrations.map((r): Registration => (r.type === "route" && candidate(r) ? { ...r, guards: r.guards.filter((g) => reads(g) || !passes!(g)) } : r));
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** A name read as a guard's: `auth:jwt`, `acl`, or Bouncer's `can:delete`. */
const reads = (name: string): boolean => isGuardName(name) || /^can\b/.test(name);

/** Whether a named middleware lets every caller through, from the kernel's registration and its class. */
function passingMiddleware(project: Project | undefined): (name: string) => boolean {
  const listed = [...(project?.listed ?? [])];
  const kernels = listed.filter((p) => KERNEL.test(p)).map((p) => ({ root: p.replace(KERNEL, "").replace(/\/$/, ""), text: project!.text(p) ?? "" }));
  const memo = new Map<string, boolean>();
  return (named) => {
    const name = named.split(":")[0]!;
    if (memo.has(name)) return memo.get(name)!;
    let passes = false;
    for (const kernel of kernels) {
      const specifier = registered(kernel.text, name);
      if (specifier === undefined) continue;
      const file = moduleFile(listed, kernel.root, specifier);
      const text = file === undefined ? undefined : project!.text(file);
      if (text === undefined) continue;
      passes = /guest/i.test(name) || /\bclass\s+\w*Guest\w*/.test(text) || !REFUSES.test(text);
      break;
    }
    memo.set(name, passes);
    return passes;
  };
}

/** The module a kernel registers a named middleware from: `dashboard: () => import('App/Middleware/Dashboard')` or `dashboard: 'App/Middleware/Dashboard'`. */
function registered(text: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|[\\s,{])['"]?${name}['"]?\\s*:\\s*(?:\\(\\s*\\)\\s*=>\\s*import\\s*\\(\\s*)?['"]([^'"]+)['"]`, "m").exec(text);
  return m?.[1];
}

/** The file of an IoC or subpath specifier: `App/Middleware/Dashboard` is app/Middleware/Dashboard.ts, `#middleware/x` app/middleware/x.ts. */
function moduleFile(listed: readonly string[], root: string, specifier: string): string | undefined {
  const path = specifier.replace(/^App\//, "app/").replace(/^#middleware\//, "app/middleware/");
  const base = root ? `${root}/${path}` : path;
  return listed.find((p) => p === `${base}.ts` || p === `${base}.js`);
}
