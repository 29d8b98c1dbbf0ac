/**
 * The partner carousel loads Swiper only when it comes near the viewport
 * (docs/decisions/107-lazy-carousel.md): the first view of the home page fetches no carousel
 * code, the server-rendered partners are already there, and scrolling down starts the carousel.
 */
import { expect, test } from "@playwright/test";
import { collectErrors, hydrated, SITE } from "./public-helpers.ts";

const CAROUSEL_CODE = /\/assets\/(partner-swiper|swiper)[^/]*\.js$/;

test("Swiper is fetched only when the partners come near, then the carousel moves", async ({
  page,
}) => {
  const errors = collectErrors(page);
  const fetched: string[] = [];
  page.on("request", (request) => {
    if (CAROUSEL_CODE.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  await page.goto("/");
  await hydrated(page);
  const section = page.getByRole("region", { name: `Over 30 ${SITE} Partners` });
  const carousel = section.getByTestId("partner-carousel");
  // The server's still row is complete before any carousel code arrives.
  expect(await carousel.locator(".swiper-slide").count()).toBeGreaterThanOrEqual(20);
  await expect(carousel.locator(".swiper-slide").first()).not.toBeEmpty();
  await page.waitForLoadState("networkidle");
  expect(fetched).toEqual([]);
  await expect(carousel).not.toHaveClass(/swiper-initialized/);

  await section.scrollIntoViewIfNeeded();
  await expect.poll(() => fetched.length).toBeGreaterThan(0);
  await expect(carousel).toHaveClass(/swiper-initialized/);
  await page.mouse.move(0, 0);
  const active = () => carousel.locator(".swiper-slide-active").innerText();
  const before = await active();
  await expect.poll(active, { timeout: 4_000 }).not.toBe(before);
  expect(errors).toEqual([]);
});
