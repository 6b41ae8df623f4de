import { closing } from "../../languages/curly.ts";
import { isGuardName, isOptionalGuardName, REFUSES_ANONYMOUS } from "../paths.ts";
import { globUses, modulePath, useDeclarations } from "./source.ts";

/**
 * A function answering the guards an Axum or Actix handler's own arguments make: an extractor
 * that refuses the request without a user guards it, whether its name says so (`auth_user: AuthUser`) or its
 * `FromRequest(Parts)` implementation does, answering 401 (`uid: UserID` whose extractor returns
 * `Err(Error::Unauthorized)`) or failing when the credentials are missing (`None => err(...)`
 * on the Authorization header: the handler never runs without them, whatever the error's
 * status); `Option<AuthUser>`, `MaybeAuthUser` and an extractor that answers `Ok(None)` read a
 * user when there is one and guard nothing. The handler (`get_user`, `listing::list_articles`)
 * is looked up in the route's file or in the module it names next to it; an extractor in that
 * file or in the module a `use` of the handler's file brings it from (`crate::...`, or the
 * package's own library crate by name).
 */
export function extractorGuards(text: (path: string) => string | undefined, crates: Crates = () => undefined): (handler: string, routeFile: string) => string[] {
  // Each file's code without its comments, once: a parameter commented out (`// session: SessionState,`)
  // is none, and a comment's bracket (`// 1) Prefer the token`) ends no impl.
  const uncommented = new Map<string, string | undefined>();
  const code = (file: string) => {
    if (!uncommented.has(file)) {
      const source = text(file);
      uncommented.set(file, source === undefined ? undefined : withoutComments(source));
    }
    return uncommented.get(file);
  };
  // Each handler's answer, once: guards-away asks again for the optional-named ones it keeps.
  const answers = new Map<string, string[]>();
  const guardsOf = (handler: string, routeFile: string): string[] => {
    const parts = handler.split("::");
    const name = parts.pop()!;
    if (!/^[A-Za-z_]\w*$/.test(name)) return [];
    const dir = routeFile.slice(0, routeFile.lastIndexOf("/") + 1);
    // `users::get_user` is in the module users; `UsersRouter::get_user`, a type's method, where the type is.
    const modules = parts.filter((p) => /^[a-z_]/.test(p));
    const candidates = modules.length ? [`${dir}${modules.join("/")}.rs`, `${dir}${modules.join("/")}/mod.rs`] : [routeFile];
    // Or where a `use` of the route's file brings it, or its first module, from
    // (`use crate::api::handlers::articles::{create_article, ...}`).
    const routeSource = text(routeFile);
    const imported = routeSource === undefined ? undefined : importedModule(modules[0] ?? name, routeSource, modulePath(routeFile), libraryName(text(`${crateBase(routeFile) ?? ""}Cargo.toml`)));
    if (imported) candidates.push(...moduleFiles(routeFile, [...imported, ...modules], crates));
    for (const file of candidates) {
      const source = text(file);
      const at = source ? new RegExp(`\\bfn\\s+${name}\\s*(?:<[^>{]*>)?\\s*\\(`).exec(source) : null;
      if (!source || !at) continue;
      return parameterTypes(code(file)!, at.index + at[0].length).flatMap((type) => {
        if (/^Option\s*</.test(type)) return [];
        const path = /^(?:[\w]+::)*[A-Za-z_]\w*/.exec(type)?.[0].split("::");
        const head = path?.pop();
        if (!head) return [];
        // One named as if optional (`MaybeUser`, `OptionalAuth`) guards only when its body refuses a caller without credentials (kellnr's MaybeUser).
        if (isOptionalGuardName(head)) return refusesAnonymous(head, path!, file, source, text, code, crates) ? [head] : [];
        return isGuardName(head) || refusesAnonymous(head, path!, file, source, text, code, crates) ? [head] : [];
      });
    }
    return [];
  };
  return (handler, routeFile) => {
    const key = `${routeFile}\0${handler}`;
    let found = answers.get(key);
    if (found === undefined) answers.set(key, (found = guardsOf(handler, routeFile)));
    return found;
  };
}

// `StatusCode::UNAUTHORIZED`, `Unauthorized`, an error constructor `Error::unauthorized(...)`.
const REFUSAL = /\b[Uu]nauthori[sz]ed\b|\bUNAUTHORIZED\b|\b401\b/;
// An extractor failing when the request carries no credentials: `None => err(...)`, `.ok_or(...)`,
// `.ok_or_else(...)`, or the `else` of an `if let Some(..)` / `let .. else` answering an error
// (Rocket's `Outcome::Error(..)`, or a macro of the app's that returns one: `err_handler!(..)`);
// one that answers `Ok(None)` (`ok(Self(None))`) lets an anonymous caller in.
// Or a reading of the caller's credentials whose failure it passes on (`permissions_from_bearer(parts, state).await?`).
const FAILS_WITHOUT = /\bNone\s*=>\s*(?:\{\s*)?(?:return\s+)?(?:[\w:]+::)?(?:err|Err)\s*\(|\.\s*ok_or(?:_else)?\s*\(|\belse\s*\{\s*(?:return\s+)?(?:(?:[\w:]+::)?(?:err|Err|Outcome::(?:Error|Failure))\s*\(|err\w*!\s*\()|\b\w*(?:bearer|token|claims|session|auth)\w*\s*\([^()]*\)\s*(?:\.\s*await\s*)?\?/i;
// Or one that reads the credentials with a function of the app's and passes its error on
// (AppFlowy's `UserUuid`: `let auth = get_auth_from_request(req); match auth { ..., Err(e) => ready(Err(e)) }`).
// Or one that sends a caller it cannot place to sign in: `Err(Redirect::to(&redirect_url).into_response())`
// with `/web/login` in its body (AppFlowy's admin `UserSession`).
const REDIRECTS_TO_SIGN_IN = /\bErr\s*\(\s*(?:axum::response::)?Redirect\s*::\s*(?:to|temporary|permanent|see_other)\s*\(/;
const SIGN_IN_PAGE = /["'`][^"'`]*\/(?:log-?in|sign-?in)\b/i;
const CREDENTIALS_CALL = /\b\w*(?:auth|token|claims|session|bearer|jwt)\w*\s*\(/i;
const PASSES_ERROR_ON = /\bErr\s*\(\s*(\w+)\s*\)\s*=>\s*[^\n]*?\bErr\s*\(\s*\1\s*\)/;
const LETS_ANONYMOUS_IN = /\b(?:ok|Ok)\s*\(\s*(?:Self\s*\(\s*|[A-Z]\w*\s*\(\s*)?(?:[A-Z]\w*::)?None\b/;
const SELF_CALL = /\bSelf\s*::\s*([a-z_]\w*)\s*\(/g;

// What an extractor reads of the caller: credentials, or the user a session middleware put on the
// request (`req.extensions().get::<LocalUserView>()` failing `None => Err(IncorrectLogin)`).
const CALLER_READ = /claims|token|jwt|session|auth|identity|bearer|login|user/i;
const DELEGATES = /\b([A-Z]\w*)\s*::\s*from_request(?:_parts)?\s*\([^()]*\)(?:\s*\.\s*(?:await|\w+\s*\(\s*\)))*\s*\?/g;

/**
 * Whether the extractor `type` (as the handler's file names it, under the modules `qualifier`
 * names: `permissions::Organization`) answers a request without credentials with a 401.
 */
function refusesAnonymous(type: string, qualifier: string[], handlerFile: string, handlerSource: string, text: (path: string) => string | undefined, code: (path: string) => string | undefined, crates: Crates): boolean {
  // `source`: a file's code without its comments.
  const refuses = (source: string, extractor = type, depth = 0): boolean => {
    const m = new RegExp(`\\bimpl\\s*(?:<[^{]*?>)?\\s*(?:[\\w:]+::)?FromRequest(?:Parts)?\\s*(?:<[^{]*?>)?\\s*for\\s+${extractor}\\b[^{]*\\{`).exec(source);
    if (!m) return derivedRefuses(source, extractor);
    const body = source.slice(m.index, closing(source, m.index + m[0].length - 1));
    // `Err(StatusCode::UNAUTHORIZED) => Ok(OptionToken::None)`: an anonymous caller is let in.
    if (LETS_ANONYMOUS_IN.test(body)) return false;
    if (REFUSAL.test(body) || (CALLER_READ.test(body) && FAILS_WITHOUT.test(body)) || (CREDENTIALS_CALL.test(body) && PASSES_ERROR_ON.test(body)) || (REDIRECTS_TO_SIGN_IN.test(body) && SIGN_IN_PAGE.test(body))) return true;
    // An extractor built on another of the file, whose failure it passes on:
    // `Organization::from_request_parts(parts, state).await.trace()?`; or on a function of its
    // own type that refuses (`Self::extract_token(&parts.headers, ...)` answering 401).
    const own = [...body.matchAll(SELF_CALL)].some((c) => {
      const fn = new RegExp(`\\bfn\\s+${c[1]}\\s*(?:<[^>{]*>)?\\s*\\(`).exec(source);
      const open = fn ? source.indexOf("{", fn.index) : -1;
      return open !== -1 && REFUSAL.test(source.slice(open, closing(source, open)));
    });
    return own || (depth < 3 && [...body.matchAll(DELEGATES)].some((d) => d[1] !== extractor && refuses(source, d[1]!, depth + 1)));
  };
  if (refuses(code(handlerFile)!)) return true;
  const base = crateBase(handlerFile);
  if (base === undefined) return false;
  const library = libraryName(text(`${base}Cargo.toml`));
  const here = modulePath(handlerFile);
  const through = qualifier[0] === "crate" ? [] : qualifier.length ? importedModule(qualifier[0]!, handlerSource, here, library) : undefined;
  const named = through ? [...through, ...qualifier] : importedModule(type, handlerSource, here, library);
  // Not named by a `use`: it may come with every name of a module (`use plume_models::admin::*`).
  const modules = named ? [named] : globUses(handlerSource).map((path) => (path[0] === library ? ["crate", ...path.slice(1)] : path));
  return modules.some((module) => {
    // In another crate of the workspace, the impl may be in any of its files (`impls.rs`).
    const other = module[0] === "crate" ? undefined : crates(module[0]!);
    return (other ? other.files : moduleFiles(handlerFile, module, crates)).some((file) => {
      const source = code(file);
      return !!source && refuses(source);
    });
  });
}

/**
 * An extractor axum-macros derives (`#[derive(FromRequestParts)] #[from_request(rejection(NotLoggedInError))]
 * struct UserExt { #[from_request(via(Extension))] local_user_view: LocalUserView }`): it refuses a
 * caller without a user when none of its fields is optional and its rejection answers 401 or 403
 * (`(StatusCode::FORBIDDEN, "Login required")`). `UserExtOpt`, whose field is an `Option`, lets everyone in.
 */
function derivedRefuses(source: string, extractor: string): boolean {
  const m = new RegExp(`#\\[derive\\([^)]*\\bFromRequest(?:Parts)?\\b[^)]*\\)\\]((?:\\s*#\\[[^\\]]*(?:\\[[^\\]]*\\][^\\]]*)*\\])*)\\s*(?:pub(?:\\([^)]*\\))?\\s+)?struct\\s+${extractor}\\s*\\{`).exec(source);
  if (!m) return false;
  const rejection = /\brejection\s*\(\s*([A-Z]\w*)\s*\)/.exec(m[1]!)?.[1];
  const open = m.index + m[0].length - 1;
  const fields = source.slice(open + 1, closing(source, open) - 1).replace(/#\[[^\]]*(?:\[[^\]]*\][^\]]*)*\]/g, "");
  if (!rejection || /:\s*Option\s*</.test(fields)) return false;
  const answer = new RegExp(`\\bimpl\\s+(?:[\\w:]+::)?IntoResponse\\s+for\\s+${rejection}\\b[^{]*\\{`).exec(source);
  if (!answer) return false;
  const body = source.slice(answer.index, closing(source, answer.index + answer[0].length - 1));
  return REFUSAL.test(body) || /\bFORBIDDEN\b|\b403\b/.test(body);
}

/** Rust code with its comments blanked (not the `//` inside a string literal), offsets kept. */
function withoutComments(code: string): string {
  return code.replace(/"(?:\\.|[^"\\])*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : " ".repeat(m.length)));
}

/** A crate of the workspace by the name its library is used by: its folder and its source files. */
export type Crates = (name: string) => { base: string; files: readonly string[] } | undefined;

/** The folder of the crate a file is in (above its src/ folder, where module paths start), or undefined outside one. */
function crateBase(file: string): string | undefined {
  if (file.startsWith("src/")) return "";
  const at = file.lastIndexOf("/src/");
  return at === -1 ? undefined : file.slice(0, at + 1);
}

/**
 * The files a module may be in: of the crate `file` is in (`["crate", "api", "extractor"]`), or
 * of another crate of the workspace by name (`["lemmy_api_crud", "user", "delete"]`); a crate's
 * root is lib.rs (a binary's handlers use the package's library) or main.rs.
 */
function moduleFiles(file: string, module: string[], crates: Crates): string[] {
  const base = module[0] === "crate" ? crateBase(file) : crates(module[0]!)?.base;
  if (base === undefined) return [];
  const rest = module.slice(1).join("/");
  return rest ? [`${base}src/${rest}.rs`, `${base}src/${rest}/mod.rs`] : [`${base}src/lib.rs`, `${base}src/main.rs`];
}

/** The name a package's library crate is used by (`[lib] name`, or the package's name with `_` for `-`). */
export function libraryName(manifest: string | undefined): string | undefined {
  if (!manifest) return undefined;
  const lib = /^\[lib\][^[]*?^\s*name\s*=\s*"([^"]+)"/m.exec(manifest)?.[1];
  return (lib ?? /^\[package\][^[]*?^\s*name\s*=\s*"([^"]+)"/m.exec(manifest)?.[1])?.replace(/-/g, "_");
}

/**
 * The module a `use` of `source` brings `name` from, absolute within the crate (`["crate", "http",
 * "extractors"]`); a path through the package's own library (`library`) is the crate's too.
 */
function importedModule(name: string, source: string, module: string[], library: string | undefined): string[] | undefined {
  for (const { name: alias, path } of useDeclarations(source)) {
    if (alias !== name) continue;
    const [first] = path;
    if (first === "crate") return path.slice(0, -1);
    if (first === library) return ["crate", ...path.slice(1, -1)];
    // A module the file declares (`mod article;` then `use article::{follow_article, ...}`): under this one.
    if (first && new RegExp(`(?:^|[\\s;}])mod\\s+${first}\\s*;`).test(source)) return [...module, ...path.slice(0, -1)];
    // Another crate, by the name its library is used by (`lemmy_api_crud::user::delete`).
    if (first && first !== "self" && first !== "super") return path.slice(0, -1);
    if (first === "self") return [...module, ...path.slice(1, -1)];
    if (first === "super") {
      let up = 0;
      while (path[up] === "super") up++;
      return [...module.slice(0, Math.max(1, module.length - up)), ...path.slice(up, -1)];
    }
  }
  return undefined;
}

/** The types of a parameter list starting after its `(`: `a: A, Path(id): Path<u32>` -> ["A", "Path<u32>"]. */
function parameterTypes(source: string, from: number): string[] {
  const types: string[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === "(" || c === "<" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === ">" || c === "]" || c === "}") && source[i - 1] !== "-") {
      if (depth === 0) {
        types.push(source.slice(start, i));
        break;
      }
      depth--;
    } else if (c === "," && depth === 0) {
      types.push(source.slice(start, i));
      start = i + 1;
    }
  }
  return types.map((param) => param.slice(typeColon(param) + 1).trim()).filter(Boolean);
}

/** Where a parameter's type starts: its first `:` outside brackets that is no `::` (`permissions::Organization { org_id }: permissions::Organization`). */
function typeColon(param: string): number {
  let depth = 0;
  for (let i = 0; i < param.length; i++) {
    const c = param[i];
    if (c === "(" || c === "<" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === ">" || c === "]" || c === "}") depth--;
    else if (c === ":" && depth === 0) {
      if (param[i + 1] === ":") i++;
      else return i;
    }
  }
  return -1;
}

// A handler that reads the caller's credentials at its top and answers 401 without them:
// `let user_id = cx.get_claims().map_err(|_| Response::new(401))?`. Both on one line, within
// the first lines: a sign-in handler answering 401 for a wrong password reads no credentials.
const READS_CREDENTIALS = /claims|token|jwt|session|auth|identity|bearer/i;
// Or one that calls a check of the caller and lets its failure through: `authenticate(&state,
// &req)?`, `authenticate(...).and_then(...)`, `.and_then(move |_| authenticate(...))`; a check
// whose both outcomes it handles (`authenticate(...).then(|auth| ... auth.ok())`) is optional; a
// principal's own check counts too (`principal.validate_api_key_or_admin_session(group, rights)?`).
const CALLER_CHECK = /\b(?:authenticat\w*|require_\w*(?:auth|user|login)\w*|check_\w*auth\w*|verify_\w*token\w*|validate_\w*(?:session|auth|admin|user|login|token|api_key)\w*)\s*\(/g;
const FIRST_LINES = 12;

/**
 * The check a Rust handler makes itself (Tide and Actix handlers read the request, an Axum
 * handler may take the Authorization header as an optional extractor and refuse without it):
 * `[REFUSES_ANONYMOUS]` when its first lines refuse a caller without credentials, or
 * the name of the caller check whose failure it passes on; else none, unless a handler of a
 * few lines hands the request to a helper that does. The function `handler` names is found by
 * its last path segment in any of the repository's Rust files but tests.
 */
export function rustHandlerCheck(bodies: (name: string) => readonly string[]): (handler: string) => string[] {
  const check = (handler: string, depth: number): string[] => {
    const name = handler.split("::").at(-1)!;
    if (!/^[A-Za-z_]\w*$/.test(name)) return [];
    for (const body of bodies(name)) {
      const lines = body.split("\n").filter((line) => line.trim() && !line.trim().startsWith("//")).slice(0, FIRST_LINES);
      // (The refusal's own word is no reading: `unauthorized` holds "auth".)
      if (lines.some((line) => READS_CREDENTIALS.test(line.replace(/unauthori[sz]ed/gi, "")) && REFUSAL.test(line))) return [REFUSES_ANONYMOUS];
      const top = lines.join("\n");
      for (const m of top.matchAll(CALLER_CHECK)) {
        const after = top.slice(closing(top, m.index + m[0].length - 1)).trimStart();
        const inside = /\.\s*and_then\s*\(\s*(?:move\s*)?\|[^|]*\|\s*$/.test(top.slice(0, m.index));
        if (inside || after.startsWith("?") || /^\.\s*(?:and_then|map|map_err|from_err)\s*\(/.test(after)) return [m[0].replace(/\s*\($/, "")];
      }
      // A handler that hands the request to a helper at once (`_favorite(cx, Action::Favorite).await`): the helper's top, one level down.
      const delegate = depth === 0 && lines.length <= 4 ? /\b([A-Za-z_]\w*)\s*\(\s*(?:cx|req|request|ctx)\b/.exec(top)?.[1] : undefined;
      if (delegate && delegate !== name) {
        const found = check(delegate, depth + 1);
        if (found.length) return found;
      }
    }
    return [];
  };
  return (handler) => check(handler, 0);
}

// What a middleware does to end a request itself: returns early, answers an error or a status,
// redirects, or passes a failure on with `?`.
const ENDS_REQUEST = /\breturn\b|\bErr\s*\(|\bStatusCode\b|\bRedirect\b|\binto_response\s*\(|\?\s*[;.)]/;

/**
 * A function answering whether an Axum middleware named like a guard (`from_fn(auth_middleware)`)
 * lets every request through: each definition of it hands the request on (`next.run(request).await`)
 * and has no way to end it, reading the caller only to put who they are on the request (Ibis's
 * `auth_middleware`, which handlers then require through an extractor, or not).
 */
export function rustPassThroughMiddleware(bodies: (name: string) => readonly string[]): (guard: string) => boolean {
  return (guard) => {
    const found = bodies(guard.split("::").at(-1)!);
    return found.length > 0 && found.every((body) => /\bnext\s*\.\s*run\s*\(/.test(body) && !ENDS_REQUEST.test(withoutComments(body)));
  };
}
