/**
 * Home page (docs/product/screens.md) with the real corpus: subject cards, the featured latest issue and
 * the latest issues, new journals, and the partner carousel (settings of docs/product/constants.md).
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { collectErrors, hydrated, isPhone, SITE } from "./public-helpers.ts";

test("four subject cards with a blurb link to their part of the About page", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/");
  const section = page.getByRole("region", { name: "Browse by subject" });
  const cards = section.getByRole("link");
  await expect(cards).toHaveCount(4);
  const expected = [
    ["Philosophy", "/categories#philosophy"],
    ["Science & Technology", "/categories#science-technology"],
    ["Arts & Humanities", "/categories#arts-humanities"],
    ["More Journals", "/categories#more"],
  ];
  for (const [i, [name, href]] of expected.entries()) {
    await expect(cards.nth(i)).toHaveAttribute("href", href!);
    await expect(cards.nth(i).getByRole("heading", { name })).toBeVisible();
    await expect(cards.nth(i).locator("p")).not.toBeEmpty();
  }
  await hydrated(page);
  await cards.nth(1).click();
  await expect(page).toHaveURL("/categories#science-technology");
  await expect(page.locator("#science-technology")).toBeInViewport();
  expect(errors).toEqual([]);
});

test("the featured latest issue lists its papers and 'View All Papers' opens it", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Latest Research Works and Findings" });
  const featured = section.getByRole("article");
  await expect(featured).toHaveCount(1);
  const journalName = (await featured.getByRole("heading", { level: 3 }).innerText()).trim();
  expect(journalName.length).toBeGreaterThan(0);
  // an issue of a continuously publishing journal has no number (decision 185)
  await expect(featured.getByText(/^Vol\. \S+( No\. \S+)? \(\d{4}\)$/)).toBeVisible();
  // the publication date (decision 308): a day, a month or a year
  await expect(featured.getByText(/^Published (\d{1,2} )?(\w+ )?\d{4}$/)).toBeVisible();
  await expect(featured.getByRole("img", { name: /^Cover of/ })).toBeVisible();

  const papers = featured.getByRole("listitem");
  expect(await papers.count()).toBeGreaterThan(0);
  const titles = await papers.getByRole("link").allInnerTexts();
  // author names under the titles (a paper a manager added without authors has none)
  const authorLines = papers.locator("p");
  expect(await authorLines.count()).toBeGreaterThan(0);
  for (const line of await authorLines.all()) await expect(line).not.toBeEmpty();

  // The latest issues beside it: cover, title link, description and date.
  const latest = section.getByRole("list").last().getByRole("listitem");
  expect(await latest.count()).toBeGreaterThan(1);
  expect(await latest.count()).toBeLessThanOrEqual(6);
  const first = latest.first();
  await expect(first.getByRole("heading").getByRole("link")).toHaveAttribute(
    "href",
    /^\/journal\/[a-z0-9-]+\/\d+\/\d+$/,
  );
  await expect(first.locator("img")).toHaveCount(1);
  await expect(first.locator("time")).toHaveAttribute("datetime", /^\d{4}(-\d{2}(-\d{2})?)?$/);

  await hydrated(page);
  await featured.getByRole("link", { name: /^View All Papers/ }).click();
  await expect(page).toHaveURL(/^.*\/journal\/[a-z0-9-]+\/\d+\/\d+$/);
  const contents = page.getByRole("region", { name: "Publication Contents" });
  for (const title of titles) {
    await expect(contents.getByRole("link", { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Vol.");
  await expect(page.getByRole("link", { name: journalName }).first()).toBeVisible();
});

test("'New Journals' shows each journal with a working 'View Journal' link", async ({ page }) => {
  await page.goto("/journals");
  const journals = await page
    .getByRole("region", { name: "All journals" })
    .getByRole("article")
    .count();
  expect(journals).toBeGreaterThanOrEqual(6);
  await page.goto("/");
  const section = page.getByRole("region", { name: `New Journals on ${SITE}` });
  const cards = section.getByRole("listitem");
  // Newest first, at most 8 (docs/product/api.md).
  await expect(cards).toHaveCount(Math.min(journals, 8));
  const views = section.getByRole("link", { name: /^View Journal/ });
  await expect(views).toHaveCount(Math.min(journals, 8));
  const name = (await cards.nth(2).getByRole("heading").innerText()).trim();
  await hydrated(page);
  await views.nth(2).click();
  await expect(page).toHaveURL(/\/journal\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

/** Slides whose box lies inside the carousel's visible window. */
async function visibleSlides(carousel: Locator): Promise<number> {
  return carousel.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll(".swiper-slide")].filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
    }).length;
  });
}

async function activeName(carousel: Locator): Promise<string> {
  return (await carousel.locator(".swiper-slide-active").innerText()).trim();
}

async function openCarousel(page: Page) {
  await page.goto("/");
  await hydrated(page);
  const section = page.getByRole("region", { name: `Over 30 ${SITE} Partners` });
  await section.scrollIntoViewIfNeeded();
  const carousel = section.getByTestId("partner-carousel");
  await expect(carousel).toHaveClass(/swiper-initialized/);
  return { section, carousel };
}

test("the partner carousel shows 4 partners at 1280 px and 1 at 375 px, each with logo and name", async ({
  page,
}, testInfo) => {
  const { carousel } = await openCarousel(page);
  const slides = carousel.locator(".swiper-slide");
  expect(await slides.count()).toBeGreaterThanOrEqual(20);
  expect(await visibleSlides(carousel)).toBe(isPhone(testInfo) ? 1 : 4);
  const first = carousel.locator(".swiper-slide-active");
  await expect(first).not.toBeEmpty();
  // Every slide has a logo (image or monogram) and a name; no pagination dots.
  expect(await slides.locator("img, [aria-hidden=true]").count()).toBeGreaterThanOrEqual(
    await slides.count(),
  );
  await expect(carousel.locator(".swiper-pagination")).toHaveCount(0);
});

test("the partner carousel advances on its own every 2 seconds and stops with Pause", async ({
  page,
}) => {
  // the page's timers on a fake clock that runs on its own until moved on by hand
  await page.clock.install();
  const { section, carousel } = await openCarousel(page);
  await page.mouse.move(0, 0);
  const before = await activeName(carousel);
  await expect.poll(() => activeName(carousel), { timeout: 4_000 }).not.toBe(before);

  await section.getByRole("button", { name: /^Pause/ }).click();
  await expect(section.getByRole("button", { name: /^Play/ })).toBeVisible();
  await page.clock.runFor(600); // let a transition under way finish
  const stopped = await activeName(carousel);
  // more than one autoplay delay (2 s) at once: a carousel still playing would have moved
  await page.clock.runFor(2_600);
  expect(await activeName(carousel)).toBe(stopped);
});

test("the partner carousel does not move for readers who ask for reduced motion", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  const { section, carousel } = await openCarousel(page);
  await expect(section.getByRole("button", { name: /^Play/ })).toBeVisible();
  const before = await activeName(carousel);
  await page.clock.runFor(2_600); // more than one autoplay delay, at once
  expect(await activeName(carousel)).toBe(before);
});
