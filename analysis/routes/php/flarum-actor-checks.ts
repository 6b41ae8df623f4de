import { classChain } from "./class-chain.ts";

// Flarum's Actor refuses a guest (`assertRegistered()`, NotAuthenticatedException) or anyone not an
// administrator (`assertAdmin()`, PermissionDeniedException). `assertCan(...)` is left alone: a
// permission may be granted to guests.
const ACTOR_CHECK = /->\s*(assertRegistered|assertAdmin)\s*\(\s*\)/;

/**
 * The guards of a Flarum route's handler class (`Controller\ClearCacheController`), from the check
 * it makes of the request's actor (`RequestUtil::getActor($request)->assertAdmin();`), or a class of
 * the project's it extends makes (`UploadLogoController extends UploadImageController`). Flarum's
 * handlers serve one route each, so a check anywhere in the class is the route's.
 */
export function flarumActorChecks(project: { text(path: string): string | undefined } | undefined, classFile: (name: string) => string | undefined): (handler: string) => string[] {
  const chainOf = classChain(project, classFile);
  return (handler) => {
    const check = chainOf(handler).map((text) => ACTOR_CHECK.exec(text)?.[1]).find(Boolean);
    return check ? [check] : [];
  };
}
