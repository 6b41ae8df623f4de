/**
 * An ASP.NET action that turns away a caller itself, at the top of its body, when nothing
 * authorizes in front of it (an `[AllowAnonymous]` image or feed endpoint that takes an API key):
 *
 *     var userId = await _unitOfWork.UserRepository.GetUserIdByApiKeyAsync(apiKey);
 *     if (userId == 0) return BadRequest();
 *
 *     var user = await _userManager.GetUserAsync(User);
 *     if (user == null) return Unauthorized();
 *
 * A refusal that says so (`Unauthorized()`, `Forbid()`, `Challenge()`) on a test of the caller in
 * one of the first statements counts; so does any early refusal right after the caller is looked
 * up by an API key or as the signed-in principal. A lookup of something else (`GetSeriesById(id)` then `NotFound()`) is no check.
 */
import { closing } from "../../languages/curly.ts";

type Project = { has(path: string): boolean; text(path: string): string | undefined };

/** Statements at the top of a body where a check counts. */
const TOP = 6;
// The caller looked up from what it sent: an API key, or the signed-in principal.
const CALLER_LOOKUP = /^(?:var|[\w<>?]+)\s+(\w+)\s*=\s*(?:await\s+)?[\w.]*(?:ApiKey|GetUserAsync)\w*\s*\(/;
// A test of the caller (`user == null`, `!User.Identity.IsAuthenticated`, a missing API key), not of
// an outcome (`!loginResponse.IsAuthenticated` is a sign-in refusing bad credentials).
const TESTS_CALLER = /(?<![\w.])(?:user\w*\s*(?:==|is)\s*null|User\.|HttpContext\.User\b|principal\w*\s*(?:==|is)\s*null|(?:string\.IsNullOrEmpty\s*\(\s*)?apiKey\b)/;
const SAYS_REFUSED = /^(?:Unauthorized|Forbid|Challenge)\s*\(/;
const REFUSES = /^(?:BadRequest|Unauthorized|Forbid|Challenge|NotFound|StatusCode\s*\(\s*40[13])\w*\s*\(/;

/** The check a route's action (declared after `line` of `file`) makes at its top, named for the report, or none. */
export function aspnetHandlerChecks(project: Project | undefined): (file: string, line: number) => string[] {
  return (file, line) => {
    const text = project?.has(file) ? project.text(file) : undefined;
    if (text === undefined) return [];
    const statements = topStatements(text, line);
    for (const [i, statement] of statements.entries()) {
      const branch = refusingIf(statement);
      if (branch && SAYS_REFUSED.test(branch.returned) && TESTS_CALLER.test(branch.condition)) return ["(checks the caller in the action)"];
      const lookup = CALLER_LOOKUP.exec(statement);
      const next = lookup ? refusingIf(statements[i + 1] ?? "") : undefined;
      if (next && REFUSES.test(next.returned) && new RegExp(`\\b${lookup![1]}\\b`).test(next.condition)) return ["(checks the caller's key in the action)"];
    }
    return [];
  };
}

/** The first statements of the method declared after `line` (1-based), split at top-level semicolons. */
function topStatements(text: string, line: number): string[] {
  let at = 0;
  for (let n = 1; n < line && at !== -1; n++) at = text.indexOf("\n", at) + 1;
  const signature = text.slice(at).search(/\)\s*\{/);
  if (signature === -1) return [];
  const open = at + signature + text.slice(at + signature).indexOf("{");
  const body = text.slice(open + 1, closing(text, open));
  const statements: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length && statements.length < TOP; i++) {
    const c = body[i];
    if (c === "(" || c === "{") depth++;
    else if (c === ")" || c === "}") depth--;
    // A statement ends at a semicolon, or with the block that closes it (`if (...) { return X; }`).
    if ((c === ";" || c === "}") && depth === 0) {
      statements.push(body.slice(start, i + 1).replace(/\/\/[^\n]*/g, "").trim());
      start = i + 1;
    }
  }
  return statements;
}

/** `if (condition) return X(...);` (or in braces): the condition and what is returned. */
function refusingIf(statement: string): { condition: string; returned: string } | undefined {
  const open = /^if\s*\(/.exec(statement);
  if (!open) return undefined;
  let depth = 0;
  for (let i = open[0].length - 1; i < statement.length; i++) {
    if (statement[i] === "(") depth++;
    else if (statement[i] === ")" && --depth === 0) {
      const returned = /^\s*(?:\{\s*)?return\s+([\s\S]*)$/.exec(statement.slice(i + 1));
      return returned ? { condition: statement.slice(open[0].length, i), returned: returned[1]!.trim() } : undefined;
    }
  }
  return undefined;
}
