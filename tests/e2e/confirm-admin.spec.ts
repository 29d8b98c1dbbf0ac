/**
 * The administrator confirmation link (issue 15; docs/decisions/262-administrator-address-and-mailed-links.md):
 * registering the e2e server's `ADMIN_EMAIL` (tests/e2e/serve.ts) gives a journal manager; the
 * link mailed to it, opened in the browser, says the account is now administrator, and the
 * dashboard then shows the administrator's menu. A used or unknown link shows what to do, with
 * HTTP 404. The address can register once per server, so the link itself is followed in the
 * desktop project; both projects check the error page. `SCREENSHOT_DIR` set: pages saved there.
 */
import { expect, test } from "@playwright/test";
import { E2E_PASSCODE } from "./helpers/account.ts";
import { specMailbox } from "./helpers/mail.ts";
import { screenshotForReview } from "./helpers/screenshot.ts";

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? "e2e-named-admin@example.org";
const PASSWORD = "correct horse battery";

const mailbox = specMailbox();

test("an unknown or used confirmation link says so, with a 404", async ({ page }, testInfo) => {
  const res = await page.goto(`/confirm-admin?token=${"x".repeat(43)}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expect(page.getByText("This confirmation link has expired")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await screenshotForReview(page, testInfo, "confirm-admin-invalid");
});

test("registering ADMIN_EMAIL gives a manager until the mailed link is opened", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the address registers once per server");
  test.slow();
  const registered = await page.request.post("/api/register", {
    data: {
      fname: "Named",
      lname: "Administrator",
      phone: "+44 20 7946 0018",
      email: ` ${ADMIN_EMAIL.toUpperCase()} `,
      pword: PASSWORD,
      cpword: PASSWORD,
      admincode: E2E_PASSCODE,
    },
  });
  expect(registered.status()).toBe(201);
  const signIn = await page.request.post("/api/login", {
    data: { email: ADMIN_EMAIL, pword: PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  const before = await (await page.request.get("/api/dashboard/admin_nav_items")).json();
  const labels = (body: { nav_items: { nav_links: { text: string }[] } }) =>
    body.nav_items.nav_links.map((l) => l.text);
  expect(labels(before)).not.toContain("Managers");

  const mail = await mailbox.waitFor(ADMIN_EMAIL);
  const link = /(\/confirm-admin\?token=[\w-]{43})/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  const res = await page.goto(link!);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await screenshotForReview(page, testInfo, "confirm-admin-done");
  await page.setViewportSize({ width: 375, height: 740 });
  await screenshotForReview(page, testInfo, "confirm-admin-done-375");

  const after = await (await page.request.get("/api/dashboard/admin_nav_items")).json();
  expect(labels(after)).toContain("Managers");

  // the link works once
  const again = await page.goto(link!);
  expect(again?.status()).toBe(404);
});
