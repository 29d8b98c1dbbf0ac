/**
 * The reader's annotation tools on the paper page (issue 9; docs/product/data.md, docs/product/states.md and docs/product/constants.md; decisions
 * 205-209): pdf.js's ink (pen) and stamp (image) editors beside highlight, each created with no
 * console error and its toolbar inside the annotation's box; keyboard moves by 1 and 10 units;
 * Escape; undo and redo; alt text with its status; annotations kept in the browser across a
 * reload; 'Download with my annotations' read back with pdf.js in Node; the side panel.
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { FIXTURE_JOURNAL, FIXTURE_PAPERS, paperPath } from "./fixtures.ts";
import { showMoreTools } from "./helpers/viewer.ts";
import { collectErrors } from "./public-helpers.ts";

const journal = FIXTURE_JOURNAL.slug;

// Drawing, reloading and downloading a 14-page PDF with range requests takes a while on a busy
// machine; no assertion is about speed.
test.describe.configure({ timeout: 180_000 });
const paper = FIXTURE_PAPERS.multiPage;

type Box = { x: number; y: number; width: number; height: number };
/**
 * pdf.js's editor toolbar is at the annotation's box: right-aligned with it, from its bottom edge
 * (inside the box) to just below it (as pdf.js places it under a highlight), never away from it.
 */
const toolbarAtBox = (bar: Box, box: Box) =>
  Math.abs(bar.x + bar.width - (box.x + box.width)) <= 2 &&
  bar.y >= box.y - 1 &&
  bar.y <= box.y + box.height + 12;

async function openViewer(page: Page) {
  await page.goto(await paperPath(page.request, journal, paper.title));
  await page.getByRole("button", { name: "Open Full Text (PDF)" }).click();
  const viewer = page.getByRole("region", { name: "Full text (PDF)" });
  await expect(viewer.locator('.page[data-page-number="1"] canvas')).toBeVisible({
    timeout: 20_000,
  });
  // The tools wait for the first page to be drawn (slow on a busy machine); below 1280 px
  // they are in the 'More tools' row.
  await showMoreTools(viewer);
  await expect(viewer.getByRole("button", { name: "Draw", exact: true })).toBeEnabled({
    timeout: 30_000,
  });
  return viewer;
}

const firstPage = (viewer: Locator) => viewer.locator('.page[data-page-number="1"]');
/** A screenshot in the test's output folder (test-results/), to look at. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** Draws a zigzag with the pen on page 1 and returns the ink editor. */
async function drawInk(page: Page, viewer: Locator) {
  await viewer.getByRole("button", { name: "Draw", exact: true }).click();
  await expect(viewer.getByRole("button", { name: "Draw", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const box = (await firstPage(viewer).boundingBox()) as Box;
  const x = box.x + box.width * 0.3;
  const y = box.y + Math.min(box.height * 0.4, 300);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x + i * 12, y + (i % 2 ? 25 : 0));
  await page.mouse.up();
  // pdf.js gathers the strokes of one drawing session into one editor, made when the session
  // ends: here by leaving the pen tool.
  await viewer.getByRole("button", { name: "Draw", exact: true }).click();
  await expect(viewer.getByRole("button", { name: "Draw", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  const ink = viewer.locator(".inkEditor");
  await expect(ink).toHaveCount(1);
  return ink;
}

/**
 * Selects the drawing the way pdf.js's viewer does: with the pen tool on, a click on a drawing
 * selects it (in reading mode the editors are inert and the text layer takes the clicks).
 */
async function selectInk(viewer: Locator, ink: Locator) {
  const draw = viewer.getByRole("button", { name: "Draw", exact: true });
  if ((await draw.getAttribute("aria-pressed")) === "true") await draw.click();
  await expect(draw).toHaveAttribute("aria-pressed", "false");
  await draw.click();
  await expect(ink).not.toHaveClass(/disabled/);
  await ink.click();
  await expect(ink).toHaveClass(/selectedEditor/);
}

/** A 96×64 PNG image. */
const png = () =>
  sharp({
    create: { width: 96, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } },
  })
    .png()
    .toBuffer();

const savedEditors = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("athenaeum-annotations");
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("papers")) return resolve(0);
          const all = db.transaction("papers").objectStore("papers").getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { editors: unknown[] }[]).reduce((n, r) => n + r.editors.length, 0),
            );
          all.onerror = () => resolve(-1);
        };
        open.onerror = () => resolve(-1);
      }),
  );

test("the pen draws an ink annotation that moves by 1 and 10 units, undoes and redoes", async ({
  page,
}) => {
  const errors = collectErrors(page);
  const viewer = await openViewer(page);
  const ink = await drawInk(page, viewer);
  // Select the drawing: pdf.js's toolbar sits at its box.
  await selectInk(viewer, ink);
  const toolbar = ink.locator(".editToolbar");
  await expect(toolbar).toBeVisible();
  await expect(toolbar.getByRole("button", { name: "Remove drawing" })).toBeVisible();
  expect(toolbarAtBox((await toolbar.boundingBox()) as Box, (await ink.boundingBox()) as Box)).toBe(
    true,
  );
  await shot(page, "ink");

  // A drag is one undoable step: undo puts the drawing back, redo moves it again. (pdf.js merges
  // key moves made within a second into one step, added to the history when that second is over,
  // so the keys are tried last, with nothing to undo after them.)
  const undo = viewer.getByRole("button", { name: "Undo", exact: true });
  const redo = viewer.getByRole("button", { name: "Redo", exact: true });
  const start = (await ink.boundingBox()) as Box;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 40, start.y + start.height / 2 + 30, {
    steps: 6,
  });
  await page.mouse.up();
  await expect.poll(async () => ((await ink.boundingBox()) as Box).x - start.x).toBeGreaterThan(30);
  await undo.click();
  await expect
    .poll(async () => Math.abs(((await ink.boundingBox()) as Box).x - start.x))
    .toBeLessThan(0.5);
  await expect(redo).toBeEnabled();
  await redo.click();
  await expect.poll(async () => ((await ink.boundingBox()) as Box).x - start.x).toBeGreaterThan(30);

  // Escape unselects.
  await selectInk(viewer, ink);
  await page.keyboard.press("Escape");
  await expect(ink).not.toHaveClass(/selectedEditor/);

  // Deleting with pdf.js's button, then undo and redo.
  await selectInk(viewer, ink);
  await toolbar.getByRole("button", { name: "Remove drawing" }).click();
  await expect(viewer.locator(".inkEditor")).toHaveCount(0);
  await undo.click();
  await expect(viewer.locator(".inkEditor")).toHaveCount(1);
  await redo.click();
  await expect(viewer.locator(".inkEditor")).toHaveCount(0);
  await undo.click();
  await expect(viewer.locator(".inkEditor")).toHaveCount(1);

  // docs/product/states.md: arrow keys move by 1 unit, ctrl+arrow by 10.
  await selectInk(viewer, ink);
  await ink.focus();
  const before = (await ink.boundingBox()) as Box;
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => ((await ink.boundingBox()) as Box).x).toBeGreaterThan(before.x);
  const one = ((await ink.boundingBox()) as Box).x - before.x;
  await page.keyboard.press("Control+ArrowRight");
  await expect
    .poll(async () => ((await ink.boundingBox()) as Box).x - before.x)
    .toBeGreaterThan(one * 5);
  const eleven = ((await ink.boundingBox()) as Box).x - before.x;
  expect(eleven / one).toBeGreaterThan(10.5);
  expect(eleven / one).toBeLessThan(11.5);
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => ((await ink.boundingBox()) as Box).y).toBeGreaterThan(before.y);

  expect(errors).toEqual([]);
});

test("Escape during keyboard resizing restores the size", async ({ page }) => {
  const errors = collectErrors(page);
  const viewer = await openViewer(page);
  const ink = await drawInk(page, viewer);
  await selectInk(viewer, ink);
  await ink.focus();
  const before = (await ink.boundingBox()) as Box;
  // Enter on a selected editor starts keyboard resizing from its first handle.
  await page.keyboard.press("Enter");
  const handle = ink.locator(".resizers > [role=spinbutton]:focus");
  await expect(handle).toHaveCount(1);
  await page.keyboard.press("Control+ArrowLeft");
  await page.keyboard.press("Control+ArrowUp");
  await expect
    .poll(async () => ((await ink.boundingBox()) as Box).width)
    .not.toBeCloseTo(before.width, 0);
  await page.keyboard.press("Escape");
  await expect
    .poll(async () => {
      const now = (await ink.boundingBox()) as Box;
      return Math.abs(now.width - before.width) + Math.abs(now.x - before.x);
    })
    .toBeLessThan(1);
  expect(errors).toEqual([]);
});

test("an image (stamp) gets its alt text, with the status and tooltip", async ({ page }) => {
  const errors = collectErrors(page);
  const viewer = await openViewer(page);
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    viewer.getByRole("button", { name: "Image", exact: true }).click(),
  ]);
  // docs/product/constants.md: the image types pdf.js accepts.
  for (const type of ["image/apng", "image/avif", "image/png", "image/svg+xml", "image/x-icon"]) {
    expect(await chooser.element().getAttribute("accept")).toContain(type);
  }
  await chooser.setFiles({ name: "figure.png", mimeType: "image/png", buffer: await png() });
  const stamp = viewer.locator(".stampEditor");
  await expect(stamp).toHaveCount(1);

  // pdf.js asks for the alt text as soon as the image is added; cancelling leaves it missing.
  const dialog = page.getByRole("dialog", { name: "Add alt text (image description)" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  // Adding the image is one undoable step.
  await expect(viewer.getByRole("button", { name: "Undo", exact: true })).toBeEnabled();
  // pdf.js's warning badge shows on an image without alt text while it is not selected.
  const badge = stamp.locator(".noAltTextBadge");
  await page.keyboard.press("Escape");
  await expect(stamp).not.toHaveClass(/selectedEditor/);
  await expect(badge).toBeVisible();
  await stamp.click();
  await expect(badge).toBeHidden();
  const status = stamp.getByRole("button", { name: "Missing alt text" });
  await expect(status).toBeVisible();
  const toolbar = stamp.locator(".editToolbar");
  expect(
    toolbarAtBox((await toolbar.boundingBox()) as Box, (await stamp.boundingBox()) as Box),
  ).toBe(true);
  await shot(page, "stamp-missing");

  await status.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Description").fill("A red rectangle");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
  // focus is back on the image, not lost to <body> (issue 34)
  await expect.poll(() => stamp.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const added = stamp.getByRole("button", { name: "Alt text added" });
  await expect(added).toBeVisible();
  await added.hover();
  await expect(stamp.getByRole("tooltip")).toHaveText("A red rectangle");
  await expect(stamp.getByRole("tooltip")).toBeVisible();
  await expect(badge).toBeHidden();
  await shot(page, "stamp-alt-text");
  // With its alt text the image shows no warning, selected or not.
  await page.keyboard.press("Escape");
  await expect(stamp).not.toHaveClass(/selectedEditor/);
  await expect(badge).toBeHidden();
  expect(errors).toEqual([]);
});

/** Adds the PNG of {@link png} as an image (stamp) and leaves its alt text missing. */
async function addImage(page: Page, viewer: Locator) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    viewer.getByRole("button", { name: "Image", exact: true }).click(),
  ]);
  await chooser.setFiles({ name: "figure.png", mimeType: "image/png", buffer: await png() });
  await expect(viewer.locator(".stampEditor")).toHaveCount(1);
  const dialog = page.getByRole("dialog", { name: "Add alt text (image description)" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await viewer.getByRole("button", { name: "Image", exact: true }).click();
  await expect(viewer.getByRole("button", { name: "Image", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
}

// Issue 15: every kind of annotation survives a reload, the image too (the page's CSP lets
// pdf.js read back the data: URL the image is kept as).
test("annotations come back after a reload and are in 'Download with my annotations'", async ({
  page,
}) => {
  const errors = collectErrors(page);
  let viewer = await openViewer(page);
  await drawInk(page, viewer);
  await addImage(page, viewer);

  // A highlight from a text selection too.
  const phrase = viewer.locator(".textLayer").getByText(paper.phrase, { exact: true });
  await viewer.getByRole("button", { name: "Highlight", exact: true }).click();
  const box = (await phrase.boundingBox()) as Box;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(viewer.locator(".highlightEditor")).toHaveCount(1);
  await viewer.getByRole("button", { name: "Highlight", exact: true }).click();
  await expect.poll(() => savedEditors(page)).toBe(3);

  await page.reload();
  await page.getByRole("button", { name: "Open Full Text (PDF)" }).click();
  viewer = page.getByRole("region", { name: "Full text (PDF)" });
  await showMoreTools(viewer);
  await expect(viewer.locator(".inkEditor")).toHaveCount(1, { timeout: 20_000 });
  await expect(viewer.locator(".highlightEditor")).toHaveCount(1);
  // pdf.js removes an image whose picture it cannot read back (the CSP refused the data: URL),
  // and showed one it could only after asking for its alt text again: it is simply there.
  await expect(viewer.locator(".stampEditor canvas")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(
    viewer.locator(".inkEditor, .highlightEditor, .stampEditor"),
    "the three kinds after the reload",
  ).toHaveCount(3);
  await shot(page, "restored");

  // 'Download' is still the published file; the other button writes the annotations in.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    viewer.getByRole("button", { name: "Download with my annotations" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("document-annotated.pdf");
  const bytes = new Uint8Array(readFileSync((await download.path()) as string));
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: bytes }).promise;
  const annotations = await (await doc.getPage(1)).getAnnotations();
  const types = annotations.map((a: { subtype: string }) => a.subtype);
  expect(types).toContain("Ink");
  expect(types).toContain("Highlight");
  expect(types).toContain("Stamp");
  await doc.loadingTask.destroy();

  // Removing them all leaves nothing saved.
  await selectInk(viewer, viewer.locator(".inkEditor"));
  await viewer.locator(".inkEditor").getByRole("button", { name: "Remove drawing" }).click();
  await viewer.getByRole("button", { name: "Highlight", exact: true }).click();
  // in any editing mode pdf.js lets every annotation be selected
  await viewer.locator(".stampEditor").click();
  await viewer.locator(".stampEditor").getByRole("button", { name: "Remove image" }).click();
  await expect(viewer.locator(".stampEditor")).toHaveCount(0);
  await viewer.locator(".highlightEditor").click();
  await viewer
    .locator(".highlightEditor")
    .getByRole("button", { name: "Remove highlight" })
    .click();
  await expect.poll(() => savedEditors(page)).toBe(0);
  expect(errors).toEqual([]);
});

test("the side panel lists the pages and moves to the one chosen", async ({ page }) => {
  const viewer = await openViewer(page);
  const toggle = viewer.getByRole("button", { name: "Outline and pages" });
  const panel = viewer.getByRole("complementary", { name: "Outline and pages" });
  const wide = (page.viewportSize()?.width ?? 1280) >= 1440;
  await expect(toggle).toHaveAttribute("aria-pressed", String(wide));
  if (!wide) {
    await expect(panel).toBeHidden();
    await toggle.click();
  }
  await expect(panel).toBeVisible();
  await panel.getByRole("tab", { name: "Pages" }).click();
  const thumbs = panel.getByRole("list", { name: "Page thumbnails" }).getByRole("button");
  await expect(thumbs).toHaveCount(14);
  await expect(thumbs.first()).toHaveAttribute("aria-current", "page");
  await shot(page, "side-panel");
  await thumbs.nth(4).click();
  await expect(viewer.locator('.page[data-page-number="5"] canvas')).toBeInViewport();
  await expect(viewer.getByRole("textbox", { name: "Page number, of 14" })).toHaveValue("5");
  // The Metabolites PDF has no outline.
  if (!wide) await toggle.click();
  await panel.getByRole("tab", { name: "Outline" }).click();
  await expect(panel.getByText("This document has no outline.")).toBeVisible();
});

test("only the pages with the reader let pdf.js read data: URLs (CSP connect-src)", async ({
  page,
}) => {
  const connectSrc = async (path: string) => {
    const res = await page.request.get(path);
    const policy = res.headers()["content-security-policy"] ?? "";
    return policy.split(";").find((d) => d.trim().startsWith("connect-src"));
  };
  const paperPage = await paperPath(page.request, journal, paper.title);
  expect(await connectSrc(paperPage)).toBe("connect-src 'self' data:");
  // twice: the second answer comes from the output cache, which keeps the page's own policy
  expect(await connectSrc(paperPage)).toBe("connect-src 'self' data:");
  for (const other of ["/", "/journals", `/journal/${journal}`, "/manager", "/dashboard"]) {
    expect(await connectSrc(other), other).toBe("connect-src 'self'");
  }
});
