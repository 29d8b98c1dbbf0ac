import { expect, test } from "@playwright/test";

/** Runs a search from the banner box, as a reader would. */
async function searchFor(page: import("@playwright/test").Page, text: string) {
  await page.goto("/");
  await page
    .getByRole("searchbox", { name: /search/i })
    .first()
    .fill(text);
  await page.getByRole("button", { name: "Search" }).first().click();
}

test("a quoted phrase finds the paper with that phrase and marks it", async ({ page }) => {
  await searchFor(page, '"reproductive mode"');
  await expect(page.getByText(/^1 paper matches/)).toBeVisible();
  await expect(
    page.getByRole("link", { name: /A Novel Reproductive Mode in Frogs/ }),
  ).toBeVisible();
  await expect(page.locator("mark", { hasText: /^Reproductive Mode$/i }).first()).toBeVisible();
  // The same words in the other order are not the phrase.
  await searchFor(page, '"mode reproductive"');
  await expect(page.getByText('No papers match “"mode reproductive"”.')).toBeVisible();
});

test("a pasted DOI link finds its paper", async ({ page }) => {
  await searchFor(page, "https://doi.org/10.1371/journal.pone.0115884");
  await expect(page.getByText(/^1 paper matches/)).toBeVisible();
  await page.getByRole("link", { name: /A Novel Reproductive Mode in Frogs/ }).click();
  await expect(
    page.getByRole("heading", { name: /A Novel Reproductive Mode in Frogs/ }),
  ).toBeVisible();
});

test("a filter narrows the results and can be cleared", async ({ page }) => {
  await searchFor(page, "study OR results");
  const summary = page.getByText(/papers? match/).first();
  await expect(summary).toBeVisible();
  const before = Number(((await summary.textContent()) ?? "").match(/^[\d,]+/)?.[0]);
  expect(before).toBeGreaterThan(1);
  await page.getByLabel("Journal", { exact: true }).selectOption({ label: "PLOS ONE" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/journal=plos-one|journal=[a-z0-9-]+/);
  await expect(page.getByLabel("Journal", { exact: true })).toHaveValue(/.+/);
  const after = Number(
    (
      (await page
        .getByText(/papers? match/)
        .first()
        .textContent()) ?? ""
    ).match(/^[\d,]+/)?.[0],
  );
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThan(before);
  for (const place of await page.locator("main ol li p a").allTextContents()) {
    expect(place).toMatch(/^PLOS ONE, /);
  }
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page.getByText(new RegExp(`^${before} papers match`))).toBeVisible();
});

test("an unknown filter value says what is wrong", async ({ page }) => {
  const response = await page.goto("/search?q=study&year=soon");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("The year must be a year such as 2024.");
});

test("page 2 of a long result list shows the next papers", async ({ page }) => {
  await searchFor(page, "study OR results OR data OR research OR university");
  // other specs add papers as the run goes on, so the count is read, not assumed
  const summary = page.getByText(/^\d+ papers match/);
  await expect(summary).toBeVisible();
  const total = Number((await summary.innerText()).match(/^(\d+)/)?.[1]);
  expect(total).toBeGreaterThan(20);
  const pageCount = Math.ceil(total / 20);
  const firstPage = await page.locator("main ol h2").allTextContents();
  expect(firstPage).toHaveLength(20);
  const pages = page.getByRole("navigation", { name: "Result pages" });
  await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 1");
  await pages.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages.getByText(`Page 2 of ${pageCount}`)).toBeVisible();
  const secondPage = await page.locator("main ol h2").allTextContents();
  expect(secondPage.length).toBeGreaterThan(0);
  expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
  await pages.getByRole("link", { name: "Page 1" }).click();
  await expect(page.locator("main ol h2")).toHaveCount(20);
});

test("a query of only common words explains why nothing was searched", async ({ page }) => {
  await page.goto(
    `/search?q=${encodeURIComponent("the the the the the the the the the the the the")}`,
  );
  await expect(page.getByText(/^No papers match/)).toBeVisible();
  await expect(page.getByText("Left out as too common to search for: “the”.")).toBeVisible();
});
