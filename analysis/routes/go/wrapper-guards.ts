/**
 * Guards inside the wrappers around a Go handler: `middleware.WithUser(ac.CreateArticle)` is
 * guarded when `WithUser`, wherever the repository defines it, answers 401 or 403 itself
 * (`http.StatusUnauthorized`, `response.UnauthorizeError(w, ...)`). Its name alone says nothing
 * of a check, so its body decides; the route then carries the wrapper's name as its guard.
 */
import { functionBodies } from "../function-bodies.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

// A refusal of the caller written in the wrapper: the status, or a helper named after it.
const REFUSES = /\bStatus(?:Unauthorized|Forbidden)\b|\b40[13]\b|[Uu]nauthori[sz]|\bForbidden\w*\s*\(/;

/** A function answering whether a wrapper (`pkg.Name`, `app.name`, `Name`) refuses callers in its body. */
export function goWrapperChecks(project: Project | undefined): (wrapper: string) => boolean {
  const bodies = functionBodies(project, "go");
  const known = new Map<string, boolean>();
  return (wrapper) => {
    const name = wrapper.split(".").at(-1)!;
    let answer = known.get(name);
    if (answer === undefined) known.set(name, (answer = bodies(name).some((body) => REFUSES.test(body))));
    return answer;
  };
}

// A middleware that lets a caller without credentials through: an `if` on a missing header,
// token or cookie whose block hands the request on (`if header == "" { next.ServeHTTP(w, r);
// return }`, `c.Next()`, `return next(c)`). It reads the caller when there is one.
const PASSES_ANONYMOUS = /\bif\s+[^{\n]*(?:header|token|auth|bearer|cookie|jwt)[^{\n]*(?:==\s*""|==\s*nil|len\([^)]*\)\s*==\s*0)[^{\n]*\{[^}]*?(?:\bnext\s*\.\s*ServeHTTP\s*\(|\bnext\s*\(|\.\s*Next\s*\(\s*\))/i;

/** A function answering whether a middleware (`app.authenticate`) lets anonymous callers through, wherever the repository defines it. */
export function goOptionalMiddleware(project: Project | undefined): (middleware: string) => boolean {
  const bodies = functionBodies(project, "go");
  const known = new Map<string, boolean>();
  return (middleware) => {
    const name = middleware.split(".").at(-1)!;
    let answer = known.get(name);
    if (answer === undefined) {
      const found = bodies(name);
      known.set(name, (answer = found.length > 0 && found.every((body) => PASSES_ANONYMOUS.test(body))));
    }
    return answer;
  };
}
