import { isGuardName, isOptionalGuardName } from "../paths.ts";

/** A plug or pipeline named like one that decides who may call; CSRF protection and "redirect if signed in" do not. */
export const isAuthCheck = (name: string): boolean => isGuardName(name) && !/forgery|csrf|session|^redirect_if|^fetch_|^put_/i.test(name);

/**
 * A plug (`Guardian.Plug.EnsureAuthenticated`, `:require_user`) that turns callers away: not one
 * named optional, nor Guardian's VerifyHeader/VerifySession/VerifyCookie and LoadResource, which
 * read a token or load the caller when there is one.
 */
export const isAuthPlug = (plug: string): boolean => {
  const name = plug.split(".").at(-1)!;
  return isAuthCheck(name) && !isOptionalGuardName(plug) && !/^(?:Verify(?:Header|Session|Cookie)|LoadResource)$/.test(name);
};

// A plug built on Pow's base (`use Pow.Plug.Base`) fetches the caller for the pipeline and never
// turns one away: Pow.Plug.RequireAuthenticated does that. A plug module of the app's whose
// `call` neither halts, answers 401/403 nor raises such an error only reads the caller too.
const POW_BASE = /^[ \t]*use[ \t]+Pow\.Plug\.Base\b/m;
// Raising an error of the app's for it turns the caller away as well (`raise NervesHubWeb.UnauthorizedError`).
// So does answering through an error of the app's named so (`Error.unauthorized(message: ...)`).
const REFUSES = /\bhalt\b|:unauthorized\b|:forbidden\b|\b40[13]\b|\braise\b[^\n]*(?:Unauthori[sz]ed|Forbidden|NotAuthenticated|AccessDenied|PermissionDenied)|\.(?:unauthori[sz]ed|forbidden)\s*\(/;

/**
 * A function naming the pipelines of a Phoenix route (its guards) that check nobody: each of
 * their deciding plugs (`api=ChatApiWeb.APIAuthPlug`, the route's helpers) is a module of the
 * repository that only fetches the caller.
 */
export function fetchOnlyPipelines(moduleFile: (module: string) => string | undefined, text: (path: string) => string | undefined): (helpers: readonly string[]) => Set<string> {
  const judged = new Map<string, boolean>();
  const fetchesOnly = (module: string): boolean => {
    let answer = judged.get(module);
    if (answer === undefined) {
      const file = moduleFile(module);
      const source = file === undefined ? undefined : text(file);
      answer = source !== undefined && (POW_BASE.test(source) || (/\bdef[ \t]+call\b/.test(source) && !REFUSES.test(source)));
      judged.set(module, answer);
    }
    return answer;
  };
  return (helpers) => {
    const byPipeline = new Map<string, string[]>();
    for (const helper of helpers) {
      const [pipeline, module] = helper.split("=");
      if (pipeline && module) byPipeline.set(pipeline, [...(byPipeline.get(pipeline) ?? []), module]);
    }
    return new Set([...byPipeline].filter(([, modules]) => modules.every(fetchesOnly)).map(([pipeline]) => pipeline));
  };
}
