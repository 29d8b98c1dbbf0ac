/**
 * Which errors mean "the database cannot be reached right now" (issue 7, decision 130): the
 * request that met one is answered 503 with `Retry-After` instead of 500, and the process keeps
 * running while the pool reconnects. Pure functions over the error's `code`, `errcode` and
 * message, so the web layer and the server bundle can use them without importing `pg`.
 *
 * Counted as unavailable:
 * - PostgreSQL SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02
 *   crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 57014
 *   query_canceled (our statement_timeout), 53300 too_many_connections (PostgreSQL manual,
 *   appendix A "PostgreSQL Error Codes");
 * - socket errors on the way to the server (ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE,
 *   EHOSTUNREACH, ENETUNREACH, ENOTFOUND, EAI_AGAIN), also inside an AggregateError (Node tries
 *   every address of `localhost`);
 * - `pg`'s own messages for a lost or timed-out connection ("Connection terminated…",
 *   "timeout exceeded when trying to connect", "…is not queryable", "Query read timeout");
 * - SQLite SQLITE_BUSY (5) and SQLITE_LOCKED (6), extended codes included: another process held
 *   the file's lock for longer than `PRAGMA busy_timeout` (SQLite's own retry loop).
 * The `cause` chain is followed, so a wrapped error counts as its cause.
 */

const PG_CODES = new Set(["57P01", "57P02", "57P03", "57014", "53300"]);
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Query read timeout/,
];
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

type ErrorLike = {
  code?: unknown;
  errcode?: unknown;
  message?: unknown;
  errors?: unknown;
  cause?: unknown;
};

/** True when `error` (or its cause, or one of an AggregateError's errors) is a database outage. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const e = error as ErrorLike;
  const code = typeof e.code === "string" ? e.code : "";
  if (PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code)) return true;
  if (code === "ERR_SQLITE_ERROR" && typeof e.errcode === "number") {
    const primary = e.errcode & 0xff;
    if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return true;
  }
  const message = typeof e.message === "string" ? e.message : "";
  if (PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
