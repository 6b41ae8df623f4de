/**
 * Guards inside the wrappers around a Go handler: `middleware.WithUser(ac.CreateArticle)` is
 * guarded when `WithUser`, wherever the repository defines it, answers 401 or 403 itself
 * (`http.StatusUnauthorized`, `response.UnauthorizeError(w, ...)`). Its name alone says nothing
 * of a check, so its body decides; the route then carries the wrapper's name as its guard.
 */
import { closing } from "../../languages/curly.ts";

type Project = { listed: Iterable<string>; text: (file: string) => string | undefined };

// A refusal of the caller written in the wrapper: the status, or a helper named after it.
const REFUSES = /\bStatus(?:Unauthorized|Forbidden)\b|\b40[13]\b|[Uu]nauthori[sz]|\bForbidden\w*\s*\(/;

/** A function answering whether a wrapper (`pkg.Name`, `app.name`, `Name`) refuses callers in its body. */
export function goWrapperChecks(project: Project | undefined): (wrapper: string) => boolean {
  let bodies: Map<string, string[]> | undefined;
  const known = new Map<string, boolean>();
  return (wrapper) => {
    const name = wrapper.split(".").at(-1)!;
    let answer = known.get(name);
    if (answer === undefined) {
      bodies ??= functionBodies(project);
      answer = (bodies.get(name) ?? []).some((body) => REFUSES.test(body));
      known.set(name, answer);
    }
    return answer;
  };
}

const FUNC = /^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*\(/gm;

/** The bodies of the repository's Go functions and methods by name (tests and vendored code left out). */
function functionBodies(project: Project | undefined): Map<string, string[]> {
  const bodies = new Map<string, string[]>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".go") || path.endsWith("_test.go") || /(^|\/)vendor\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    for (const m of text.matchAll(FUNC)) {
      const open = text.indexOf("{", m.index + m[0].length);
      if (open === -1) continue;
      const body = text.slice(open, closing(text, open));
      bodies.set(m[1]!, [...(bodies.get(m[1]!) ?? []), body]);
    }
  }
  return bodies;
}
