/**
 * Slim's middleware (PSR-15) of the app's, judged by its class: one whose `__invoke` or `process`
 * never turns a request away, in its class or the classes it extends, guards nothing whatever
 * its name. AzuraCast's `ApiAuth`, `StandardAuth` and `PublicAuth` load the caller (from an API
 * key or the session) and hand every request on; its `RequireLogin` and `Permissions` refuse.
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";

type Project = { text(path: string): string | undefined };

const ENTRY = /\bfunction\s+(?:__invoke|process)\s*\(/;
// What a middleware that turns callers away does: throws (not a programming error's TypeError or
// InvalidArgumentException, as a base class checking the request's type does), answers 401/403, redirects.
const REFUSES = /\bthrow\s+(?!new\s+\\?(?:TypeError|InvalidArgumentException|LogicException)\b)|\b40[13]\b|Unauthori[sz]ed|Forbidden|AccessDenied|\bredirect|Redirect\w*\s*(?:::|\()/i;
const EXTENDS = /\bclass\s+\w+\s+extends\s+\\?([\w\\]+)/;

/** A function telling whether a middleware named on a Slim route (`ApiAuth`) is a class of the app's that refuses nobody. */
export function loadOnlyMiddleware(project: Project | undefined, classFile: (name: string) => string | undefined): (name: string) => boolean {
  const judged = new Map<string, boolean>();
  const source = (name: string) => {
    const file = classFile(name);
    const text = file === undefined ? undefined : project?.text(file);
    return text === undefined ? undefined : phpWithoutComments(text);
  };
  return (name) => {
    let found = judged.get(name);
    if (found === undefined) {
      // The class and the ones it extends, as far as the app defines them.
      const chain: string[] = [];
      for (let cls: string | undefined = name, depth = 0; cls && depth < 4; depth++) {
        const text = source(cls);
        if (text === undefined) break;
        chain.push(text);
        cls = EXTENDS.exec(text)?.[1]?.split("\\").pop();
      }
      found = chain.length > 0 && chain.some((text) => ENTRY.test(text)) && !chain.some((text) => REFUSES.test(text));
      judged.set(name, found);
    }
    return found;
  };
}
