/**
 * Issue 8 in the browser: a journal URI renamed on the edit screen keeps its old paper, issue
 * and galley addresses working (301 to the new ones); a proceeding's paper is added from the
 * dashboard, read on the public proceeding page, then deleted, and the empty proceeding deleted
 * with a confirmation; after 'Paper Created Successfully.' the submission form clears but keeps
 * the issue chosen (decisions 200, 202, 204). Waits after an upload allow 30 s: the PDF is
 * read by pdf.js before the answer, which a busy shared machine slows down.
 */
import path from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import sharp from "sharp";
import { CORPUS_DIR } from "./fixtures.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { addAuthor, uniqueSuffix } from "./helpers/dashboard.ts";

const PDF = path.join(CORPUS_DIR, "pdfs", "metabolites-04-00932.pdf");
const YEAR = String(new Date().getFullYear());

async function coverPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
    <rect width="300" height="400" fill="#23446b"/><rect x="24" y="24" width="252" height="120" fill="#f4efe6"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const cover = async () => ({ name: "cover.png", mimeType: "image/png", buffer: await coverPng() });

/** An active journal at `uri` with issues Vol. 1 No. 1 and No. 2, made through the API. */
async function journalWithIssues(api: APIRequestContext, uri: string, name: string) {
  const step1 = await api.post("/api/create_journal/1", {
    multipart: {
      journal_name: name,
      abbreviation: "J Stable",
      journal_uri: uri,
      publisher: "Athenaeum University Press",
      pub_frequency: "annualy",
      issn: "2049-3630",
      journal_intro: "A journal for the browser tests of issue 8.",
      subject: "science-technology",
      cover_img: await cover(),
    },
  });
  expect(step1.status(), await step1.text()).toBe(201);
  const step2 = await api.post("/api/create_journal/2", {
    multipart: {
      submission_guide: "Submit online.",
      other_guide: "None.",
      journal_email: "office@example.org",
      journal_cost: "None",
      contact_name: "Ada Lovelace",
      contact_email: "ada@example.org",
      journal_uri: uri,
    },
  });
  expect(step2.status()).toBe(200);
  const issues: number[] = [];
  for (const number of ["1", "2"]) {
    const res = await api.post(`/api/create_publication/${uri}`, {
      // published at once: new issues are drafts otherwise (decision 258)
      multipart: {
        volume: "1",
        issue: number,
        title: "",
        year: YEAR,
        status: "published",
        cover_img: await cover(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    issues.push(((await res.json()) as { id: number }).id);
  }
  return issues as [number, number];
}

async function paperByApi(api: APIRequestContext, uri: string, issue: number, title: string) {
  const { readFileSync } = await import("node:fs");
  const res = await api.post(`/api/create_paper/${uri}`, {
    multipart: {
      sel_publication: String(issue),
      title,
      doi: "",
      abstract: "Volatile compounds of durum wheat kernels.",
      keywords: "wheat",
      "authors[0][name]": "Barbara Laddomada",
      "authors[0][email]": "",
      "authors[0][institution]": "ISPA-CNR",
      paper_file: { name: "paper.pdf", mimeType: "application/pdf", buffer: readFileSync(PDF) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { paperID: number }).paperID;
}

test("a renamed journal URI: an old paper URL lands on the new one", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix(testInfo);
  const uri = `stable-links-${suffix}`;
  const renamed = `links-that-last-${suffix}`;
  const title = `Links that last ${suffix}`;
  await signInAsNewManager(page, testInfo);
  const [issue] = await journalWithIssues(page.request, uri, `Stable Links ${suffix}`);
  const paperId = await paperByApi(page.request, uri, issue, title);

  // rename on the edit screen
  await page.goto(`/dashboard/edit_journal/${uri}`);
  // the dashboard screens load in the browser: allow a busy shared machine some time
  await expect(page.getByLabel("Journal URI")).toHaveValue(uri, { timeout: 30_000 });
  await expect(page.getByText("the old addresses keep working")).toBeVisible();
  await page.getByLabel("Journal URI").fill(renamed);
  await page.getByRole("tabpanel").getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`/dashboard/edit_journal/${renamed}`);

  // a reader (or Google Scholar) following the old paper link lands on the new page
  await page.goto(`/journal/${uri}/${paperId}`);
  await expect(page).toHaveURL(`/journal/${renamed}/${paperId}`);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto(`/journal/${uri}/1/1`);
  await expect(page).toHaveURL(`/journal/${renamed}/1/1`);
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  const galley = await page.request.get(`/journal/${uri}/download/${paperId}/paper.pdf`, {
    maxRedirects: 0,
  });
  expect(galley.status()).toBe(301);
  expect(galley.headers().location).toBe(`/journal/${renamed}/download/${paperId}/paper.pdf`);

  // the old URI stays reserved: a new journal cannot take it
  await page.goto("/dashboard/create_journal/1");
  await page.getByLabel("Journal Name").fill(`Squatter ${suffix}`);
  await page.getByLabel("Journal URI").fill(uri);
  await page.getByLabel("Journal Abbreviation").fill("Sq");
  await page.getByLabel("Publisher").fill("Press");
  await page.getByLabel("Publishing Frequency").selectOption("monthly");
  await page.getByLabel("Subject").selectOption("more");
  await page.getByLabel("ISSN").fill("2049-3630");
  await page.getByLabel("Journal Introduction (Summary)").fill("Intro.");
  await page.getByLabel("Journal Cover Image").setInputFiles({
    name: "c.png",
    mimeType: "image/png",
    buffer: await coverPng(),
  });
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "was used by another journal" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/create_journal\/1$/);
});

test("after 'Paper Created Successfully.' the form clears but keeps the chosen issue", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix(testInfo);
  const uri = `keep-issue-${suffix}`;
  await signInAsNewManager(page, testInfo);
  const [, second] = await journalWithIssues(page.request, uri, `Keep Issue ${suffix}`);

  await page.goto(`/dashboard/paper_submission/${uri}`);
  const publication = page.getByLabel("Publication");
  await expect(publication).toHaveValue("", { timeout: 30_000 });
  await publication.selectOption({ label: `Vol. 1 No. 2 (${YEAR})` });
  await page.getByLabel("Title", { exact: true }).fill(`First paper ${suffix}`);
  await page.getByLabel("Abstract").fill("The first paper of the issue.");
  await page.getByLabel("Paper File").setInputFiles(PDF);
  await addAuthor(page, {
    given: "Laura",
    family: "Del Coco",
    affiliations: [{ name: "University of Salento" }],
  });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toContainText("Paper Created Successfully.", {
    timeout: 30_000,
  });
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Abstract")).toHaveValue("");
  await expect(page.getByLabel("Paper File")).toHaveValue("");
  await expect(page.getByText("No authors added yet.")).toBeVisible();
  await expect(publication).toHaveValue(String(second));

  // the next paper goes to the same issue without choosing it again
  await page.getByLabel("Title", { exact: true }).fill(`Second paper ${suffix}`);
  await page.getByLabel("Abstract").fill("The second paper of the issue.");
  await page.getByLabel("Paper File").setInputFiles(PDF);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toContainText("Paper Created Successfully.", {
    timeout: 30_000,
  });
  await page.goto(`/dashboard/${uri}/1/2`);
  await expect(page.getByRole("heading", { name: `First paper ${suffix}` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("heading", { name: `Second paper ${suffix}` })).toBeVisible();
});

test("a proceeding paper is added, read on the public proceeding page, deleted; then the proceeding", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix(testInfo);
  const proceedingTitle = `Proceedings of the Zymurgy Workshop ${suffix}`;
  const paperTitle = `Trace Trees for Zymurgy ${suffix}`;
  await signInAsNewManager(page, testInfo);
  const created = await page.request.post("/api/create_proceedings", {
    multipart: {
      event: "new",
      event_name: `Zymurgy Workshop ${suffix}`,
      event_start_date: "2025-06-15",
      event_end_date: "2025-06-18",
      title: proceedingTitle,
      year: "2025",
      intro: "Papers of the workshop.",
      cover_img: await cover(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { proceeding_id: number }).proceeding_id;

  // from the proceedings list to the proceeding's papers
  await page.goto("/dashboard/proceedings");
  const card = page.getByRole("article").filter({ hasText: proceedingTitle });
  await card.getByRole("link", { name: /^Papers/ }).click();
  await expect(page).toHaveURL(`/dashboard/proceeding_papers/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: proceedingTitle })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("No papers in this proceeding yet.")).toBeVisible();

  // add a paper: no Publication select, pages instead; errors named first
  await page.getByRole("link", { name: "Add Paper" }).click();
  await expect(page).toHaveURL(`/dashboard/add_proceeding_paper/${id}`);
  await expect(page.getByLabel("Publication")).toHaveCount(0);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Enter the title of the paper.")).toBeVisible();
  await expect(page.getByText("Choose the paper's PDF file.")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(paperTitle);
  await page.getByLabel("Abstract").fill("Trace trees, told through zymurgy.");
  await page.getByLabel("Keywords").fill("tracing; zymurgy");
  await page.getByLabel("First Page").fill("3");
  await page.getByLabel("Last Page").fill("9");
  await page.getByLabel("Paper File").setInputFiles(PDF);
  await addAuthor(page, { given: "Andreas", family: "Gal", affiliations: [{ name: "UC Irvine" }] });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toContainText("Paper Created Successfully.", {
    timeout: 30_000,
  });
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("First Page")).toHaveValue("");

  // read it on the public site
  await page.getByRole("link", { name: "Open the paper" }).click();
  await expect(page.getByRole("heading", { name: paperTitle })).toBeVisible();
  await expect(page.getByText("Andreas Gal").first()).toBeVisible();
  await page.getByRole("link", { name: proceedingTitle }).first().click();
  await expect(page).toHaveURL(/\/proceedings\/[a-z0-9-]+$/);
  await expect(page.getByRole("link", { name: paperTitle, exact: true })).toBeVisible();

  // the dashboard page lists it with Open, Edit and Delete; the proceeding cannot go yet
  await page.goto(`/dashboard/proceeding_papers/${id}`);
  // the contents row (with its actions), not the row of the DOI panel beside it
  const item = page
    .getByRole("listitem")
    .filter({ hasText: paperTitle })
    .filter({ has: page.getByRole("link", { name: /^Edit/ }) });
  await expect(item).toContainText("pp. 3–9");
  await expect(page.getByText("A proceeding can be deleted once it has no papers")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete Proceeding" })).toHaveCount(0);
  await item.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(paperTitle);
  await expect(page.getByLabel("First Page")).toHaveValue("3");
  await page.getByLabel("Last Page").fill("10");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toContainText("Paper Updated Successfully.", {
    timeout: 30_000,
  });
  await page.getByRole("link", { name: "Back to the proceeding's papers" }).click();
  await expect(item).toContainText("pp. 3–10");

  // delete: the spec's question, then the list is empty
  await item.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this paper?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No papers in this proceeding yet.")).toBeVisible();

  // the empty proceeding is deleted after its own confirmation
  await page.getByRole("button", { name: "Delete Proceeding" }).click();
  await expect(dialog).toContainText("Are you sure you want to delete this proceeding?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`/dashboard/proceeding_papers/${id}`);
  await page.getByRole("button", { name: "Delete Proceeding" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL("/dashboard/proceedings");
  await expect(page.getByText("The proceeding was deleted.")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: proceedingTitle })).toHaveCount(0);
});
