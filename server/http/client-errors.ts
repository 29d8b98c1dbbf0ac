/**
 * Bad requests are the client's fault, so they get a 4xx with a clear message and one log line,
 * never a 500 or a stack trace (issue 7; docs/product/api.md). Three pieces:
 *
 * - {@link clientErrorOf}: the 4xx (status and msg) an error thrown by Express, body-parser or
 *   `serve-static` stands for (busboy's are turned into 400s where multer runs, uploads.ts), or null when it is a genuine server fault;
 * - {@link sendClientError}: the answer, as the API envelope `{status: 0, msg}` under `/api`
 *   and as plain text elsewhere;
 * - {@link originFormOnly}, {@link decodablePath} and {@link finalErrorHandler}: the app-wide
 *   guards for a request target that is not a path and for a path that cannot be decoded or holds
 *   characters no path holds, and the last error handler, which replaces Express's default one (that one
 *   prints a full stack to stderr for every 403/404 of `express.static` and every error a page
 *   handler passes on).
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { MESSAGES } from "../../shared/constants.ts";
import { msg, msgWith } from "../../shared/i18n/messages.ts";
import { answerTranslator } from "./locale.ts";

export type ClientError = { status: number; msg: string };

export const BAD_ENCODING_MSG = msg("The address contains malformed %-encoding.");
export const NOT_FOUND_MSG = MESSAGES.notFound;

/**
 * Messages for body-parser's error `type`s (body-parser README, "Errors"): catalogue messages,
 * translated by {@link sendClientError} (decision 382).
 */
const BODY_ERRORS: Record<string, (e: { charset?: string; encoding?: string }) => ClientError> = {
  "entity.parse.failed": () => ({ status: 400, msg: msg("The request body is not valid JSON.") }),
  "entity.too.large": () => ({ status: 413, msg: msg("The request is too large.") }),
  "entity.verify.failed": () => ({ status: 400, msg: msg("The request body was refused.") }),
  "request.aborted": () => ({ status: 400, msg: msg("The request body ended early.") }),
  "request.size.invalid": () => ({
    status: 400,
    msg: msg("The request body does not match its Content-Length."),
  }),
  "charset.unsupported": (e) => ({
    status: 415,
    msg: msgWith('The charset "{charset}" is not supported; send UTF-8.', {
      charset: e.charset ?? "",
    }),
  }),
  "encoding.unsupported": (e) => ({
    status: 415,
    msg: msgWith(
      'The Content-Encoding "{encoding}" is not supported; send gzip, deflate, br or none.',
      { encoding: e.encoding ?? "" },
    ),
  }),
  "parameters.too.many": () => ({ status: 413, msg: msg("The form has too many fields.") }),
};

/**
 * The client error `error` stands for, or null for a server fault (answered 500 and logged with
 * its stack by the caller). Recognised: Express's `Failed to decode param` (400), body-parser's
 * typed errors (400, 413, 415), and any other
 * http-errors error whose status is 4xx (e.g. serve-static's 403/404, a zlib failure on a
 * body sent with a wrong `Content-Encoding`, wrapped by body-parser as 400).
 */
export function clientErrorOf(error: unknown): ClientError | null {
  if (error instanceof URIError) return { status: 400, msg: BAD_ENCODING_MSG };
  if (!(error instanceof Error)) return null;
  const e = error as Error & {
    status?: number;
    statusCode?: number;
    type?: string;
    charset?: string;
    encoding?: string;
  };
  const typed = e.type ? BODY_ERRORS[e.type] : undefined;
  if (typed) return typed(e);
  const status = e.status ?? e.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    if (status === 404) return { status, msg: NOT_FOUND_MSG };
    if (status === 403) return { status, msg: msg("Access to this address is not allowed.") };
    if (e.type === undefined && /zlib|incorrect header|unexpected end/i.test(e.message)) {
      return { status, msg: msg("The request body does not match its Content-Encoding.") };
    }
    // another 4xx of a library: its own (English) message, outside the catalogues
    return { status, msg: status === 400 ? msg("The request is malformed.") : e.message };
  }
  return null;
}

/**
 * Sends `status` with `msg` in the answer's language (decision 382; the default before the
 * language is known): the API envelope under `/api`, plain text elsewhere.
 */
export function sendClientError(req: Request, res: Response, status: number, msg: string): void {
  res.status(status).setHeader("Cache-Control", "no-store");
  const text = answerTranslator(res)(msg);
  if (/^\/api(\/|$)/.test(req.originalUrl)) res.json({ status: 0, msg: text });
  else res.type("text/plain").send(text);
}

/**
 * The plain-text 404 of a file, feed, download or protocol path that names nothing, in the
 * answer's language; its other headers (caching) are the caller's.
 */
export function sendNotFoundText(res: Response): void {
  res.status(404).type("text/plain").send(answerTranslator(res)(NOT_FOUND_MSG));
}

export const REQUEST_TARGET_MSG = msg("The request target must be a path starting with /.");

/**
 * Middleware: 400 for a request line whose target is not origin-form (RFC 9112 section 3.2.1):
 * absolute-form (`GET http://host/ HTTP/1.1`, which only proxies must take) and asterisk-form
 * (`OPTIONS * HTTP/1.1`). Every router, the output cache and React Router's URL building assume a
 * path; before this the pages answered such a line 500 (issue 15, decision 264).
 */
export const originFormOnly: RequestHandler = (req, res, next) => {
  if (req.url.startsWith("/")) {
    next();
    return;
  }
  sendClientError(req, res, 400, REQUEST_TARGET_MSG);
};

export const PATH_CHARACTER_MSG = msg(
  "The address contains a control character or a backslash, which no address of this site holds.",
);

/**
 * Characters a decoded path may not hold: the controls (C0, DEL, C1) and the backslash. The URL
 * Standard (WHATWG, "basic URL parser") drops a tab, CR or LF wherever it stands and reads `\`
 * as `/` in an http(s) URL, so a path holding them names another path once parsed again: React
 * Router re-parses each matched path (`encodeLocation` of its static router), where
 * `/%09//a:b` became the scheme-relative `//a:b`, whose port `b` threw "Invalid URL" (issue 30,
 * decision 395). No journal URI, slug, number or file name of the site holds one.
 */
const NOT_IN_A_PATH = /[\p{Cc}\\]/u;

/**
 * Middleware: 400 for a path whose %-escapes do not decode as UTF-8 (`/api/get_journal/%ff`,
 * decision 143), or whose decoded form holds a character of {@link NOT_IN_A_PATH}
 * (`/%09//a:b`, `/x%5Cy`, decision 395). It runs before the output cache, the routers and the
 * pages, so they all see the same paths, and none of them ever keeps an answer for such a path.
 */
export const decodablePath: RequestHandler = (req, res, next) => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    sendClientError(req, res, 400, BAD_ENCODING_MSG);
    return;
  }
  if (NOT_IN_A_PATH.test(decoded)) {
    sendClientError(req, res, 400, PATH_CHARACTER_MSG);
    return;
  }
  next();
};

/**
 * The last error handler of the app: a client error is answered with its status and logged as
 * the request's one access-log line; anything else is logged with its stack and answered 500
 * 'Something went wrong.'. A response already under way is cut off.
 */
export const finalErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const client = clientErrorOf(error);
  if (!client) req.log?.error({ err: error }, "unexpected error");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (client) sendClientError(req, res, client.status, client.msg);
  else sendClientError(req, res, 500, MESSAGES.somethingWentWrong);
};
