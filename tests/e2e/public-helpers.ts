/**
 * Helpers for the public-page browser specs: the phone project's collapsed menu, console error
 * collection, and which project (desktop 1280 px, phone 375 px) a test runs in.
 */
import { expect, type Page, type TestInfo } from "@playwright/test";

export const SITE = "Athenaeum";

/** True in the `phone` project (375 px wide). */
export function isPhone(testInfo: TestInfo): boolean {
  return testInfo.project.name === "phone";
}

/** The main navigation; on phones the menu is opened first when it is closed. */
export async function mainNav(page: Page) {
  await hydrated(page);
  const toggle = page.getByRole("button", { name: /menu/i });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  }
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeVisible();
  return nav;
}

/** Collects uncaught page errors and console errors (hydration mismatches show up here). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Waits until React has hydrated the page (the site header marks itself). */
export async function hydrated(page: Page) {
  await page.locator("header[data-hydrated]").waitFor();
}
