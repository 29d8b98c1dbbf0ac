/**
 * Issue 34: every date shown is the publication date where that is meant (the home
 * page's 'Recent issues', the dashboard's publication list, as the featured card already did),
 * and every date is written in one format, by Intl in the page's language ('29 November 2026';
 * before there were five: that, '31 Oct 2026', ISO, the chart's US month/day and a timestamp).
 */
import { expect, type Locator, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";

/** The site's one date format in English: day, month name, year. */
const ONE_FORMAT =
  /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

/** The texts of every `<time>` under `scope` are in the one format (or a bare year). */
async function allInOneFormat(scope: Locator) {
  const texts = await scope.locator("time").allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts)
    expect(text.trim()).toMatch(
      new RegExp(
        `${ONE_FORMAT.source}|^\\d{4}$|^(January|February|March|April|May|June|July|August|September|October|November|December) \\d{4}$`,
      ),
    );
}

test("publication dates where meant, one date format everywhere", async ({ page }, testInfo) => {
  // the home page's Recent issues show each issue's publication date, as the API gives it
  const latest = (
    (await (await page.request.get("/api/latest_publications")).json()) as {
      publications: { link: string; publication_date: string }[];
    }
  ).publications;
  await page.goto("/");
  const recent = page.locator("h3", { hasText: "Recent issues" }).locator("xpath=..");
  for (const item of latest) {
    const row = recent.locator("li", { has: page.locator(`a[href="${item.link}"]`) });
    await expect(row.locator("time")).toHaveAttribute("datetime", item.publication_date);
  }
  await allInOneFormat(recent);

  // the dashboard's publication list: the publication date beside each issue, and the day it
  // was uploaded, both in the one format
  await signInAsNewManager(page, testInfo);
  const rows = (
    (await (await page.request.get("/api/get_publications/plos-one")).json()) as {
      publications: { volume: string; publication_date: string; published_on: string }[];
    }
  ).publications;
  await page.goto("/dashboard/plos-one/publications");
  const table = page.getByRole("table");
  // the oldest issue's row, the body's last: other specs running beside this one add and delete
  // issues of this journal, which come first (newest first), so the first row may change between
  // the API's answer and the page's
  const oldest = rows.at(-1)!;
  await expect(table.locator("tbody tr").last().locator("time").first()).toHaveAttribute(
    "datetime",
    oldest.publication_date || oldest.published_on,
  );
  await allInOneFormat(table);

  // Statistics: the table's days and the chart's
  await page.goto("/dashboard/statistics");
  const days = page.locator('[data-table="periods"] tbody th');
  await expect(days.first()).toHaveText(ONE_FORMAT);
  // the chart draws its axis on a canvas; its legend names the day under the pointer
  const chart = page.locator('[data-chart="usage"]');
  await chart.locator(".u-over").hover();
  await expect(chart.locator(".u-legend .u-series").first().locator(".u-value")).toHaveText(
    ONE_FORMAT,
  );
});
