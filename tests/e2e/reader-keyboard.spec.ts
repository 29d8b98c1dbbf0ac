/**
 * Issue 34, the PDF reader by keyboard (decision 450): the pages are one Tab stop, not one per
 * page; a highlight is made without a mouse (a caret in the text, Shift with the arrow keys, as
 * the reader's keyboard help says); with the Image tool on, Undo and Redo stay on screen at
 * 375 px and the pages do not move at 1280 px.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { FIXTURE_JOURNAL, FIXTURE_PAPERS, paperPath } from "./fixtures.ts";
import { ONE_PIXEL_PNG, showMoreTools } from "./helpers/viewer.ts";

test.describe.configure({ timeout: 120_000 });

async function openReader(page: Page): Promise<Locator> {
  await page.goto(
    await paperPath(page.request, FIXTURE_JOURNAL.slug, FIXTURE_PAPERS.multiPage.title),
  );
  await page.getByRole("button", { name: "Open Full Text (PDF)" }).click();
  const viewer = page.getByRole("region", { name: "Full text (PDF)" });
  await expect(viewer.locator('.page[data-page-number="1"] .textLayer span').first()).toBeAttached({
    timeout: 30_000,
  });
  await showMoreTools(viewer);
  await expect(viewer.getByRole("button", { name: "Highlight", exact: true })).toBeEnabled({
    timeout: 30_000,
  });
  return viewer;
}

test("the reader by keyboard: one stop for the pages, a highlight, the Image toolbar", async ({
  page,
}) => {
  const viewer = await openReader(page);
  const pages = viewer.getByRole("region", { name: /^PDF pages/ });
  await expect(pages).toHaveAttribute("tabindex", "0");
  // nothing inside is a stop of its own (hidden editor layers aside)
  await expect(pages.locator('[tabindex="0"]:visible')).toHaveCount(0);

  // keyboard help is there and says how
  const help = page.getByText("Using the reader with a keyboard");
  await help.click();
  await expect(page.getByText(/turn on caret browsing \(F7/)).toBeVisible();

  // a highlight with the keyboard: the Highlight tool, a caret in the text, Shift + arrows
  await viewer.getByRole("button", { name: "Highlight", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(viewer.getByRole("button", { name: "Highlight", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await pages.focus();
  // the caret at the page's first words, as caret browsing puts it, its first letter taken
  await pages.evaluate((el) => {
    const span = [...el.querySelectorAll(".textLayer span")].find(
      (s) => (s.textContent ?? "").trim().length > 12,
    )!;
    const text = span.firstChild!;
    window.getSelection()!.setBaseAndExtent(text, 0, text, 1);
  });
  await page.keyboard.down("Shift");
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  await page.keyboard.up("Shift");
  await expect(viewer.locator(".highlightEditor")).toHaveCount(1);
  await page.keyboard.press("Control+z");
  await expect(viewer.locator(".highlightEditor")).toHaveCount(0);

  // the Image tool: Undo and Redo stay on screen, the pages stay where they were
  const top = (await pages.boundingBox())!.y;
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    viewer.getByRole("button", { name: "Image", exact: true }).click(),
  ]);
  // the tool comes on with the image chosen (cancelling the picker changes nothing)
  await chooser.setFiles(ONE_PIXEL_PNG);
  await expect(viewer.getByRole("button", { name: "Image", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const width = page.viewportSize()!.width;
  for (const name of ["Undo", "Redo"]) {
    const box = (await viewer.getByRole("button", { name, exact: true }).boundingBox())!;
    expect(box.x, `${name} on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} on screen`).toBeLessThanOrEqual(width);
  }
  if (width >= 1280) expect((await pages.boundingBox())!.y).toBe(top);
});
