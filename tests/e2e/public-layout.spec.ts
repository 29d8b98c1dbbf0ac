/**
 * Shared layout (docs/product/screens.md): header navigation, the phone menu toggle (section 4), the
 * banner's search form and heading, the fixed footer, and no banner on the dashboard.
 */
import { expect, test } from "@playwright/test";
import { collectErrors, hydrated, isPhone, mainNav, SITE } from "./public-helpers.ts";

const DEFAULT_HEADING =
  "Home of Research Journals, Articles, Dissertaions, Proceedings and more...";

test("the header links lead to Home, About, Journals and Contact", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto("/journals");
  const targets = [
    { name: "About", path: "/categories", heading: `About ${SITE}` },
    { name: "Journals", path: "/journals", heading: "Journals" },
    { name: "Contact", path: "/contact", heading: "Contact" },
    { name: "Home", path: "/", heading: `${SITE}: Academic Journals and Open Library` },
  ];
  for (const target of targets) {
    const nav = await mainNav(page);
    await nav.getByRole("link", { name: target.name, exact: true }).click();
    await expect(page).toHaveURL(target.path);
    await expect(page.getByRole("heading", { level: 1, name: target.heading })).toBeAttached();
    // The link of the current page is marked for assistive technology.
    await expect(
      (await mainNav(page)).getByRole("link", { name: target.name, exact: true }),
    ).toHaveAttribute("aria-current", "page");
  }
  expect(errors).toEqual([]);
});

test("on a phone the menu hides behind a toggle that opens and closes it", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await hydrated(page);
  // By CSS selector: role queries skip hidden elements, and the closed menu is hidden.
  const nav = page.locator("nav[aria-label=Main]");
  const toggle = page.getByRole("button", { name: /menu/i });
  if (!isPhone(testInfo)) {
    await expect(toggle).toBeHidden();
    await expect(nav.getByRole("link", { name: "Journals" })).toBeVisible();
    return;
  }
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toHaveAccessibleName("Open menu");
  await expect(toggle.locator("svg[data-icon=open]")).toBeVisible();
  const controlled = await toggle.getAttribute("aria-controls");
  expect(await nav.getAttribute("id")).toBe(controlled);

  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(toggle).toHaveAccessibleName("Close menu");
  await expect(toggle.locator("svg[data-icon=close]")).toBeVisible();
  await expect(toggle.locator("svg[data-icon=open]")).toBeHidden();

  await toggle.click();
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle.locator("svg[data-icon=open]")).toBeVisible();
  await expect(toggle.locator("svg[data-icon=close]")).toBeHidden();

  // Following a link in the open menu closes it on the next page.
  await toggle.click();
  await nav.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL("/contact");
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("the banner heading is the default text, a journal's name on its page, and hidden on phones", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  const heading = page.locator("#banner-heading");
  await expect(heading).toHaveText(DEFAULT_HEADING);
  const search = page.getByRole("searchbox", { name: /search/i });
  await expect(search).toBeVisible();
  await expect(search).toHaveAttribute("name", "banner_search");
  await expect(search).toHaveAttribute("placeholder", "Find Research...");
  await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();

  if (isPhone(testInfo)) await expect(heading).toBeHidden();
  else await expect(heading).toBeVisible();

  await page.goto("/journal/plos-one");
  await expect(heading).toHaveText("PLOS ONE");
  if (isPhone(testInfo)) await expect(heading).toBeHidden();
  else await expect(heading).toBeVisible();

  // Back to a page without header text: the default again (client-side navigation).
  await (await mainNav(page)).getByRole("link", { name: "Journals" }).click();
  await expect(page).toHaveURL("/journals");
  await expect(heading).toHaveText(DEFAULT_HEADING);
});

test("the banner search sends the words to /search as banner_search", async ({ page }) => {
  await page.goto("/journals");
  await hydrated(page);
  await page.getByRole("searchbox", { name: /search/i }).fill("fanged frog");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?banner_search=fanged(\+|%20)frog$/);
  // The banner's box keeps the words on the results page.
  await expect(page.locator("#banner_search")).toHaveValue("fanged frog");
});

test("the footer stays at the bottom of the window and never covers the content", async ({
  page,
}) => {
  await page.goto("/journals");
  const footer = page.getByRole("contentinfo");
  // the copyright line, then the accessibility statement and privacy page (issue 34)
  await expect(footer).toHaveText(
    `Copyright © ${new Date().getFullYear()} ${SITE}. Accessibility · Privacy`,
  );
  await expect(footer.getByRole("link", { name: "Accessibility" })).toHaveAttribute(
    "href",
    "/accessibility",
  );
  await expect(footer.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
  const viewport = page.viewportSize()!;
  const atTop = await footer.boundingBox();
  expect(Math.round(atTop!.y + atTop!.height)).toBe(viewport.height);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(
    () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
  );
  const atBottom = await footer.boundingBox();
  expect(Math.round(atBottom!.y + atBottom!.height)).toBe(viewport.height);
  // The last card of the page ends above the footer.
  const last = await page.locator("main article").last().boundingBox();
  expect(last!.y + last!.height).toBeLessThanOrEqual(atBottom!.y);
});

test("the dashboard shows the header and footer but no banner", async ({ page }) => {
  const email = `layout-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;
  const register = await page.request.post("/api/register", {
    data: {
      fname: "Layout",
      lname: "Tester",
      phone: "+44 20 7946 0000",
      email,
      pword: "correct horse battery",
      cpword: "correct horse battery",
      admincode: process.env.ADMIN_PASSCODE ?? "e2e-admin-passcode",
    },
  });
  expect(register.ok()).toBe(true);
  const login = await page.request.post("/api/login", {
    data: { email, pword: "correct horse battery" },
  });
  expect(login.ok()).toBe(true);

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("link", { name: SITE }).first()).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Copyright ©");
  await expect(page.locator("input[name=banner_search]")).toHaveCount(0);
  await expect(page.locator("#banner-heading")).toHaveCount(0);
});
