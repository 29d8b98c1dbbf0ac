/**
 * The PDF reader's toolbar as the browser specs drive it (decision 268): one row; from 1280 px
 * up every control is in it, below that the outline, fit, annotation tools, undo/redo, find and
 * 'Download with my annotations' wait in the row 'More tools' opens; the find bar is a row that
 * 'Find' opens.
 */
import type { Locator } from "@playwright/test";

/** Opens the 'More tools' row where the toolbar keeps one (a no-op from 1280 px up). */
export async function showMoreTools(viewer: Locator): Promise<void> {
  // the reader mounts after 'Open Full Text (PDF)': wait for its toolbar before looking
  await viewer.getByRole("toolbar", { name: "PDF tools" }).waitFor();
  const more = viewer.getByRole("button", { name: "More tools" });
  if ((await more.isVisible()) && (await more.getAttribute("aria-expanded")) !== "true") {
    await more.click();
  }
}

/** Opens the find bar and returns its search box. */
export async function openFind(viewer: Locator): Promise<Locator> {
  await showMoreTools(viewer);
  const toggle = viewer.getByRole("button", { name: "Find", exact: true });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  return viewer.getByRole("searchbox", { name: "Find in document" });
}

/** A one-pixel PNG as a file chooser takes it: the image the specs add with the Image tool. */
export const ONE_PIXEL_PNG = {
  name: "figure.png",
  mimeType: "image/png",
  buffer: Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
    "base64",
  ),
};
