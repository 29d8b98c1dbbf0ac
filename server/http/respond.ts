/**
 * The JSON envelope of docs/product/api.md and the one error handler of the API.
 *
 * Success: HTTP 200 (or 201) with `{status: 1, msg, ...payload}`.
 * Failure: the HTTP status of the error kind with `{status: 0, msg, errors?}`; unexpected errors
 * are logged and answered 500 with the spec's generic 'Something went wrong.', except a database
 * outage: 503 with `Retry-After` (server/http/unavailable.ts). A full storage is a 507 and an
 * unwritable one a 503 (server/storage/storage-error.ts, decision 137).
 */
import type { ErrorRequestHandler, Response } from "express";
import multer from "multer";
import { z } from "zod";
import { MESSAGES } from "../../shared/constants.ts";
import { msg, msgWith } from "../../shared/i18n/messages.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError, STATUS_OF } from "../services/errors.ts";
import { STORAGE_ERROR_ANSWER, StorageError } from "../storage/storage-error.ts";
import { clientErrorOf } from "./client-errors.ts";
import { answerTranslator } from "./locale.ts";
import { RETRY_AFTER_SECONDS, sendUnavailableJson } from "./unavailable.ts";

/** The envelope's `msg` of a success that says nothing more (docs/product/api.md). */
const OK_MSG: string = msg("OK");

/** Sends `{status: 1, msg, ...payload}`, `msg` in the answer's language. */
export function sendOk(res: Response, payload: object = {}, msg = OK_MSG, httpStatus = 200): void {
  res.status(httpStatus).json({ status: 1, msg: answerTranslator(res)(msg), ...payload });
}

/** Sends `{status: 0, msg, errors?}` with `httpStatus`, the messages in the answer's language. */
export function sendFail(
  res: Response,
  httpStatus: number,
  msg: string,
  errors?: Record<string, string>,
): void {
  const t = answerTranslator(res);
  const translated = errors
    ? Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, t(text)]))
    : undefined;
  res
    .status(httpStatus)
    .json(translated ? { status: 0, msg: t(msg), errors: translated } : { status: 0, msg: t(msg) });
}

/** The msg of a body that fails its schema without naming a field's message. */
const INVALID_INPUT_MSG = msg("Invalid input.");

/** Field → first message of each zod issue (`editors.0.email` for nested fields). */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Parses `data` with `schema`.
 * @throws AppError `invalid` (400) whose msg names the first problem and whose `errors` map
 *   every field at fault.
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors = zodFieldErrors(result.error);
  throw new AppError("invalid", Object.values(errors)[0] ?? INVALID_INPUT_MSG, { errors });
}

/** Express error handler for `/api`: every failure becomes an envelope with the right status. */
export const apiErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof AppError) {
    if (error.retryAfter) res.setHeader("Retry-After", String(Math.ceil(error.retryAfter)));
    sendFail(res, STATUS_OF[error.kind], error.message, error.errors);
    return;
  }
  if (error instanceof z.ZodError) {
    const errors = zodFieldErrors(error);
    sendFail(res, 400, Object.values(errors)[0] ?? INVALID_INPUT_MSG, errors);
    return;
  }
  if (error instanceof StorageError) {
    // The operator's problem (full or read-only disk): logged here once, with the path.
    const answer = STORAGE_ERROR_ANSWER[error.kind];
    req.log?.error({ err: error, path: error.path, code: error.code }, "storage cannot write");
    // an unreachable or refusing store is usually back soon (a bucket's outage, decision 295)
    if (answer.status === 503) res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    sendFail(res, answer.status, answer.msg);
    return;
  }
  if (error instanceof multer.MulterError) {
    if (error.code === "LIMIT_FILE_SIZE") {
      const field = error.field ?? "";
      sendFail(
        res,
        413,
        field
          ? msgWith("The file {field} is too large.", { field })
          : msg("The file is too large."),
        { [field || "file"]: msg("File too large.") },
      );
      return;
    }
    // multer's own message (English, from the library) is carried as a value
    sendFail(res, 400, msgWith("Invalid upload: {reason}.", { reason: error.message }));
    return;
  }
  // malformed %-encoding, body-parser and busboy errors: the client's fault (client-errors.ts)
  const client = clientErrorOf(error);
  if (client) {
    sendFail(res, client.status, client.msg);
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ reason: (error as Error).message }, "database unavailable");
    sendUnavailableJson(res);
    return;
  }
  req.log?.error({ err: error }, "unexpected API error");
  sendFail(res, 500, MESSAGES.somethingWentWrong);
};
