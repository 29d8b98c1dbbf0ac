/**
 * The editorial workflow end to end (issue 31; docs/decisions/400-editorial-workflow.md), once
 * at each width: an author signs up from the journal page's 'Submit a paper' and confirms the
 * mailed link; submits; the editor sends to review and invites reviewers by mail; one declines,
 * two accept from their mailed links and review; the editor requests revisions; the author
 * revises; a second round; accept; schedule into a draft issue; the paper appears once the
 * issue is published. On the way (decision 520): the reviewer's page says "Reviewers"; one file
 * of a review is ticked for the author, who downloads it under a neutral name; a reviewer coming
 * back sees the review as sent, a declined link says it was declined, a dead link says so.
 * Every mail goes through a real SMTP server (tests/e2e/helpers/mail.ts);
 * each is counted and checked for its recipient and template. axe checks the new screens.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { signInAsNewManager } from "./helpers/account.ts";
import { wcagViolations } from "./helpers/axe.ts";
import { createIssueByApi } from "./helpers/dashboard.ts";
import { specMailbox } from "./helpers/mail.ts";

const JOURNAL = "plos-one";
const PASSWORD = "correct horse battery";
const mailbox = specMailbox();

async function manuscript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 200]).drawText("A manuscript.", { x: 20, y: 100, font, size: 12 });
  doc.setAuthor("Rosalind Franklin");
  return Buffer.from(await doc.save());
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`(/${path}#[\\w-]{43})`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
};

async function noSeriousViolations(page: Page, label: string, found: string[]) {
  found.push(...(await wcagViolations(page, label)));
}

async function reviewerPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test("an author submits, reviewers review, the editor accepts and schedules", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const w = testInfo.project.name;
  const stamp = `${w}-${Date.now().toString(36)}`;
  const authorEmail = `author-${stamp}@example.org`;
  const reviewer = (name: string) => `${name}-${stamp}@example.org`;
  const title = `Diffraction of DNA fibres ${stamp}`;
  const violations: string[] = [];

  // the journal page offers 'Submit a paper'; the form needs an author account
  await page.goto(`/journal/${JOURNAL}`);
  await page.getByRole("link", { name: "Submit a paper" }).click();
  await expect(page).toHaveURL(new RegExp(`/submit/${JOURNAL}$`));
  await expect(page.getByText("Please sign in to continue.")).toBeVisible();
  await page.getByRole("link", { name: "Sign up as an author" }).click();
  await page.getByLabel("First name").fill("Rosalind");
  await page.getByLabel("Last name").fill("Franklin");
  await page.getByLabel("Email").fill(authorEmail);
  await page.getByLabel("Password").fill(PASSWORD);
  await noSeriousViolations(page, "author sign-up", violations);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByText("We have mailed you a link")).toBeVisible();
  const confirmMail = await mailbox.waitFor(authorEmail);
  expect(confirmMail.subject).toContain("Confirm your address");
  await page.goto(linkIn(confirmMail.text, "confirm-email"));
  await noSeriousViolations(page, "confirm email", violations);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await page.getByRole("link", { name: "Go to your submissions" }).click();
  await expect(page.getByRole("heading", { name: "Your submissions" })).toBeVisible();

  // the submission form: details, draft, manuscript, licence, submit
  await page.goto(`/submit/${JOURNAL}`);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Abstract").fill("X-ray diffraction photographs of DNA fibres.");
  await page.getByLabel("Keywords").fill("DNA; diffraction");
  await expect(page.getByLabel("Family name")).toHaveValue("Franklin");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Your draft is saved.")).toBeVisible();
  await page.getByLabel("File", { exact: true }).setInputFiles({
    name: "franklin.pdf",
    mimeType: "application/pdf",
    buffer: await manuscript(),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("link", { name: "franklin.pdf" })).toBeVisible();
  await noSeriousViolations(page, "submission form", violations);
  await page.getByLabel(/I agree/).check();
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("New", { exact: true })).toBeVisible();
  const submissionUrl = page.url();

  // the editor (an administrator: every journal's editor) sends it to review
  const editor = await (await browser.newContext()).newPage();
  await signInAsNewManager(editor, testInfo, { fname: "Ed", lname: "Itor" });
  await editor.goto(`/dashboard/submissions_queue/${JOURNAL}?status=submitted`);
  await noSeriousViolations(editor, "submissions queue", violations);
  // the workflow settings save as they are (the journal keeps accepting submissions)
  await editor.getByRole("button", { name: "Save settings" }).click();
  await expect(editor.getByText("The workflow settings are saved.")).toBeVisible();
  await expect(editor.getByLabel("The journal accepts submissions")).toBeChecked();
  // the journal's mail templates (decision 405): a broken text is refused under its field
  await editor.getByRole("link", { name: "Edit the mail templates" }).click();
  const declined = editor.getByRole("region", { name: "Submission declined" }).or(
    editor.locator("section", {
      has: editor.getByRole("heading", { name: "Submission declined" }),
    }),
  );
  await declined.getByLabel("Mail subject").fill("About {submission_title");
  await declined.getByRole("button", { name: "Preview" }).click();
  await expect(
    declined.getByText("This text is not valid: check its braces and placeholders.").first(),
  ).toBeVisible();
  await noSeriousViolations(editor, "mail templates", violations);
  await editor.goto(`/dashboard/submissions_queue/${JOURNAL}?status=submitted`);
  await editor.getByRole("link", { name: title }).click();
  await editor.getByRole("button", { name: "Send to review" }).click();
  await expect(editor.getByText("The decision is recorded")).toBeVisible();
  expect((await mailbox.waitFor(authorEmail, { skip: 1 })).subject).toBe(
    "PLOS ONE: your submission is under review",
  );

  /** Invites a reviewer; `times`: how many invitations the address then has here. */
  const invite = async (name: string, email: string, times = 1) => {
    await editor.getByLabel("Reviewer's name").fill(name);
    await editor.getByLabel("Reviewer's email").fill(email);
    await editor.getByRole("button", { name: "Invite", exact: true }).click();
    await expect(editor.getByText(email)).toHaveCount(times);
  };
  await invite("Maurice Wilkins", reviewer("wilkins"));
  await invite("Linus Pauling", reviewer("pauling"));
  // a discussion note for the editors: listed, and the field empties for the next one
  const noteField = editor.getByLabel("New note for the editors");
  await noteField.fill("Ask Pauling about photograph 51's licence.");
  await editor.getByRole("button", { name: "Add note" }).click();
  await expect(editor.getByText("The note is added.")).toBeVisible();
  await expect(editor.getByText("Ask Pauling about photograph 51's licence.")).toBeVisible();
  await expect(noteField).toHaveValue("");
  await noSeriousViolations(editor, "editor's submission screen", violations);

  const reviewLink = async (email: string, skip = 0) => {
    const mail = await mailbox.waitFor(email, { skip });
    expect(mail.subject).toBe(`PLOS ONE: invitation to review "${title}"`);
    return linkIn(mail.text, "review");
  };
  // Pauling declines; a third reviewer is invited instead
  const pauling = await reviewerPage(browser);
  await pauling.goto(await reviewLink(reviewer("pauling")));
  await noSeriousViolations(pauling, "review invitation", violations);
  await expect(pauling.getByText("Reviewers", { exact: true })).toBeVisible();
  await expect(pauling.getByText("Journal managers")).toHaveCount(0);
  await pauling.getByRole("button", { name: "Decline the invitation" }).click();
  await expect(pauling.getByText("The invitation is declined.").first()).toBeVisible();
  // coming back to the declined link says so, dated; no buttons, no error
  await pauling.reload();
  await expect(pauling.getByText(/You declined this invitation on/)).toBeVisible();
  await expect(pauling.getByRole("button", { name: "Accept the invitation" })).toHaveCount(0);
  await expect(pauling.getByText("This review link is no longer valid")).toHaveCount(0);
  await invite("Raymond Gosling", reviewer("gosling"));
  // a link that opens nothing says so, on the reviewers' page, not an error page
  await pauling.goto(`/review#${"x".repeat(43)}`);
  await expect(pauling.getByText("This review link is no longer valid.")).toBeVisible();
  await expect(pauling.getByText("Reviewers", { exact: true })).toBeVisible();

  /** Accepts and reviews; `files`: uploaded with the review, the first ticked for the author. */
  const review = async (
    email: string,
    recommendation: string,
    comments: string,
    skip = 0,
    files: { name: string; buffer: Buffer }[] = [],
  ) => {
    const r = await reviewerPage(browser);
    await r.goto(await reviewLink(email, skip));
    await expect(r.getByText("Reviewers", { exact: true })).toBeVisible();
    await r.getByRole("button", { name: "Accept the invitation" }).click();
    // double-anonymous by default: no author name, a neutral file name
    await expect(r.getByRole("button", { name: "Download manuscript-v" }).first()).toBeVisible();
    await expect(r.getByText("Franklin")).toHaveCount(0);
    await r.getByLabel(recommendation).check();
    await r.getByLabel("Comments to the author").fill(comments);
    if (files.length > 0) {
      await r
        .locator('input[type="file"][name="files"]')
        .setInputFiles(files.map((f) => ({ ...f, mimeType: "application/octet-stream" })));
      // every file is for the editor only until ticked
      for (const f of files) {
        await expect(r.getByLabel(`${f.name}: for the author`)).not.toBeChecked();
      }
      await r.getByLabel(`${files[0]!.name}: for the author`).check();
    }
    await noSeriousViolations(r, "review form", violations);
    await r.getByRole("button", { name: "Send review" }).click();
    await expect(r.getByText(/Your review was submitted on/)).toBeVisible();
    // coming back to the link shows the review as sent, never the form again
    await r.reload();
    await expect(r.getByText(/Your review was submitted on/)).toBeVisible();
    await expect(r.getByText(recommendation, { exact: true })).toBeVisible();
    await expect(r.getByRole("button", { name: "Send review" })).toHaveCount(0);
    if (files.length > 0) {
      await expect(r.getByText("For the author", { exact: true })).toHaveCount(1);
      await expect(r.getByText("For the editor only", { exact: true })).toHaveCount(
        files.length - 1,
      );
    }
    await noSeriousViolations(r, "review sent", violations);
    await r.context().close();
  };
  await review(reviewer("wilkins"), "Minor revisions", "Please sharpen photograph 51.", 0, [
    { name: "wilkins-annotated.pdf", buffer: await manuscript() },
    { name: "wilkins-private-notes.txt", buffer: Buffer.from("For the editor only.") },
  ]);
  await review(reviewer("gosling"), "Minor revisions", "Label the layer lines.");

  await editor.reload();
  // the editor sees each reviewer's file with whom it is for
  await expect(
    editor.getByRole("listitem").filter({ hasText: "wilkins-annotated.pdf" }),
  ).toContainText("For the author");
  await expect(
    editor.getByRole("listitem").filter({ hasText: "wilkins-private-notes.txt" }),
  ).toContainText("For the editor only");
  await editor.getByRole("button", { name: "Request revisions" }).click();
  await expect(editor.getByText("The decision is recorded")).toBeVisible();
  const revisionsMail = await mailbox.waitFor(authorEmail, { skip: 2 });
  expect(revisionsMail.subject).toBe("PLOS ONE: revisions requested for your submission");
  expect(revisionsMail.text).toContain("Please sharpen photograph 51.");
  expect(revisionsMail.text).not.toContain("Wilkins");

  // the author sees the decision with the comments and sends a revision
  await page.goto(submissionUrl);
  await expect(page.getByText("Label the layer lines.")).toBeVisible();
  // beside the comments, the reviewer's file meant for the author, under a neutral name
  const forAuthor = page.getByRole("link", { name: "Reviewer 1 - file 1 (round 1).pdf" });
  await expect(forAuthor).toBeVisible();
  await expect(page.getByText("wilkins", { exact: false })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent("download"), forAuthor.click()]);
  expect(download.suggestedFilename()).toBe("Reviewer 1 - file 1 (round 1).pdf");
  await noSeriousViolations(page, "author's submission", violations);
  await page.getByLabel("Revised manuscript").setInputFiles({
    name: "franklin-v2.pdf",
    mimeType: "application/pdf",
    buffer: await manuscript(),
  });
  await page.getByLabel("Your response to the reviews").fill("Sharpened and labelled.");
  await page.getByRole("button", { name: "Send revision" }).click();
  await expect(page.getByText("In review", { exact: true })).toBeVisible();

  // second round, accept, schedule
  await editor.reload();
  await editor.getByRole("button", { name: "New review round" }).click();
  await expect(editor.getByText("The decision is recorded")).toBeVisible();
  await invite("Maurice Wilkins", reviewer("wilkins"), 2);
  await review(reviewer("wilkins"), "Accept", "Ready.", 1);
  await editor.reload();
  await editor.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(editor.getByText("The decision is recorded")).toBeVisible();
  expect((await mailbox.waitFor(authorEmail, { skip: 4 })).subject).toBe(
    "PLOS ONE: your submission is accepted",
  );

  const issueId = await createIssueByApi(editor.request, JOURNAL, "2026");
  await editor.reload();
  await editor.getByLabel("Draft issue").selectOption(String(issueId));
  await editor.getByRole("button", { name: "Schedule for publication" }).click();
  await expect(editor.getByText("the paper appears when its issue is published")).toBeVisible();

  const id = /\/submissions\/(\d+)$/.exec(submissionUrl)![1];
  const detail = await editor.request.get(`/api/submission/${id}`);
  const paperId = ((await detail.json()) as { submission: { paper_id: number } }).submission
    .paper_id;
  const paperPage = `/journal/${JOURNAL}/${paperId}`;
  expect((await page.request.get(paperPage)).status()).toBe(404);
  const published = await editor.request.get(
    `/api/publication_action/${JOURNAL}/${issueId}/publish`,
    { headers: { "Sec-Fetch-Site": "same-origin" } },
  );
  expect(published.ok(), await published.text()).toBe(true);
  await page.goto(paperPage);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();

  // every mail, by recipient: the author's five, one invitation each (two for Wilkins)
  const count = (email: string) => mailbox.countFor(email);
  expect([
    count(authorEmail),
    count(reviewer("wilkins")),
    count(reviewer("pauling")),
    count(reviewer("gosling")),
  ]).toEqual([5, 2, 1, 1]);
  expect(violations, violations.join("\n")).toEqual([]);
});
