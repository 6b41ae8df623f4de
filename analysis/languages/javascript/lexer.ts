/**
 * A single-pass lexer for JavaScript and TypeScript that knows exactly what the import
 * extractor needs: names, string and template literals, punctuation, and the brace depth of
 * every token. Strings, comments, template text and regular expressions are consumed whole, so
 * nothing inside them is ever mistaken for code. It is many times faster than a full parse
 * (about 4 MB/s for acorn with the TypeScript plugin on this project's bench machine), and it
 * reports the lexical problems after which its result is uncertain.
 */

export const NAME = 1;
export const STRING = 2;
/** A template literal without substitutions: its text is static, like a string. */
export const TEMPLATE = 3;
/** A template literal (or a part of one) that has `${...}` substitutions. */
export const TEMPLATE_PART = 4;
export const PUNCT = 5;
export const NUMBER = 6;
export const REGEX = 7;

export type Token = { type: number; value: string; line: number; depth: number };
export type Comment = { text: string; line: number };
export type Lexed = {
  tokens: Token[];
  comments: Comment[];
  /** Indentation width of every line that starts with code (a tab counts as four). */
  indents: number[];
  lines: number;
  /** The first thing that makes the token stream doubtful, with its line. */
  problem: { message: string; line: number } | undefined;
};

const KEYWORDS_BEFORE_EXPRESSION = new Set([
  "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do",
  "else", "yield", "await",
]);

const isIdentStart = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 36 || c === 95 || c >= 128 || c === 92;
const isIdentPart = (c: number) => isIdentStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Multi-character punctuators the extractor tells apart; any other character stands alone. */
const PUNCTUATORS = ["??=", "&&=", "||=", "...", "===", "!==", "?.", "??", "&&", "||", "=>", "==", "!="];

/**
 * Tokenizes `src`. `jsx` relaxes the rule that an unterminated quote is a problem, since
 * apostrophes in JSX text are ordinary characters.
 */
export function lex(src: string, jsx = false): Lexed {
  const tokens: Token[] = [];
  const comments: Comment[] = [];
  const indents: number[] = [];
  const length = src.length;
  // Brace depth at which each open `${` of a template literal started.
  const templateStack: number[] = [];
  let pos = src.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let depth = 0;
  let problem: Lexed["problem"];
  let lineStart = true;

  const flag = (message: string, at: number) => {
    if (!problem) problem = { message, line: at };
  };
  const push = (type: number, value: string, tokenLine: number) => {
    tokens.push({ type, value, line: tokenLine, depth });
  };
  const regexAllowed = () => {
    const prev = tokens[tokens.length - 1];
    if (!prev) return true;
    if (prev.type === NAME) return KEYWORDS_BEFORE_EXPRESSION.has(prev.value);
    if (prev.type === PUNCT) return prev.value !== ")" && prev.value !== "]" && prev.value !== "}";
    return false;
  };

  // Reads template text from `pos` (just after "`" or the "}" closing a substitution).
  const readTemplate = (startLine: number, head: boolean) => {
    let text = "";
    let from = pos;
    while (pos < length) {
      const c = src.charCodeAt(pos);
      if (c === 92) {
        if (src.charCodeAt(pos + 1) === 10) line++;
        pos += 2;
        continue;
      }
      if (c === 10) line++;
      if (c === 96) {
        text += src.slice(from, pos);
        pos++;
        push(head ? TEMPLATE : TEMPLATE_PART, text, startLine);
        return;
      }
      if (c === 36 && src.charCodeAt(pos + 1) === 123) {
        pos += 2;
        push(TEMPLATE_PART, text + src.slice(from, pos - 2), startLine);
        templateStack.push(depth);
        depth++;
        return;
      }
      pos++;
    }
    text += src.slice(from, pos);
    flag("unterminated template literal", startLine);
    push(TEMPLATE_PART, text, startLine);
  };

  while (pos < length) {
    const c = src.charCodeAt(pos);

    if (c === 10) {
      line++;
      pos++;
      lineStart = true;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 11 || c === 12 || c === 0xa0 || c === 0xfeff) {
      pos++;
      continue;
    }
    if (c === 47 && src.charCodeAt(pos + 1) === 47) {
      const end = src.indexOf("\n", pos);
      const stop = end === -1 ? length : end;
      comments.push({ text: src.slice(pos + 2, stop), line });
      pos = stop;
      continue;
    }
    if (c === 47 && src.charCodeAt(pos + 1) === 42) {
      const end = src.indexOf("*/", pos + 2);
      const stop = end === -1 ? length : end;
      const text = src.slice(pos + 2, stop);
      comments.push({ text, line });
      for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) line++;
      if (end === -1) flag("unterminated comment", line);
      pos = end === -1 ? length : end + 2;
      continue;
    }

    if (lineStart) {
      lineStart = false;
      let width = 0;
      for (let i = pos - 1; i >= 0; i--) {
        const w = src.charCodeAt(i);
        if (w === 32) width++;
        else if (w === 9) width += 4;
        else if (w === 10) break;
      }
      indents.push(width);
    }

    const tokenLine = line;
    if (isIdentStart(c) || (c === 35 && isIdentStart(src.charCodeAt(pos + 1)))) {
      const start = pos;
      pos++;
      while (pos < length && isIdentPart(src.charCodeAt(pos))) pos++;
      push(NAME, src.slice(start, pos), tokenLine);
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(src.charCodeAt(pos + 1)))) {
      const start = pos;
      pos++;
      while (pos < length && (isIdentPart(src.charCodeAt(pos)) || src.charCodeAt(pos) === 46)) pos++;
      push(NUMBER, src.slice(start, pos), tokenLine);
      continue;
    }
    if (c === 34 || c === 39) {
      const start = ++pos;
      let closed = false;
      while (pos < length) {
        const s = src.charCodeAt(pos);
        if (s === 92) {
          if (src.charCodeAt(pos + 1) === 10) line++;
          pos += 2;
          continue;
        }
        if (s === c) {
          closed = true;
          break;
        }
        if (s === 10) break;
        pos++;
      }
      push(STRING, src.slice(start, pos), tokenLine);
      if (closed) pos++;
      else if (!jsx) flag("unterminated string", tokenLine);
      continue;
    }
    if (c === 96) {
      pos++;
      readTemplate(tokenLine, true);
      continue;
    }
    if (c === 47 && regexAllowed()) {
      // A regular expression ends at an unescaped slash outside a character class, on this line.
      let i = pos + 1;
      let inClass = false;
      let ok = false;
      while (i < length) {
        const r = src.charCodeAt(i);
        if (r === 10) break;
        if (r === 92) {
          i += 2;
          continue;
        }
        if (r === 91) inClass = true;
        else if (r === 93) inClass = false;
        else if (r === 47 && !inClass) {
          ok = true;
          break;
        }
        i++;
      }
      if (ok) {
        const start = pos;
        pos = i + 1;
        while (pos < length && isIdentPart(src.charCodeAt(pos))) pos++;
        push(REGEX, src.slice(start, pos), tokenLine);
        continue;
      }
    }
    if (c === 123) {
      push(PUNCT, "{", tokenLine);
      depth++;
      pos++;
      continue;
    }
    if (c === 125) {
      pos++;
      if (templateStack.length > 0 && templateStack[templateStack.length - 1] === depth - 1) {
        templateStack.pop();
        depth--;
        readTemplate(tokenLine, false);
        continue;
      }
      depth--;
      if (depth < 0) {
        flag("unbalanced closing brace", tokenLine);
        depth = 0;
      }
      push(PUNCT, "}", tokenLine);
      continue;
    }
    let punct = "";
    // Only these characters start a multi-character punctuator.
    if (c === 63 || c === 38 || c === 124 || c === 46 || c === 61 || c === 33) {
      for (const p of PUNCTUATORS) {
        if (src.startsWith(p, pos)) {
          punct = p;
          break;
        }
      }
    }
    // `a?.5:b` is a ternary, not optional chaining.
    if (punct === "?." && isDigit(src.charCodeAt(pos + 2))) punct = "?";
    if (!punct) punct = src[pos] ?? "";
    pos += punct.length;
    push(PUNCT, punct, tokenLine);
  }

  if (depth > 0) flag(`${depth} unclosed brace${depth === 1 ? "" : "s"} at end of file`, line);
  const lines = length === 0 ? 0 : line - (src.charCodeAt(length - 1) === 10 ? 1 : 0);
  return { tokens, comments, indents, lines, problem };
}
