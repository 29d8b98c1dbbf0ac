/**
 * Issue 34, "Done when": a keyboard-only walk, one test per width (the two projects), through
 * home, journal, issue, paper, the PDF reader (open, find, zoom, highlight a sentence, add an
 * image with alt text, download), a full text, search, sign-in, the paper form (an error, then
 * fixed) and statistics. Every step is Tab, Enter or typing; after each Tab the focused element
 * must be wholly visible, clear of the footer and every sticky bar (WCAG 2.2 SC 2.4.11,
 * tests/e2e/helpers/focus.ts). Pages are opened by their address only where the walk starts
 * over (a full text, the sign-in page), as a reader following a bookmark would.
 */
import { expect, type Page, test } from "@playwright/test";
import { FIXTURE_JOURNAL, FIXTURE_PAPERS } from "./fixtures.ts";
import { E2E_PASSCODE, makeAdministrator, newManager, registerByApi } from "./helpers/account.ts";
import { barsOver, obscuringBars } from "./helpers/focus.ts";
import { ONE_PIXEL_PNG } from "./helpers/viewer.ts";

// Hundreds of key presses, each checked in the page: about 1.7 minutes on an idle machine with two
// cores, more on a loaded one (CI runs three browsers at a time).
test.describe.configure({ timeout: 300_000 });

/**
 * What the focused element is called: its label, else its text, else its value. Runs in the
 * page: self-contained.
 */
function nameOfFocused(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return "";
  const labelled = el.getAttribute("aria-labelledby");
  const byId = labelled ? document.getElementById(labelled)?.textContent : null;
  const label = (el as HTMLInputElement).labels?.[0]?.textContent;
  return (el.getAttribute("aria-label") ?? byId ?? label ?? el.textContent ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

const focusedName = (page: Page) => page.evaluate(nameOfFocused);

/**
 * After a key press, in one call to the page instead of three: waits two frames for the scroll
 * to settle, then answers the bars over the focused element ({@link barsOver}) and its name.
 */
const settledFocus = (page: Page): Promise<{ bars: string[]; name: string }> =>
  page.evaluate(`(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return { bars: (${barsOver})(null), name: (${nameOfFocused})() };
  })()`);

/**
 * Presses Tab until the focused element's name matches `name` (at most `max` presses),
 * collecting into `covered` every step where the focused element was not wholly visible.
 */
async function tabTo(page: Page, name: RegExp, covered: string[], max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focus = await settledFocus(page);
    covered.push(...focus.bars);
    if (name.test(focus.name)) return;
  }
  throw new Error(`no ${name} within ${max} Tabs (last: ${await focusedName(page)})`);
}

/**
 * Presses Shift+Tab until the focused element's name matches `name`, at most `max` times, each
 * step checked as {@link tabTo} does; when it is not found that way, goes on with Tab.
 */
async function backTo(page: Page, name: RegExp, covered: string[], max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Shift+Tab");
    covered.push(...(await obscuringBars(page)));
    if (name.test(await focusedName(page))) return;
  }
  await tabTo(page, name, covered);
}

test("keyboard only, every focused element in view", async ({ page, baseURL }, testInfo) => {
  const covered: string[] = [];
  const phone = (page.viewportSize()?.width ?? 1280) < 640;

  // home → journal → its publications → the issue → the paper
  await page.goto("/");
  await tabTo(page, new RegExp(`^View Journal: ${FIXTURE_JOURNAL.name}$`), covered);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/journal/${FIXTURE_JOURNAL.slug}`);
  await tabTo(page, /^Publications/, covered);
  await page.keyboard.press("Enter");
  await tabTo(page, /Vol\. 1 No\. 1/, covered);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/journal/${FIXTURE_JOURNAL.slug}/1/1`);
  await tabTo(
    page,
    new RegExp(`^${FIXTURE_PAPERS.multiPage.title.replace(/[()]/g, "\\$&")}$`),
    covered,
  );
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FIXTURE_PAPERS.multiPage.title);

  // the reader: open, find, zoom, highlight, an image with its alt text, download
  await tabTo(page, /^Open Full Text \(PDF\)$/, covered);
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("region", { name: "Full text (PDF)" });
  await expect(viewer.locator('.page[data-page-number="1"] .textLayer span').first()).toBeAttached({
    timeout: 30_000,
  });
  if (phone) {
    await tabTo(page, /^More tools$/, covered, 30);
    await page.keyboard.press("Enter");
  }
  await tabTo(page, /^Find$/, covered, 40);
  await page.keyboard.press("Enter");
  await page.keyboard.type("Fusarium");
  await page.keyboard.press("Enter");
  await expect(viewer.getByTestId("pdf-find-count")).toContainText(/\d/);
  await backTo(page, /^Zoom in$/, covered);
  const zoom = viewer
    .getByRole("status", { name: "Zoom level" })
    .or(viewer.locator("output").first());
  const before = await zoom.first().textContent();
  await page.keyboard.press("Enter");
  await expect(zoom.first()).not.toHaveText(before!);

  await tabTo(page, /^Highlight$/, covered, 40);
  await page.keyboard.press("Enter");
  await tabTo(page, /^PDF pages/, covered, 40);
  // a caret in the text, where caret browsing (F7) puts it; then Shift with the arrow keys
  await page.evaluate(() => {
    const span = [...document.querySelectorAll(".textLayer span")].find(
      (s) => (s.textContent ?? "").trim().length > 12,
    )!;
    window.getSelection()!.setBaseAndExtent(span.firstChild!, 0, span.firstChild!, 1);
  });
  await page.keyboard.down("Shift");
  for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.up("Shift");
  await expect(viewer.locator(".highlightEditor")).toHaveCount(1);

  // Listening for the picker before the walk back to Image: Playwright turns on its interception
  // of file pickers when the first listener is added, a round trip to the browser that a key
  // press sent at once could overtake (then no picker is reported, now and then).
  const picked = page.waitForEvent("filechooser", { timeout: 60_000 });
  await backTo(page, /^Image$/, covered);
  await page.keyboard.press("Enter");
  const chooser = await picked;
  await chooser.setFiles(ONE_PIXEL_PNG);
  const dialog = page.getByRole("dialog", { name: "Add alt text (image description)" });
  await expect(dialog).toBeVisible();
  await page.keyboard.type("A one-pixel figure");
  await tabTo(page, /^Save$/, covered, 10);
  await page.keyboard.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest(".stampEditor") !== null))
    .toBe(true);
  await tabTo(page, /^Download$/, covered, 60);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.keyboard.press("Enter"),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);

  // a full text, then search
  const res = await page.request.get(`/api/search?q=${encodeURIComponent("10.7554/eLife.00005")}`);
  const link = ((await res.json()).results.hits as { link: string }[])[0]!.link;
  await page.goto(`${link}/fulltext`);
  await tabTo(page, /^(Introduction|Results)$/, covered, 60);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#/);
  await page.goto("/");
  await tabTo(page, /^Search/, covered, 40);
  await page.keyboard.type("wheat");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?(q|banner_search)=wheat/);
  await tabTo(page, /Wheat/i, covered, 60);

  // sign in, the paper form with an error fixed, statistics
  const manager = newManager(testInfo);
  await registerByApi(page, manager);
  await makeAdministrator(baseURL!, manager.email);
  expect(E2E_PASSCODE).toBeTruthy();
  await page.goto("/manager");
  await tabTo(page, /^Email/, covered, 40);
  await page.keyboard.type(manager.email);
  await tabTo(page, /^Password/, covered, 5);
  await page.keyboard.type(manager.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto(`/dashboard/paper_submission/${FIXTURE_JOURNAL.slug}`);
  await tabTo(page, /^Submit$/, covered, 120);
  await page.keyboard.press("Enter");
  await expect(
    page.getByText("Enter the paper title.").or(page.getByRole("alert").first()),
  ).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  for (let i = 0; i < 120 && !/^Title/.test(await focusedName(page)); i++) {
    await page.keyboard.press("Shift+Tab");
  }
  await page.keyboard.type("A keyboard-made paper");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: /^Title/ })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await page.goto("/dashboard/statistics");
  await tabTo(page, /^Views and downloads by day/, covered, 80);

  expect(covered, covered.join("\n")).toEqual([]);
});
