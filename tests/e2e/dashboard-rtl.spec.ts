/**
 * The dashboard in Arabic (issue 32; decisions 382 and 431): the account's language chosen on
 * the Account screen turns the whole dashboard right to left at once, without a reload, and
 * after one; every main screen then mirrors and fits a 375 px phone without sideways scroll.
 * The Arabic texts are taken from the catalogue (locales/ar.po), so that an English page fails;
 * the layout is what is checked here (texts that escaped the catalogues:
 * tests/unit/dashboard-pseudo-locale.test.ts).
 *
 * `SCREENSHOT_DIR=…` keeps a screenshot of each screen for a person to look at.
 */
import { expect, type Page, test } from "@playwright/test";
import { serverTranslator } from "../../server/i18n/catalogues.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { screenshotForReview } from "./helpers/screenshot.ts";

const JOURNAL = "plos-one";

/** The Arabic catalogue's text for an English message. */
const ar = serverTranslator("ar");

/** The page's direction and whether it scrolls sideways. */
async function layout(page: Page) {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    sideways: document.documentElement.scrollWidth > window.innerWidth,
  }));
}

test("the account's language turns the dashboard right to left at once", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/account");
  const card = page.getByRole("region", { name: "Language" });
  const select = card.getByLabel("Language");
  await expect(select).toHaveValue("en");
  // each language by its own name, in its own language
  await expect(select.locator("option")).toHaveText([
    "English",
    "Español",
    "Português (Brasil)",
    "Français",
    "Bahasa Indonesia",
    "العربية",
  ]);
  await expect(select.locator('option[value="ar"]')).toHaveAttribute("lang", "ar");

  await select.selectOption("ar");
  await card.getByRole("button", { name: "Save language" }).click();
  // the same page, not reloaded: the root follows the cookie the answer set, and the texts too
  const arCard = page.getByRole("region", { name: ar("Language") });
  await expect(arCard.getByRole("status")).toHaveText(ar("Your language has been saved."));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("navigation", { name: ar("Dashboard") })).toBeVisible();

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(arCard.getByLabel(ar("Language"))).toHaveValue("ar");
  expect((await layout(page)).sideways).toBe(false);

  // and back
  await arCard.getByLabel(ar("Language")).selectOption("en");
  await arCard.getByRole("button", { name: ar("Save language") }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("every main screen of the dashboard mirrors in Arabic and fits the screen", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  // six screens, each loaded and measured: three times the usual time
  test.slow();
  await signInAsNewManager(page, testInfo);
  await context.addCookies([{ name: "lang", value: "ar", url: baseURL! }]);
  const screens: [string, string, (page: Page) => Promise<void>][] = [
    [
      "journals",
      "/dashboard",
      (p) => expect(p.getByRole("list", { name: ar("Journals") })).toBeVisible(),
    ],
    [
      "create-journal",
      "/dashboard/create_journal/1",
      (p) => expect(p.getByLabel(ar("Journal Name"), { exact: true })).toBeVisible(),
    ],
    [
      "paper-form",
      `/dashboard/paper_submission/${JOURNAL}`,
      (p) => expect(p.getByLabel(ar("Abstract"), { exact: true })).toBeVisible(),
    ],
    [
      "publications",
      `/dashboard/${JOURNAL}/publications`,
      (p) => expect(p.getByRole("table")).toBeVisible(),
    ],
    [
      "statistics",
      `/dashboard/statistics?scope=journal:${JOURNAL}`,
      (p) => expect(p.locator('[data-chart="usage"] canvas').first()).toBeVisible(),
    ],
    [
      "account",
      "/dashboard/account",
      (p) => expect(p.getByRole("region", { name: ar("Language") })).toBeVisible(),
    ],
  ];
  for (const [name, path, ready] of screens) {
    await page.goto(path);
    await ready(page);
    const seen = await layout(page);
    expect(seen, path).toEqual({ lang: "ar", dir: "rtl", sideways: false });
    await screenshotForReview(page, testInfo, `dashboard-ar-${name}`);
  }
});
