/**
 * Issue 7: the /logout page's sign-out (server/http/sign-out.ts) refuses another site's request,
 * and a dashboard GET change opened from a pasted link (`Sec-Fetch-Site: none`) asks first
 * (server/http/guards.ts, `confirmNavigatedChange`).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../server/http/session.ts";
import { signOut } from "../../server/http/sign-out.ts";
import { resolveSession } from "../../server/services/sessions.ts";
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
