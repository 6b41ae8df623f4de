import type { Framework } from "../framework.ts";
import { arrayElements, type Span } from "../js/objects.ts";
import { jsPath, pathConstants } from "../js/values.ts";
import { joinPaths } from "../paths.ts";
import type { Registration } from "../registration.ts";
import { callArguments, type RouteSource } from "../source.ts";

const CALL = /^(route|index|layout|prefix)\s*\(/;
const ROOT = /\bexport\s+default\s*(?:\[|[A-Za-z_$][\w$]*\s*\()|satisfies\s+RouteConfig/;

/**
 * React Router's route config (`app/routes.ts` in framework mode): `route("users/:id",
 * "routes/user.tsx", [children])`, `index(file)`, pathless `layout(file, [children])` and
 * `...prefix("admin", [children])`. Each route module serves a page at its full path (kind
 * `fs`), handled by the module it names. File routes (`flatRoutes()`) are the file-system
 * stage's.
 */
export const reactRouterConfig: Framework = {
  id: "react-router-config",
  name: "React Router route config",
  languages: ["typescript", "javascript"],
  hint: /@react-router\/dev\/routes/,
  scan(source) {
    const root = ROOT.exec(source.code);
    const open = root ? source.code.indexOf("[", root.index) : -1;
    if (open === -1) return [];
    const constants = pathConstants(source);
    const found: Registration[] = [];
    const walk = (array: number, prefix: string) => {
      for (const element of arrayElements(source, array)) {
        const spread = /^(?:\.\.\.\s*)?/.exec(source.code.slice(element.start, element.end))![0].length;
        const call = CALL.exec(source.code.slice(element.start + spread, element.end));
        if (!call) continue;
        const { args } = callArguments(source.code, element.start + spread + call[0].length - 1);
        const text = (span: Span | undefined) => (span ? jsPath(source, span.start, span.end, constants) : undefined);
        const kind = call[1]!;
        const path = kind === "route" || kind === "prefix" ? text(args[0]) : "";
        if (path === undefined) continue;
        const full = joinPaths(prefix, path);
        const module = kind === "route" ? text(args[1]) : kind === "index" ? text(args[0]) : undefined;
        if (module !== undefined) {
          found.push({
            type: "route",
            framework: "react-router",
            kind: "fs",
            methods: ["GET"],
            path: full,
            handler: module,
            guards: [],
            owner: "",
            line: source.lineAt(element.start),
          });
        }
        const children = args.find((a) => source.code[a.start] === "[");
        if (children) walk(children.start, full);
      }
    };
    walk(open, "");
    return found;
  },
};
