import type { Framework } from "../framework.ts";
import { guardedMount } from "../common/mounts.ts";
import { staticValue } from "../common/values.ts";
import type { Registration } from "../registration.ts";
import { routeFns } from "../rust/attributes.ts";
import { wholeChain } from "../rust/chain.ts";
import { itemName, RUST_VALUES, rustFile } from "../rust/source.ts";
import { walkFunctions } from "../rust/walk.ts";

// Request guards that check who calls: parameter types such as `AuthUser`, `AdminUser`, `ApiKey`, `Claims`.
const GUARD_TYPE = /^&?(?:'\w+\s+)?([A-Z]\w*(?:Auth|User|Admin|ApiKey|Token|Session|Claims|Jwt|Guard)\w*|Auth\w*|Admin\w*|ApiKey\w*|Jwt\w*|User)\b(?!\s*<)/;

/**
 * Rocket: handlers marked `#[get("/<id>")]` (`#[route(GET, uri = "...")]` too), whose request
 * guards are auth-like parameter types (`user: AuthUser`), mounted with
 * `.mount("/api", routes![list, users::show])` on `rocket::build()` or on the instance a stage
 * receives (`AdHoc::on_ignite(.., |rocket| async { rocket.mount(...) })`). `<path..>` segments
 * are parameters; the query part of a route is not its path.
 */
export const rocket: Framework = {
  id: "rocket",
  name: "Rocket",
  languages: ["rust"],
  hint: /\brocket\b/,
  scan(source) {
    const file = rustFile(source);
    const found: Registration[] = [];
    for (const r of routeFns(source, file)) {
      const name = itemName(file, r.fn);
      const guards = r.params.split(",").map((p) => GUARD_TYPE.exec(p.split(":").slice(1).join(":").trim())?.[1]).filter((g): g is string => !!g);
      const path = r.path.replace(/\?.*$/, "").replace(/<(\w+)\.\.>/g, "<$1>");
      found.push({ type: "router", framework: "rocket", name, prefix: "", guards: [], line: r.line });
      found.push({ type: "route", framework: "rocket", kind: "http", methods: r.methods.length ? r.methods : ["GET"], path, handler: r.fn, guards, owner: name, line: r.line });
    }
    let roots = 0;
    walkFunctions(source, file, {
      param: /^\s*Rocket\s*</,
      returns: /\bRocket\s*</,
      node: (name, at) => (found.push({ type: "router", framework: "rocket", name, prefix: "", guards: [], line: source.lineAt(at) }), { name, line: source.lineAt(at) }),
      chain: (chain, env, fresh) => {
        const mounts = chain.links.filter((l) => l.name === "mount");
        if (mounts.length === 0) return undefined;
        const node = env.get(chain.head) ?? { name: `${fresh}#${++roots}`, line: source.lineAt(chain.start) };
        if (!env.has(chain.head)) found.push({ type: "router", framework: "rocket", name: node.name, prefix: "", guards: [], line: node.line });
        for (const m of mounts) {
          const prefix = m.args[0] && staticValue(source, m.args[0].start, m.args[0].end, file.constants, RUST_VALUES);
          const list = m.args[1] && wholeChain(source.code, m.args[1]);
          if (prefix === undefined || !list || list.head !== "routes!" || !list.call) continue;
          for (const item of list.call) found.push(...guardedMount("rocket", node.name, prefix, itemName(file, source.code.slice(item.start, item.end)), [], source.lineAt(m.start)));
        }
        return node;
      },
    });
    return found;
  },
};
