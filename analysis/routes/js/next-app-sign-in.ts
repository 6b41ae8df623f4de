/**
 * A Next.js pages app whose custom App signs the caller in on the server before any page renders
 * (Overseerr's and Jellyseerr's `pages/_app.tsx`): its `getInitialProps` looks the caller up and,
 * failing that, answers a redirect to the sign-in page (`ctx.res.writeHead(307, { Location:
 * '/login' })`), except on the pages a test of the page's path lets through (`if
 * (!router.pathname.match(/(login|setup|resetpassword)/))`). Every other page of that folder is
 * guarded so.
 */
import type { LinkedRoute } from "../link.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

/** How a page the App sends to sign in is guarded. */
export const APP_SIGN_IN = "(_app sends a caller not signed in to sign in)";

// The redirect to a sign-in page, in a response header.
const TO_SIGN_IN = /\bLocation\s*:\s*["'`]\/(?:login|signin|sign-in|auth\/login|auth\/signin)\b[^"'`]*["'`]/;
// What the App looks up first: the caller.
const READS_CALLER = /\/auth\/me\b|\bgetSession\s*\(|\bcurrentUser\b|\buser\b|\bsession\b|\bcookie\b/i;
// `if (!router.pathname.match(/(login|setup|resetpassword)/))`: the pages let through.
const EXCEPT = /\bif\s*\(\s*!\s*(?:[\w$]+\.)*(?:pathname|asPath)\s*\.\s*match\s*\(\s*\/((?:[^/\\\n]|\\.)+)\/([a-z]*)\s*\)\s*\)/g;

type AppCheck = { except: RegExp | undefined };

export function nextAppSignInGuards(project: Project | undefined): <R extends LinkedRoute>(route: R) => R {
  const apps = new Map<string, AppCheck | undefined>();
  const appOf = (pagesDir: string): AppCheck | undefined => {
    if (!apps.has(pagesDir)) {
      const text = ["tsx", "ts", "jsx", "js"].map((ext) => project?.text(`${pagesDir}_app.${ext}`)).find((t) => t !== undefined);
      apps.set(pagesDir, text === undefined ? undefined : appCheck(text));
    }
    return apps.get(pagesDir);
  };
  return (route) => {
    if (route.framework !== "next" || route.kind !== "fs" || route.guards.length) return route;
    const m = /^(.*?\bpages\/)(.*)\.[cm]?[jt]sx?$/.exec(route.file);
    if (!m || /^(?:api\/|_)/.test(m[2]!)) return route;
    const app = appOf(m[1]!);
    if (!app) return route;
    const pathname = `/${m[2]!.replace(/(?:^|\/)index$/, "")}`;
    return app.except?.test(pathname) ? route : { ...route, guards: [APP_SIGN_IN] };
  };
}

/** What an App's `getInitialProps` does to a caller it cannot look up: undefined where it sends no one to sign in. */
function appCheck(text: string): AppCheck | undefined {
  const start = text.indexOf("getInitialProps");
  if (start === -1) return undefined;
  const body = text.slice(start);
  const redirect = TO_SIGN_IN.exec(body);
  if (!redirect || !READS_CALLER.test(body.slice(0, redirect.index))) return undefined;
  // The test nearest before the redirect names the pages it lets through.
  const test = [...body.slice(Math.max(0, redirect.index - 400), redirect.index).matchAll(EXCEPT)].at(-1);
  if (!test) return { except: /^\/(?:login|signin|sign-in)\b/ };
  try {
    return { except: new RegExp(test[1]!, test[2]!.replace(/[gy]/g, "")) };
  } catch {
    return undefined;
  }
}
