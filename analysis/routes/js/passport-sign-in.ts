/**
 * NestJS guards that are a sign-in through another provider, not a check in front of a route:
 * a class extending Passport's `AuthGuard('github')` (or `'google'`, `'openidconnect'`, ...)
 * sends the caller to the provider and back, and one of `'local'` checks the credentials a
 * sign-in posts. Such routes are the way in, open to anyone. A class of another strategy
 * (`'jwt'`, `'api-key'`) checks the caller and stays a guard.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const CLASS = /\bclass\s+(\w+)\s+extends\s+AuthGuard\s*\(\s*["'`]([\w-]+)["'`]/g;
// Passport strategies that sign a caller in (a provider's OAuth or OpenID Connect flow, SAML, a posted password).
export const SIGN_IN_STRATEGY = /^(?:local|github\d*|google(?:-oauth\d*)?|gitlab|bitbucket|gitea|facebook|twitter|microsoft|azure(?:-ad)?|apple|discord|slack|linkedin|oidc|openidconnect|oauth2?|saml|keycloak|auth0|okta|yandex|kakao|naver|wechat|feishu|dingtalk|lark)$/i;
const SOURCE = /\.(?:[cm]?[jt]s)$/;

/** A function telling whether a guard class of the project is a Passport sign-in (by its strategy). */
export function passportSignInGuards(project: Project | undefined): (name: string) => boolean {
  let classes: Set<string> | undefined;
  return (name) => (classes ??= read(project)).has(name.split(".").at(-1)!);
}

function read(project: Project | undefined): Set<string> {
  const found = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!SOURCE.test(path) || /(^|\/)node_modules\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    if (!text.includes("AuthGuard")) continue;
    for (const m of text.matchAll(CLASS)) if (SIGN_IN_STRATEGY.test(m[2]!)) found.add(m[1]!);
  }
  return found;
}
