/**
 * The guards of a Hanami 1 action: one class per action (`to: 'articles::comments#create'` is
 * `apps/<app>/controllers/articles/comments/create.rb`) whose `before :callback` runs first. The
 * application's `controller.prepare` block (apps/<app>/application.rb) gives every action its
 * callbacks, directly or through the modules it includes (`before` in their `self.included`);
 * an action leaves one out by defining the callback method with an empty body
 * (`def authenticate!; end`). Only callbacks named like a check count (`authenticate!`).
 */
import { isGuardName } from "../paths.ts";
import { snake } from "./controllers.ts";

type Read = (file: string) => string | undefined;

const APP_ROUTES = /^(.*?\/)?apps\/(\w+)\/config\/routes\.rb$/;
const BEFORE = /^[ \t]*before[ \t]+((?::\w+[!?]?[ \t]*,?[ \t]*)+)/gm;
const INCLUDE = /^[ \t]*include[ \t]+((?:\w+::)*\w+)/gm;

/** The guards of the action a Hanami route (declared in `file`, an app's config/routes.rb) sends to. */
export function hanamiActionGuards(handler: string, file: string, read: Read): string[] {
  const app = APP_ROUTES.exec(file);
  const target = handler.split("/").at(-1)!.split("#");
  if (!app || target.length !== 2) return [];
  const appDir = `${app[1] ?? ""}apps/${app[2]}`;
  const action = read(`${appDir}/controllers/${target[0]!.split("::").join("/")}/${target[1]}.rb`);
  if (action === undefined) return [];
  const callbacks = [...preparedCallbacks(appDir, read), ...befores(action)];
  return [...new Set(callbacks)].filter((name) => isGuardName(name) && !emptyMethod(action, name));
}

/** The callbacks `controller.prepare` gives every action of the app, with those of the modules it includes. */
function preparedCallbacks(appDir: string, read: Read): string[] {
  const block = /controller\.prepare[ \t]+do\b([\s\S]*?)^[ \t]*end\b/m.exec(read(`${appDir}/application.rb`) ?? "")?.[1];
  if (!block) return [];
  const found = befores(block);
  for (const m of block.matchAll(INCLUDE)) {
    // `Api::Controllers::Authentication` -> apps/api/controllers/authentication.rb (Hanami's layout).
    found.push(...befores(read(`${appDir}/${snake(m[1]!).split("/").slice(1).join("/")}.rb`) ?? ""));
  }
  return found;
}

function befores(text: string): string[] {
  return [...text.matchAll(BEFORE)].flatMap((m) => m[1]!.split(",").map((s) => s.trim().replace(/^:/, "")).filter(Boolean));
}

/** Whether the class defines `name` with nothing in it (`def authenticate!; end` or over two lines). */
function emptyMethod(text: string, name: string): boolean {
  const escaped = name.replace(/[!?]/g, "\\$&");
  return new RegExp(`^[ \\t]*def[ \\t]+${escaped}(?:[ \\t]*\\(\\))?[ \\t]*(?:;[ \\t]*|\\n(?:[ \\t]*\\n)*[ \\t]*)end\\b`, "m").test(text);
}
