/**
 * A DRF view's `get_permissions` when it is a plain choice: `if` tests on the action or the HTTP
 * method, each returning a list of permission instances, then a last `return`:
 *
 *     def get_permissions(self):
 *         if self.request.method not in SAFE_METHODS or self.action == "feed":
 *             return [IsAuthenticated()]
 *         return []                      # or super().get_permissions()
 *
 * or assigning the classes in each branch (`permission_classes = [AllowAny]`) and returning them.
 * Read into a function of (method, action): the guards of the first branch that holds, "super"
 * for the class's own permissions, or undefined when a test cannot be decided there (an action
 * test on a view without actions) or the body is anything else.
 */
import type { Definition } from "./definitions.ts";
import { permissionGuards } from "./guards.ts";
import type { RouteSource } from "../source.ts";

export type PermissionChoice = (method: string, action: string | undefined) => string[] | "super" | undefined;

const SAFE = ["GET", "HEAD", "OPTIONS"];
const BRANCH = /^(?:if|elif)\s+(.+?)\s*:\s*(?:#.*)?$/;
const RETURN = /^return\s+(.+?)\s*(?:#.*)?$/;
const SUPER = /^super\s*\([^)]*\)\s*\.\s*get_permissions\s*\(\s*\)$/;
// A list or tuple of permission instances made without arguments: `[IsAuthenticated(), IsOwner()]`, `[]`.
const LIST = /^[[(]\s*((?:[\w.]+\s*\(\s*\)\s*,?\s*)*)[\])]$/;
// `return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]`
const CONDITIONAL = /^(.+?)\s+if\s+(.+?)\s+else\s+(.+)$/;

/** The choice `get_permissions` makes, or undefined when it is not one this reads. */
export function permissionChoice(source: RouteSource, def: Definition): PermissionChoice | undefined {
  // The raw text (strings kept): the tests compare against string literals.
  const lines = assignedToReturned(withoutDocstring(joinedLines(source.text.slice(def.start, def.end)).slice(1).map((l) => l.trim()).filter((l) => l && !l.startsWith("#"))));
  const branches: { test: string; result: string }[] = [];
  let last: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const branch = BRANCH.exec(lines[i]!);
    const returned = RETURN.exec(branch ? lines[i + 1] ?? "" : lines[i]!);
    if (!returned) return undefined;
    const conditional = CONDITIONAL.exec(returned[1]!);
    if (branch) {
      if (conditional) return undefined;
      branches.push({ test: branch[1]!, result: returned[1]! });
      i++;
    } else if (i !== lines.length - 1) return undefined;
    else if (conditional) {
      branches.push({ test: conditional[2]!, result: conditional[1]! });
      last = conditional[3]!;
    } else last = returned[1]!;
  }
  if (last === undefined) return undefined;
  const results = [...branches.map((b) => b.result), last].map((r) => result(source, r));
  if (results.some((r) => r === undefined)) return undefined;
  return (method, action) => {
    for (const [i, { test }] of branches.entries()) {
      const holds = evaluate(test, method, action);
      if (holds === undefined) return undefined;
      if (holds) return results[i]!;
    }
    return results.at(-1)!;
  };
}

/** The body's lines after its docstring, if it opens with one (`"""Instantiates and returns ..."""`). */
function withoutDocstring(lines: readonly string[]): string[] {
  const quote = /^[rRuU]?("""|''')/.exec(lines[0] ?? "")?.[1];
  if (!quote) return [...lines];
  const rest = lines[0]!.slice(lines[0]!.indexOf(quote) + 3);
  const end = rest.includes(quote) ? 0 : lines.findIndex((l, i) => i > 0 && l.includes(quote));
  return end === -1 ? [...lines] : lines.slice(end + 1);
}

// `permission_classes = [AllowAny]` or `self.permission_classes = [IsAuthenticated]` in a branch.
const ASSIGNED = /^(self\.)?permission_classes\s*=\s*[[(]([\w.\s,]*)[\])]$/;
// What returns the classes assigned: instances of each (`[permission() for permission in permission_classes]`), or DRF's own method.
const RETURNS_ASSIGNED = /^return\s+(?:\[\s*(\w+)\s*\(\s*\)\s+for\s+\1\s+in\s+(?:self\.)?permission_classes\s*\]|super\s*\([^)]*\)\s*\.\s*get_permissions\s*\(\s*\))$/;

/**
 * The other plain way to choose, assigning the classes in each branch and returning them at
 * the end (`if ...: permission_classes = [AllowAny]` / `else: ... [IsAuthenticated]`, then
 * `return [permission() for permission in permission_classes]` or `super().get_permissions()`),
 * written as the returning form above; other bodies are left as they are.
 */
function assignedToReturned(lines: readonly string[]): string[] {
  const last = lines.at(-1);
  if (!last || !RETURNS_ASSIGNED.test(last) || !lines.some((l) => ASSIGNED.test(l))) return [...lines];
  const out: string[] = [];
  for (let i = 0; i < lines.length - 1; i += 2) {
    const assigned = ASSIGNED.exec(lines[i + 1] ?? "");
    if (!assigned) return [...lines];
    const instances = `[${assigned[2]!.split(",").map((c) => c.trim()).filter(Boolean).map((c) => `${c}()`).join(", ")}]`;
    if (/^else\s*:$/.test(lines[i]!)) {
      if (i + 2 !== lines.length - 1) return [...lines];
      out.push(`return ${instances}`);
      return out;
    }
    if (!BRANCH.test(lines[i]!)) return [...lines];
    out.push(lines[i]!, `return ${instances}`);
  }
  return [...lines];
}

/**
 * The lines of a body, a bracket left open joined with the lines that close it: a list written
 * over several lines (`return [\n IsAuthenticated(),\n EnvironmentPermissions(\n action_map={...}),\n]`) is one.
 */
function joinedLines(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  for (const line of text.split("\n")) {
    // A comment ends at its line: joined, it would swallow the lines after it.
    const code = line.replace(/(["'])(?:\\.|(?!\1).)*\1/g, (quoted) => "_".repeat(quoted.length)).replace(/#.*$/, "");
    const kept = line.slice(0, code.length);
    if (depth > 0) out[out.length - 1] += ` ${kept.trim()}`;
    else out.push(depth === 0 && /[([{]/.test(code) ? kept : line);
    for (const c of code) depth += "([{".includes(c) ? 1 : ")]}".includes(c) ? -1 : 0;
    if (depth < 0) depth = 0;
  }
  return out;
}

/**
 * A returned value: the guards of a list of permission instances, or "super". Instances made
 * with arguments (`EnvironmentPermissions(action_permission_map={...})`) count by their class.
 */
function result(source: RouteSource, text: string): string[] | "super" | undefined {
  if (SUPER.test(text)) return "super";
  const list = LIST.exec(text) ?? LIST.exec(withoutArguments(text));
  return list ? permissionGuards(list[1]!, { start: 0, end: list[1]!.length }) : undefined;
}

/** `[A(), B(x={...})]` as `[A(), B()]`: each call's arguments left out. */
function withoutArguments(text: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(") {
      if (depth++ === 0) out += "(";
    } else if (c === ")") {
      if (--depth === 0) out += ")";
    } else if (depth === 0) out += c;
  }
  return out.replace(/,\s*([\])])$/, "$1");
}

/** A test of `or`/`and`-joined comparisons of `self.action` and the request method; undefined when one cannot be decided. */
function evaluate(test: string, method: string, action: string | undefined): boolean | undefined {
  if (/[()]/.test(test.replace(/\b\w+\s*\(\s*\)/g, ""))) return undefined; // grouping: not read
  const any = test.split(/\s+or\s+/).map((part) => {
    const all = part.split(/\s+and\s+/).map((atom) => comparison(atom.trim(), method, action));
    return all.includes(undefined) ? undefined : all.every(Boolean);
  });
  if (any.includes(true)) return true;
  return any.includes(undefined) ? undefined : false;
}

function comparison(atom: string, method: string, action: string | undefined): boolean | undefined {
  const m = /^(self\.action|(?:self\.)?request\.method)\s*(==|!=|not\s+in|in)\s*(.+)$/.exec(atom);
  if (!m) return undefined;
  const subject = m[1] === "self.action" ? action : method;
  if (subject === undefined) return undefined;
  const values = m[3]!.trim() === "SAFE_METHODS" ? SAFE : [...m[3]!.matchAll(/["']([^"']*)["']/g)].map((v) => v[1]!);
  if (!values.length) return undefined;
  const found = values.some((v) => (m[1] === "self.action" ? v === subject : v.toUpperCase() === subject));
  return /^(?:==|in)$/.test(m[2]!) ? found : !found;
}
