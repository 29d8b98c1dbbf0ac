/**
 * Guards for the dashboard API (docs/product/roles.md; docs/product/api.md). Put them on EVERY dashboard
 * route, before the handler:
 *
 * ```ts
 * router.get("/dashboard/all_journals", requireManager, handler);               // a read
 * router.post("/create_journal/1", ...managerChange(ctx), upload, handler);      // a change
 * router.get("/delete_paper/:journal/:paper", ...managerChange(ctx), handler);   // a change by GET
 * ```
 *
 * - {@link requireManager}: 401 `{status: 0, msg: "Please sign in to continue."}` when nobody is
 *   signed in. The manager is `res.locals.user`, which comes from the session cookie only; never
 *   take identity from a request field.
 * - {@link requireSameOrigin}: 403 for a request another site made the browser send (cross-site
 *   request forgery). Every state-changing call needs it, including those the spec defines as GET
 *   (`delete_paper`, api-type row actions, logout). The session cookie is already
 *   `SameSite=Strict`; this is the second, independent defence docs/product/api.md asks for.
 * - {@link confirmNavigatedChange}: a GET change opened from a pasted link asks to confirm.
 *
 * The first two answer in the API envelope themselves, so they work on any router; the third
 * answers a small HTML page, since only a browser navigation reaches it.
 *
 * Roles (issue 8; docs/decisions/190-roles-and-ownership.md; rules in
 * server/features/accounts/access.ts). After the sign-in check, and before any upload is read:
 * - {@link requireAdmin}: 403 unless the manager is a site administrator (partners, Managers);
 * - {@link journalAccess}`(ctx, "journal")`: 403 unless the manager may touch the journal named
 *   by that path parameter; {@link proceedingAccess} likewise for a proceeding id;
 * - a journal named in a body field (`journal_uri`, `primary_journal_uri`) is checked by the
 *   handler with {@link assertJournalAccess} once the body is parsed;
 * - lists filter by the manager's assignments in their queries (listAllJournals, listProceedings).
 * Every role decision reads `res.locals.user` ({@link actorOf}), which comes from the session.
 */

import type { RequestHandler, Response } from "express";
import { MESSAGES } from "../../shared/constants.ts";
import { directionOf } from "../../shared/i18n/locales.ts";
import { msg } from "../../shared/i18n/messages.ts";
import { parseRouteParam, routeId } from "../../shared/route-params.ts";
import {
  ACCESS_MESSAGES,
  type Actor,
  assertJournalAccess,
  assertProceedingAccess,
  isAdmin,
} from "../features/accounts/access.ts";
import type { AppContext } from "../services/context.ts";
import { answerLocale, answerTranslator } from "./locale.ts";
import { sendFail } from "./respond.ts";

export { assertJournalAccess } from "../features/accounts/access.ts";

export const SIGN_IN_MSG = msg("Please sign in to continue.");
export const CROSS_SITE_MSG = msg("This request came from another site and was refused.");

/** 401 unless a manager is signed in. */
export const requireManager: RequestHandler = (_req, res, next) => {
  if (res.locals.user) {
    next();
    return;
  }
  sendFail(res, 401, SIGN_IN_MSG);
};

/**
 * Whether the browser sent `req` on behalf of another site. Decided by, in order:
 * 1. `Sec-Fetch-Site` (Fetch Metadata, sent by every current browser): `same-origin` and `none`
 *    (typed in the address bar, a bookmark) pass; `same-site` and `cross-site` are refused, since
 *    a sibling subdomain is another origin too;
 * 2. otherwise `Origin`, or failing that `Referer`: refused when it names an origin other than
 *    the site's (`"null"`, an opaque origin, is refused too);
 * 3. with none of these headers (curl, server-to-server, old browsers with no referrer) the
 *    request passes: such clients carry no victim's cookie, and `SameSite=Strict` covers the
 *    rest.
 * The site's origins are `PUBLIC_URL` and the one the request was addressed to (its Host, over
 * http or https, since a TLS-terminating proxy may hide the scheme).
 */
export function isCrossSite(req: RequestHeaders, publicUrl: string | undefined): boolean {
  const fetchSite = req.get("sec-fetch-site")?.toLowerCase();
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";

  const claimed = req.get("origin") ?? req.get("referer");
  if (claimed === undefined) return false;
  let origin: URL;
  try {
    origin = new URL(claimed);
  } catch {
    return true;
  }
  if (origin.protocol !== "http:" && origin.protocol !== "https:") return true;
  if (publicUrl && origin.origin === new URL(publicUrl).origin) return false;
  return origin.host !== req.host;
}

/** What {@link isCrossSite} reads of a request: its headers and the host it was sent to. */
export type RequestHeaders = {
  get(name: string): string | undefined;
  host: string | undefined;
};

/** 403 for a cross-site request (see {@link isCrossSite}). */
export function requireSameOrigin(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    if (!isCrossSite(req, ctx.config.publicUrl)) {
      next();
      return;
    }
    req.log?.warn(
      { origin: req.get("origin"), fetchSite: req.get("sec-fetch-site") },
      "cross-site request refused",
    );
    sendFail(res, 403, CROSS_SITE_MSG);
  };
}

const CONFIRM_QUESTIONS: [RegExp, string][] = [
  [/^\/api\/delete_paper\//, MESSAGES.confirmDeletePaper],
  [
    /^\/api\/publication_action\/[^/]+\/[^/]+\/delete/,
    msg("Are you sure you want to delete this issue?"),
  ],
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A dashboard GET that changes data (`delete_paper`, api-type row actions) opened straight in
 * the browser, from a pasted or bookmarked link (`Sec-Fetch-Site: none`), is not carried out:
 * the answer is a page asking to confirm, whose button repeats the request from this site
 * (`same-origin`), which then passes. The dashboard's own calls are `same-origin` and never see
 * it (issue 7; docs/decisions/142-sign-out-and-get-changes.md). The page is in the answer's
 * language (`res.locals.locale`, decision 382).
 */
export const confirmNavigatedChange: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" || req.get("sec-fetch-site")?.toLowerCase() !== "none") {
    next();
    return;
  }
  const path = req.originalUrl.split("?")[0]!;
  const locale = answerLocale(res);
  const t = answerTranslator(res);
  const question = t(
    CONFIRM_QUESTIONS.find(([pattern]) => pattern.test(path))?.[1] ??
      msg("This link changes data on the site. Do you want to go ahead?"),
  );
  const title = escapeHtml(t("Please confirm"));
  res
    .status(200)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="${escapeHtml(locale)}" dir="${directionOf(locale)}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><h1>${title}</h1><p>${escapeHtml(question)}</p><p><code dir="ltr">${escapeHtml(path)}</code></p><form method="get" action="${escapeHtml(path)}"><button type="submit">${escapeHtml(t("Yes, go ahead"))}</button> <a href="/dashboard">${escapeHtml(t("Back to the dashboard"))}</a></form></body></html>`,
    );
};

/**
 * `[requireSameOrigin(ctx), requireManager, confirmNavigatedChange]`: the guards of a dashboard
 * call that changes data.
 */
export function managerChange(ctx: AppContext): RequestHandler[] {
  return [requireSameOrigin(ctx), requireManager, confirmNavigatedChange];
}

/**
 * The signed-in manager as the access rules see them. Only after {@link requireManager}.
 * @throws Error when nobody is signed in (a route without its guard: a programming error).
 */
export function actorOf(res: Response): Actor {
  const user = res.locals.user;
  if (!user) throw new Error("actorOf used on a route without requireManager");
  return { id: user.id, role: user.role };
}

/** 401 signed out, 403 unless the signed-in manager is a site administrator. */
export const requireAdmin: RequestHandler = (req, res, next) => {
  requireManager(req, res, () => {
    if (isAdmin(actorOf(res))) next();
    else sendFail(res, 403, ACCESS_MESSAGES.adminOnly);
  });
};

/**
 * 403 unless the signed-in manager may touch the journal whose URI is path parameter `param`
 * (an unknown or malformed URI passes: the handler answers its 404). Put after the sign-in
 * check and before any upload.
 */
export function journalAccess(ctx: AppContext, param: string): RequestHandler {
  return async (req, res, next) => {
    const uri = req.params[param];
    if (typeof uri === "string") await assertJournalAccess(ctx, actorOf(res), uri);
    next();
  };
}

/** As {@link journalAccess}, for the proceeding whose id is path parameter `param`. */
export function proceedingAccess(ctx: AppContext, param: string): RequestHandler {
  return async (req, res, next) => {
    const id = parseRouteParam(routeId, req.params[param]);
    if (id !== null) await assertProceedingAccess(ctx, actorOf(res), id);
    next();
  };
}
