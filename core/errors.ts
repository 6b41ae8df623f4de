/**
 * The one domain error of `tool`. Bad input is a built-in `TypeError`, `RangeError` or
 * `SyntaxError`; a domain condition (unknown task, conflict) is a `ToolError` with a stable
 * `code` and the HTTP status it maps to. Each face maps errors in one place: routes to HTTP,
 * cli/ to exit codes, mcp/ to `isError`.
 */
export class ToolError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status = 400) {
    super(message);
    this.name = "ToolError";
    this.code = code;
    this.status = status;
  }
}

/** True for errors caused by what the user typed or sent, as opposed to a fault of `tool`. */
export const isUserError = (error: unknown): error is Error =>
  error instanceof TypeError || error instanceof RangeError || error instanceof SyntaxError ||
  (error instanceof ToolError && error.status < 500);
