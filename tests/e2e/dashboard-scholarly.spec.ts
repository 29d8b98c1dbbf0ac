/**
 * The dashboard forms of the scholarly model (issue 16, decisions 251, 256, 258): an issue with
 * its publication date and status; a paper with authors as people (ORCID iD, affiliations with
 * ROR ids, corresponding author, a literal organisation name), licence, dates, funders and
 * references, with the messages of a wrong ORCID check digit and a bad Funder ID at their
 * fields; the paper then dated 2019 on its public page; a corpus paper with ORCID iDs,
 * affiliations, funders and 89 references saved back unchanged; a journal's licence as the
 * default of its new papers. Desktop and phone.
 */
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { FUNDER_ID_MESSAGE } from "../../shared/funder-id.ts";
import { ORCID_CHECK_MESSAGE } from "../../shared/orcid.ts";
import { CORPUS_DIR, paperPath } from "./fixtures.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { addAuthor, uniqueSuffix } from "./helpers/dashboard.ts";

const JOURNAL = "plos-one";
const PDF = `${CORPUS_DIR}/pdfs/metabolites-04-00932.pdf`;
const CC_BY_NC = "https://creativecommons.org/licenses/by-nc/4.0/";

/** A volume number no other test or project uses on this server. */
function freshVolume(): string {
  return String(100_000 + Math.floor(Math.random() * 899_999));
}

async function coverPng(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: "#23446b" } })
    .png()
    .toBuffer();
}

/** The id of issue `volume`/1 of `journal` (drafts included: the manager's list). */
async function issueId(api: APIRequestContext, journal: string, volume: string) {
  const list = (await (await api.get(`/api/get_publications/${journal}/Y`)).json()) as {
    publications: { value: number; volume: string; issue: string }[];
  };
  const found = list.publications.find((p) => p.volume === volume && p.issue === "1");
  expect(found, `issue ${volume}/1`).toBeTruthy();
  return found!.value;
}

/** Opens a folded section of the paper form by its summary. */
async function openSection(page: Page, title: RegExp) {
  const summary = page.locator("summary").filter({ hasText: title });
  const details = summary.locator("xpath=..");
  if (!(await details.evaluate((d: HTMLDetailsElement) => d.open))) await summary.click();
}

test("an issue of 15 October 2019 and a paper in it as people, funders and references: 2019 on its page", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await signInAsNewManager(page, testInfo);
  const volume = freshVolume();
  const title = `Volatiles of wheat ${uniqueSuffix(testInfo)}`;

  // The issue: a draft unless chosen; a day that does not exist is refused at the date.
  await page.goto(`/dashboard/create_publication/${JOURNAL}`);
  await expect(page.getByLabel("Volume Number")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("radio", { name: /^Draft/ })).toBeChecked();
  await page.getByLabel("Volume Number").fill(volume);
  await page.getByLabel("Issue Number").fill("1");
  await page.getByLabel("Publication Year").selectOption("2019");
  await expect(page.getByLabel("Day")).toBeDisabled();
  await page.getByLabel("Month").selectOption({ label: "February" });
  await page.getByLabel("Day").fill("30");
  await page.getByLabel("Cover Image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await coverPng(),
  });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(
    page.getByText("February 2019 has no day 30: choose a day from 1 to 28."),
  ).toBeVisible();
  await page.getByLabel("Month").selectOption({ label: "October" });
  await page.getByLabel("Day").fill("15");
  await page.getByRole("radio", { name: /^Published/ }).check();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL(`/dashboard/${JOURNAL}/publications`, { timeout: 30_000 });
  const issue = await issueId(page.request, JOURNAL, volume);

  // Its edit form shows the date and the status it was given.
  await page.goto(`/dashboard/edit_publication/${JOURNAL}/${issue}`);
  await expect(page.getByLabel("Month")).toHaveValue("10", { timeout: 30_000 });
  await expect(page.getByLabel("Day")).toHaveValue("15");
  await expect(page.getByRole("radio", { name: /^Published/ })).toBeChecked();

  // The paper.
  await page.goto(`/dashboard/paper_submission/${JOURNAL}?publication=${issue}`);
  await expect(page.getByLabel("Title", { exact: true })).toBeVisible({ timeout: 30_000 });
  const journal = (await (await page.request.get(`/api/dashboard/get_journal/${JOURNAL}`)).json())
    .journal as { license_url: string };
  await expect(page.getByLabel("Licence")).toHaveValue(journal.license_url);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Abstract").fill("Volatile compounds of durum wheat kernels.");
  await page.getByLabel("Paper File").setInputFiles(PDF);

  // A wrong check digit says so at the field when it is left.
  const first = await addAuthor(page, {
    given: "Laura",
    family: "Del Coco",
    email: "laura@salento.example",
    orcid: "0000-0002-1825-0098",
    corresponding: true,
    affiliations: [{ name: "University of Salento", ror: "https://ror.org/052gg0110" }],
  });
  await expect(first.getByText(ORCID_CHECK_MESSAGE)).toBeVisible();
  await expect(first.getByLabel("ORCID iD")).toHaveAttribute("aria-invalid", "true");
  await first.getByLabel("ORCID iD").fill("0000-0002-1825-0097");
  await addAuthor(page, { literal: "The Wheat Consortium" });

  await page.getByLabel("Copyright holder").fill("The Authors");
  await page.getByLabel("Copyright year").fill("2019");
  await page.getByLabel("Received").fill("2019-13");

  await openSection(page, /^Funding/);
  await page.getByRole("button", { name: "Add funder" }).click();
  const funder = page.getByRole("group", { name: "Funder 1" });
  await funder.getByLabel("Funder name").fill("National Science Foundation");
  await funder.getByLabel("Funder ID or ROR id").fill("10.13039/12");
  await funder.getByLabel("Award numbers").click();
  await expect(funder.getByText(FUNDER_ID_MESSAGE)).toBeVisible();
  await funder.getByLabel("Funder ID or ROR id").fill("https://doi.org/10.13039/100000001");
  await funder.getByLabel("Award numbers").fill("DEB-1234; DEB-5678");

  await openSection(page, /^References/);
  await page
    .getByLabel("Paste references")
    .fill(
      "1. Smith J. Volatiles. Nature. 2001;409:1-2. doi:10.1038/35057062.\n[2] Doe J. Wheat notes. https://example.org/wheat",
    );
  await page.getByRole("button", { name: "Add these references" }).click();
  const references = page.getByRole("list", { name: "References", exact: true });
  await expect(references.getByRole("listitem")).toHaveCount(2);
  const ref1 = page.getByRole("group", { name: /^Reference 1/ });
  await expect(ref1.getByLabel("DOI")).toHaveValue("10.1038/35057062");
  await expect(ref1.getByLabel("Citation")).toHaveValue(/^Smith J\. Volatiles/);
  await expect(page.getByRole("group", { name: /^Reference 2/ }).getByLabel("URL")).toHaveValue(
    "https://example.org/wheat",
  );
  // order is kept as the manager sets it
  await page.getByRole("button", { name: "Move reference 2 up" }).click();
  await expect(ref1.getByLabel("Citation")).toHaveValue(/^Doe J\./);
  await page.getByRole("button", { name: "Move reference 1 down" }).click();

  // The impossible month is refused at its field; then the paper is sent.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Enter the received date as a year")).toBeVisible();
  await page.getByLabel("Received").fill("2019-03-02");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status")).toContainText("Paper Created Successfully.", {
    timeout: 60_000,
  });
  await page.getByRole("link", { name: "Open the paper" }).click();
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  const paperId = new URL(page.url()).pathname.split("/").at(-1)!;

  // The public page dates it by its issue: 15 October 2019, not the day it was uploaded.
  const html = await (await page.request.get(`/journal/${JOURNAL}/${paperId}`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain('<meta name="citation_publication_date" content="2019/10/15"/>');
  expect(head).toContain('<meta name="citation_author" content="Del Coco, Laura"/>');
  expect(head).toContain("https://orcid.org/0000-0002-1825-0097");
  const bibtex = page
    .getByRole("region", { name: "Cite this paper" })
    .getByRole("link", { name: "BibTeX" });
  const bib = await (await page.request.get((await bibtex.getAttribute("href"))!)).text();
  expect(bib).toMatch(/year\s*=\s*\{?2019\}?/);

  // Its edit form holds what was sent, normalised as stored.
  await page.goto(`/dashboard/edit_paper/${JOURNAL}/${paperId}`);
  const row1 = page.getByRole("group", { name: "Author 1", exact: true });
  await expect(row1.getByLabel("ORCID iD")).toHaveValue("https://orcid.org/0000-0002-1825-0097", {
    timeout: 30_000,
  });
  await expect(row1.getByLabel("Family name")).toHaveValue("Del Coco");
  await expect(row1.getByLabel("Corresponding author")).toBeChecked();
  await expect(row1.getByLabel("ROR id of affiliation 1")).toHaveValue("https://ror.org/052gg0110");
  const row2 = page.getByRole("group", { name: "Author 2", exact: true });
  await expect(row2.getByLabel("One name as written")).toBeChecked();
  await expect(row2.getByLabel("Name", { exact: true })).toHaveValue("The Wheat Consortium");
  await expect(page.getByLabel("Licence")).toHaveValue(journal.license_url);
  await expect(page.getByLabel("Received")).toHaveValue("2019-03-02");
  await expect(page.getByLabel("Copyright year")).toHaveValue("2019");
  await expect(
    page.getByRole("group", { name: "Funder 1" }).getByLabel("Funder ID or ROR id"),
  ).toHaveValue("https://doi.org/10.13039/100000001");
  await expect(
    page.getByRole("group", { name: "Funder 1" }).getByLabel("Award numbers"),
  ).toHaveValue("DEB-1234; DEB-5678");

  // A message of the server lands under its field, in its row.
  await page.route("**/api/edit_paper/**", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({
        status: 0,
        msg: "Check the affiliation.",
        errors: { "authors.0.affiliations.0.ror": "The server refused this ROR id." },
      }),
    }),
  );
  await page.getByRole("button", { name: "Update" }).click();
  await expect(row1.getByText("The server refused this ROR id.")).toBeVisible();
  await expect(row1.getByLabel("ROR id of affiliation 1")).toHaveAttribute("aria-invalid", "true");
});

test("a corpus paper with ORCID iDs, affiliations, funders and 89 references saves back unchanged", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signInAsNewManager(page, testInfo);
  const title =
    "Plant defense phenotypes determine the consequences of volatile emission for individuals and neighbors";
  const paperId = (await paperPath(page.request, "elife", title)).split("/").at(-1)!;
  const stored = async () =>
    (await (await page.request.get(`/api/get_paper/elife/${paperId}`)).json()).paper;
  const before = await stored();
  expect(before.references.length).toBe(89);

  await page.goto(`/dashboard/edit_paper/elife/${paperId}`);
  const row1 = page.getByRole("group", { name: "Author 1", exact: true });
  await expect(row1.getByLabel("ORCID iD")).toHaveValue("https://orcid.org/0000-0003-3159-3534", {
    timeout: 30_000,
  });
  await expect(row1.getByLabel("Given names")).toHaveValue("Meredith C");
  await expect(row1.getByLabel("Affiliation 1", { exact: true })).toHaveValue(
    /Max Planck Institute for Chemical Ecology/,
  );
  await expect(page.locator("summary").filter({ hasText: "References (89)" })).toBeVisible();
  // a long list stays folded until opened
  await expect(page.getByRole("group", { name: "Reference 1" })).toBeHidden();
  await openSection(page, /^References/);
  await expect(page.getByRole("group", { name: /^Reference 89/ })).toBeAttached();
  await page.screenshot({
    path: `/tmp/scholarly-2-paper-form-${testInfo.project.name}.png`,
    fullPage: false,
  });

  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toContainText("Paper Updated Successfully.", {
    timeout: 60_000,
  });
  expect(await stored()).toEqual(before);
  // usable at every width: nothing scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
});

test("a journal's licence is chosen on its form and preselected for its new papers", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAsNewManager(page, testInfo);
  const uri = `licensed-${uniqueSuffix(testInfo)}`;
  const step1 = await page.request.post("/api/create_journal/1", {
    multipart: {
      journal_name: `Licensed ${uri}`,
      abbreviation: "J Lic",
      journal_uri: uri,
      publisher: "Athenaeum University Press",
      pub_frequency: "annualy",
      issn: "2049-3630",
      journal_intro: "A journal for the licence test of issue 16.",
      subject: "science-technology",
      cover_img: { name: "cover.png", mimeType: "image/png", buffer: await coverPng() },
    },
  });
  expect(step1.status(), await step1.text()).toBe(201);

  await page.goto(`/dashboard/edit_journal/${uri}`);
  const licence = page.getByLabel("Licence of its papers");
  await expect(licence).toHaveValue("", { timeout: 30_000 });
  await licence.selectOption(CC_BY_NC);
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes("/api/edit_journal/1")),
    page.getByRole("tabpanel").getByRole("button", { name: "Submit" }).click(),
  ]);
  expect(saved.status()).toBe(200);
  await page.reload();
  await expect(licence).toHaveValue(CC_BY_NC, { timeout: 30_000 });

  const created = await page.request.post(`/api/create_publication/${uri}`, {
    multipart: {
      volume: "1",
      issue: "1",
      title: "",
      year: "2019",
      cover_img: { name: "cover.png", mimeType: "image/png", buffer: await coverPng() },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/dashboard/paper_submission/${uri}`);
  await expect(page.getByLabel("Licence")).toHaveValue(CC_BY_NC, { timeout: 30_000 });
});
