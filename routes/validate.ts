import type { Context } from "hono";
import type { z } from "zod";

/**
 * Reads a JSON body and validates it: malformed JSON is a SyntaxError, a schema failure a
 * TypeError naming the field; both answer 400. An empty body is validated as `undefined`.
 */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return validate(schema, await readBody(c), "body");
}

/**
 * Reads a form the page posts (JSON, every field, an empty one as ""): empty fields mean "not
 * set" and are left out, `fixed` fields (the task id of the address) are added, then it is
 * validated as readJson does.
 */
export async function readForm<T extends z.ZodType>(c: Context, schema: T, fixed: Record<string, unknown> = {}): Promise<z.infer<T>> {
  const body = await readBody(c);
  const fields = body && typeof body === "object" && !Array.isArray(body) ? Object.entries(body).filter(([, v]) => v !== "") : [];
  return validate(schema, { ...Object.fromEntries(fields), ...fixed }, "body");
}

async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SyntaxError(`The body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Validates the query string (each name's first value) against a schema; 400 naming the field. */
export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return validate(schema, c.req.query(), "query");
}

/** Validates a value; a failure is a TypeError naming the field (a 400). */
export function validate<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
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
