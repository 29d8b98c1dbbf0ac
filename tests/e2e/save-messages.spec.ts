/**
 * Issue 34 (WCAG 2.2 AA, decision 450): a save message is announced (it appears inside a live
 * region that was on the page before it, WCAG 4.1.3) and brought wholly into view, clear of the
 * fixed footer (WCAG 2.4.11): 'Paper Updated Successfully.' below the long paper form, and the
 * confirmation of a new issue on the publications list, which said nothing before.
 */
import { expect, type Locator, test } from "@playwright/test";
import sharp from "sharp";
import { FIXTURE_JOURNAL, FIXTURE_PAPERS, paperPath } from "./fixtures.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { addEditor } from "./helpers/dashboard.ts";
import { barsOverElement } from "./helpers/focus.ts";

/** `message` is visible, wholly in view, and inside a polite live region. */
async function announcedInView(message: Locator) {
  await expect(message).toBeVisible();
  expect(await barsOverElement(message)).toEqual([]);
  expect(await message.evaluate((el) => el.closest('[aria-live="polite"]') !== null)).toBe(true);
}

test("save messages: a paper saved, an issue created", async ({ page }, testInfo) => {
  await signInAsNewManager(page, testInfo);

  const paper = await paperPath(page.request, FIXTURE_JOURNAL.slug, FIXTURE_PAPERS.noPdf.title);
  await page.goto(`/dashboard/edit_paper/${FIXTURE_JOURNAL.slug}/${paper.split("/").at(-1)}`);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await announcedInView(
    page.getByRole("status").filter({ hasText: "Paper Updated Successfully." }),
  );

  const volume = String(100_000 + Math.floor(Math.random() * 899_999));
  await page.goto("/dashboard/create_publication/plos-one");
  await page.getByLabel("Volume Number").fill(volume);
  await page.getByLabel("Issue Number").fill("1");
  await page.getByLabel("Publication Year").selectOption("2024");
  await page.getByLabel("Cover Image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await sharp({
      create: { width: 300, height: 400, channels: 3, background: "#23446b" },
    })
      .png()
      .toBuffer(),
  });
  await addEditor(page, { name: "Ada Editor", role: "Editor" });
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page).toHaveURL("/dashboard/plos-one/publications");
  await announcedInView(page.getByRole("status").filter({ hasText: "Publication created." }));

  // and the issue removed again, which the same list confirms
  const row = page.getByRole("row").filter({ hasText: `Vol. ${volume} No. 1 ` });
  await row.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await announcedInView(
    page.getByRole("status").filter({ hasText: "The publication was deleted." }),
  );
});
