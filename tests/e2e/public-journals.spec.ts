/**
 * Journals list and journal detail (docs/product/screens.md) with the real corpus: both columns of
 * /journals, the journal accordion (docs/product/states.md) and the optional lines.
 */
import { expect, test } from "@playwright/test";
import { collectErrors, hydrated } from "./public-helpers.ts";

test("/journals lists every journal on the left and the newest, labelled 'New Journal', on the right", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto("/journals");
  await expect(page).toHaveTitle("Journals | Athenaeum");
  const all = page.getByRole("region", { name: "All journals" }).getByRole("article");
  // The six corpus journals (the e2e server may add test fixtures of its own).
  await expect(all.getByRole("heading", { name: "PLOS ONE", exact: true })).toBeVisible();
  expect(await all.count()).toBeGreaterThanOrEqual(6);
  for (const card of await all.all()) {
    await expect(card.getByRole("heading", { level: 2 })).not.toBeEmpty();
    await expect(card.locator("img")).toHaveCount(1);
    await expect(card.locator("p").first()).not.toBeEmpty();
    await expect(card.getByRole("link", { name: /^View Journal/ })).toHaveAttribute(
      "href",
      /^\/journal\/[a-z0-9-]+$/,
    );
  }
  // Alphabetical by name.
  const names = await all.getByRole("heading", { level: 2 }).allInnerTexts();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

  const aside = page.getByRole("complementary", { name: "Recently added" });
  const fresh = aside.getByRole("listitem");
  expect(await fresh.count()).toBeGreaterThan(0);
  for (const item of await fresh.all()) {
    await expect(item.getByText("New Journal", { exact: true })).toBeVisible();
    await expect(item.locator("p").first()).not.toBeEmpty();
    await expect(item.getByText(/^Added \d{1,2} \w+ \d{4}$/)).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test("the journal accordion: first open, one at a time, clicking the open one closes it", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto("/journal/plos-one");
  await expect(page).toHaveTitle("PLOS ONE | Athenaeum");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PLOS ONE");
  await hydrated(page);
  const about = page.getByRole("button", { name: "About Journal" });
  const guide = page.getByRole("button", { name: "Submission Guidlines" });
  const other = page.getByRole("button", { name: "Other Guides" });
  const pubs = page.getByRole("button", { name: "Publications" });
  const panel = (button: typeof about) =>
    button.getAttribute("aria-controls").then((id) => page.locator(`[id="${id}"]`));

  await expect(about).toHaveAttribute("aria-expanded", "true");
  for (const b of [guide, other, pubs]) await expect(b).toHaveAttribute("aria-expanded", "false");
  await expect(await panel(about)).toBeVisible();
  await expect(await panel(pubs)).toBeHidden();

  await pubs.click();
  await expect(pubs).toHaveAttribute("aria-expanded", "true");
  await expect(about).toHaveAttribute("aria-expanded", "false");
  await expect(await panel(about)).toBeHidden();
  const issues = (await panel(pubs)).getByRole("link");
  // the corpus's three issues, whatever issues other tests of the run add to this journal
  expect(await issues.filter({ hasText: /^Vol\. (9|10) No\. / }).count()).toBe(3);
  for (const link of await issues.all()) {
    await expect(link).toHaveText(/^Vol\. \S+ No\. \S+ \(\d{4}\)$/);
    await expect(link).toHaveAttribute("href", /^\/journal\/plos-one\/\d+\/\d+$/);
  }

  await pubs.click();
  for (const b of [about, guide, other, pubs]) {
    await expect(b).toHaveAttribute("aria-expanded", "false");
  }

  await guide.click();
  await expect(guide).toHaveAttribute("aria-expanded", "true");
  await expect(await panel(guide)).toBeVisible();

  await pubs.click();
  await (await panel(pubs)).getByRole("link", { name: "Vol. 10 No. 1 (2015)" }).click();
  await expect(page).toHaveURL("/journal/plos-one/10/1");
  expect(errors).toEqual([]);
});

test("the journal's ISSN and optional lines show only when the journal has them", async ({
  page,
}) => {
  await page.goto("/journal/plos-one");
  const facts = page.getByTestId("journal-facts");
  await expect(page.getByRole("img", { name: "Cover of PLOS ONE" })).toBeVisible();
  await expect(facts.locator("dt", { hasText: "ISSN" })).toHaveCount(1);
  await expect(facts).toContainText("1932-6203");
  await expect(facts.locator("dt", { hasText: "Publisher" })).toHaveCount(1);
  await expect(facts).toContainText("Public Library of Science");

  // Sprouts gives no publisher (corpus manifest), so that line is not there at all.
  await page.goto("/journal/sprouts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Sprouts: Working Papers on Information Systems",
  );
  await expect(page.getByTestId("journal-facts")).toContainText("1535-6078");
  await expect(page.getByText("Publisher", { exact: true })).toHaveCount(0);

  // Every line shown has a value; emails are links.
  for (const slug of ["plos-one", "sprouts", "elife"]) {
    await page.goto(`/journal/${slug}`);
    for (const row of await page.getByTestId("journal-facts").locator("dd").all()) {
      await expect(row).not.toBeEmpty();
    }
    for (const mail of await page.getByTestId("journal-facts").locator("a").all()) {
      await expect(mail).toHaveAttribute("href", /^mailto:.+@.+/);
    }
  }
});

test("an unknown journal is '404 Page Not Found' with HTTP 404", async ({ page }) => {
  const response = await page.goto("/journal/no-such-journal");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  await expect(page).toHaveTitle("404 Page Not Found | Athenaeum");
});
