/**
 * The public screens in another language (issue 32; decision 382): a Spanish page's links and
 * forms lead to the Spanish versions of the site's public pages, and an Arabic page reads right
 * to left, mirrored, with no sideways scroll on a phone or a desktop.
 */
import { expect, type Page, test } from "@playwright/test";
import { serverTranslator } from "../../server/i18n/catalogues.ts";
import { isLocalizedPage } from "../../shared/i18n/locales.ts";

/** The catalogues' texts (locales/*.po), so that a page left in English fails. */
const es = serverTranslator("es");
const ar = serverTranslator("ar");

/** A long search, so that its page has filters and numbered pages. */
const LONG_SEARCH = "/search?q=data+OR+cell+OR+species+OR+model+OR+study+OR+analysis";

/** One page of each public screen of the corpus. */
const SCREENS = [
  "/",
  "/journals",
  "/journal/plos-computational-biology",
  "/journal/plos-computational-biology/11/10",
  LONG_SEARCH,
  "/categories",
  "/contact",
  "/proceedings",
  "/proceedings/pldi-2009",
  "/no-such-page",
];

/** Every link target and form action of the page that is a public page of this site. */
async function publicTargets(page: Page): Promise<string[]> {
  const targets = await page.evaluate(() => [
    ...[...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href") ?? ""),
    ...[...document.querySelectorAll("form[action]")].map((f) => f.getAttribute("action") ?? ""),
  ]);
  return targets.filter(
    (target) =>
      target.startsWith("/") &&
      !target.startsWith("//") &&
      isLocalizedPage(target.replace(/[?#].*$/, "")),
  );
}

test("a Spanish page's links and forms stay in Spanish", async ({ page }) => {
  for (const screen of SCREENS) {
    await page.goto(`/es${screen}`);
    const targets = await publicTargets(page);
    expect(targets.length, screen).toBeGreaterThan(0);
    const elsewhere = targets.filter((target) => target !== "/es" && !target.startsWith("/es/"));
    expect(elsewhere, screen).toEqual([]);
  }
});

test("the search page's filters and pages keep the language", async ({ page }) => {
  await page.goto(`/es${LONG_SEARCH}`);
  await page.getByRole("button", { name: es("Apply filters") }).click();
  await expect(page).toHaveURL(/\/es\/search\?/);
  await page
    .getByRole("navigation", { name: es("Result pages") })
    .getByRole("link")
    .last()
    .click();
  await expect(page).toHaveURL(/\/es\/search\?.*page=2/);
});

test("every Arabic screen reads right to left with no sideways scroll", async ({ page }) => {
  for (const screen of SCREENS) {
    await page.goto(`/ar${screen}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, screen).toBeLessThanOrEqual(0);
  }
});

test("an Arabic page is mirrored: the skip link at the right, the arrows turned", async ({
  page,
}) => {
  await page.goto(`/ar${LONG_SEARCH}`);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: ar("Skip to content") });
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x + box.width).toBeGreaterThan(width - 40);

  const next = page
    .getByRole("navigation", { name: ar("Result pages") })
    .locator('a[rel="next"] span');
  // Tailwind's `rtl:-scale-x-100` is the CSS `scale` property
  const scale = await next.evaluate((arrow) => getComputedStyle(arrow).scale);
  expect(scale).toMatch(/^-1 1\b/);
});
