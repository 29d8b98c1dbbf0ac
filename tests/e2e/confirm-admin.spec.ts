/**
 * The administrator confirmation link (issue 15; docs/decisions/262-administrator-address-and-mailed-links.md):
 * registering the e2e server's `ADMIN_EMAIL` (tests/e2e/serve.ts) gives a journal manager; the
 * link mailed to it, fetched as a mail scanner does (HEAD, GET) changes nothing; opened in the
 * browser, it asks for the account's password, refuses a wrong one beside the field, and with the
 * right one says the account is now administrator, and the dashboard then shows the
 * administrator's menu (issue 30, decision 379). A used or unknown link shows what to do. The
 * address can register once per server, so the link itself is followed in the desktop project;
 * both projects check the error page. `SCREENSHOT_DIR` set: pages saved there.
 */
import { expect, type Page, test } from "@playwright/test";
import { E2E_PASSCODE } from "./helpers/account.ts";
import { specMailbox } from "./helpers/mail.ts";
import { screenshotForReview } from "./helpers/screenshot.ts";

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? "e2e-named-admin@example.org";
const PASSWORD = "correct horse battery";

const mailbox = specMailbox();

/** Enters `password` on the confirmation page and confirms. */
async function confirmWith(page: Page, password: string) {
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm" }).click();
}

test("an unknown or used confirmation link says so", async ({ page }, testInfo) => {
  await page.goto(`/confirm-admin#${"x".repeat(43)}`);
  await expect(
    page.getByRole("heading", { name: "Confirm the administrator address" }),
  ).toBeVisible();
  await screenshotForReview(page, testInfo, "confirm-admin-form");
  await confirmWith(page, PASSWORD);
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
  const link = /(\/confirm-admin#[\w-]{43})/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();
  // a mail scanner fetching the link (the old form of it too) changes nothing
  const token = link!.split("#")[1]!;
  for (const url of [link!, `/confirm-admin?token=${token}`]) {
    expect((await page.request.head(url)).status()).toBe(200);
    expect((await page.request.get(url)).status()).toBe(200);
  }
  expect(
    labels(await (await page.request.get("/api/dashboard/admin_nav_items")).json()),
  ).not.toContain("Managers");

  const res = await page.goto(link!);
  expect(res?.status()).toBe(200);
  await confirmWith(page, "not the password at all");
  await expect(
    page.getByText("This is not the password of the account that registered this address."),
  ).toBeVisible();
  await confirmWith(page, PASSWORD);
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await screenshotForReview(page, testInfo, "confirm-admin-done");
  await page.setViewportSize({ width: 375, height: 740 });
  await screenshotForReview(page, testInfo, "confirm-admin-done-375");

  const after = await (await page.request.get("/api/dashboard/admin_nav_items")).json();
  expect(labels(after)).toContain("Managers");

  // the link works once
  await page.goto("/");
  await page.goto(link!);
  await confirmWith(page, PASSWORD);
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
});
