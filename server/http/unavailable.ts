/**
 * The answer to a request that met a database outage (issue 7, decision 130): HTTP 503 with
 * `Retry-After: 5` and `Cache-Control: no-store`; the API's envelope `{status: 0, msg}` under
 * `/api`, the same sentence as plain text everywhere else (sitemap, feed, OAI, downloads, and a
 * page whose session lookup failed). Pages whose loaders fail are answered 503 by
 * app/entry.server.tsx with the same header. The sentence is in the answer's language
 * (`res.locals.locale`, decision 382).
 */
import type { ErrorRequestHandler, Response } from "express";
import { msg } from "../../shared/i18n/messages.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { STORAGE_ERROR_ANSWER, StorageError } from "../storage/storage-error.ts";
import { answerTranslator } from "./locale.ts";

/** Seconds a client should wait before retrying (RFC 9110 section 10.2.3). */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE = msg(
  "The service is temporarily unavailable. Please try again shortly.",
);

/** Sends the 503 envelope `{status: 0, msg}` with `Retry-After`. */
export function sendUnavailableJson(res: Response): void {
  res
    .status(503)
    .set("Retry-After", String(RETRY_AFTER_SECONDS))
    .set("Cache-Control", "no-store")
    .json({ status: 0, msg: answerTranslator(res)(UNAVAILABLE_MESSAGE) });
}

/**
 * Last error handler of the app: a database outage becomes 503 (JSON under `/api`, plain text
 * elsewhere), a storage that cannot be read 503 (or 507) in plain text (the API's own handler
 * answers its StorageErrors); every other error goes on to Express's default handler unchanged.
 */
export const unavailableErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (!res.headersSent && error instanceof StorageError) {
    // a galley or /files read from a store that is down or refuses (a bucket, decision 295)
    const answer = STORAGE_ERROR_ANSWER[error.kind];
    req.log?.error({ err: error, path: error.path, code: error.code }, "storage unavailable");
    if (answer.status === 503) res.set("Retry-After", String(RETRY_AFTER_SECONDS));
    res.status(answer.status).set("Cache-Control", "no-store").type("text/plain");
    res.send(answerTranslator(res)(answer.status === 503 ? UNAVAILABLE_MESSAGE : answer.msg));
    return;
  }
  if (res.headersSent || !isDatabaseUnavailable(error)) {
    next(error);
    return;
  }
  const { message, code } = error as { message?: string; code?: string };
  req.log?.warn({ reason: message, code }, "database unavailable");
  if (req.originalUrl.startsWith("/api/") || req.originalUrl === "/api") {
    sendUnavailableJson(res);
    return;
  }
  res
    .status(503)
    .set("Retry-After", String(RETRY_AFTER_SECONDS))
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send(answerTranslator(res)(UNAVAILABLE_MESSAGE));
};
