import type { Context } from "hono";
import type { z } from "zod";

/**
 * Reads a JSON body and validates it: malformed JSON is a SyntaxError, a schema failure a
 * TypeError naming the field; both answer 400. An empty body is validated as `undefined`.
 */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let value: unknown;
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new SyntaxError(`The body is not valid JSON: ${(error as Error).message}`);
    }
  }
  return check(schema, value, "body");
}

/** Validates the query string (each name's first value) against a schema; 400 naming the field. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return check(schema, c.req.query(), "query");
}

function check<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new TypeError(issueMessage(parsed.error.issues[0]!, where));
}

/** One zod issue as a sentence that names the field: `"file" is required`, `unknown field "x"`. */
export function issueMessage(issue: z.core.$ZodIssue, where: string): string {
  const path = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((k) => `"${path ? `${path}.` : ""}${k}"`).join(", ");
    return `Invalid ${where}: unknown field${issue.keys.length > 1 ? "s" : ""} ${keys}`;
  }
  if (!path) return `Invalid ${where}: ${issue.message}`;
  if (issue.code === "invalid_type" && /received undefined$/.test(issue.message)) {
    return `Invalid ${where}: "${path}" is required`;
  }
  return `Invalid ${where}: "${path}" ${issue.message.replace(/^Invalid input: /, "")}`;
}
