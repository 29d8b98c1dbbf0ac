import { expect, test } from "@playwright/test";

test("the banner search finds a paper by words of its abstract and opens it", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: /search/i }).first();
  await box.fill("fanged frog tadpoles");
  await page.getByRole("button", { name: "Search" }).first().click();
  await expect(page).toHaveURL(/\/search\?banner_search=fanged\+frog\+tadpoles/);
  await expect(page.getByText(/1 paper matches “fanged frog tadpoles”/)).toBeVisible();
  const hit = page.getByRole("link", { name: /A Novel Reproductive Mode in Frogs/ });
  await expect(page.locator("mark").first()).toBeVisible();
  await hit.click();
  await expect(
    page.getByRole("heading", { name: /A Novel Reproductive Mode in Frogs/ }),
  ).toBeVisible();
});

test("a search with no match says so", async ({ page }) => {
  await page.goto("/search?banner_search=zzzqqqxxx");
  await expect(page.getByText("No papers match “zzzqqqxxx”.")).toBeVisible();
});

test("a search finds text that only the PDF contains", async ({ page }) => {
  // "holotype" is not in the title, abstract or keywords: only in the PDF's text.
  await page.goto("/search?banner_search=holotype");
  await expect(
    page.getByRole("link", { name: /A Novel Reproductive Mode in Frogs/ }),
  ).toBeVisible();
});
