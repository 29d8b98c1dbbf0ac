/**
 * The one request hook of usage counting (issue 17; docs/decisions/280-counting-usage.md). It
 * looks at every request, whether Express answers it or the output cache does before Express
 * (server/site.ts calls it for those), and, once the response is sent, hands the counted ones
 * to the process's buffer (`ctx.usage`, server/features/usage/recorder.ts). It never touches the
 * database and never delays a response.
 *
 * Counted, by URL (so a page served from the output cache counts like a rendered one):
 * - an abstract page, `/journal/{uri}/{paperID}` or `/proceedings/{slug}/{paperID}`, answered
 *   200: an Investigation;
 * - a PDF galley, `/journal/{uri}/download/{paperID}/{name}.pdf` (or `/proceedings/…`), answered
 *   200 or 206 to a GET without `Range` or with a range starting at byte 0: a Request. pdf.js
 *   reads a PDF as many ranges; only the first part of the file counts, and a second opening
 *   within 30 s is a double-click (./counting.ts);
 * - the search page `/search` with a query, first page of results: a search (Searches_Platform;
 *   a further page of the same results is not a new search, COUNTER R5.1 section 7.6).
 *
 * Never counted: other methods (HEAD included), any other status (304, errors: COUNTER R5.1
 * section 7.1 counts successful requests only, and the issue leaves out revalidations), requests
 * carrying a session cookie (managers at work; drafts are only theirs to see), and user agents
 * on the COUNTER robots list (section 7.8).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { splitLocalePath } from "../../../shared/i18n/locales.ts";
import type { UsageKind } from "../../db/schema.ts";
import { hasSessionCookie } from "../../http/output-cache.ts";
import type { AppContext } from "../../services/context.ts";
import { isRobot, MAX_USER_AGENT } from "./robots.ts";

/** What a URL counts as, if anything. */
export type UsageTarget = { kind: UsageKind; paperId: number | null };

const ABSTRACT = /^\/(?:journal|proceedings)\/[a-z0-9][a-z0-9-]*\/([1-9][0-9]{0,8})\/?$/;
const PDF =
  /^\/(?:journal|proceedings)\/[a-z0-9][a-z0-9-]*\/download\/([1-9][0-9]{0,8})\/[^/]+\.pdf$/;

/**
 * What `url` (path and query, as in `req.url`) counts as; null for anything else. A page in
 * another language (`/es/journal/…`, decision 382) counts as the page itself.
 */
export function usageTarget(url: string): UsageTarget | null {
  const mark = url.indexOf("?");
  const path = splitLocalePath(mark === -1 ? url : url.slice(0, mark), true).path;
  if (path.length > 300) return null;
  let match = ABSTRACT.exec(path);
  if (match) return { kind: "abstract", paperId: Number(match[1]) };
  match = PDF.exec(path);
  if (match) return { kind: "pdf", paperId: Number(match[1]) };
  if (path === "/search" || path === "/search/") {
    const query = new URLSearchParams(mark === -1 ? "" : url.slice(mark + 1));
    const q = (query.get("banner_search") ?? query.get("q") ?? "").trim();
    const page = query.get("page");
    if (q !== "" && (page === null || page === "1")) return { kind: "search", paperId: null };
  }
  return null;
}

/** Whether a `Range` header asks for the file from its first byte (`bytes=0-…`). */
export function rangeStartsAtZero(range: string): boolean {
  return /^\s*bytes\s*=\s*0\s*-/i.test(range);
}

/**
 * The reader's address: the socket's, or with `trustProxy` proxies in front, the address that
 * many hops back in `X-Forwarded-For` (as Express's `trust proxy` with a hop count reads it).
 */
export function clientIp(req: IncomingMessage, trustProxy: number): string {
  const socket = req.socket.remoteAddress ?? "";
  if (trustProxy <= 0) return socket;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  const chain = [socket, ...forwarded];
  return chain[Math.min(trustProxy, chain.length - 1)] ?? socket;
}

/** Runs `done` once `res` is sent (or its connection closed). */
function whenSent(res: ServerResponse, done: () => void): void {
  if (res.writableFinished) done();
  else res.once("close", done);
}

/**
 * Watches `req`: when it is a counted access (module docstring), records it in `ctx.usage` once
 * the response has gone out with a counted status. Cheap for everything else: a method check
 * and a few string tests.
 */
export function observeUsage(ctx: AppContext, req: IncomingMessage, res: ServerResponse): void {
  const usage = ctx.usage;
  if (!usage || req.method !== "GET") return;
  const target = usageTarget(req.url ?? "/");
  if (!target || hasSessionCookie(req)) return;
  const range = req.headers.range;
  if (target.kind === "pdf" && range !== undefined && !rangeStartsAtZero(range)) return;
  const userAgent = (req.headers["user-agent"] ?? "").slice(0, MAX_USER_AGENT);
  if (isRobot(userAgent)) return;
  const ip = clientIp(req, ctx.config.trustProxy);
  whenSent(res, () => {
    if (!res.headersSent) return;
    const status = res.statusCode;
    if (status !== 200 && !(status === 206 && target.kind === "pdf")) return;
    usage.record({ at: Date.now(), ip, userAgent, paperId: target.paperId, kind: target.kind });
  });
}

/**
 * The output cache's `serveFast` (server/http/output-cache.ts), noting the usage of what it
 * answers before Express, as Express's own middleware does for the rest (server/site.ts).
 */
export function countedFastPath(
  ctx: AppContext,
  serveFast: (req: IncomingMessage, res: ServerResponse) => boolean,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (!serveFast(req, res)) return false;
    observeUsage(ctx, req, res);
    return true;
  };
}

/** {@link observeUsage} as the first Express middleware (server/http/app.ts). */
export function usageObserver(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    observeUsage(ctx, req, res);
    next();
  };
}
