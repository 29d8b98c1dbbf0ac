/**
 * Route parameters of the dashboard calls (docs/product/api.md): a journal URI (docs/product/data.md#tables
 * slug) and generated integer ids. A parameter that cannot name anything is a 404 with a clear
 * msg, exactly like an unknown one, so probing malformed paths learns nothing more. The helpers
 * take `unknown` because Express types a parameter as `string | string[]` once the route has
 * spread middleware (`...managerChange(ctx)`).
 */
import { JOURNAL_URI_PATTERN } from "../../../shared/constants.ts";
import { notFound } from "../../services/errors.ts";

export const NO_JOURNAL = "No such journal.";

/** A journal URI from the path. @throws AppError `not_found` when it is not a valid slug. */
export function journalParam(value: unknown): string {
  if (typeof value !== "string" || value.length > 100 || !JOURNAL_URI_PATTERN.test(value)) {
    throw notFound(NO_JOURNAL);
  }
  return value;
}

/**
 * A positive integer id (at most 10 digits) from the path.
 * @throws AppError `not_found` with `missing` when it is not one.
 */
export function idParam(value: unknown, missing: string): number {
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) throw notFound(missing);
  return Number(value);
}
