/**
 * Issue 34 (WCAG 2.2 SC 2.4.11 Focus Not Obscured, decision 450): tabbing through long pages
 * at 1280 and 375 px (the two projects), every focused element stays clear of the fixed footer
 * and of any sticky bar: the home page down to the carousel's pause button, a full text's
 * contents links, the paper form's fields (Keywords while typing in it).
 */
import { expect, test } from "@playwright/test";
import { FIXTURE_JOURNAL } from "./fixtures.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { obscuringBars, tabThrough } from "./helpers/focus.ts";

test("focus is never under the footer: home, full text, paper form", async ({ page }, testInfo) => {
  const found: string[] = [];

  await page.goto("/");
  found.push(...(await tabThrough(page, 70)));

  const res = await page.request.get(`/api/search?q=${encodeURIComponent("10.7554/eLife.00005")}`);
  const link = ((await res.json()).results.hits as { link: string }[])[0]!.link;
  await page.goto(`${link}/fulltext`);
  found.push(...(await tabThrough(page, 45)));

  await signInAsNewManager(page, testInfo);
  await page.goto(`/dashboard/paper_submission/${FIXTURE_JOURNAL.slug}`);
  await page.waitForLoadState("load");
  found.push(...(await tabThrough(page, 30)));
  // typing in Keywords brought to the bottom of the window
  const keywords = page.getByRole("textbox", { name: /^Keywords/ });
  await page.evaluate(() => window.scrollTo(0, 0));
  await keywords.focus();
  await keywords.pressSequentially("wheat, durum, volatile");
  found.push(...(await obscuringBars(page)));

  expect(found, found.join("\n")).toEqual([]);
});
