/**
 * Dashboard publications (issues) and papers, walked as a manager would, at desktop and phone
 * widths: create an issue with two editors and a real cover, see its row and actions,
 * unpublish and publish it by its 'api' actions, open its dashboard page (heading, board
 * collapsed then expanded by role), edit it; add a paper with a real corpus PDF, open it on the
 * public site and in the viewer, edit it, delete it after the confirmation; and the error
 * messages where they occur (duplicate issue, missing or wrong PDF, failed loads).
 *
 * Every test works in the corpus journal PLOS ONE on an issue with a random volume number of its
 * own, and deletes what it created, so the public specs that share the server are unaffected.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page, request } from "@playwright/test";
import sharp from "sharp";
import { CORPUS_DIR } from "./fixtures.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { addAuthor, addEditor, slowDown } from "./helpers/dashboard.ts";

const JOURNAL = { uri: "plos-one", name: "PLOS ONE", abbreviation: "PLoS One" };
const YEAR = "2024";
const PDF = path.join(CORPUS_DIR, "pdfs", "metabolites-04-00932.pdf");
const PDF_TITLE = "Volatile Metabolite Profiling of Durum Wheat Kernels";
/** A phrase printed on the PDF's first page, to find in the viewer's text layer. */
const PDF_PHRASE = "Fusarium poae";

/**
 * `volume`: a volume number no other test or project uses on this server, for a test signed in
 * as a new manager (asking for it signs in).
 */
const test = base.extend<{ volume: string }>({
  volume: async ({ page }, use, testInfo) => {
    await signInAsNewManager(page, testInfo);
    await use(String(100_000 + Math.floor(Math.random() * 899_999)));
  },
});

async function coverPng(): Promise<Buffer> {
  // A real portrait image with some structure, not a flat fill.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
    <rect width="300" height="400" fill="#23446b"/><rect x="24" y="24" width="252" height="120" fill="#f4efe6"/>
    <circle cx="150" cy="270" r="80" fill="#c9a227"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Chooses {@link coverPng} in the form's 'Cover Image' field. */
async function chooseCover(page: Page): Promise<void> {
  await page.getByLabel("Cover Image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await coverPng(),
  });
}

/** Creates an issue through the API (the page's own cookie), for the paper tests. */
async function createIssueByApi(api: APIRequestContext, volume: string, number = "1") {
  const res = await api.post(`/api/create_publication/${JOURNAL.uri}`, {
    multipart: {
      volume,
      issue: number,
      title: "",
      year: YEAR,
      // published at once, so its papers can be read on the public site (decision 258)
      status: "published",
      "editors[0][name]": "Ada Editor",
      "editors[0][email]": "",
      "editors[0][institution]": "Athenaeum",
      "editors[0][role]": "Editor",
      cover_img: { name: "cover.png", mimeType: "image/png", buffer: await coverPng() },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The list's row of `Vol. {volume} No. {number}`. */
function issueRow(page: Page, volume: string, number: string) {
  return page.getByRole("row").filter({ hasText: `Vol. ${volume} No. ${number} ` });
}

/** Deletes the (empty) issue through its row's 'Delete' action, confirming the dialog. */
async function deleteIssueFromList(page: Page, volume: string, number: string) {
  await page.goto(`/dashboard/${JOURNAL.uri}/publications`);
  const row = issueRow(page, volume, number);
  await row.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Are you sure you want to delete this publication?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The publication was deleted." }),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
}

test("create an issue with two editors and a cover, use its row actions, open and edit it", async ({
  page,
  volume,
}, testInfo) => {
  const title = "Special issue on <b>plain</b> text & more";

  await page.goto(`/dashboard/${JOURNAL.uri}/publications`);
  await expect(page.getByRole("heading", { level: 1, name: "Publications" })).toBeVisible();
  const columns = page.getByRole("columnheader");
  if (testInfo.project.name === "desktop") {
    await expect(columns).toHaveText([
      "Publication/Issue",
      "Date Uploaded",
      "No. of Papers",
      "Actions",
    ]);
  }
  await page.getByRole("link", { name: "Create New Publication" }).click();
  await expect(page).toHaveURL(`/dashboard/create_publication/${JOURNAL.uri}`);
  await expect(page.getByRole("heading", { name: "Create Publication" })).toBeVisible();

  // Nothing filled in: every required field says what it needs, and nothing is sent.
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Enter the volume number.")).toBeVisible();
  await expect(page.getByText("Enter the issue number.")).toBeVisible();
  await expect(page.getByText("Choose a cover image for the publication.")).toBeVisible();
  await expect(page.getByLabel("Publication Year")).toHaveAttribute("aria-invalid", "true");
  // 51 years plus the '-- Select --' prompt
  await expect(page.getByLabel("Publication Year").locator("option")).toHaveCount(52);

  await page.getByLabel("Volume Number").fill(volume);
  await page.getByLabel("Issue Number").fill("2");
  await page.getByLabel("Publication Title").fill(title);
  await page.getByLabel("Publication Year").selectOption(YEAR);
  await chooseCover(page);
  await expect(page.getByAltText("Preview of the chosen image")).toBeVisible();
  await addEditor(page, {
    name: "Zoe Chief",
    email: "zoe@oxford.example",
    institution: "University of Oxford",
    role: "Editor-in-Chief",
  });
  await addEditor(page, { name: "Temp Person", role: "Reviewer" });
  await addEditor(page, {
    name: "Adam Assoc",
    institution: "Yale University",
    role: "Associate Editor",
  });
  const editors = page.getByRole("list", { name: "Editor(s) added" }).getByRole("listitem");
  await expect(editors).toHaveCount(3);
  await page.getByRole("button", { name: "Remove editor Temp Person" }).click();
  await expect(editors).toHaveCount(2);
  await expect(editors.first()).toContainText("Zoe Chief");

  await slowDown(page, "/create_publication/**", 700);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("button", { name: "Creating..." })).toBeDisabled();
  await expect(page).toHaveURL(`/dashboard/${JOURNAL.uri}/publications`);

  // Its row: label, dates, paper count and the server's actions.
  const row = issueRow(page, volume, "2");
  await expect(row).toHaveCount(1);
  // the issue's publication date (its year here), and the upload day in the site's one date
  // format (issue 34)
  const published = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date());
  await expect(row).toContainText(`Vol. ${volume} No. 2 ${YEAR}`);
  await expect(row).toContainText(title);
  await expect(row.getByRole("cell").nth(1)).toContainText(published);
  await expect(row.getByRole("cell").nth(2)).toContainText("0");
  // usable at every width: nothing scrolls sideways (rows stack into cards on phones)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  const actions = row.getByRole("list", { name: `Actions of Vol. ${volume} No. 2` });
  await expect(actions.getByRole("listitem")).toHaveText(
    ["View", "Edit", "Add Paper", "Publish", "Delete"].map((a) => `${a}: Vol. ${volume} No. 2`),
  );

  // A new issue is a draft (decision 258): readers see it once it is published by the 'api'
  // action, and no longer once it is unpublished; the list reloads each time.
  const reader = await request.newContext({ baseURL: testInfo.project.use.baseURL });
  const readerStatus = async () =>
    (await reader.get(`/api/get_publication/${JOURNAL.uri}/${volume}/2`)).status();
  const draft = row.getByText("Draft", { exact: true });
  /** Clicks the row's `action`, sees the screen say `said`, then the action the row offers next. */
  const toggle = async (action: RegExp, said: string, next: RegExp) => {
    await row.getByRole("button", { name: action }).click();
    await expect(page.getByRole("status").filter({ hasText: said })).toBeVisible();
    await expect(row.getByRole("button", { name: next })).toBeVisible();
  };
  await expect(draft).toBeVisible();
  expect(await readerStatus()).toBe(404);
  await toggle(/^Publish/, "The publication is published", /^Unpublish/);
  await expect(draft).toHaveCount(0);
  expect(await readerStatus()).toBe(200);
  await toggle(/^Unpublish/, "The publication is unpublished", /^Publish/);
  await expect(draft).toBeVisible();
  expect(await readerStatus()).toBe(404);
  await toggle(/^Publish/, "The publication is published", /^Unpublish/);
  await expect(draft).toHaveCount(0);
  expect(await readerStatus()).toBe(200);
  await reader.dispose();

  // The same volume and number again: the server's 409 under the form.
  await page.getByRole("link", { name: "Create New Publication" }).click();
  await page.getByLabel("Volume Number").fill(volume);
  await page.getByLabel("Issue Number").fill("2");
  await page.getByLabel("Publication Year").selectOption(YEAR);
  await chooseCover(page);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: `Vol. ${volume} No. 2 already exists in PLOS ONE.` }),
  ).toBeVisible();
  await expect(page.getByText("already exists in this journal.")).toBeVisible();
  await expect(page).toHaveURL(`/dashboard/create_publication/${JOURNAL.uri}`);

  // Its dashboard page, by the row's View link.
  await page.goto(`/dashboard/${JOURNAL.uri}/publications`);
  await row.getByRole("link", { name: /^View/ }).click();
  await expect(page).toHaveURL(`/dashboard/${JOURNAL.uri}/${volume}/2`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${JOURNAL.abbreviation} Journal Vol. ${volume} No. 2 ,${YEAR}`,
  );
  await expect(page.getByText(title, { exact: true })).toBeVisible(); // plain text, not HTML
  const cover = page.getByRole("img", { name: `Cover of PLOS ONE, Vol. ${volume} No. 2` });
  await expect(cover).toBeVisible();
  // visible is laid out, not yet loaded (the cover may load lazily): wait for its pixels
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const board = page.getByRole("button", { name: "Editorial Board" });
  await expect(board).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText("Zoe Chief")).toBeHidden();
  await board.click();
  await expect(board).toHaveAttribute("aria-expanded", "true");
  const chief = page.getByRole("region", { name: "Editor-in-Chief" });
  await expect(chief).toContainText("Zoe Chief");
  await expect(chief).toContainText("University of Oxford");
  const assoc = page.getByRole("region", { name: "Associate Editor" });
  await expect(assoc).toContainText("Adam Assoc");
  await expect(assoc).toContainText("Yale University");
  await expect(page.getByText("No papers in this publication yet.")).toBeVisible();

  // Edit it: prefilled, the cover optional; one editor less and a new title.
  await page.getByRole("link", { name: "Edit Publication" }).click();
  await expect(page.getByRole("heading", { name: "Edit Publication" })).toBeVisible();
  await expect(page.getByLabel("Volume Number")).toHaveValue(volume);
  await expect(page.getByLabel("Issue Number")).toHaveValue("2");
  await expect(page.getByLabel("Publication Title")).toHaveValue(title);
  await expect(page.getByLabel("Publication Year")).toHaveValue(YEAR);
  await expect(page.getByAltText("The current image")).toBeVisible();
  await expect(editors).toHaveCount(2);
  await page.getByRole("button", { name: "Remove editor Adam Assoc" }).click();
  await page.getByLabel("Publication Title").fill("Renamed issue");
  await slowDown(page, "/edit_publication/**", 700);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
  await expect(page).toHaveURL(`/dashboard/${JOURNAL.uri}/publications`);
  await expect(row).toContainText("Renamed issue");

  await deleteIssueFromList(page, volume, "2");
});

test("an issue without a number (continuous publication) is shown as its volume only", async ({
  page,
  volume,
}) => {
  test.setTimeout(120_000);
  await page.goto(`/dashboard/create_publication/${JOURNAL.uri}`);
  await page.getByLabel("Volume Number").fill(volume);
  await page.getByLabel("Issue Number").fill("1");
  const unnumbered = page.getByLabel("Continuous publication (not numbered)");
  await expect(unnumbered).not.toBeChecked();
  await unnumbered.check();
  await page.getByLabel("Publication Year").selectOption(YEAR);
  await chooseCover(page);
  await page.getByRole("button", { name: "Create" }).click();
  // the cover is resized on the server: allow a loaded machine its time
  await expect(page).toHaveURL(`/dashboard/${JOURNAL.uri}/publications`, { timeout: 30_000 });
  const row = page.getByRole("row").filter({ hasText: `Vol. ${volume} ` });
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText("No. 1");
  // a new issue is a draft (decision 258): readers see it once published by its row action
  await row.getByRole("button", { name: /^Publish/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The publication is published" }),
  ).toBeVisible();

  // The public issue page keeps its address but claims no number.
  await page.goto(`/journal/${JOURNAL.uri}/${volume}/1`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${JOURNAL.abbreviation} Vol. ${volume} ,${YEAR}`,
  );

  // Edit: the box comes back ticked; unticking it shows the number again.
  await page.goto(`/dashboard/${JOURNAL.uri}/publications`);
  await row.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByLabel("Continuous publication (not numbered)")).toBeChecked();
  await page.getByLabel("Continuous publication (not numbered)").uncheck();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(`/dashboard/${JOURNAL.uri}/publications`);
  await expect(issueRow(page, volume, "1")).toHaveCount(1);
  await deleteIssueFromList(page, volume, "1");
});

test("add a paper with a real PDF, read it on the site, edit it, then delete it", async ({
  page,
  volume,
}, testInfo) => {
  test.setTimeout(120_000);
  const issueId = await createIssueByApi(page.request, volume);
  const label = `Vol. ${volume} No. 1 (${YEAR})`;
  const doi = `10.5555/athenaeum.e2e.${volume}${testInfo.project.name}`;

  // Reached by the issue row's 'Add Paper' action, which preselects the issue.
  await page.goto(`/dashboard/${JOURNAL.uri}/publications`);
  await issueRow(page, volume, "1")
    .getByRole("link", { name: /^Add Paper/ })
    .click();
  await expect(page).toHaveURL(`/dashboard/paper_submission/${JOURNAL.uri}?publication=${issueId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add New PLOS ONE Paper");
  const publication = page.getByLabel("Publication");
  await expect(publication.locator("option:checked")).toHaveText(label);
  await expect(page.getByLabel("Abstract")).toHaveAttribute("rows", "8");

  // Nothing but the issue: the required fields and the missing PDF are named.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Enter the title of the paper.")).toBeVisible();
  await expect(page.getByText("Enter the abstract.")).toBeVisible();
  await expect(page.getByText("Choose the paper's PDF file.")).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill(PDF_TITLE);
  await page.getByLabel("DOI Number").fill(`https://doi.org/${doi}`);
  await page
    .getByLabel("Abstract")
    .fill("Volatile compounds of durum wheat kernels.\n\nSecond paragraph.");
  await page.getByLabel("Keywords").fill("durum wheat; Fusarium poae");
  // a file that is not a PDF is refused at once
  await page.getByLabel("Paper File").setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a pdf"),
  });
  await expect(page.getByText("Choose the paper as a PDF file.")).toBeVisible();
  await page.getByLabel("Paper File").setInputFiles(PDF);
  await expect(page.getByText("Choose the paper as a PDF file.")).toHaveCount(0);
  await addAuthor(page, {
    given: "Barbara",
    family: "Laddomada",
    email: "b.laddomada@ispa.example",
    affiliations: [{ name: "ISPA-CNR" }],
  });
  await addAuthor(page, {
    given: "Laura",
    family: "Del Coco",
    affiliations: [{ name: "University of Salento" }],
  });
  await expect(
    page.getByRole("list", { name: "Authors", exact: true }).getByRole("listitem"),
  ).toHaveCount(2);

  await slowDown(page, "/create_paper/**", 700);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(
    page.getByRole("status").filter({ hasText: "Paper Created Successfully." }),
  ).toBeVisible();
  // the form is cleared: fields, the file input and the authors
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("DOI Number")).toHaveValue("");
  await expect(page.getByLabel("Abstract")).toHaveValue("");
  await expect(page.getByLabel("Keywords")).toHaveValue("");
  await expect(page.getByLabel("Paper File")).toHaveValue("");
  await expect(page.getByText("No authors added yet.")).toBeVisible();
  await expect(publication.locator("option:checked")).toHaveText(label);

  // Open it on the public site, then its PDF in the viewer.
  await page.getByRole("link", { name: "Open the paper" }).click();
  await expect(page.getByRole("heading", { name: PDF_TITLE })).toBeVisible();
  await expect(page.getByText("Barbara Laddomada").first()).toBeVisible();
  await expect(page.getByText(doi).first()).toBeVisible();
  // The heading shows while the page is still parsing; the button takes no pointer until the
  // page's script has defined <ath-reader> (decision 373), so the click waits for it.
  await page.getByRole("button", { name: "Open Full Text (PDF)" }).click();
  await expect(page.locator(".textLayer").first()).toContainText(PDF_PHRASE, { timeout: 30_000 });
  const paperUrl = new URL(page.url()).pathname;
  const paperId = paperUrl.split("/").at(-1)!;

  // The dashboard page lists it; Edit opens the prefilled form.
  await page.goto(`/dashboard/${JOURNAL.uri}/${volume}/1`);
  // the contents row (with its actions), not the row of the DOI panel beside it
  const contentsRow = (title: string) =>
    page
      .getByRole("listitem")
      .filter({ hasText: title })
      .filter({ has: page.getByRole("link", { name: /^Edit/ }) });
  const item = contentsRow(PDF_TITLE);
  await expect(item).toContainText("Barbara Laddomada and Laura Del Coco");
  await expect(item.getByRole("link", { name: /^Open/ })).toHaveAttribute("href", paperUrl);
  await item.getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(`/dashboard/edit_paper/${JOURNAL.uri}/${paperId}`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(PDF_TITLE);
  await expect(page.getByLabel("DOI Number")).toHaveValue(doi);
  await expect(publication.locator("option:checked")).toHaveText(label);
  const currentFile = page.getByRole("link", { name: /\.pdf$/ });
  await expect(currentFile).toHaveAttribute(
    "href",
    `/journal/${JOURNAL.uri}/download/${paperId}/volatile-metabolite-profiling-of-durum-wheat-kernels.pdf`,
  );

  // An executable renamed .pdf passes the browser's check; the server refuses it (415).
  await page.getByLabel("Paper File").setInputFiles({
    name: "paper.pdf",
    mimeType: "application/pdf",
    buffer: readFileSync("/bin/true"),
  });
  await page.getByRole("button", { name: "Update" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText: "The paper file is not a PDF. Upload the paper as a PDF file.",
    }),
  ).toBeVisible();

  // A real update: a new title, the file kept.
  await page.reload();
  await page.getByLabel("Title", { exact: true }).fill(`${PDF_TITLE} (revised)`);
  await page.getByRole("button", { name: "Remove author 2" }).click();
  await slowDown(page, "/edit_paper/**", 700);
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
  await expect(
    page.getByRole("status").filter({ hasText: "Paper Updated Successfully." }),
  ).toBeVisible();
  // the paper reloaded: the stored values, the file's new name
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${PDF_TITLE} (revised)`);
  await expect(
    page.getByRole("list", { name: "Authors", exact: true }).getByRole("listitem"),
  ).toHaveCount(1);
  await expect(currentFile).toHaveAttribute("href", /durum-wheat-kernels-revised\.pdf$/);
  const galley = (await currentFile.getAttribute("href"))!;
  expect((await page.request.get(galley)).status()).toBe(200);

  // Delete it from the dashboard page, after the confirmation; Cancel first keeps it.
  await page.getByRole("link", { name: label }).click();
  await expect(page).toHaveURL(`/dashboard/${JOURNAL.uri}/${volume}/1`);
  const revised = contentsRow(`${PDF_TITLE} (revised)`);
  await revised.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Are you sure you want to delete this paper?")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(revised).toHaveCount(1);
  await revised.getByRole("button", { name: /^Delete/ }).click();
  await expect(dialog.getByText("Are you sure you want to delete this paper?")).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(revised).toHaveCount(0);
  await expect(page.getByText("No papers in this publication yet.")).toBeVisible();
  expect((await page.request.get(galley)).status()).toBe(404);

  await deleteIssueFromList(page, volume, "1");
});

test("failed loads show the message full-page; a missing issue page says so quietly", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/no-such-journal/publications");
  await expect(page.getByRole("alert")).toHaveText("No such journal.");
  await expect(page.getByRole("table")).toHaveCount(0);

  await page.goto(`/dashboard/edit_paper/${JOURNAL.uri}/999999999`);
  await expect(page.getByRole("alert")).toHaveText("No such paper in this journal.");
  await page.goto(`/dashboard/edit_publication/${JOURNAL.uri}/999999999`);
  await expect(page.getByRole("alert")).toHaveText("No such publication in this journal.");
  await page.goto("/dashboard/paper_submission/no-such-journal");
  await expect(page.getByRole("alert")).toHaveText("No such journal.");

  await page.goto(`/dashboard/${JOURNAL.uri}/999998/999998`);
  await expect(page.getByText("This publication could not be shown")).toBeVisible();
  await page.getByRole("link", { name: "Back to the publications" }).click();
  await expect(page).toHaveURL(`/dashboard/${JOURNAL.uri}/publications`);
});

test("signed out, the dashboard screens go to the sign-in page", async ({ page }) => {
  for (const url of [
    `/dashboard/${JOURNAL.uri}/publications`,
    `/dashboard/create_publication/${JOURNAL.uri}`,
    `/dashboard/paper_submission/${JOURNAL.uri}`,
  ]) {
    await page.goto(url);
    await expect(page).toHaveURL("/manager");
  }
});
