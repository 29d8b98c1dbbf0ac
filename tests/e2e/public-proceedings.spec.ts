/**
 * The public proceedings pages with the shipped corpus (docs/decisions/090-public-proceedings.md):
 * from the home page's 'Conference Proceedings' section to the list, to PLDI '09 (event line,
 * facts, introduction, editorial board, papers), to the TraceMonkey paper (metadata only: its
 * PDF is not open access and is not shipped, decision 225), its conference citation metadata in
 * the served HTML, the banner search's hit, About's link, and the 404 page for unknown or
 * malformed addresses; a conference paper's PDF in the viewer and its download URL with the
 * fixture proceeding (tests/e2e/fixtures.ts). Runs at 1280 px (desktop) and 375 px (phone).
 */
import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_PROCEEDING, paperPath } from "./fixtures.ts";
import { collectErrors, hydrated, isPhone } from "./public-helpers.ts";

const PLDI = {
  slug: "pldi-2009",
  title:
    "Proceedings of the 30th ACM SIGPLAN Conference on Programming Language Design and Implementation",
  eventLine: "PLDI '09 from 2009-06-15 to 2009-06-20",
  isbn: "978-1-60558-392-1",
};
const TRACEMONKEY = {
  title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
  authors: ["Andreas Gal", "Brendan Eich", "Michael Franz"],
  doi: "10.1145/1542476.1542528",
};
/** The fixture proceeding's paper with a PDF: a phrase of its page 1 (one text item). */
const WITH_PDF = {
  ...FIXTURE_PROCEEDING.paper,
  phrase: "Optimal Bowel Preparation for Video Capsule Endoscopy",
};

/** `name` → contents of every `<meta name=…>` in the served `<head>`, in document order. */
function metaTags(html: string): [string, string][] {
  const head = html.slice(0, html.indexOf("</head>"));
  const decode = (s: string) =>
    s
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&amp;/g, "&");
  return [...head.matchAll(/<meta name="([^"]+)" content="([^"]*)"(?: lang="[^"]*")?\/>/g)].map(
    (m) => [m[1] as string, decode(m[2] as string)],
  );
}

/** Path of a proceeding paper's page, found by title through the proceeding's public API. */
async function proceedingPaperPath(page: Page, slug: string, title: string): Promise<string> {
  const res = await page.request.get(`/api/get_proceeding_page/${slug}`);
  const body = (await res.json()) as {
    proceeding: { papers: { title: string; link: string }[] };
  };
  const paper = body.proceeding.papers.find((p) => p.title === title);
  if (!paper) throw new Error(`"${title}" is not in ${slug}`);
  return paper.link;
}

/** Path of the TraceMonkey paper's page. */
const tracemonkeyPath = (page: Page) => proceedingPaperPath(page, PLDI.slug, TRACEMONKEY.title);

test("from the home page to the proceedings, PLDI '09 and the TraceMonkey paper", async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  await page.goto("/");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Conference Proceedings" });
  await section.scrollIntoViewIfNeeded();
  // The section shows the newest proceedings; other specs may have added newer ones than PLDI '09.
  await expect(section.getByTestId("event-line").first()).toHaveText(
    / from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/,
  );
  await section.getByRole("link", { name: "All conference proceedings" }).click();

  await expect(page).toHaveURL("/proceedings");
  await expect(page).toHaveTitle("Conference Proceedings | Athenaeum");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conference Proceedings");
  const card = page.getByRole("article").filter({ hasText: PLDI.title });
  await expect(card.getByTestId("event-line")).toHaveText(PLDI.eventLine);
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(PLDI.title);
  await expect(card.getByText("Dublin, Ireland", { exact: true })).toBeVisible();
  await expect(card.getByText(/took place in Dublin, Ireland/)).toBeVisible();
  await card.getByRole("link", { name: /^View Proceeding/ }).click();

  await expect(page).toHaveURL(`/proceedings/${PLDI.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PLDI.title);
  // The banner names the proceeding (its heading is hidden on phones, docs/product/screens.md).
  await expect(page.locator("#banner-heading")).toHaveText(PLDI.title);
  await expect(page.locator("#banner-heading")).toBeVisible({ visible: !isPhone(testInfo) });
  await expect(page.getByRole("img", { name: `Cover of ${PLDI.title}` })).toBeVisible();
  await expect(page.getByTestId("event-line")).toHaveText(PLDI.eventLine);
  const facts = page.locator("header dl");
  await expect(facts).toContainText("PublisherACM");
  await expect(facts).toContainText(`ISBN${PLDI.isbn}`);
  await expect(facts).toContainText("Year2009");
  const intro = page.getByRole("region", { name: "Introduction" });
  await expect(intro).toContainText("took place in Dublin, Ireland from 15 June 2009");

  // The editorial board: collapsed at first, then open (the corpus lists no editors for it).
  const toggle = page.getByRole("button", { name: "Editorial Board" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
  await expect(panel).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(panel).toHaveText("No editors are listed for this proceeding.");

  const papers = page.getByRole("region", { name: "Papers" }).getByRole("listitem");
  await expect(papers).toHaveCount(1);
  const tracemonkey = papers.filter({ hasText: TRACEMONKEY.title });
  for (const name of TRACEMONKEY.authors) await expect(tracemonkey).toContainText(name);
  await expect(tracemonkey).toContainText("Pages 465–478");
  await tracemonkey.getByRole("link", { name: /^Open/ }).click();

  await expect(page).toHaveURL(/\/proceedings\/pldi-2009\/\d+$/);
  await expect(page).toHaveTitle(`${TRACEMONKEY.title} | Athenaeum`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TRACEMONKEY.title);
  await expect(page.locator("#banner-heading")).toHaveText(PLDI.title);
  const source = page.getByRole("link", { name: `${PLDI.title} (PLDI '09), 2009` });
  await expect(source).toHaveAttribute("href", `/proceedings/${PLDI.slug}`);
  const article = page.getByRole("article");
  await expect(article.getByText("University of California, Irvine")).toBeVisible();
  await expect(
    article.getByRole("link", { name: `https://doi.org/${TRACEMONKEY.doi}` }),
  ).toBeVisible();
  // Shipped without its abstract and PDF (© ACM, decision 225).
  await expect(article.getByText("No abstract.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Full Text (PDF)" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a conference paper's PDF opens in the viewer and closes back to the abstract", async ({
  page,
}) => {
  await page.goto(await proceedingPaperPath(page, FIXTURE_PROCEEDING.slug, WITH_PDF.title));
  await hydrated(page);
  const open = page.getByRole("button", { name: "Open Full Text (PDF)" });
  await open.click();
  const viewer = page.getByRole("region", { name: "Full text (PDF)" });
  await expect(page.getByTestId("pdf-page-count")).toHaveText(`of ${WITH_PDF.pages}`);
  await expect(
    viewer.getByRole("textbox", { name: `Page number, of ${WITH_PDF.pages}` }),
  ).toHaveValue("1");
  const phrase = viewer.locator(".textLayer").getByText(WITH_PDF.phrase, { exact: true });
  await expect(phrase).toBeVisible({ timeout: 20_000 });
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("heading", { name: "Abstract" })).toBeVisible();
  await expect(open).toBeFocused();
});

test("the served HTML carries Google Scholar metadata for a conference paper", async ({
  page,
  baseURL,
}) => {
  const path = await tracemonkeyPath(page);
  const html = await (await page.request.get(path)).text();
  const tags = metaTags(html);
  const all = (name: string) => tags.filter(([n]) => n === name).map(([, c]) => c);
  const one = (name: string) => {
    expect(all(name), name).toHaveLength(1);
    return all(name)[0];
  };
  expect(one("citation_title")).toBe(TRACEMONKEY.title);
  expect(all("citation_author")).toHaveLength(16);
  expect(all("citation_author").slice(0, 2)).toEqual(TRACEMONKEY.authors.slice(0, 2));
  expect(one("citation_conference_title")).toBe(PLDI.title);
  expect(one("citation_isbn")).toBe(PLDI.isbn);
  expect(one("citation_publisher")).toBe("ACM");
  expect(one("citation_firstpage")).toBe("465");
  expect(one("citation_lastpage")).toBe("478");
  expect(one("citation_publication_date")).toBe("2009/06");
  expect(one("citation_doi")).toBe(TRACEMONKEY.doi);
  expect(one("citation_abstract_html_url")).toBe(`${baseURL}${path}`);
  expect(all("citation_journal_title")).toEqual([]);
  expect(all("citation_volume")).toEqual([]);
  expect(tags.filter(([, c]) => c.trim() === "")).toEqual([]);
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
  // No PDF is shipped for it (decision 225): no PDF URL rather than an empty one.
  expect(all("citation_pdf_url")).toEqual([]);

  // A conference paper's PDF the metadata points to sits under the paper page's path and is
  // served in ranges.
  const withPdf = await proceedingPaperPath(page, FIXTURE_PROCEEDING.slug, WITH_PDF.title);
  const withPdfTags = metaTags(await (await page.request.get(withPdf)).text());
  const pdfUrls = withPdfTags.filter(([n]) => n === "citation_pdf_url").map(([, c]) => c);
  expect(pdfUrls).toHaveLength(1);
  const pdfUrl = pdfUrls[0] as string;
  expect(pdfUrl).toMatch(
    new RegExp(`^${baseURL}/proceedings/${FIXTURE_PROCEEDING.slug}/download/\\d+/.+\\.pdf$`),
  );
  const pdf = await page.request.get(pdfUrl, { headers: { Range: "bytes=0-4" } });
  expect(pdf.status()).toBe(206);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).toString("latin1")).toBe("%PDF-");
});

test("the banner search finds the conference paper and links its page", async ({ page }) => {
  const path = await tracemonkeyPath(page);
  await page.goto("/search?banner_search=trace+type+specialization");
  const hit = page.getByRole("listitem").filter({ has: page.locator(`a[href="${path}"]`) });
  await expect(hit.getByRole("heading", { name: TRACEMONKEY.title })).toBeVisible();
  const source = hit.getByRole("link", { name: `${PLDI.title}, PLDI '09 (2009)` });
  await expect(source).toHaveAttribute("href", `/proceedings/${PLDI.slug}`);
});

test("About mentions the proceedings and links to them", async ({ page }) => {
  await page.goto("/categories");
  await page.getByRole("main").getByRole("link", { name: "Conference Proceedings" }).click();
  await expect(page).toHaveURL("/proceedings");
});

test("unknown or malformed proceedings and papers elsewhere are the 404 page", async ({ page }) => {
  const journalPaper = await paperPath(page.request, "elife", "A good life");
  const journalPaperId = journalPaper.split("/").at(-1);
  const tracemonkey = await tracemonkeyPath(page);
  const id = tracemonkey.split("/").at(-1);
  for (const url of [
    "/proceedings/no-such-proceeding",
    "/proceedings/PLDI_2009",
    "/proceedings/pldi-2009/999999",
    "/proceedings/pldi-2009/abc",
    `/proceedings/pldi-2009/${journalPaperId}`,
    `/proceedings/no-such-proceeding/${id}`,
    `/journal/elife/${id}`,
  ]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  }
});
