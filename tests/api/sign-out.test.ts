/**
 * Issue 7: the /logout page's sign-out (server/features/accounts/sign-out.ts) refuses another site's request,
 * and a dashboard GET change opened from a pasted link (`Sec-Fetch-Site: none`) asks first
 * (server/http/guards.ts, `confirmNavigatedChange`). Issue 15 (decision 265): a GET of /logout
 * from the site's own Logout link signs out at once; one from another site changes nothing.
 */
import { RouterContextProvider } from "react-router";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { appContext, requestContext } from "../../app/context.ts";
import { loader as logoutLoader } from "../../app/routes/logout.tsx";
import type { User } from "../../server/db/schema.ts";
import { resolveSession } from "../../server/features/accounts/sessions.ts";
import { signOut } from "../../server/features/accounts/sign-out.ts";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import { signedInAdministrator, signedInManager } from "../helpers/account.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { seededFileContext } from "../helpers/seeded-context.ts";

const t = seededFileContext();

const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);

function logoutPost(cookie: string, fetchSite: string): Request {
  return new Request("http://localhost:3000/logout", {
    method: "POST",
    headers: { Cookie: cookie, "Sec-Fetch-Site": fetchSite },
  });
}

describe(`signing out from the /logout page (${dialectUnderTest})`, () => {
  it("ends the session and drops the cookie when the page itself posts", async () => {
    const { cookie } = await signedInManager(t);
    const headers = await signOut(t.ctx, logoutPost(cookie, "same-origin"));
    expect(headers?.get("Set-Cookie")).toMatch(
      new RegExp(
        `^${SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 .*HttpOnly; SameSite=Strict$`,
      ),
    );
    expect(await resolveSession(t.ctx, tokenOf(cookie))).toBeNull();
  });

  it("refuses another site's post and keeps the session", async () => {
    const { cookie } = await signedInManager(t);
    expect(await signOut(t.ctx, logoutPost(cookie, "cross-site"))).toBeNull();
    expect(await resolveSession(t.ctx, tokenOf(cookie))).not.toBeNull();
  });
});

/**
 * Runs the /logout page's loader as React Router would for a GET carrying `cookie` and
 * `headers`: the manager's page data, or the redirect it throws.
 */
async function logoutGet(
  user: User,
  cookie: string,
  headers: Record<string, string>,
): Promise<{ page: unknown } | { redirect: Response }> {
  const context = new RouterContextProvider();
  context.set(appContext, t.ctx);
  context.set(requestContext, {
    nonce: "n",
    user: { id: user.id, name: user.first_name, email: user.email, role: user.role },
    origin: "http://localhost:3000",
    locale: "en",
    allowPdfViewer: () => {},
    setLinkHeader: () => {},
  });
  const request = new Request("http://localhost:3000/logout", {
    headers: { Cookie: cookie, ...headers },
  });
  try {
    return { page: await logoutLoader({ request, context, params: {} } as never) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown };
    throw thrown;
  }
}

describe(`GET /logout (${dialectUnderTest})`, () => {
  it("signs out at once when the site's own Logout link sent it, and goes to /manager", async () => {
    const own: Record<string, string>[] = [
      { "Sec-Fetch-Site": "same-origin" },
      { "Sec-Fetch-Site": "none" }, // typed in the address bar, a bookmark
      { Referer: "http://localhost:3000/dashboard" }, // a browser without Fetch Metadata
    ];
    for (const headers of own) {
      const { user, cookie } = await signedInManager(t);
      const answer = await logoutGet(user, cookie, headers);
      if (!("redirect" in answer)) throw new Error(`no redirect for ${JSON.stringify(headers)}`);
      expect(answer.redirect.status).toBe(302);
      expect(answer.redirect.headers.get("Location")).toBe("/manager");
      expect(answer.redirect.headers.get("Set-Cookie")).toMatch(
        new RegExp(`^${SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 `),
      );
      expect(await resolveSession(t.ctx, tokenOf(cookie)), JSON.stringify(headers)).toBeNull();
    }
  });

  it("changes nothing when another site sent it: the page asks instead", async () => {
    const foreign: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" }, // a sibling subdomain, which SameSite does not stop
      { Referer: "http://evil.example/prize" },
      {}, // no evidence either way
    ];
    for (const headers of foreign) {
      const { user, cookie } = await signedInManager(t);
      const answer = await logoutGet(user, cookie, headers);
      expect(answer, JSON.stringify(headers)).toEqual({ page: { name: user.first_name } });
      expect(await resolveSession(t.ctx, tokenOf(cookie)), JSON.stringify(headers)).not.toBeNull();
    }
  });
});

describe(`a GET change opened from a pasted link (${dialectUnderTest})`, () => {
  it("is not carried out: a page asks to confirm, and the site's own request then deletes", async () => {
    const { cookie } = await signedInAdministrator(t);
    const path = `/api/delete_paper/ethics-review/${t.seed.paperWithoutPdfId}`;
    const pasted = await request(t.app)
      .get(path)
      .set("Cookie", cookie)
      .set("Sec-Fetch-Site", "none");
    expect(pasted.status).toBe(200);
    expect(pasted.type).toBe("text/html");
    expect(pasted.text).toContain("Are you sure you want to delete this paper?");
    expect(pasted.text).toContain(`<form method="get" action="${path}">`);
    const row = () =>
      t.ctx.db
        .selectFrom("papers")
        .select("id")
        .where("id", "=", t.seed.paperWithoutPdfId)
        .executeTakeFirst();
    expect(await row()).toBeDefined();

    const confirmed = await request(t.app)
      .get(path)
      .set("Cookie", cookie)
      .set("Sec-Fetch-Site", "same-origin");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.status).toBe(1);
    expect(await row()).toBeUndefined();
  });
});
