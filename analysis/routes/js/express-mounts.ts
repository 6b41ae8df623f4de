/**
 * Where an Express app mounts a handler kept in a name (`app.use("/trpc", trpcExpressHandler)`):
 * tRPC's Express middleware exported from one module and mounted in another serves its
 * procedures under that path (frameworks/trpc.ts writes the name as a configured value). The
 * first mount the repository's scripts make of the name, with a literal path, is the answer.
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const SCRIPT = /\.[cm]?[jt]sx?$/;
const SKIPPED = /(?:^|\/)(?:node_modules|dist|build|tests?|__tests__)\//;

export function expressMounts(project: Project | undefined): (name: string) => string | undefined {
  const memo = new Map<string, string | undefined>();
  return (name) => {
    if (memo.has(name)) return memo.get(name);
    const mount = new RegExp(String.raw`\.\s*use\s*\(\s*(["'\`])(\/[^"'\`\n]*)\1\s*,\s*(?:[\w$]+\s*,\s*)*${name.replace(/\$/g, "\\$")}\b`);
    let found: string | undefined;
    for (const path of project?.listed ?? []) {
      if (!SCRIPT.test(path) || SKIPPED.test(path)) continue;
      const text = project!.text(path);
      if (!text?.includes(name)) continue;
      found = mount.exec(text)?.[2];
      if (found !== undefined) break;
    }
    memo.set(name, found);
    return found;
  };
}
