import type { RouteSource } from "../source.ts";
import { callArguments } from "../source.ts";

export type Span = { start: number; end: number };

// The calls whose value, as shipped, is one of their arguments: the environment's default, pydantic's `Field(default, ...)`.
const DEFAULTED: { call: RegExp; given: (call: PyArguments) => Span | undefined }[] = [
  { call: /^(?:os\s*\.\s*)?(?:getenv|environ\s*\.\s*get)\s*\(/, given: (call) => call.positional[1] },
  { call: /^(?:pydantic\s*\.\s*)?Field\s*\(/, given: (call) => call.keywords.get("default") ?? call.positional[0] },
];
const ASSIGN = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[ \t]*[\w.[\], ]+)?[ \t]*=(?!=)[ \t]*/gm;

/**
 * The string constants of a Python file whose value is statically known: module constants
 * (`API_PREFIX = "/api"`) and class attributes with defaults (`API_V1_STR: str = "/api/v1"` in
 * a settings class), from literals, f-strings over earlier constants, `+` and adjacent literals.
 * Given `constants`, it adds to them: a map that also answers for names imported (imported-attributes.ts).
 */
export function pythonConstants(source: RouteSource, unknownField?: string, constants: Map<string, string> = new Map()): Map<string, string> {
  for (const m of source.code.matchAll(ASSIGN)) {
    const start = m.index + m[0].length;
    const end = lineEnd(source.code, start);
    // A whole number (`API_VERSION = 1`) is text where an f-string puts it: `f"/api/v{API_VERSION}"`.
    const value = pythonValue(source, { start, end }, constants, unknownField) ?? /^\s*(\d+)\s*(?:#.*)?$/.exec(source.code.slice(start, end))?.[1];
    if (value !== undefined && !constants.has(m[1]!)) constants.set(m[1]!, value);
  }
  return constants;
}

/**
 * The static string value of an expression: string literals (any prefix; f-strings whose
 * fields are known constants), adjacent literals, `+`, parentheses and known names. A dotted
 * name (`settings.API_PREFIX`) falls back to its last part when that is a known constant.
 * Undefined when any part is not statically known; with `unknownField`, an f-string's field
 * not known is written as that text instead (a regular expression's group reads it as any pattern).
 */
export function pythonValue(source: RouteSource, span: Span, constants: Map<string, string>, unknownField?: string): string | undefined {
  let result = "";
  let parts = 0;
  let i = span.start;
  while (i < span.end) {
    const literal = pythonString(source, i);
    if (literal) {
      let value = literal.prefix.includes("f") ? substitute(literal.value, constants, unknownField) : literal.value;
      let end = literal.end;
      // `"^{}api/v2/".format(prefix)`: the fields filled with the call's arguments.
      const format = /^\s*\.\s*format\s*\(/.exec(source.code.slice(end, span.end));
      if (format && value !== undefined) {
        const call = pythonArguments(source.code, end + format[0].length - 1);
        value = formatted(source, value, call, constants, unknownField);
        end = call.end;
      }
      if (value === undefined) return undefined;
      result += value;
      i = end;
      parts++;
      continue;
    }
    if (/[\s()+\\]/.test(source.code[i]!)) {
      i++;
      continue;
    }
    // A call whose default is what the code states: `os.getenv("API_PREFIX", "/api")`, a settings
    // class's `ROOT_PATH: str = Field("", validation_alias="APP_ROOT_PATH")`.
    const defaulted = DEFAULTED.map(({ call, given }) => ({ given, found: call.exec(source.code.slice(i, span.end)) })).find((d) => d.found);
    if (defaulted) {
      const call = pythonArguments(source.code, i + defaulted.found![0].length - 1);
      const given = defaulted.given(call);
      const fallback = given ? pythonValue(source, given, constants) : undefined;
      if (fallback === undefined) return undefined;
      result += fallback;
      i = call.end;
      parts++;
      continue;
    }
    const name = /^[A-Za-z_][\w.]*/.exec(source.code.slice(i, span.end))?.[0];
    const value = name === undefined ? undefined : constantValue(name, constants);
    if (value === undefined) return undefined;
    result += value;
    i += name!.length;
    parts++;
  }
  return parts ? result : undefined;
}

/**
 * The string literal at `offset`, which may point at its prefix letters or, as spans trimmed
 * over stripped code do (the prefix is blanked there), at its opening quote.
 */
export function pythonString(source: RouteSource, offset: number): { value: string; prefix: string; end: number } | undefined {
  for (let start = offset; start >= offset - 2 && start >= 0; start--) {
    const literal = source.stringAt(start);
    if (literal) return { value: literal.value, prefix: /^[A-Za-z]*/.exec(source.text.slice(start, start + 3))![0].toLowerCase(), end: literal.end };
    if (start < offset && !/[A-Za-z]/.test(source.text[start]!)) return undefined;
  }
  return undefined;
}

/** A known constant by its name, or by the last part of a dotted name (`settings.API_V1_STR`). */
function constantValue(name: string, constants: Map<string, string>): string | undefined {
  return constants.get(name) ?? (name.includes(".") ? constants.get(name.slice(name.lastIndexOf(".") + 1)) : undefined);
}

function substitute(template: string, constants: Map<string, string>, unknownField?: string): string | undefined {
  let unknown = false;
  const value = template.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (all, field: string | undefined) => {
    if (field === undefined) return all[0]!;
    const known = /^\s*[A-Za-z_][\w.]*\s*$/.test(field) ? constantValue(field.trim(), constants) : undefined;
    if (known === undefined && unknownField === undefined) unknown = true;
    return known ?? unknownField ?? "";
  });
  return unknown ? undefined : value;
}

/** A template's `{}`, `{0}` and `{name}` fields filled with a `.format(...)` call's arguments; one not known is `unknownField`, or the whole is unknown. */
function formatted(source: RouteSource, template: string, call: PyArguments, constants: Map<string, string>, unknownField?: string): string | undefined {
  let next = 0;
  let unknown = false;
  const value = template.replace(/\{\{|\}\}|\{(\w*)(?:![rsa])?(?::[^{}]*)?\}/g, (all, field: string | undefined) => {
    if (field === undefined) return all[0]!;
    const span = field === "" ? call.positional[next++] : /^\d+$/.test(field) ? call.positional[Number(field)] : call.keywords.get(field);
    const known = span ? pythonValue(source, span, constants) : undefined;
    if (known === undefined && unknownField === undefined) unknown = true;
    return known ?? unknownField ?? "";
  });
  return unknown ? undefined : value;
}

/** Where a logical line starting at `start` ends: a newline outside brackets, not after a backslash. */
export function lineEnd(code: string, start: number): number {
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return i;
      depth--;
    } else if ((c === "\n" && depth === 0 && code[i - 1] !== "\\") || (c === ";" && depth === 0)) return i;
  }
  return code.length;
}

/** The arguments of a call: positional spans in order, keyword arguments by name. */
export type PyArguments = { positional: Span[]; keywords: Map<string, Span> };

/** Reads the arguments of the call whose `(` is at `open`, telling `name=value` keywords from positional ones. */
export function pythonArguments(code: string, open: number): PyArguments & { end: number } {
  const { args, end } = callArguments(code, open);
  const positional: Span[] = [];
  const keywords = new Map<string, Span>();
  for (const a of args) {
    const keyword = /^([A-Za-z_]\w*)\s*=(?!=)\s*/.exec(code.slice(a.start, a.end));
    if (keyword) keywords.set(keyword[1]!, { start: a.start + keyword[0].length, end: a.end });
    else if (!code.slice(a.start, a.end).startsWith("*")) positional.push(a);
  }
  return { positional, keywords, end };
}

/** The elements of a list, tuple or set literal (`["GET", "POST"]`), or the expression itself. */
export function elements(code: string, span: Span): Span[] {
  const open = code[span.start];
  if (open === "[" || open === "(" || open === "{") return callArguments(code, span.start).args;
  return [span];
}

/** The static strings of a list of strings or one string: `["GET", "POST"]`, `("a", "b")`, `"GET"`. */
export function stringList(source: RouteSource, span: Span, constants: Map<string, string>): string[] {
  return elements(source.code, span).map((e) => pythonValue(source, e, constants)).filter((v): v is string => v !== undefined);
}

/** A dotted name written at a span (`views.UserList`, `auth.login_required`), or undefined for any other expression. */
export function dottedName(code: string, span: Span): string | undefined {
  const text = code.slice(span.start, span.end).replace(/\s+/g, "");
  return /^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*$/.test(text) ? text : undefined;
}

/** The items, as written, of the list or tuple a module assigns `name` at its top level (`BLUEPRINTS = (auth_bp, users.mod)`). */
export function moduleListItems(code: string, name: string): string[] | undefined {
  const assigned = new RegExp(String.raw`^${name}[ \t]*(?::[^=\n]+)?=[ \t]*[[(]`, "m").exec(code);
  return assigned ? callArguments(code, assigned.index + assigned[0].length - 1).args.map((a) => code.slice(a.start, a.end).trim()) : undefined;
}
