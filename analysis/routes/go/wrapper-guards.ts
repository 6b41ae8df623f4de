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
