/**
 * Slim's middleware (PSR-15) of the app's, judged by its class: one whose `__invoke` or `process`
 * never turns a request away, in its class or the classes it extends, guards nothing whatever
 * its name. AzuraCast's `ApiAuth`, `StandardAuth` and `PublicAuth` load the caller (from an API
 * key or the session) and hand every request on; its `RequireLogin` and `Permissions` refuse.
 * One not named like a check (Shaarli's `ShaarliAdminMiddleware`) guards where it refuses under a
 * test of the caller (`if (true !== $this->container->loginManager->isLoggedIn()) return
 * $response->withRedirect(.../login)`); not where that test also reads a setting (its
 * `ShaarliMiddleware` sends callers to sign in only when `privacy.force_login` is on).
 */
import { enclosingTests } from "../common/conditions.ts";
import { classChain } from "./class-chain.ts";

type Project = { text(path: string): string | undefined };

const ENTRY = /\bfunction\s+(?:__invoke|process)\s*\(/;
// What a middleware that turns callers away does: throws (not a programming error's TypeError or
// InvalidArgumentException, as a base class checking the request's type does), answers 401/403, redirects.
const REFUSES = /\bthrow\s+(?!new\s+\\?(?:TypeError|InvalidArgumentException|LogicException)\b)|\b40[13]\b|Unauthori[sz]ed|Forbidden|AccessDenied|\bredirect|Redirect\w*\s*(?:::|\()/i;

/** A function telling whether a middleware named on a Slim route (`ApiAuth`) is a class of the app's that refuses nobody. */
export function loadOnlyMiddleware(project: Project | undefined, classFile: (name: string) => string | undefined): (name: string) => boolean {
  const judged = new Map<string, boolean>();
  const chainOf = classChain(project, classFile);
  return (name) => {
    let found = judged.get(name);
    if (found === undefined) {
      const chain = chainOf(name);
      found = chain.length > 0 && chain.some((text) => ENTRY.test(text)) && !chain.some((text) => REFUSES.test(text));
      judged.set(name, found);
    }
    return found;
  };
}

// A refusal where it happens: a throw, a 401/403 answer, a redirect.
const REFUSAL_SITE = /\bthrow\s+new\s+(?!\\?(?:TypeError|InvalidArgumentException|LogicException)\b)|\bwithStatus\s*\(\s*40[13]\b|->\s*withRedirect\s*\(|\bredirect\s*\(/g;
// A test of the caller: signed in, a token, a session, a user.
const CALLER_TEST = /LoggedIn|Authenticat|Authoriz|token|session|user|login|credential|apikey|api_key/i;
// A setting read in the test (`$this->conf->get('privacy.force_login')`, `config('app.x')`, `getenv(...)`).
const SETTING_TEST = /\bconf(?:ig)?\w*\s*->\s*get\s*\(|\bconfig\s*\(|\bgetenv\s*\(|\bsettings?\b/i;

/**
 * A function telling whether a middleware class of the app's not named like a check refuses
 * callers: some refusal in its class or those it extends stands under `if` tests of the caller
 * that read no setting (one in a `catch` answers a refusal made elsewhere).
 */
export function refusingMiddleware(project: Project | undefined, classFile: (name: string) => string | undefined): (name: string) => boolean {
  const judged = new Map<string, boolean>();
  const chainOf = classChain(project, classFile);
  return (name) => {
    let found = judged.get(name);
    if (found === undefined) {
      found = chainOf(name).some((text) => [...text.matchAll(REFUSAL_SITE)].some((m) => {
        const tests = enclosingTests(text, m.index);
        return tests !== undefined && tests.length > 0 && tests.some((t) => CALLER_TEST.test(t)) && !tests.some((t) => SETTING_TEST.test(t));
      }));
      judged.set(name, found);
    }
    return found;
  };
}

