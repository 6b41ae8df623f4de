import type { Framework } from "../framework.ts";
import { decorated, type Decorator } from "../js/decorators.ts";
import { argumentName } from "../js/names.ts";
import { objectProperties, type Span } from "../js/objects.ts";
import { SIGN_IN_STRATEGY } from "../js/passport-sign-in.ts";
import { pathConstants, pathList } from "../js/values.ts";
import { declaresPublic, isGuardName } from "../paths.ts";
import type { Registration } from "../registration.ts";
import type { RouteSource } from "../source.ts";
import { nestGlobals, versions } from "./nestjs-globals.ts";
import { nestModules } from "./nestjs-modules.ts";

const HTTP = new Set(["Get", "Post", "Put", "Patch", "Delete", "Options", "Head", "All", "Search"]);
// Decorators that attach a guard themselves (`@Auth()`, `@JwtGuard()`); Swagger's `@ApiBearerAuth` only documents one.
// NestJS's and its ecosystem's own decorators, which apply no guard of the project's composing.
const NEST_DECORATOR = /^(?:Controller|Get|Post|Put|Patch|Delete|Options|Head|All|Search|UseGuards|UseInterceptors|UsePipes|UseFilters|Version|HttpCode|Header|Redirect|Render|SetMetadata|Sse|Api[A-Z]\w*|Throttle|SkipThrottle|CacheKey|CacheTTL|Roles|Public)$/;
const GUARD_DECORATOR = /^(?!Api|UseGuards$)\w*(?:Auth|Guard)\w*$/;
/**
 * NestJS: `@Controller("path")` or `@Controller({ path, version })` classes, method decorators
 * (`@Get(":id")`), `@UseGuards` and auth decorators on the class and the method, `@Version`;
 * and in the bootstrap and modules, global prefix, URI versioning, global guards and
 * middleware applied to routes (nestjs-globals.ts).
 */
export const nestjs: Framework = {
  id: "nestjs",
  name: "NestJS",
  languages: ["typescript", "javascript"],
  hint: /@Controller\b|setGlobalPrefix|useGlobalGuards|enableVersioning|APP_GUARD|forRoutes|@Module\b|RouterModule\b/,
  scan(source) {
    const constants = pathConstants(source);
    const registrations: Registration[] = [...nestGlobals(source, constants), ...nestModules(source, constants)];
    for (const target of decorated(source)) {
      const controller = target.decorators.find((d) => d.name === "Controller");
      if (target.kind !== "class" || !controller) continue;
      const options = controller.args[0] && source.code[controller.args[0].start] === "{"
        ? objectProperties(source, controller.args[0].start)
        : undefined;
      const path = options ? options.get("path") : controller.args[0];
      const classVersions = versions(source, options?.get("version") ?? versionArg(target.decorators), constants);
      registrations.push({
        type: "router",
        framework: "nestjs",
        name: target.name,
        prefix: path ? pathList(source, path, constants)[0] ?? "" : "",
        guards: guards(source, target.decorators),
        line: source.lineAt(controller.start),
      });
      for (const method of target.members ?? []) {
        const verb = method.decorators.find((d) => HTTP.has(d.name));
        if (!verb) continue;
        // Decorators of the project's own, on the method or its class, may apply guards (js/composed-decorators.ts).
        const helpers = [...new Set([...target.decorators, ...method.decorators].map((d) => d.name).filter((n) => /^[A-Z]/.test(n) && !NEST_DECORATOR.test(n)))];
        const paths = verb.args[0] ? pathList(source, verb.args[0], constants) : [""];
        const own = versions(source, versionArg(method.decorators), constants);
        for (const version of own ?? classVersions ?? [undefined]) {
          for (const p of paths) {
            registrations.push({
              type: "route",
              framework: "nestjs",
              kind: "http",
              methods: [verb.name === "All" ? "ALL" : verb.name.toUpperCase()],
              path: p,
              handler: `${target.name}.${method.name}`,
              guards: guards(source, method.decorators),
              owner: target.name,
              line: source.lineAt(verb.start),
              ...(version === undefined ? {} : { version }),
              ...(helpers.length ? { helpers } : {}),
              // The project's decorator marking a handler public (`export const Public = () => SetMetadata(IS_PUBLIC_KEY, true)`),
              // which its global auth guard reads to let the request through: the handler lifts the guards above it.
              // Or one of the app's role decorators given the public role (`@Roles('public')`), which its global guard lets through.
              ...([...target.decorators, ...method.decorators].some((d) => declaresPublic(d.name) || publicRole(source, d)) ? { anonymous: true } : {}),
            });
          }
        }
      }
    }
    return registrations;
  },
};

/** `@Roles('public')`, `@Access("anonymous")`: a decorator given one string naming the role of anyone. */
function publicRole(source: RouteSource, d: Decorator): boolean {
  return d.args.length === 1 && /^\s*(["'`])(?:public|anonymous|everyone)\1\s*$/i.test(source.text.slice(d.args[0]!.start, d.args[0]!.end));
}

/** The guards a list of decorators attaches: `@UseGuards(A, B)` arguments and auth decorators. */
function guards(source: RouteSource, decorators: readonly Decorator[]): string[] {
  return decorators.flatMap((d) => {
    if (d.name === "UseGuards") {
      // Every argument is a guard class; those of other things than who calls (ThrottlerGuard) are left, and so
      // is one made for a Passport strategy that signs a caller in (`AuthGuard('google')`, `OAuthCallbackGuard('oidc')`).
      return d.args
        .filter((a) => !SIGN_IN_STRATEGY.test(/^\s*[\w$.]+\s*\(\s*["'`]([\w-]+)["'`]\s*\)\s*$/.exec(source.text.slice(a.start, a.end))?.[1] ?? ""))
        .map((a) => argumentName(source, a.start, a.end))
        .filter((n) => n !== "(inline)" && isGuardName(n));
    }
    return GUARD_DECORATOR.test(d.name) && isGuardName(d.name) ? [d.name] : [];
  });
}

const versionArg = (decorators: readonly Decorator[]): Span | undefined =>
  decorators.find((d) => d.name === "Version")?.args[0];
