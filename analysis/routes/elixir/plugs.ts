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

// `if credential_set?(username) do Plug.BasicAuth.basic_auth(conn, ...) else conn end`: the
// condition, and the branch handing the connection back untouched.
const CHOICE = /^([ \t]*)if\b([^\n]*?)\bdo[ \t]*\n([\s\S]*?)\n\1else[ \t]*\n([\s\S]*?)\n\1end\b/gm;
const READS_CONFIGURATION = /\bApplication\s*\.\s*(?:get_env|fetch_env!?|compile_env!?)\b|\bSystem\s*\.\s*get_env\b/;

/**
 * A function plug that checks the caller only when the deployment is configured to
 * (`basic_auth` calling Plug.BasicAuth when a user name and password are set, and otherwise
 * handing `conn` back): the choice is made on configuration alone, never on the request, so
 * in the default deployment nobody is turned away by it. One that compares the request with
 * a configured key decides on the request and still guards.
 */
export function checksOnlyWhenConfigured(body: string): boolean {
  if (!READS_CONFIGURATION.test(body)) return false;
  for (const m of body.matchAll(CHOICE)) {
    if (/\bconn\b/.test(m[2]!)) continue;
    if (m[3]!.trim() === "conn" || m[4]!.trim() === "conn") return true;
  }
  return false;
}

const PLUG_HEAD = /^[ \t]*defp?[ \t]+[\w?!]+[ \t]*\([ \t]*\w+[ \t]*,/;
// A case arm for a request without credentials: `{:error, :missing} ->`, `nil ->`, `[] ->`.
const MISSING_ARM = /^([ \t]*)(?:\{[ \t]*:error[ \t]*,[ \t]*:(?:missing|no_credentials|unauthenticated)[ \t]*\}|nil|\[\])[ \t]*->[ \t]*(.*)$/gm;
const TURNS_AWAY = /\berror[ \t]*\(|unauthori[sz]ed|forbidden|redirect/i;

/**
 * Whether a function plug lets a request without credentials through with no caller: its case
 * arm for a missing credential (`{:error, :missing} -> conn |> assign(:current_user, nil)`)
 * hands the connection on and neither halts nor answers an error (Hexpm's `authenticate` refuses
 * bad credentials only).
 */
export function letsMissingThrough(body: string): boolean {
  for (const m of body.matchAll(MISSING_ARM)) {
    const indent = m[1]!.length;
    const arm = [m[2]!];
    for (const line of body.slice(m.index + m[0].length).split("\n").slice(1)) {
      if (line.trim() && /^[ \t]*/.exec(line)![0].length <= indent) break;
      arm.push(line);
    }
    const text = arm.join("\n");
    // The arm hands the connection on; one that only makes a value (`[] -> nil`, the header's
    // token when there is none) leaves the decision to what comes after it.
    if (/\bconn\b/.test(text) && !REFUSES.test(text) && !TURNS_AWAY.test(text)) return true;
  }
  return false;
}

// `if locked_out?(conn.assigns.current_user, ...)`: a check of the caller the pipeline fetched.
const USER_CHECK = /\bif[ \t]+([a-z_]\w*[?!]?)[ \t]*\([ \t]*conn\.assigns(?:\.current_user|\[:current_user\])\b/;

/**
 * Whether a plug module's `call` turns away only a signed-in caller in some state (an account
 * that is off, unconfirmed, or without its second factor), letting one without an account
 * through: its case arm for `nil` hands the connection back (`case conn.assigns.current_user do
 * nil -> conn`), or it refuses under a check of the user whose clauses can be true only for a
 * user (`defp locked_out?(%{deleted_at: d}, _) when ...`) and are false for anything else
 * (`defp locked_out?(_user, _), do: false`). Philomena's EnsureUserEnabledPlug.
 */
function checksOnlySignedIn(source: string): boolean {
  const calls = elixirFunctionBodies(source, "call").filter((body) => PLUG_HEAD.test(body));
  if (calls.length !== 1) return false;
  const body = calls[0]!;
  if (letsMissingThrough(body)) return true;
  const check = USER_CHECK.exec(body)?.[1];
  if (!check) return false;
  const escaped = check.replace(/[?!]/g, "\\$&");
  const clauses = [...source.matchAll(new RegExp(String.raw`^[ \t]*defp?[ \t]+${escaped}[ \t]*\(([^,)]*)[^\n]*`, "gm"))];
  // A clause a missing user (nil) can match: its first pattern is no map or struct.
  const forAnyone = clauses.filter((c) => !c[1]!.trim().startsWith("%"));
  return forAnyone.length > 0 && forAnyone.every((c) => /,[ \t]*do:[ \t]*false[ \t]*$/.test(c[0]!));
}

/**
 * Whether a function plug the router defines (`plug :force_current_user`, `defp force_current_user(conn, _)`)
 * turns a caller away: its body halts or answers 401/403. Then it is a check whatever its name.
 */
export function functionPlugRefuses(code: string, name: string): boolean {
  return elixirFunctionBodies(code, name).some((body) => REFUSES.test(body));
}

/** The bodies of every `def name(` and `defp name(` in a source, each up to its `end` at the def's indentation. */
export function elixirFunctionBodies(source: string, name: string): string[] {
  const bodies: string[] = [];
  const escaped = name.replace(/[?!]/g, "\\$&");
  for (const m of source.matchAll(new RegExp(String.raw`^([ \t]*)defp?[ \t]+${escaped}[ \t]*\(`, "gm"))) {
    const close = new RegExp(String.raw`\n${m[1]}end\b`, "g");
    close.lastIndex = m.index;
    const end = close.exec(source);
    if (end) bodies.push(source.slice(m.index, end.index));
  }
  return bodies;
}

/**
 * A function naming the pipelines of a Phoenix route (its guards) that check nobody: each of
 * their deciding plugs (`api=ChatApiWeb.APIAuthPlug`, the route's helpers) is a module of the
 * repository that only fetches the caller, or a function plug (`browser=:basic_auth`) defined
 * in the repository that checks only when configured to.
 */
export function fetchOnlyPipelines(moduleFile: (module: string) => string | undefined, text: (path: string) => string | undefined, functionPlug: (name: string) => string[]): (helpers: readonly string[]) => Set<string> {
  const judged = new Map<string, boolean>();
  const fetchesOnly = (plug: string): boolean => {
    let answer = judged.get(plug);
    if (answer === undefined) {
      if (plug.startsWith(":")) {
        // The plug (`def authenticate(conn, _opts)`), not a helper of its name taking the connection
        // alone, nor a controller's private one (`defp authenticate(conn, _opts)`), which no router reaches.
        const bodies = functionPlug(plug.slice(1));
        const plugs = bodies.filter((body) => PLUG_HEAD.test(body));
        const visible = plugs.filter((body) => /^[ \t]*def[ \t]/.test(body));
        const judgedBodies = visible.length ? visible : plugs.length ? plugs : bodies;
        answer = judgedBodies.length > 0 && judgedBodies.every((body) => checksOnlyWhenConfigured(body) || letsMissingThrough(body));
      } else {
        const file = moduleFile(plug);
        const source = file === undefined ? undefined : text(file);
        answer = source !== undefined && (POW_BASE.test(source) || (/\bdef[ \t]+call\b/.test(source) && (!REFUSES.test(source) || checksOnlySignedIn(source))));
      }
      judged.set(plug, answer);
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
