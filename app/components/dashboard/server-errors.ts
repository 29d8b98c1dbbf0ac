/**
 * Field messages of a failed dashboard call (docs/product/api.md: a 400 or 409 may carry
 * `errors: {field: message}`), split into those a react-hook-form form can show under its own
 * fields and the rest (files, people lists), which the form shows itself.
 */
import { ApiError } from "../../lib/api.ts";

/** The server's field messages of `error`, or none. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.errors : {};
}

/**
 * Calls `setError` for every server message whose field is one of `fields`; `error` is a failed
 * call's error, or already its field messages (a form action's `errors`).
 * @returns the messages of the other fields.
 */
export function applyServerErrors<K extends string>(
  error: unknown,
  fields: readonly K[],
  setError: (name: K, error: { type: string; message: string }) => void,
): Record<string, string> {
  const rest: Record<string, string> = {};
  const messages =
    error instanceof Error || !error || typeof error !== "object"
      ? serverFieldErrors(error)
      : (error as Record<string, string>);
  for (const [field, message] of Object.entries(messages)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as K, { type: "server", message });
    } else {
      rest[field] = message;
    }
  }
  return rest;
}
