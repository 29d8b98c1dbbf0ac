/**
 * Roles and ownership in the browser (issue 8): the administrator assigns a journal on the
 * Managers screen and the journal manager then sees only it (another journal's screen shows the
 * 403 msg); the Managers screen's error states (an invitation without or with a taken address,
 * a refused change, the screen opened by a journal manager); disabling an account signs it out
 * and refuses its sign-in; an invitation link read from the outbox registers without the
 * passcode, once.
 */
import {
  type Browser,
  expect as baseExpect,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import {
  asGuest,
  expectInvitationRefused,
  inviteManager,
  newManager,
  signInAsNewManager,
} from "./helpers/account.ts";
import { specMailbox } from "./helpers/mail.ts";

// several accounts sign in per test (scrypt each time) and two sessions load dashboard screens,
// on a machine shared with other runs: more time per test and per screen than the default
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

// The browser-test server sends its mail to E2E_SMTP_PORT (tests/e2e/serve.ts): listen there.
const mailbox = specMailbox();

/** A second, separate browser session signed in as a new journal manager. */
async function managerSession(browser: Browser, testInfo: TestInfo, fname: string, lname: string) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
  });
  const page = await context.newPage();
  const manager = await signInAsNewManager(page, testInfo, { role: "manager", fname, lname });
  return { page, manager, close: () => context.close() };
}

/** The account's card on the Managers screen. */
const accountCard = (page: Page, email: string) =>
  page
    .getByRole("list", { name: "Accounts" })
    .getByRole("listitem")
    .filter({ hasText: email })
    .first();

test("the administrator assigns a journal and the manager then sees only it", async ({
  page,
  browser,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  const grace = await managerSession(browser, testInfo, "Grace", "Hopper");
  try {
    const mp = grace.page;
    // before: no journals, no Partners or Managers in the menu, another journal's screen refused
    await mp.goto("/dashboard");
    await expect(mp.getByText("Hello Grace Hopper!")).toBeVisible();
    await expect(mp.getByText(/No journals to manage yet/)).toBeVisible();
    const menu = mp.getByRole("navigation", { name: "Dashboard" });
    await expect(menu.getByRole("link", { name: "Proceedings" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Partners" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Managers" })).toHaveCount(0);
    await mp.goto("/dashboard/edit_journal/metabolites");
    await expect(mp.getByRole("alert")).toHaveText(
      "You do not manage this journal. Ask a site administrator to assign it to you.",
    );

    // the administrator assigns Metabolites on the Managers screen
    await page.goto("/dashboard");
    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "Managers" })
      .click();
    await expect(page.getByRole("heading", { name: "Managers", level: 1 })).toBeVisible();
    const card = accountCard(page, grace.manager.email);
    await expect(card.getByText("Journal manager", { exact: true })).toBeVisible();
    await expect(card.getByText("None assigned.").first()).toBeVisible();
    await card
      .getByLabel("Assign a journal to Grace Hopper")
      .selectOption({ label: "Metabolites" });
    await card.getByRole("button", { name: /^Assign\W+journal$/ }).click();
    await expect(page.getByText("Grace Hopper now manages Metabolites.")).toBeVisible();
    await expect(card.getByRole("list", { name: "Journals of Grace Hopper" })).toHaveText(
      /Metabolites/,
    );

    // the manager now sees exactly that journal, and may open its screens
    await mp.goto("/dashboard");
    const journals = mp.getByRole("list", { name: "Journals" }).getByRole("article");
    await expect(journals).toHaveCount(1);
    await expect(journals.getByRole("heading", { name: "Metabolites" })).toBeVisible();
    await mp.goto("/dashboard/edit_journal/metabolites");
    await expect(mp.getByRole("heading", { name: "Edit Journal", level: 1 })).toBeVisible();
    await mp.goto("/dashboard/edit_journal/elife");
    await expect(mp.getByRole("alert")).toHaveText(/You do not manage this journal/);

    // unassigning takes it away again
    await card.getByRole("button", { name: /^Unassign\W+Metabolites$/ }).click();
    await expect(page.getByText("Grace Hopper no longer manages Metabolites.")).toBeVisible();
    await mp.goto("/dashboard");
    await expect(mp.getByText(/No journals to manage yet/)).toBeVisible();
  } finally {
    await grace.close();
  }
});

test("the Managers screen's error states, and a disabled account", async ({
  page,
  browser,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  const mary = await managerSession(browser, testInfo, "Mary", "Somerville");
  try {
    // a journal manager opening the screen gets the server's msg full-page
    await mary.page.goto("/dashboard/managers");
    await expect(mary.page.getByRole("alert")).toHaveText("Only a site administrator can do this.");
    await mary.page.goto("/dashboard/partners");
    await expect(mary.page.getByRole("alert")).toHaveText("Only a site administrator can do this.");

    await page.goto("/dashboard/managers");
    const invite = page.getByRole("button", { name: "Send invitation" });
    await invite.click();
    await expect(page.getByText("Please enter the email address to invite.")).toBeVisible();
    await page.getByLabel("Email").fill("not an address");
    await invite.click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await page.getByLabel("Email").fill(mary.manager.email);
    await invite.click();
    await expect(page.getByText("An account with this email already exists.")).toBeVisible();

    // a refused change shows the server's msg (here the last-administrator rule)
    await page.route("**/api/manager_account/*", (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({
          status: 0,
          msg: "This is the last active site administrator: make another account administrator first.",
        }),
      }),
    );
    const card = accountCard(page, mary.manager.email);
    await card.getByRole("button", { name: /^Make administrator\W+Mary Somerville$/ }).click();
    await expect(page.getByText(/This is the last active site administrator/)).toBeVisible();
    await page.unroute("**/api/manager_account/*");

    // disabling: asked first (the dashboard's confirmation dialog; Escape cancels), then Mary is
    // signed out at once and her sign-in is refused
    const disable = card.getByRole("button", { name: /^Disable account\W+Mary Somerville$/ });
    const confirm = page.getByRole("dialog", { name: "Disable this account?" });
    await disable.click();
    await expect(confirm).toContainText("Disable Mary Somerville's account?");
    await page.screenshot({ path: testInfo.outputPath("disable-dialog.png") });
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(card.getByText("Disabled", { exact: true })).toHaveCount(0);
    await disable.click();
    await confirm.getByRole("button", { name: "Disable", exact: true }).click();
    await expect(
      page.getByText("Mary Somerville's account is disabled and signed out everywhere."),
    ).toBeVisible();
    await expect(card.getByText("Disabled", { exact: true })).toBeVisible();
    await mary.page.goto("/dashboard");
    await mary.page.waitForURL(/\/manager$/);
    await mary.page.getByLabel("Email").fill(mary.manager.email);
    await mary.page.getByLabel("Password").fill(mary.manager.password);
    await mary.page.getByRole("button", { name: "Sign in" }).click();
    await expect(mary.page.getByRole("alert")).toHaveText(
      "This account has been disabled. Please contact the site administrator.",
    );
    await card.getByRole("button", { name: /^Enable account\W+Mary Somerville$/ }).click();
    await expect(page.getByText("Mary Somerville's account is enabled again.")).toBeVisible();
  } finally {
    await mary.close();
  }
});

test("an invitation link registers a manager without the passcode, once", async ({
  page,
  browser,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  const invited = newManager(testInfo, "Emmy", "Noether");
  const token = await inviteManager(page, mailbox, invited.email);

  await asGuest(browser, testInfo, async (guest) => {
    await guest.goto(`/registration?invite=${token}`);
    await expect(guest.getByText("no passcode is needed")).toBeVisible();
    await expect(guest.getByLabel("Email")).toHaveValue(invited.email);
    await expect(guest.getByLabel("Admin passcode")).toHaveCount(0);
    await guest.getByLabel("First name").fill(invited.fname);
    await guest.getByLabel("Last name").fill(invited.lname);
    await guest.getByLabel("Phone").fill("+44 20 7946 0018");
    await guest.getByLabel("Password", { exact: true }).fill(invited.password);
    await guest.getByLabel("Confirm password").fill(invited.password);
    await guest.getByRole("button", { name: "Create account" }).click();
    await expect(guest.getByText("Registration successful!")).toBeVisible();

    // the link works once
    await expectInvitationRefused(guest, token);
  });
  await page.reload();
  await expect(
    accountCard(page, invited.email).getByText("Journal manager", { exact: true }),
  ).toBeVisible();
});
