import { expect, test } from "@playwright/test";

test("the home page renders the shared layout", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Journals" }).first()).toBeVisible();
  await expect(page.getByText(`Copyright © ${new Date().getFullYear()} Athenaeum.`)).toBeVisible();
});

test("an unmatched route shows the 404 page", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
