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
export function flarumActorChecks(classFile: (name: string) => string | undefined, read: (file: string) => string | undefined): (handler: string) => string[] {
  const checkOf = (name: string, depth: number): string | undefined => {
    const file = classFile(name);
    const text = file === undefined || depth > 5 ? undefined : read(file);
    if (text === undefined) return undefined;
    const base = new RegExp(String.raw`\bclass\s+${name.split("\\").pop()}\s+extends\s+\\?([\w\\]+)`).exec(text)?.[1];
    return ACTOR_CHECK.exec(text)?.[1] ?? (base ? checkOf(base, depth + 1) : undefined);
  };
  return (handler) => {
    const check = checkOf(handler, 0);
    return check ? [check] : [];
  };
}
