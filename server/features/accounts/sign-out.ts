/**
 * Signing out at /logout (app/routes/logout.tsx; docs/decisions/265-one-click-sign-out.md). The
 * dashboard's Logout link signs out in one click: a GET of /logout that this site's own page
 * sent ({@link isOwnNavigation}) ends the session at once. Only a request another site sent
 * (issue 7: any site may link to /logout) gets the page with a 'Sign out' button, whose POST
 * ({@link signOut}) is refused cross-site too. The page's React Router loader and action hand
 * over the Fetch API request; GET /api/logout (docs/product/api.md) keeps its own route.
 */

import { isCrossSite } from "../../http/guards.ts";
import { readCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "../../http/session.ts";
import type { AppContext } from "../../services/context.ts";
import { endSession } from "./sessions.ts";

/**
 * Ends the session `request`'s cookie names and answers the headers that drop the cookie, or
 * null when another site sent the request (server/http/guards.ts, `isCrossSite`; nothing is
 * ended then). Without a session it still answers the headers: signing out twice is harmless.
 */
export async function signOut(ctx: AppContext, request: Request): Promise<Headers | null> {
  const url = new URL(request.url);
  const headers = { get: (name: string) => request.headers.get(name) ?? undefined, host: url.host };
  if (isCrossSite(headers, ctx.config.publicUrl)) return null;

  const cookies = { headers: { cookie: request.headers.get("cookie") ?? undefined } };
  const secure = Boolean(ctx.config.publicUrl?.startsWith("https://")) || url.protocol === "https:";
  const answer = new Headers();
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const token = readCookie(cookies, name);
    if (token === undefined) continue;
    await endSession(ctx, token);
    answer.append(
      "Set-Cookie",
      `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict${secure || name === SECURE_SESSION_COOKIE ? "; Secure" : ""}`,
    );
  }
  return answer;
}

/**
 * Whether a GET of /logout is the reader's own doing, so that it may sign out at once:
 * - `Sec-Fetch-Site: same-origin` (a click on this site's Logout link) or `none` (typed in the
 *   address bar, a bookmark: the person at the keyboard asked for it);
 * - without Fetch Metadata (older browsers), a `Referer` naming this site's origin.
 * Anything else is not: `cross-site` and `same-site` (a sibling subdomain, which the
 * `SameSite=Strict` cookie does not stop), and a request with no evidence at all. Those get the
 * confirmation page instead, so no other site can sign a manager out with a link or an image.
 * The site's origins are those of `isCrossSite` (server/http/guards.ts): `PUBLIC_URL` and the
 * origin the request was addressed to.
 */
export function isOwnNavigation(ctx: AppContext, request: Request): boolean {
  const fetchSite = request.headers.get("sec-fetch-site")?.toLowerCase();
  if (fetchSite) return fetchSite === "same-origin" || fetchSite === "none";
  const referer = request.headers.get("referer");
  if (!referer) return false;
  const url = new URL(request.url);
  const headers = {
    get: (name: string) => (name === "referer" ? referer : undefined),
    host: url.host,
  };
  return !isCrossSite(headers, ctx.config.publicUrl);
}
