/**
 * Signing out from the /logout page's form (app/routes/logout.tsx; issue 7: the page no longer
 * signs out on load, since any site could link to it). The page's React Router action hands
 * over the Fetch API request; GET /api/logout (docs/product/api.md) keeps its own route.
 */
import type { AppContext } from "../services/context.ts";
import { endSession } from "../services/sessions.ts";
import { isCrossSite } from "./guards.ts";
import { readCookie, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./session.ts";

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
