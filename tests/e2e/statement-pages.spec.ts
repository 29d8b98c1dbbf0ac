/**
 * Issue 34: the accessibility statement (`/accessibility`: the standard, status per WCAG 2.2
 * principle, known gaps, how and when tested, a contact) and the privacy page (`/privacy`: what
 * is counted and stored, the cookies, how long), each linked from the footer of every page
 * (public, sign-in, dashboard, not found) and free of axe findings, in every interface language.
 */
import { expect, type Page, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";
import { wcagViolations } from "./helpers/axe.ts";

/** The footer's two links lead to the statement and the privacy page. */
async function footerLinks(page: Page) {
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Accessibility" })).toHaveAttribute(
    "href",
    "/accessibility",
  );
  await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
}

test("the statement and the privacy page, linked from every footer", async ({ page }, testInfo) => {
  for (const path of ["/", "/journals", "/manager", "/no-such-page"]) {
    await page.goto(path);
    await footerLinks(page);
  }
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard");
  await footerLinks(page);

  await page.getByRole("contentinfo").getByRole("link", { name: "Accessibility" }).click();
  await expect(page).toHaveURL("/accessibility");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accessibility statement");
  await expect(page.getByRole("main")).toContainText("WCAG) 2.2 at level AA");
  for (const heading of [
    "The standard",
    "Status by principle",
    "Known gaps",
    "How it was tested",
    "Feedback and contact",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.locator("main time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  const found = await wcagViolations(page, "accessibility statement");

  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy");
  const cookies = page.getByRole("table", { name: "The cookies the site sets" });
  await expect(cookies.getByRole("rowheader")).toHaveText([
    "lang",
    "athenaeum_session",
    "athenaeum_device",
  ]);
  await expect(page.getByRole("main")).toContainText("The IP address and the user agent");
  found.push(...(await wcagViolations(page, "privacy")));

  // in another language too, from its own footer
  await page.goto("/es/accessibility");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("contentinfo").getByRole("link").first()).toHaveAttribute(
    "href",
    "/es/accessibility",
  );
  expect(found, found.join("\n")).toEqual([]);
});
