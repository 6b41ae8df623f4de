/**
 * A guard the project defines twice, one definition or the other chosen by a setting when its
 * module loads, one of them letting every caller through: private-gpt's
 * `if not settings().server.auth.enabled: def authenticated() -> bool: return True`, then
 * `else: def authenticated(...): ... raise NOT_AUTHENTICATED`. Whether it checks anyone is the
 * deployment's choice; as shipped (a check that needs a secret set up is off until it is) it
 * checks nobody, as JavaScript's middleware that checks only when configured (js/optional-guards.ts).
 */
type Project = { listed: Iterable<string>; text(path: string): string | undefined };

const BRANCH = /^(?:if|elif)[ \t][^\n]*:[ \t]*$|^else[ \t]*:[ \t]*$/;
const DEF = /^([ \t]+)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(/;
// What a body that lets every caller through holds, beside its docstring, comments and logging: `return True`, `pass`.
const PASSES = /^(?:return(?:[ \t]+(?:True|None))?|pass)$/;
const ASIDE = /^(?:#|logger\.|logging\.|log\.)/;
const TOP_LEVEL_BRANCH = /^(?:if|elif|else)\b/m;
const INDENTED_DEF = /^[ \t]+(?:async[ \t]+)?def[ \t]/m;

/** Whether a guard (a dependency, by its last name) is one such, defined with a variant that lets everyone through. */
export function settingChosenGuards(project: Project | undefined): (guard: string) => boolean {
  let passing: Set<string> | undefined;
  return (guard) => (passing ??= read(project)).has(guard.replace(/\(.*$/s, "").split(".").at(-1)!);
}

function read(project: Project | undefined): Set<string> {
  const found = new Set<string>();
  for (const path of project?.listed ?? []) {
    if (!path.endsWith(".py") || /(^|\/)tests?\//.test(path)) continue;
    const text = project!.text(path) ?? "";
    // What the lines below need, tested apart: one pattern spanning the branch's lines backtracked
    // exponentially over a long indented block without a def (SurfSense: 39 s for one file).
    if (!TOP_LEVEL_BRANCH.test(text) || !INDENTED_DEF.test(text)) continue;
    const variants = new Map<string, boolean[]>();
    const lines = text.split("\n");
    let inBranch = false;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (/^\S/.test(line)) inBranch = BRANCH.test(line);
      const def = inBranch ? DEF.exec(line) : null;
      if (!def) continue;
      const body: string[] = [];
      for (let j = i + 1; j < lines.length && (!lines[j]!.trim() || indent(lines[j]!) > def[1]!.length); j++) body.push(lines[j]!);
      variants.set(def[2]!, [...(variants.get(def[2]!) ?? []), passesEveryone(body)]);
    }
    for (const [name, passes] of variants) if (passes.length > 1 && passes.some(Boolean) && !passes.every(Boolean)) found.add(name);
  }
  return found;
}

const indent = (line: string) => /^[ \t]*/.exec(line)![0].length;

/** Whether a function's body, its docstring, comments and logging aside, only returns True (or nothing). */
function passesEveryone(body: readonly string[]): boolean {
  const statements: string[] = [];
  let quote: string | undefined;
  for (const raw of body) {
    const line = raw.trim();
    if (quote) {
      if (line.includes(quote)) quote = undefined;
      continue;
    }
    const opens = /^[rubf]*("""|''')/i.exec(line);
    if (opens) {
      if (line.indexOf(opens[1]!, opens[0].length) === -1) quote = opens[1];
      continue;
    }
    if (line && !ASIDE.test(line)) statements.push(line);
  }
  return statements.length === 1 && PASSES.test(statements[0]!);
}
