/**
 * Domain errors. Services throw these; the HTTP layer turns each kind into its status
 * (docs/product/api.md) and the `msg` of the envelope. Any other error is a 500 with a generic msg.
 */
export type ErrorKind =
  | "invalid" // 400
  | "unauthorized" // 401
  | "forbidden" // 403
  | "not_found" // 404
  | "conflict" // 409
  | "too_large" // 413
  | "unsupported_type" // 415
  | "rate_limited" // 429
  | "unavailable"; // 503, a service the request needs (the mail server) failed

export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  /** Field name → message, for forms. */
  readonly errors: Record<string, string> | undefined;
  /** Seconds until a rate-limited request may be retried. */
  readonly retryAfter: number | undefined;

  constructor(
    kind: ErrorKind,
    message: string,
    extra: { errors?: Record<string, string>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.errors = extra.errors;
    this.retryAfter = extra.retryAfter;
  }
}

export const notFound = (message: string) => new AppError("not_found", message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new AppError("conflict", message, { errors });
export const invalid = (message: string, errors?: Record<string, string>) =>
  new AppError("invalid", message, { errors });
