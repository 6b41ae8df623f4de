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
