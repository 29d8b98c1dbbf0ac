/**
 * Issue 7 in the browser: another site cannot sign a manager out through /logout (issue 15: the
 * site's own Logout link signs out in one click, tests/e2e/account.spec.ts), a pasted dashboard
 * link that changes data asks first, and no dashboard page trips the Content-Security-Policy.
 */
import { expect, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";

test("another site's link to /logout does not sign the manager out", async ({ page }, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard");
  await expect(page.getByText(/^Hello .+!$/)).toBeVisible();
  // a link on another site, followed (Sec-Fetch-Site: cross-site; the SameSite=Strict cookie
  // stays behind, so the site sees nobody to sign out)
  const logoutUrl = new URL("/logout", page.url()).href;
  await page.route("http://evil.example/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Evil</title><a href="${logoutUrl}">Win a prize</a>`,
    }),
  );
  await page.goto("http://evil.example/");
  await page.getByRole("link", { name: "Win a prize" }).click();
  await page.waitForURL((url) => url.href.startsWith(new URL("/", logoutUrl).href));
  await page.goto("/dashboard");
  await expect(page.getByText(/^Hello .+!$/)).toBeVisible();
  // a request that does carry the cookie from elsewhere (a sibling subdomain: same-site) gets
  // the page with a 'Sign out' button, and nothing changes
  const sibling = await page.request.get("/logout", { headers: { "Sec-Fetch-Site": "same-site" } });
  expect(sibling.status()).toBe(200);
  expect(await sibling.text()).toContain("Nothing has changed yet");
  await page.goto("/dashboard");
  await expect(page.getByText(/^Hello .+!$/)).toBeVisible();
  // a forged form POST from another site is refused and the session kept
  const forged = await page.request.post("/logout", {
    headers: {
      "Sec-Fetch-Site": "cross-site",
      "Content-Type": "application/x-www-form-urlencoded",
    },
    data: "",
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await page.goto("/dashboard");
  await expect(page.getByText(/^Hello .+!$/)).toBeVisible();
});

test("a pasted delete link asks for confirmation before anything happens", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  // no such paper: whatever the answer after confirming, nothing of the corpus is at risk
  await page.goto("/api/delete_paper/no-such-journal/999999");
  await expect(page.getByRole("heading", { name: "Please confirm" })).toBeVisible();
  await expect(page.getByText("Are you sure you want to delete this paper?")).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().includes("/api/delete_paper/"));
  await page.getByRole("button", { name: "Yes, go ahead" }).click();
  // confirmed from the site itself: the call runs and answers in the API envelope
  const res = await answer;
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ status: 0 });
});

test("dashboard pages report no CSP violation (zod runs without eval)", async ({
  page,
}, testInfo) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text()))
      violations.push(message.text());
  });
  // the event fires even when the page catches the refused eval, as zod's probe does
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await signInAsNewManager(page, testInfo);
  for (const path of [
    "/dashboard",
    "/dashboard/create_journal/1",
    "/dashboard/create_proceeding",
    "/manager",
    "/registration",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});
