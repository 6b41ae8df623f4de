/**
 * The Devise modules a resource's model enables, filled in before linking: `devise_for :users`
 * draws the routes of every module (sessions, passwords, registrations, confirmations, unlocks),
 * each marked with it; this keeps those the model turns on (`devise :database_authenticatable,
 * :registerable, :recoverable, :lockable`: sessions, registrations, passwords, unlocks). A module
 * enabled only on a condition (`*(:confirmable if ENV[...])`) is not on by default. Without the
 * model (or its `devise` call) the generated model's modules stand: sessions, passwords and
 * registrations.
 */
import { singular } from "../inflect.ts";
import type { FileRoutes, Registration } from "../registration.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

// devise-two-factor's `two_factor_authenticatable` takes the place of `database_authenticatable`: it signs in through the same sessions routes.
const ROUTES_OF: Record<string, string> = { database_authenticatable: "sessions", two_factor_authenticatable: "sessions", recoverable: "passwords", registerable: "registrations", confirmable: "confirmations", lockable: "unlocks", invitable: "invitations", omniauthable: "omniauth_callbacks" };
const GENERATED = new Set(["sessions", "passwords", "registrations"]);

export function withDeviseModules(files: ReadonlyMap<string, FileRoutes>, project: Project | undefined): Map<string, FileRoutes> {
  const enabled = new Map<string, { modules: Set<string>; providers: string[]; found: boolean }>();
  const modelOf = (resource: string) => {
    let model = enabled.get(resource);
    if (!model) {
      const found = modelModules(project, resource);
      enabled.set(resource, (model = found ? { ...found, found: true } : { modules: GENERATED, providers: [], found: false }));
    }
    return model;
  };
  let omniauthPrefix: string | undefined;
  let signOutVia: string[] | undefined;
  let unlocksByEmail: boolean | undefined;
  let configured: string[] | undefined | null = null;
  const result = new Map<string, FileRoutes>();
  for (const [file, routes] of files) {
    if (!routes.registrations.some((r) => r.type === "route" && r.deviseModule)) {
      result.set(file, routes);
      continue;
    }
    const registrations = routes.registrations.flatMap((r): Registration[] => {
      if (r.type !== "route" || !r.deviseModule) return [r];
      const { deviseModule, ...route } = r;
      const [resource, module, named] = deviseModule.split(":") as [string, string, string | undefined];
      const model = modelOf(resource);
      // A module `only:` names is drawn where the model enables it, or where the model is not found.
      if (!model.modules.has(module) && !(named && !model.found)) return [];
      // Devise draws the unlock routes only where accounts unlock by email (`config.unlock_strategy`, `:both` by default).
      if (module === "unlocks" && !(unlocksByEmail ??= unlockByEmail(project))) return [];
      // Signing out by the method the initializer sets (`config.sign_out_via = :get`), where the route names none of its own.
      if (module === "sessions" && route.handler.endsWith("#destroy") && route.methods.join() === "DELETE") {
        signOutVia ??= signOutMethods(project);
        return [{ ...route, methods: signOutVia.length ? signOutVia : route.methods }];
      }
      if (module !== "omniauth_callbacks") return [route];
      // OmniAuth's routes: under `config.omniauth_path_prefix` when the initializer sets one,
      // one per provider the model names (`omniauth_providers: [:google_oauth2]`).
      const prefixed = (omniauthPrefix ??= omniauthPathPrefix(project) ?? "") ? { ...route, path: route.path.replace(/^.*?\/auth(?=\/)/, omniauthPrefix) } : route;
      // A model that names none has every provider the initializer configures (`config.omniauth :github, ...`).
      if (configured === null) configured = configuredProviders(project);
      const providers = model.providers.length ? model.providers : configured;
      // Every provider configured only when the environment holds its keys: no provider is served as shipped.
      if (providers && !providers.length) return [];
      if (!providers) return [prefixed];
      return providers.map((provider) => ({ ...prefixed, path: prefixed.path.replace(/:provider\b|\{provider\}/g, provider), handler: prefixed.handler.replace(/#:provider$/, `#${provider}`) }));
    });
    result.set(file, { ...routes, registrations });
  }
  return result;
}

/** Whether config/initializers/devise.rb lets accounts unlock by email: `config.unlock_strategy = :email` or `:both`, the default. */
function unlockByEmail(project: Project | undefined): boolean {
  const strategy = /^[ \t]*config\.unlock_strategy[ \t]*=[ \t]*:(\w+)/m.exec(project?.text("config/initializers/devise.rb") ?? "")?.[1];
  return strategy === undefined || strategy === "email" || strategy === "both";
}

/**
 * The OmniAuth providers config/initializers/devise.rb configures: `config.omniauth :github,
 * ENV["ID"], ENV["SECRET"]`, under the name its options give (`name: :google`). One configured only
 * inside a block run when the environment holds its keys (`if (key = ENV["TWITTER_OAUTH_KEY"]).present?`)
 * is off as shipped.
 */
function configuredProviders(project: Project | undefined): string[] | undefined {
  const text = project?.text("config/initializers/devise.rb") ?? "";
  const lines = text.split("\n");
  // None configured at all: the providers are not known here (undefined), not none.
  if (!lines.some((line) => /^[ \t]*config\.omniauth[ \t(]+:/.test(line))) return undefined;
  return [...new Set(lines.flatMap((line, i) => {
    const m = /^([ \t]*)config\.omniauth[ \t(]+:["']?(\w+)/.exec(line);
    if (!m || underEnvironmentTest(lines, i, m[1]!.length)) return [];
    const named = /\bname:\s*:["']?(\w+)/.exec(lines.slice(i, i + 12).join("\n").split(/\n[ \t]*(?:end|config\.)\b/)[0]!)?.[1];
    return [named ?? m[2]!];
  }))];
}

/** Whether a line at `indent` sits in an `if`/`unless` block (any level up) whose test reads the environment. */
function underEnvironmentTest(lines: readonly string[], at: number, indent: number): boolean {
  let level = indent;
  for (let i = at - 1; i >= 0 && level > 0; i--) {
    const line = lines[i]!;
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const own = /^[ \t]*/.exec(line)![0].length;
    if (own >= level) continue;
    level = own;
    // The opener, its test perhaps continued on the lines below it (`if defined?(...) &&\n (key = ENV[...]).present?`).
    if (/^[ \t]*(?:if|unless|elsif)\b/.test(line) && /\bENV\b/.test(lines.slice(i, at).join("\n").split(/\n[ \t]*config\./)[0]!)) return true;
  }
  return false;
}

/** The methods `config.sign_out_via = :get` (or `[:get, :delete]`) in config/initializers/devise.rb sets; none when it sets none. */
function signOutMethods(project: Project | undefined): string[] {
  const value = /^[ \t]*config\.sign_out_via[ \t]*=[ \t]*([^\n#]+)/m.exec(project?.text("config/initializers/devise.rb") ?? "")?.[1] ?? "";
  return [...value.matchAll(/:(\w+)|["'](\w+)["']/g)].map((m) => (m[1] ?? m[2])!.toUpperCase());
}

/** `config.omniauth_path_prefix = "/auth"` in config/initializers/devise.rb: where OmniAuth's routes go instead of `/<resource>/auth`. */
function omniauthPathPrefix(project: Project | undefined): string | undefined {
  const text = project?.text("config/initializers/devise.rb");
  return text ? /^[ \t]*config\.omniauth_path_prefix[ \t]*=[ \t]*["']([^"']+)["']/m.exec(text)?.[1]?.replace(/\/+$/, "") : undefined;
}

/**
 * The routes' modules of the `devise ...` calls in app/models/<resource>.rb (a model may make
 * several), and the OmniAuth providers they name; undefined when there is none.
 */
function modelModules(project: Project | undefined, resource: string): { modules: Set<string>; providers: string[] } | undefined {
  // A model in a module (`spree/user`, from `class_name: "Spree::User"`) is at its own path first.
  const names = [...(resource.includes("/") ? [resource] : []), singular(resource.split("/").at(-1)!)];
  const files = [...(project?.listed ?? [])];
  const path = names.map((name) => files.find((p) => p === `app/models/${name}.rb` || p.endsWith(`/app/models/${name}.rb`))).find((p) => p !== undefined);
  const text = path === undefined ? undefined : project!.text(path);
  // A comment after a line's comma (`:lockable, # core extensions`) does not end the call.
  const uncommented = text?.replace(/,[ \t]*#[^\n]*\n/g, ",\n");
  const calls = uncommented === undefined ? [] : [...uncommented.matchAll(/^[ \t]*devise[ \t(]+((?:[^\n]*,[ \t]*\n)*[^\n]*)/gm)].map((m) => m[1]!);
  if (!calls.length) return undefined;
  // A splat on a condition (`*(:confirmable if ENV["X"] == "true")`) is off unless the environment says so.
  const unconditional = calls.join("\n").replace(/\*\s*\([^)]*\bif\b[^)]*\)/g, "");
  const providers = /omniauth_providers:\s*(\[[^\]]*\]|%i\[[^\]]*\])/.exec(unconditional)?.[1]!.replace(/^%i\[|^\[|\]$/g, "").split(/[\s,]+/).map((p) => p.replace(/^:/, "")).filter(Boolean) ?? [];
  const listed = unconditional.replace(/omniauth_providers:\s*(?:\[[^\]]*\]|%i\[[^\]]*\])/, "");
  return { modules: new Set([...listed.matchAll(/:(\w+)/g)].map((m) => ROUTES_OF[m[1]!]).filter((m): m is string => !!m)), providers };
}
