import { phpWithoutComments } from "../../languages/php/strings.ts";

type Project = { text(path: string): string | undefined };

const EXTENDS = /\bclass\s+\w+\s+extends\s+\\?([\w\\]+)/;

/**
 * The texts of a PHP class of the app's and of the classes it extends, as far as the app defines
 * them, comments left out: what the readers of a middleware's or a handler's checks look through.
 */
export function classChain(project: Project | undefined, classFile: (name: string) => string | undefined): (name: string) => string[] {
  const source = (name: string) => {
    const file = classFile(name);
    const text = file === undefined ? undefined : project?.text(file);
    return text === undefined ? undefined : phpWithoutComments(text);
  };
  return (name) => {
    const chain: string[] = [];
    for (let cls: string | undefined = name, depth = 0; cls && depth < 4; depth++) {
      const text = source(cls);
      if (text === undefined) break;
      chain.push(text);
      cls = EXTENDS.exec(text)?.[1]?.split("\\").pop();
    }
    return chain;
  };
}
