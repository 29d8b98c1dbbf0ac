/**
 * About (/categories), Contact, the 404 page and page metadata (docs/product/screens.md).
 */
import { expect, test } from "@playwright/test";
import { collectErrors, SITE } from "./public-helpers.ts";

test("About says what the site is and lists every journal under one of the four subjects", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto("/journals");
  const names = await page
    .getByRole("region", { name: "All journals" })
    .getByRole("article")
    .getByRole("heading", { level: 2 })
    .allInnerTexts();

  await page.goto("/categories");
  await expect(page).toHaveTitle(`About | ${SITE}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`About ${SITE}`);
  await expect(page.getByText(`${SITE} is an academic journals and open library`)).toBeVisible();
  const listed: string[] = [];
  for (const key of ["philosophy", "science-technology", "arts-humanities", "more"]) {
    const section = page.locator(`section#${key}`);
    await expect(section.getByRole("heading", { level: 2 })).toBeVisible();
    listed.push(...(await section.getByRole("heading", { level: 3 }).allInnerTexts()));
  }
  expect(listed.sort()).toEqual([...names].sort());
  expect(errors).toEqual([]);
});

test("Contact lists each journal's editorial office and how to become a partner", async ({
  page,
}) => {
  await page.goto("/journals");
  const journals = await page
    .getByRole("region", { name: "All journals" })
    .getByRole("article")
    .count();
  await page.goto("/contact");
  await expect(page).toHaveTitle(`Contact | ${SITE}`);
  const offices = page.getByTestId("editorial-office");
  await expect(offices).toHaveCount(journals);
  for (const office of await offices.all()) {
    await expect(office.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute(
      "href",
      /^\/journal\/[a-z0-9-]+$/,
    );
    for (const mail of await office.locator("a[href^='mailto:']").all()) {
      await expect(mail).toHaveAttribute("href", /^mailto:[^@\s]+@[^@\s]+$/);
    }
  }
  await expect(page.getByRole("heading", { name: "Becoming a partner" })).toBeVisible();
  await expect(page.getByRole("link", { name: "sign in here" })).toHaveAttribute(
    "href",
    "/manager",
  );
});

test("every unmatched route is '404 Page Not Found' with HTTP 404", async ({ page }) => {
  for (const path of ["/no/such/page", "/journals/extra", "/categories/x"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
  }
  await expect(page).toHaveTitle(`404 Page Not Found | ${SITE}`);
  await expect(page.getByRole("link", { name: "Back to the home page" })).toHaveAttribute(
    "href",
    "/",
  );
});

test("every public page has a title, a description and Open Graph tags", async ({ page }) => {
  const pages = [
    ["/", `Academic Journals and Open Library | ${SITE}`],
    ["/journals", `Journals | ${SITE}`],
    ["/journal/elife", `eLife | ${SITE}`],
    ["/journal/plos-one/10/3", `PLOS ONE, Vol. 10 No. 3 (2015) | ${SITE}`],
    ["/categories", `About | ${SITE}`],
    ["/contact", `Contact | ${SITE}`],
  ];
  for (const [path, title] of pages) {
    await page.goto(path!);
    await expect(page).toHaveTitle(title!);
    const description = await page.locator("meta[name=description]").getAttribute("content");
    expect(description?.length ?? 0, path).toBeGreaterThan(20);
    await expect(page.locator("meta[property='og:title']")).toHaveAttribute("content", /\S/);
    await expect(page.locator("meta[property='og:description']")).toHaveAttribute(
      "content",
      description!,
    );
  }
});
