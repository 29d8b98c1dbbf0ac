/**
 * The last two asks of issue 34's "What a manager meets" in the browser, by keyboard, with axe
 * (WCAG 2.2 AA, any impact; decision 450) on each new state (decisions 510–512):
 * - a journal manager removes a published paper's PDF from its edit form: the confirmation is
 *   cancelled once (nothing changes, focus returns to the button), then confirmed; the form says
 *   so, and the public paper page offers no 'Open Full Text (PDF)' but the spec's no-PDF line;
 * - the administrator invites a manager, sees the invitation under 'Pending invitations',
 *   cancels a revoke, revokes it, and the mailed link is then refused on the registration page.
 */
import { readFile } from "node:fs/promises";
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { serverTranslator } from "../../server/i18n/catalogues.ts";
import { CORPUS_DIR } from "./fixtures.ts";
import {
  accountId,
  adminApi,
  asGuest,
  expectInvitationRefused,
  inviteManager,
  newManager,
  signInAsNewManager,
} from "./helpers/account.ts";
import { wcagViolations } from "./helpers/axe.ts";
import { createIssueByApi } from "./helpers/dashboard.ts";
import { specMailbox } from "./helpers/mail.ts";
import { screenshotForReview } from "./helpers/screenshot.ts";

// dashboard screens load in the browser and axe runs several times, on a shared machine
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const JOURNAL = "plos-one";

/** The Arabic catalogue's text for an English message. */
const ar = serverTranslator("ar");

// The browser-test server sends its mail to E2E_SMTP_PORT (tests/e2e/serve.ts): listen there.
const mailbox = specMailbox();

/** Presses Tab until `name`'s button has the focus (at most 200 presses). */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  const target = page.getByRole("button", { name });
  for (let i = 0; i < 200; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached the button ${name}`);
}

test("a journal manager removes a paper's PDF after a confirmation, and readers no longer get it", async ({
  page,
  browser,
}, testInfo) => {
  const manager = await signInAsNewManager(page, testInfo, {
    role: "manager",
    fname: "Rosalind",
    lname: "Franklin",
  });
  // the administrator assigns the journal to the manager
  const admin = await adminApi(testInfo.project.use.baseURL!);
  try {
    const id = await accountId(admin, manager.email);
    const assigned = await admin.post(`/api/manager_journal/${id}`, {
      data: { journal_uri: JOURNAL, assign: true },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
  } finally {
    await admin.dispose();
  }

  const api = page.request;
  const issueId = await createIssueByApi(api, JOURNAL);
  const title = `A paper with the wrong PDF ${testInfo.project.name}`;
  const pdf = await readFile(`${CORPUS_DIR}/pdfs/annotation-link-text-popup.pdf`);
  const created = await api.post(`/api/create_paper/${JOURNAL}`, {
    multipart: {
      sel_publication: String(issueId),
      title,
      doi: "",
      abstract: "A paper whose PDF was uploaded by mistake.",
      keywords: "removal",
      "authors[0][name]": "Rosalind Franklin",
      paper_file: { name: "paper.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { paperID, file_url: fileUrl } = (await created.json()) as {
    paperID: number;
    file_url: string;
  };
  const published = await api.get(`/api/publication_action/${JOURNAL}/${issueId}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  const paperPage = `/journal/${JOURNAL}/${paperID}`;

  try {
    await page.goto(`/dashboard/edit_paper/${JOURNAL}/${paperID}`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title, { timeout: 60_000 });
    const currentFile = page.getByText(/^Current file:/);
    await expect(currentFile).toBeVisible();
    const remove = page.getByRole("button", { name: "Remove the PDF" });
    const dialog = page.getByRole("dialog", { name: "Remove the PDF" });

    // by keyboard: open the question, and cancel it (Cancel has the focus first)
    await tabTo(page, "Remove the PDF");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Are you sure you want to remove this paper's PDF?");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    baseExpect(await wcagViolations(page, "the PDF removal question")).toEqual([]);
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
    await expect(currentFile).toBeVisible();
    expect((await page.request.get(fileUrl)).status()).toBe(200);

    // again, with a change note, and confirmed
    await page.getByLabel(/^Change note/).fill("The PDF was the wrong paper's.");
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Remove", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    const status = page.getByRole("status").filter({ hasText: "The PDF was removed." });
    await expect(status).toBeVisible();
    // the button is gone: focus goes on to the file input, the message is announced
    await expect(page.getByLabel(/^Paper File/)).toBeFocused();
    await expect(currentFile).toHaveCount(0);
    await expect(remove).toHaveCount(0);
    await screenshotForReview(page, testInfo, "pdf-removed");
    baseExpect(await wcagViolations(page, "the paper form after the removal")).toEqual([]);
    expect((await page.request.get(fileUrl)).status()).toBe(404);

    // a reader (signed out) finds no PDF on the paper's page
    await asGuest(browser, testInfo, async (reader) => {
      await reader.goto(paperPage);
      await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(
        reader.getByText("The full text (PDF) of this paper is not available."),
      ).toBeVisible();
      await expect(reader.getByRole("button", { name: "Open Full Text (PDF)" })).toHaveCount(0);
      await expect(reader.getByRole("link", { name: /Download PDF/ })).toHaveCount(0);
      baseExpect(await wcagViolations(reader, "a paper page without its PDF")).toEqual([]);
    });
  } finally {
    await page.request.get(`/api/delete_paper/${JOURNAL}/${paperID}`);
    await page.request.get(`/api/publication_action/${JOURNAL}/${issueId}/delete`);
  }
});

test("the administrator sees a pending invitation, revokes it, and its link is refused", async ({
  page,
  browser,
}, testInfo) => {
  await signInAsNewManager(page, testInfo, { fname: "Lise", lname: "Meitner" });
  const invited = newManager(testInfo, "Emmy", "Noether");
  const token = await inviteManager(page, mailbox, invited.email);

  const pending = page.getByRole("list", { name: /^Pending invitations/ });
  const row = pending.getByRole("listitem").filter({ hasText: invited.email });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Invited by Lise Meitner on \d{1,2} \w+ \d{4}/);
  await expect(row).toContainText(/The link works until \d{1,2} \w+ \d{4}\./);
  await row.scrollIntoViewIfNeeded();
  await screenshotForReview(page, testInfo, "pending-invitation");
  baseExpect(await wcagViolations(page, "the Managers screen with a pending invitation")).toEqual(
    [],
  );

  // in Arabic the list reads right to left and fits a phone (issue 32), then back to English
  const baseURL = testInfo.project.use.baseURL!;
  await page.context().addCookies([{ name: "lang", value: "ar", url: baseURL }]);
  await page.reload();
  await expect(
    page.getByRole("list", { name: new RegExp(`^${ar("Pending invitations")}`) }),
  ).toContainText(invited.email);
  baseExpect(
    await page.evaluate(() => ({
      dir: document.documentElement.dir,
      sideways: document.documentElement.scrollWidth > window.innerWidth,
    })),
  ).toEqual({ dir: "rtl", sideways: false });
  await screenshotForReview(page, testInfo, "managers-pending-invitations-ar");
  await page.context().addCookies([{ name: "lang", value: "en", url: baseURL }]);
  await page.reload();
  await expect(row).toBeVisible();
  // the keyboard walk starts where the invitation was sent from, as before the reload
  await page.getByLabel("Email").focus();

  // Revoke, by keyboard: cancelled first, then confirmed
  const revokeName = new RegExp(`^Revoke\\W+${invited.email.replace(/[.]/g, "\\.")}$`);
  const dialog = page.getByRole("dialog", { name: "Revoke this invitation?" });
  await tabTo(page, revokeName);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(invited.email);
  baseExpect(await wcagViolations(page, "the revoke question")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: revokeName })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke", exact: true }).press("Enter");
  await expect(
    page.getByText(`The invitation to ${invited.email} was revoked. Its link no longer works.`),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
  // the row and its button are gone: the section's heading has the focus, not the page
  await expect(page.getByRole("heading", { name: /^Pending invitations/ })).toBeFocused();
  baseExpect(await wcagViolations(page, "the Managers screen after the revocation")).toEqual([]);

  // the mailed link is refused with the message of a used or expired one
  await asGuest(browser, testInfo, async (guest) => {
    await expectInvitationRefused(guest, token);
    baseExpect(await wcagViolations(guest, "a revoked invitation link")).toEqual([]);
  });
});
