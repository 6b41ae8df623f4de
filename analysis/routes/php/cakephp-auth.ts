/**
 * CakePHP's authentication plugin as a controller declares it: loading its component
 * (`$this->loadComponent('Authentication.Authentication')`, usually in AppController) makes every
 * action of the controllers below it require an identity, but those its `allowUnauthenticated(['login',
 * ...])` names (in `beforeFilter` or `initialize`, in the class or one it extends). A route's
 * handler (`AuthLogin::loginPost`) names its controller class; the one nearest the route's routes
 * file wins where plugins repeat a name.
 */
import { phpWithoutComments } from "../../languages/php/strings.ts";
import { dirOf } from "../../project.ts";

type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const LOADS = /\bloadComponent\s*\(\s*['"]Authentication\.Authentication['"]/;
const ALLOWS = /\ballowUnauthenticated\s*\(\s*\[([^\]]*)\]/g;
const EXTENDS = /\bclass\s+\w+\s+extends\s+\\?([\w\\]+)/;

/** A function giving the guard a CakePHP route's controller action takes from the authentication component, if any. */
export function cakephpAuthGuards(project: Project | undefined): (handler: string, routesFile: string) => string[] {
  let byClass: Map<string, string[]> | undefined;
  const files = () => {
    if (byClass) return byClass;
    byClass = new Map();
    for (const path of project?.listed ?? []) {
      const m = /(?:^|\/)([A-Z]\w*)\.php$/.exec(path);
      if (m && /(?:^|\/)src\/Controller\//.test(path) && !/(^|\/)(tests?|vendor)\//.test(path)) byClass.set(m[1]!, [...(byClass.get(m[1]!) ?? []), path]);
    }
    return byClass;
  };
  // The file of a class: of several, the one sharing most folders with `near`.
  const fileOf = (name: string, near: string): string | undefined => {
    const found = files().get(name) ?? [];
    const shared = (path: string) => {
      const a = path.split("/");
      const b = near.split("/");
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      return i;
    };
    return found.reduce<string | undefined>((best, path) => (best === undefined || shared(path) > shared(best) ? path : best), undefined);
  };
  const memo = new Map<string, string[]>();
  return (handler, routesFile) => {
    const m = /^([\w/]+)::(\w+)$/.exec(handler);
    if (!m || !project) return [];
    const controller = `${m[1]!.split("/").at(-1)}Controller`;
    const key = `${routesFile}#${handler}`;
    if (memo.has(key)) return memo.get(key)!;
    // The controller and the classes it extends, as far as the app defines them.
    const chain: string[] = [];
    const near = dirOf(dirOf(routesFile));
    for (let cls: string | undefined = controller, depth = 0; cls && depth < 5; depth++) {
      const file = fileOf(cls, near);
      const text = file === undefined ? undefined : project.text(file);
      if (text === undefined) break;
      const code = phpWithoutComments(text);
      chain.push(code);
      cls = EXTENDS.exec(code)?.[1]?.split("\\").pop();
    }
    const allowed = chain.flatMap((code) => [...code.matchAll(ALLOWS)].flatMap((a) => [...a[1]!.matchAll(/['"](\w+)['"]/g)].map((x) => x[1]!)));
    const guards = chain.some((code) => LOADS.test(code)) && !allowed.includes(m[2]!) ? ["Authentication"] : [];
    memo.set(key, guards);
    return guards;
  };
}
