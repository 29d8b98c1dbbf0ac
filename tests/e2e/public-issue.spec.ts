/**
 * Issue page (docs/product/screens.md) with the real corpus: the title line, cover, the collapsible
 * editorial board (docs/product/states.md) and the contents with 'Open' links to the papers.
 */
import { expect, test } from "@playwright/test";
import { collectErrors, hydrated } from "./public-helpers.ts";

test("the issue page shows the title line, cover and contents; 'Open' goes to the paper", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto("/journal/plos-one/10/1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PLoS One Vol. 10 No. 1 ,2015");
  await expect(page.getByRole("img", { name: /^Cover of PLOS ONE/ })).toBeVisible();
  await expect(page.locator("#banner-heading")).toHaveText("PLOS ONE");

  const contents = page.getByRole("region", { name: "Publication Contents" });
  const papers = contents.getByRole("listitem");
  await expect(papers).toHaveCount(3);
  const kramers = papers.filter({ hasText: "A Kramers-Moyal Approach" });
  await expect(kramers).toContainText("Dan M. Popescu and Ovidiu Lipan");
  const open = kramers.getByRole("link", { name: /^Open/ });
  const href = await open.getAttribute("href");
  expect(href).toMatch(/^\/journal\/plos-one\/\d+$/);
  await hydrated(page);
  await open.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByText(/A Kramers-Moyal Approach/).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("the editorial board is collapsed at first and expands grouped by role", async ({ page }) => {
  await page.goto("/journal/plos-one/10/1");
  await hydrated(page);
  const toggle = page.getByRole("button", { name: "Editorial Board" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const panel = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
  await expect(panel).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(panel).toBeVisible();
  const roles = panel.getByRole("heading", { level: 3 });
  const count = await roles.count();
  if (count === 0) {
    await expect(panel).toHaveText("No editors are listed for this issue.");
  }
  for (const role of await roles.all()) {
    const group = panel.getByRole("region", { name: await role.innerText() });
    expect(await group.getByRole("listitem").count()).toBeGreaterThan(0);
  }

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(panel).toBeHidden();
});

test("unknown issues and volumes that are not numbers are '404 Page Not Found'", async ({
  page,
}) => {
  for (const path of [
    "/journal/plos-one/99/99",
    "/journal/plos-one/abc/1",
    "/journal/plos-one/10/x",
    "/journal/no-such-journal/10/1",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  }
});
