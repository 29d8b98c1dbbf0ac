/**
 * The paper page shows the scholarly model (issue 16; decision 305), at 1280 and 375 px: for a
 * corpus paper that has them all (eLife 04490, imported from its JATS), the authors with ORCID
 * iDs (icon link and the full `https://orcid.org/…` iD), the Creative Commons licence with its
 * badge and `rel="license"` link, the copyright line, the received/accepted/published dates,
 * the funders with their awards and the numbered references with DOI links; nothing of it for a
 * paper without them; and the page does not scroll sideways at 375 px.
 */
import { expect, test } from "@playwright/test";
import { FIXTURE_JOURNAL, FIXTURE_PAPERS, paperPath } from "./fixtures.ts";

const PLANTS = {
  journal: "elife",
  title:
    "Plant defense phenotypes determine the consequences of volatile emission for individuals and neighbors",
  orcids: ["https://orcid.org/0000-0003-3159-3534", "https://orcid.org/0000-0001-5371-2974"],
  licence: "https://creativecommons.org/licenses/by/4.0/",
};

test("a paper shows ORCID iDs, licence, copyright, dates, funding and references", async ({
  page,
}, testInfo) => {
  await page.goto(await paperPath(page.request, PLANTS.journal, PLANTS.title));
  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { level: 1, name: PLANTS.title })).toBeVisible();

  // ORCID iDs: the iD icon after the name and the full https URL, both linked to the record
  for (const orcid of PLANTS.orcids) {
    const links = article.locator(`a[href="${orcid}"]`);
    await expect(links).toHaveCount(2);
    // the icon after the name, named for screen readers
    await expect(
      article.getByRole("link", { name: new RegExp(`^ORCID iD of .+: ${orcid}$`) }),
    ).toBeVisible();
    // the full iD, shown as text
    const full = article.getByRole("link", { name: `ORCID iD ${orcid}` });
    await expect(full).toBeVisible();
    await expect(full).toContainText(orcid);
  }

  // licence: badge, name, rel=license link; copyright
  const licence = article.getByRole("link", {
    name: "Creative Commons Attribution 4.0 International",
  });
  await expect(licence).toBeVisible();
  await expect(licence).toHaveAttribute("href", PLANTS.licence);
  await expect(licence).toHaveAttribute("rel", /\blicense\b/);
  // the badge beside it (decorative: the link names the licence)
  const badge = article
    .locator("dd")
    .filter({ hasText: "Creative Commons Attribution 4.0 International" })
    .locator('[aria-hidden="true"]');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText("ccBY 4.0");
  await expect(article.getByText("© 2015 Schuman et al", { exact: true })).toBeVisible();
  await expect(page.locator(`head link[rel="license"][href="${PLANTS.licence}"]`)).toHaveCount(1);

  // dates: received and accepted before published
  const terms = await article.locator("dt").allInnerTexts();
  expect(terms.filter((t) => ["Received", "Accepted", "Published"].includes(t))).toEqual([
    "Received",
    "Accepted",
    "Published",
  ]);

  // funding: the funders with their award numbers
  const funding = article.getByRole("region", { name: "Funding" });
  await expect(funding).toBeVisible();
  await expect(funding.getByRole("link", { name: "Max-Planck-Gesellschaft" })).toHaveAttribute(
    "href",
    /^https:\/\/doi\.org\/10\.13039\//,
  );
  await expect(funding.getByText(/NWO-ALW 821\.02\.027/)).toBeVisible();

  // references: numbered, each DOI a https://doi.org link
  const references = article.getByRole("region", { name: "References" });
  await references.scrollIntoViewIfNeeded();
  const items = references.getByRole("listitem");
  expect(await items.count()).toBeGreaterThan(50);
  await expect(items.first()).toContainText(/^1\./);
  const doi = references.locator('a[href^="https://doi.org/10."]').first();
  await expect(doi).toHaveText(/^https:\/\/doi\.org\/10\./);

  // readable at 375 px: nothing wider than the window
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  await page.screenshot({
    path: `/tmp/scholarly-paper-${testInfo.project.name}.png`,
    fullPage: true,
  });
});

test("a paper without funding, references or licence shows none of those parts", async ({
  page,
}) => {
  await page.goto(await paperPath(page.request, FIXTURE_JOURNAL.slug, FIXTURE_PAPERS.noPdf.title));
  const article = page.getByRole("article");
  await expect(article.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(article.getByRole("region", { name: "Funding" })).toHaveCount(0);
  await expect(article.getByRole("region", { name: "References" })).toHaveCount(0);
  await expect(article.locator('a[href^="https://orcid.org/"]')).toHaveCount(0);
  await expect(page.locator('head link[rel="license"]')).toHaveCount(0);
});
