/**
 * The paper reading page (docs/product/screens.md): journal name in the banner, journal title, paper
 * title, authors with affiliations, DOI link, abstract and keywords; the Google Scholar and
 * Dublin Core metadata of the server-rendered `<head>`; the 404 page for unknown papers; the
 * page without a full text; pdf.js staying out of the page's initial JavaScript; and a click on
 * 'Open Full Text (PDF)' made before the page's script has run, which waits for it.
 */
import { expect, test } from "@playwright/test";
import { FIXTURE_JOURNAL, FIXTURE_PAPERS, paperPath } from "./fixtures.ts";
import { metaTags } from "./helpers/meta-tags.ts";

const GOOD_LIFE = {
  journal: "elife",
  title: "A good life",
  author: "Eve Marder",
  /** As Google Scholar and Zotero read a split name: "Family, Given" (decision 306). */
  citationAuthor: "Marder, Eve",
  institution:
    "Department of Biology and the Volen National Center for Complex Systems, Brandeis University, Waltham, United States",
  doi: "10.7554/eLife.00353",
  abstract: "Following a career in science involves long hours and hard work",
  keywords: ["careers in science", "grad school", "postdocs"],
};

test("a corpus paper shows its title, authors, DOI, abstract and keywords", async ({
  page,
}, testInfo) => {
  const url = await paperPath(page.request, GOOD_LIFE.journal, GOOD_LIFE.title);
  await page.goto(url);
  await expect(page).toHaveTitle(`${GOOD_LIFE.title} | Athenaeum`);
  await expect(page.getByRole("heading", { level: 1, name: GOOD_LIFE.title })).toBeVisible();
  if (testInfo.project.name === "desktop") {
    // The banner heading is the journal's name (hidden on small screens, docs/product/screens.md).
    await expect(page.locator("#banner-heading")).toHaveText("eLife");
  }
  await expect(page.getByText(/^eLife, Vol\. 1\b/)).toBeVisible();
  const article = page.getByRole("article");
  await expect(article.getByRole("listitem").filter({ hasText: GOOD_LIFE.author })).toBeVisible();
  await expect(article.getByText(GOOD_LIFE.institution)).toBeVisible();
  const doi = article.getByRole("link", { name: `https://doi.org/${GOOD_LIFE.doi}` });
  await expect(doi).toHaveAttribute("href", `https://doi.org/${GOOD_LIFE.doi}`);
  await expect(article.getByText(GOOD_LIFE.abstract)).toBeVisible();
  const keywords = article.getByRole("region", { name: "Keywords" }).getByRole("listitem");
  await expect(keywords).toHaveText(GOOD_LIFE.keywords);
  await expect(page.getByRole("button", { name: "Open Full Text (PDF)" })).toBeVisible();
});

test("the served HTML carries Google Scholar and Dublin Core metadata", async ({
  request,
  baseURL,
}) => {
  const url = await paperPath(request, GOOD_LIFE.journal, GOOD_LIFE.title);
  const response = await request.get(url);
  const html = await response.text();
  const tags = metaTags(html);
  // FAIR Signposting from the production build's route (decision 470)
  const link = response.headers().link ?? "";
  expect(link).toContain(`<https://doi.org/${GOOD_LIFE.doi}>; rel="cite-as"`);
  expect(link).toContain(`<${baseURL}${url}/linkset.json>; rel="linkset"`);
  const all = (name: string) => tags.filter(([n]) => n === name).map(([, c]) => c);
  const one = (name: string) => {
    expect(all(name), name).toHaveLength(1);
    return all(name)[0];
  };

  expect(one("citation_title")).toBe(GOOD_LIFE.title);
  expect(all("citation_author")).toEqual([GOOD_LIFE.citationAuthor]);
  const authorAt = tags.findIndex(([n]) => n === "citation_author");
  expect(tags[authorAt + 1]).toEqual(["citation_author_institution", GOOD_LIFE.institution]);
  expect(one("citation_doi")).toBe(GOOD_LIFE.doi);
  expect(one("citation_journal_title")).toBe("eLife");
  expect(one("citation_journal_abbrev")).toBe("eLife");
  expect(one("citation_issn")).toBe("2050-084X");
  expect(one("citation_publisher")).toBe("eLife Sciences Publications, Ltd");
  expect(one("citation_publication_date")).toBe("2012/12/13");
  expect(one("citation_volume")).toBe("1");
  expect(all("citation_keywords")).toEqual(GOOD_LIFE.keywords);
  expect(one("citation_abstract_html_url")).toBe(`${baseURL}${url}`);
  const pdfUrl = one("citation_pdf_url") as string;
  expect(pdfUrl).toMatch(
    new RegExp(`^${baseURL}${url.replace(/\/\d+$/, "")}/download/\\d+/.+\\.pdf$`),
  );
  expect(one("DC.title")).toBe(GOOD_LIFE.title);
  expect(all("DC.creator")).toEqual([GOOD_LIFE.citationAuthor]);
  expect(all("DC.identifier")).toContain(`https://doi.org/${GOOD_LIFE.doi}`);
  expect(one("DC.date")).toBe("2012-12-13");
  expect(one("description")).toContain("Following a career in science");
  // Only tags with values: no empty contents.
  expect(tags.filter(([, c]) => c.trim() === "")).toEqual([]);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${url}"/>`);

  // The PDF the metadata points to is served.
  const pdf = await request.get(pdfUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
});

test("a paper without a PDF says the full text is not available", async ({ page }) => {
  await page.goto(await paperPath(page.request, FIXTURE_JOURNAL.slug, FIXTURE_PAPERS.noPdf.title));
  await expect(page.getByText("The full text (PDF) of this paper is not available.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Full Text (PDF)" })).toHaveCount(0);
  const html = await (await page.request.get(page.url())).text();
  expect(html).not.toContain("citation_pdf_url");
});

test("unknown, malformed and other journals' paper ids are the 404 page", async ({ page }) => {
  const real = await paperPath(page.request, GOOD_LIFE.journal, GOOD_LIFE.title);
  const id = real.split("/").at(-1);
  for (const url of [
    "/journal/elife/999999",
    "/journal/elife/abc",
    "/journal/elife/0",
    `/journal/plos-one/${id}`,
    `/journal/no-such-journal/${id}`,
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  }
});

test("pdf.js is loaded only when the full text is opened", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || /\.m?js$/.test(response.url())) {
      scripts.push(response.url());
    }
  });
  await page.goto(await paperPath(page.request, GOOD_LIFE.journal, GOOD_LIFE.title));
  await expect(page.getByRole("button", { name: "Open Full Text (PDF)" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  const initial = [...scripts];
  expect(initial.length).toBeGreaterThan(0);
  for (const url of initial) {
    const body = await (await page.request.get(url)).text();
    expect(body, url).not.toContain("GlobalWorkerOptions");
  }
  expect(initial.some((u) => /pdf\.worker/.test(u))).toBe(false);

  await page.getByRole("button", { name: "Open Full Text (PDF)" }).click();
  await expect(page.locator(".textLayer").first()).toBeAttached({ timeout: 20_000 });
  const later = scripts.slice(initial.length);
  const bodies = await Promise.all(later.map(async (url) => (await page.request.get(url)).text()));
  expect(bodies.some((body) => body.includes("GlobalWorkerOptions"))).toBe(true);
});

test("a click on 'Open Full Text (PDF)' before the page's script has run is not lost", async ({
  page,
}) => {
  const url = await paperPath(page.request, GOOD_LIFE.journal, GOOD_LIFE.title);
  // The page's scripts arrive 1.5 s late, so the button is on screen well before its element
  // is defined (decision 373): the click must wait for it, not fall on a button that is inert.
  await page.route(
    (href) => href.pathname.endsWith(".js"),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    },
  );
  await page.goto(url, { waitUntil: "commit" });
  const open = page.getByRole("button", { name: "Open Full Text (PDF)" });
  await open.click();
  await expect(page.getByRole("region", { name: "Full text (PDF)" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(open).toBeHidden();
});
