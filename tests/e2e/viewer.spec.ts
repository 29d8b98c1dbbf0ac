/**
 * The in-browser PDF viewer of the paper page (docs/product/screens.md, docs/product/states.md, docs/product/errors.md and docs/product/constants.md): pages with text and
 * annotation layers, the zoom rule and limits, download as document.pdf, close, the password
 * prompt, and the load error messages. Papers come from the viewer fixture corpus
 * (tests/e2e/fixtures.ts) and the real corpus.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ZOOM } from "../../shared/constants.ts";
import { CORPUS_DIR, FIXTURE_JOURNAL, FIXTURE_PAPERS, paperPath } from "./fixtures.ts";
import { openFind, showMoreTools } from "./helpers/viewer.ts";
import { collectErrors } from "./public-helpers.ts";

const journal = FIXTURE_JOURNAL.slug;

/**
 * A word of the multi-page fixture (metabolites-04-00932.pdf) and how often pdf.js's find
 * controller should count it: counted apart from the viewer with pdf.js's `getTextContent` in
 * Node, case-insensitively: 31 times over pages 1, 2, 11, 12 and 13; none split over a line break.
 */
const FIND = { word: "fusarium", count: 31 };

async function openPaper(page: Page, title: string) {
  await page.goto(await paperPath(page.request, journal, title));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

async function openViewer(page: Page) {
  await page.getByRole("button", { name: "Open Full Text (PDF)" }).click();
  return page.getByRole("region", { name: "Full text (PDF)" });
}

const zoomLevel = (page: Page) => page.getByLabel("Zoom level");
const fitPercent = (width: number) =>
  `${Math.round((Math.min(width * 0.9, ZOOM.maxViewerWidth) / ZOOM.baseWidth) * 100)}%`;

test("pages render with a text layer whose text can be selected", async ({ page }) => {
  const paper = FIXTURE_PAPERS.multiPage;
  await openPaper(page, paper.title);
  const viewer = await openViewer(page);
  await expect(page.getByTestId("pdf-page-count")).toHaveText("of 14");
  await expect(viewer.getByRole("textbox", { name: "Page number, of 14" })).toHaveValue("1");
  const phrase = viewer.locator(".textLayer").getByText(paper.phrase, { exact: true });
  await expect(phrase).toBeVisible({ timeout: 20_000 });
  await phrase.selectText();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? "")).toContain(
    paper.phrase,
  );
  // The first page is drawn on a canvas.
  await expect(viewer.locator('.page[data-page-number="1"] canvas')).toBeVisible();
});

test("the annotation layer shows the PDF's link and notes", async ({ page }) => {
  await openPaper(page, FIXTURE_PAPERS.annotations.title);
  const viewer = await openViewer(page);
  const layer = viewer.locator('.page[data-page-number="1"] .annotationLayer');
  const link = layer.locator('a[href="http://www.mozilla.org/"]');
  await expect(link).toBeAttached({ timeout: 20_000 });
  expect(await link.getAttribute("target")).toBe("_blank");
  const note = layer.locator(".textAnnotation img").first();
  await expect(note).toBeAttached();
  // The note's icon comes from pdf.js's image folder served beside the app.
  await expect
    .poll(() => note.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test("zoom starts at the fit scale, steps to 2.0 and 0.5 and follows the window width", async ({
  page,
}) => {
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  const viewer = await openViewer(page);
  const width = page.viewportSize()?.width ?? 1280;
  await expect(zoomLevel(page)).toHaveText(fitPercent(width));

  const zoomIn = viewer.getByRole("button", { name: "Zoom in" });
  const zoomOut = viewer.getByRole("button", { name: "Zoom out" });
  const pageBox = viewer.locator('.page[data-page-number="1"]');
  for (let i = 0; i < 10 && (await zoomIn.isEnabled()); i++) await zoomIn.click();
  await expect(zoomLevel(page)).toHaveText("200%");
  await expect(zoomIn).toBeDisabled();
  await expect(zoomOut).toBeFocused();
  const wide = (await pageBox.boundingBox())?.width ?? 0;

  for (let i = 0; i < 10 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
  await expect(zoomLevel(page)).toHaveText("50%");
  await expect(zoomOut).toBeDisabled();
  await expect(zoomIn).toBeEnabled();
  await expect(zoomIn).toBeFocused();
  await expect
    .poll(async () => wide / ((await pageBox.boundingBox())?.width ?? 1), { timeout: 5000 })
    .toBeGreaterThan(3.5);

  // Decision 155: 'Fit width' returns to the fitted scale, even below the buttons' 0.5 floor.
  await showMoreTools(viewer);
  await viewer.getByRole("button", { name: "Fit width" }).click();
  await expect(zoomLevel(page)).toHaveText(fitPercent(width));

  // docs/product/states.md: the fit scale is recomputed when the window is resized.
  await page.setViewportSize({ width: 600, height: 800 });
  await expect(zoomLevel(page)).toHaveText(fitPercent(600));
});

test("download saves the PDF's bytes as document.pdf", async ({ page }) => {
  const paper = FIXTURE_PAPERS.multiPage;
  await openPaper(page, paper.title);
  const viewer = await openViewer(page);
  const button = viewer.getByRole("button", { name: "Download", exact: true });
  await expect(button).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  expect(download.suggestedFilename()).toBe("document.pdf");
  const saved = readFileSync((await download.path()) as string);
  const original = readFileSync(path.join(CORPUS_DIR, "pdfs", paper.pdf));
  const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  expect(saved.length).toBe(original.length);
  expect(sha(saved)).toBe(sha(original));
});

test("close returns to the abstract and gives the focus back", async ({ page }) => {
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  await expect(page.getByRole("heading", { name: "Abstract" })).toBeVisible();
  const viewer = await openViewer(page);
  await expect(page.getByRole("heading", { name: "Abstract" })).toHaveCount(0);
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Abstract" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Full Text (PDF)" })).toBeFocused();
});

test("a protected PDF asks for its password until the right one is given", async ({ page }) => {
  const paper = FIXTURE_PAPERS.encrypted;
  await openPaper(page, paper.title);
  const viewer = await openViewer(page);
  const dialog = page.getByRole("dialog", { name: "Enter the password to open this PDF file." });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Invalid password. Please try again.")).toHaveCount(0);

  await dialog.getByLabel("Enter the password to open this PDF file.").fill("wrong password");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(
    dialog.getByText("Invalid password. Please try again.", { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByLabel("Enter the password to open this PDF file.")).toHaveValue("");

  await dialog.getByLabel("Enter the password to open this PDF file.").fill(paper.password);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toHaveCount(0);
  const firstPage = viewer.locator('.page[data-page-number="1"]');
  await expect(firstPage.locator("canvas")).toBeVisible();
  await expect(firstPage).toHaveAttribute("data-loaded", "true");
  await expect(viewer.getByRole("button", { name: "Download", exact: true })).toBeEnabled();
});

test("the AES-256 PDF opens with its password and shows its text", async ({ page }) => {
  const paper = FIXTURE_PAPERS.encryptedSmall;
  await openPaper(page, paper.title);
  const viewer = await openViewer(page);
  const dialog = page.getByRole("dialog", { name: "Enter the password to open this PDF file." });
  await dialog.getByLabel("Enter the password to open this PDF file.").fill(paper.password);
  await page.keyboard.press("Enter");
  await expect(viewer.locator(".textLayer").getByText(paper.phrase)).toBeAttached();
});

test("Escape in the password dialog closes the viewer", async ({ page }) => {
  await openPaper(page, FIXTURE_PAPERS.encrypted.title);
  await openViewer(page);
  const dialog = page.getByRole("dialog", { name: "Enter the password to open this PDF file." });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Abstract" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open Full Text (PDF)" })).toBeFocused();
});

test("loading, missing and unexpected answers show the spec's messages", async ({ page }) => {
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  const href = await page.getByRole("link", { name: "Download PDF file" }).getAttribute("href");
  const pdfUrl = new URL(href as string, page.url()).href;

  // Held back: the viewer says it is loading.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/download/**", async (route) => {
    await held;
    await route.fulfill({ status: 404, contentType: "text/plain", body: "404 Page Not Found" });
  });
  const viewer = await openViewer(page);
  await expect(viewer.getByText("Loading PDF…", { exact: true })).toBeVisible();
  release();
  await expect(viewer.getByRole("alert")).toHaveText(`Missing PDF "${pdfUrl}".`);
  await viewer.getByRole("button", { name: "Close" }).click();

  await page.unroute("**/download/**");
  await page.route("**/download/**", (route) =>
    route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
  );
  await openViewer(page);
  await expect(page.getByRole("alert")).toHaveText(
    `Unexpected server response (500) while retrieving PDF "${pdfUrl}".`,
  );
});

test("a damaged PDF says it failed to load", async ({ page }) => {
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  await page.route("**/download/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/pdf", body: "not a pdf at all" }),
  );
  await openViewer(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to load PDF file.");
});

type Box = { x: number; y: number; width: number; height: number };
/** `inner` lies within `outer`, give or take a pixel of rounding. */
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

test("the Highlight tool marks selected text with pdf.js's highlight editor", async ({ page }) => {
  const errors = collectErrors(page);
  const paper = FIXTURE_PAPERS.multiPage;
  await openPaper(page, paper.title);
  const viewer = await openViewer(page);
  const phrase = viewer.locator(".textLayer").getByText(paper.phrase, { exact: true });
  await expect(phrase).toBeVisible({ timeout: 20_000 });
  await showMoreTools(viewer);
  const toggle = viewer.getByRole("button", { name: "Highlight", exact: true });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  const box = (await phrase.boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const editor = viewer.locator(".highlightEditor");
  await expect(editor).toHaveCount(1);

  // pdf.js's own toolbar (colour picker, delete) sits inside the highlight's box, drawn with
  // pdf.js's icons: not an empty box away from it.
  const toolbar = editor.locator(".editToolbar");
  await expect(toolbar).toBeVisible();
  const deleteButton = toolbar.getByRole("button", { name: "Remove highlight" });
  await expect(deleteButton).toBeVisible();
  // pdf.js draws the toolbar just below the highlight, right-aligned with it, inside the page.
  const mark = (await editor.boundingBox()) as Box;
  const bar = (await toolbar.boundingBox()) as Box;
  const pageBox = (await viewer.locator('.page[data-page-number="1"]').boundingBox()) as Box;
  expect(within(bar, pageBox)).toBe(true);
  expect(Math.abs(bar.x + bar.width - (mark.x + mark.width))).toBeLessThanOrEqual(2);
  expect(bar.y - (mark.y + mark.height)).toBeGreaterThanOrEqual(-1);
  expect(bar.y - (mark.y + mark.height)).toBeLessThanOrEqual(12);
  expect(within((await deleteButton.boundingBox()) as Box, bar)).toBe(true);
  // The delete icon (the button's ::before) is laid out on one line of the button's own height,
  // not on a line of the page's 150 px text that pushed it far below.
  const line = await deleteButton.evaluate((b) => {
    const own = b.getBoundingClientRect().height;
    const lineHeight = Number.parseFloat(getComputedStyle(b).lineHeight) || 0;
    return { own, lineHeight, icon: getComputedStyle(b, "::before").maskImage };
  });
  expect(line.lineHeight).toBeLessThanOrEqual(line.own);
  expect(line.icon).toContain("svg");
  await page.screenshot({ path: test.info().outputPath("highlight.png") });
  expect(errors).toEqual([]);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
});

test("phones open at fit width and 'Fit page' shows the whole page", async ({ page }) => {
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  const viewer = await openViewer(page);
  const width = page.viewportSize()?.width ?? 1280;
  await expect(zoomLevel(page)).toHaveText(fitPercent(width));
  const firstPage = viewer.locator('.page[data-page-number="1"]');
  const scroller = viewer.getByRole("region", { name: /^PDF pages/ });
  await expect(firstPage.locator("canvas")).toBeVisible();
  // At fit width the page is no wider than the scroll area: no sideways scrolling.
  const pageWidth = (await firstPage.boundingBox())?.width ?? 0;
  const areaWidth = (await scroller.boundingBox())?.width ?? 0;
  expect(pageWidth).toBeLessThanOrEqual(areaWidth);
  await page.screenshot({ path: test.info().outputPath("fit-width.png") });

  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await viewer.getByRole("button", { name: "Zoom out" }).click();
  await showMoreTools(viewer);
  await viewer.getByRole("button", { name: "Fit width" }).click();
  await expect(zoomLevel(page)).toHaveText(fitPercent(width));

  await viewer.getByRole("button", { name: "Fit page" }).click();
  await expect
    .poll(async () => (await firstPage.boundingBox())?.height ?? 9999)
    .toBeLessThanOrEqual((await scroller.boundingBox())?.height ?? 0);
  await page.screenshot({ path: test.info().outputPath("fit-page.png") });
});

test("the page number input moves to that page", async ({ page }) => {
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  const viewer = await openViewer(page);
  const input = viewer.getByRole("textbox", { name: "Page number, of 14" });
  await expect(input).toBeEnabled();
  await input.fill("5");
  await input.press("Enter");
  await expect(viewer.locator('.page[data-page-number="5"] canvas')).toBeInViewport();
  await expect(input).toHaveValue("5");
  // A number outside the document goes back to the current page.
  await input.fill("99");
  await input.press("Enter");
  await expect(input).toHaveValue("5");
});

test("find in document counts the matches and steps through them", async ({ page }) => {
  const errors = collectErrors(page);
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  const viewer = await openViewer(page);
  const search = await openFind(viewer);
  await expect(search).toBeEnabled();
  // Typed as soon as the box is enabled, before the pages are laid out: the query waits for them.
  await search.fill(FIND.word);
  const count = viewer.getByTestId("pdf-find-count");
  await expect(count).toHaveText(`1 of ${FIND.count} matches`, { timeout: 20_000 });
  await viewer.getByRole("button", { name: "Next match" }).click();
  await expect(count).toHaveText(`2 of ${FIND.count} matches`);
  await viewer.getByRole("button", { name: "Previous match" }).click();
  await expect(count).toHaveText(`1 of ${FIND.count} matches`);
  await viewer.getByRole("button", { name: "Previous match" }).click();
  await expect(count).toHaveText(`${FIND.count} of ${FIND.count} matches`);
  await expect(viewer.locator(".textLayer .highlight.selected")).toHaveCount(1);
  await expect(viewer.locator(".textLayer .highlight.selected")).toBeInViewport();
  // Showing a match scrolls the pages, not the whole page: the find bar stays in view.
  await expect(search).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath("find.png") });
  await search.fill("zzzqqqxxy");
  await expect(count).toHaveText("Phrase not found");
  expect(errors).toEqual([]);
});

// Issue 15, decision 268: the reader takes the whole window above the fixed footer, below one
// compact toolbar, and the bottom of the last page can be scrolled to and seen above the footer.
test("the reader fills the window above the footer, and the last page's end shows", async ({
  page,
}) => {
  await openPaper(page, FIXTURE_PAPERS.multiPage.title);
  const viewer = await openViewer(page);
  await expect(viewer.locator('.page[data-page-number="1"] canvas')).toBeVisible({
    timeout: 20_000,
  });
  const toolbar = viewer.getByRole("toolbar", { name: "PDF tools" });
  const footer = page.locator("footer");
  const box = async (l: import("@playwright/test").Locator) =>
    (await l.boundingBox()) as { x: number; y: number; width: number; height: number };
  const height = page.viewportSize()?.height ?? 800;
  const footerTop = (await box(footer)).y;
  // one row of controls (36 px buttons and their padding), at both widths
  expect((await box(toolbar)).height).toBeLessThanOrEqual(52);
  // the reader starts at the top of the window and ends where the footer begins
  const reader = await box(viewer);
  expect(Math.abs(reader.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(reader.y + reader.height - footerTop)).toBeLessThanOrEqual(1);
  expect(footerTop).toBeGreaterThan(height - 60);
  // the spec's controls are all in that one row
  for (const name of ["Zoom out", "Zoom in", "Download", "Close"]) {
    await expect(toolbar.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath("reader.png") });

  // the last page, scrolled to its very end
  const input = viewer.getByRole("textbox", { name: "Page number, of 14" });
  await input.fill("14");
  await input.press("Enter");
  const last = viewer.locator('.page[data-page-number="14"]');
  await expect(last.locator("canvas")).toBeVisible({ timeout: 20_000 });
  const scroller = viewer.getByRole("region", { name: /^PDF pages/ });
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect
    .poll(async () => {
      const b = await box(last);
      return b.y + b.height;
    })
    .toBeLessThanOrEqual(footerTop);
  const end = await box(last);
  expect(end.y + end.height).toBeGreaterThan(footerTop - 60);
  // typing in the toolbar did not scroll the window: the reader still starts at its top
  expect(Math.abs((await box(viewer)).y)).toBeLessThanOrEqual(1);
  // what is drawn at the page's last line is the page, not the footer over it
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest(".page")?.getAttribute("data-page-number"),
    [end.x + end.width / 2, end.y + end.height - 2] as const,
  );
  expect(hit).toBe("14");
  await page.screenshot({ path: test.info().outputPath("reader-last-page.png") });
});

test("the reader's texts, pdf.js's too, come with the page in its language (decisions 425, 426)", async ({
  page,
}) => {
  // What the server renders for a page in another language: the reader's compiled messages on
  // `<ath-reader>` (a language the catalogues do not have yet, so written here).
  const messages = {
    "Zoom in": ["Agrandir"],
    "of {pages, number}": ["sur ", ["pages", "number"]],
    "Page {page, number}": ["Page n° ", ["page", "number"]],
  };
  const path = await paperPath(page.request, journal, FIXTURE_PAPERS.multiPage.title);
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      const attribute = JSON.stringify(messages).replaceAll("&", "&amp;").replaceAll('"', "&quot;");
      const body = (await response.text()).replace(
        /data-reader-messages="[^"]*"/,
        `data-reader-messages="${attribute}"`,
      );
      await route.fulfill({ response, body });
    },
  );
  await page.goto(path);
  const viewer = await openViewer(page);
  await expect(viewer.getByRole("button", { name: "Agrandir" })).toBeVisible();
  await expect(page.getByTestId("pdf-page-count")).toHaveText("sur 14");
  // the rest, not in the page's share, as written
  await expect(viewer.getByRole("button", { name: "Zoom out" })).toBeVisible();
  // pdf.js's own texts: each page's landmark
  await expect(viewer.locator('.page[data-page-number="1"]')).toHaveAttribute(
    "aria-label",
    "Page n° 1",
    { timeout: 20_000 },
  );
});

test("on an Arabic page the reader's toolbar is mirrored and nothing scrolls sideways", async ({
  page,
}) => {
  await page.goto(`/ar${await paperPath(page.request, journal, FIXTURE_PAPERS.multiPage.title)}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await sideways()).toBeLessThanOrEqual(0);
  // found by their place, not their words: the words are the translators'
  await page.locator("[data-reader-open]").click();
  const toolbar = page.getByRole("toolbar");
  const [zoomOut, zoomIn] = [toolbar.locator("button").nth(0), toolbar.locator("button").nth(1)];
  await expect(zoomIn).toBeEnabled({ timeout: 20_000 });
  const x = async (l: import("@playwright/test").Locator) => (await l.boundingBox())?.x ?? 0;
  // zoom out, zoom level, zoom in, then the page number, from right to left
  expect(await x(zoomOut)).toBeGreaterThan(await x(zoomIn));
  expect(await x(zoomIn)).toBeGreaterThan(await x(page.locator("#pdf-page-input")));
  // they still work: zoom in, and go to a page
  const level = page.locator("output").first();
  const before = await level.textContent();
  await zoomIn.click();
  await expect(level).not.toHaveText(before ?? "");
  await page.locator("#pdf-page-input").fill("3");
  await page.locator("#pdf-page-input").press("Enter");
  await expect(page.locator("#pdf-page-input")).toHaveValue("3");
  expect(await sideways()).toBeLessThanOrEqual(0);
  // the pages keep pdf.js's geometry, left to right
  await expect(page.locator("[role=region]:has(> .pdfViewer)")).toHaveAttribute("dir", "ltr");
  await page.screenshot({ path: test.info().outputPath("reader-ar.png") });
});
