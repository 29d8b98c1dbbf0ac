import { expect, type Page, test } from "@playwright/test";
import { E2E_PASSCODE, type E2eManager, newManager, registerByApi } from "./helpers/account.ts";

async function fillRegistration(
  page: Page,
  manager: E2eManager,
  overrides: Record<string, string> = {},
) {
  const values = {
    "First name": manager.fname,
    "Last name": manager.lname,
    Phone: "+1 (555) 010-2030",
    Email: manager.email,
    Password: manager.password,
    "Confirm password": manager.password,
    "Admin passcode": E2E_PASSCODE,
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

test("registration: wrong passcode, mismatched passwords, success, then the same email again", async ({
  page,
}, testInfo) => {
  const manager = newManager(testInfo, "Grace", "Hopper");
  await page.clock.install();
  await page.goto("/registration");
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/manager");
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
  const submit = page.getByRole("button", { name: "Create account" });

  // a wrong passcode: the server's message below the form
  await fillRegistration(page, manager, { "Admin passcode": "not-the-passcode" });
  await submit.click();
  await expect(
    page.getByRole("alert").filter({ hasText: "The admin passcode is not correct." }),
  ).toBeVisible();

  // passwords that differ: refused in the browser with the spec's message
  await fillRegistration(page, manager, { "Confirm password": "another password" });
  await submit.click();
  await expect(page.getByText("Passwords you entered do not match!")).toBeVisible();
  await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");

  // success: the message and the spinner, then /manager after 10 seconds, on the page's fake
  // clock: stopped before the submit, then moved on by hand (no real 10 s wait)
  await fillRegistration(page, manager);
  await page.clock.pauseAt(Date.now() + 1_000);
  await submit.click();
  await expect(page.getByText("Registration successful!")).toBeVisible();
  await expect(page.getByText("Please Wait ...")).toBeVisible();
  await page.clock.runFor(9_900);
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByText("Please Wait ...")).toBeVisible();
  await page.clock.runFor(100); // the redirect's timer fires here
  await page.clock.resume();
  await page.waitForURL(/\/manager$/);
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();

  // the same email again (in another case): the server refuses it
  await page.goto("/registration");
  await fillRegistration(page, manager, { Email: manager.email.toUpperCase() });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toHaveText("An account with this email already exists.");
});

test("sign in, the dashboard frame, and logout", async ({ page }, testInfo) => {
  const manager = newManager(testInfo, "Mary", "Somerville");
  await registerByApi(page, manager);

  await page.goto("/manager");
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(page.getByRole("checkbox", { name: "Remember me" })).toBeVisible();
  // 'Forgot password?' leads to the reset request (tests/e2e/account-recovery.spec.ts)
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/registration",
  );

  // a wrong password: the server's message below the form
  await page.getByLabel("Email").fill(manager.email);
  await page.getByLabel("Password").fill("not my password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL(/\/manager(#forgot-password)?$/);

  // the right one: the dashboard with the server's menu
  await page.getByLabel("Password").fill(manager.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByText("Hello Mary Somerville!")).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Dashboard" });
  // a journal manager's menu: no Partners or Managers (the administrator's, roles.spec.ts)
  const links: [string, string][] = [
    ["Journals", "/dashboard"],
    ["Proceedings", "/dashboard/proceedings"],
    ["View Site", "/"],
  ];
  for (const [text, url] of links) {
    await expect(menu.getByRole("link", { name: text, exact: true })).toHaveAttribute("href", url);
  }
  await expect(menu.getByRole("link", { name: "Partners" })).toHaveCount(0);
  // the session cookie is out of the page's reach
  expect(await page.evaluate(() => document.cookie)).not.toContain("session");

  // logout (issue 15): one click signs out and goes to /manager (docs/product/api.md), and the
  // dashboard is closed again, to the page and to the API alike
  await page.getByRole("link", { name: "Logout" }).click();
  await page.waitForURL(/\/manager$/);
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
  expect((await page.request.get("/api/dashboard/admin_nav_items")).status()).toBe(401);
  await page.goto("/dashboard");
  await page.waitForURL(/\/manager$/);
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
});

test("the dashboard redirects to /manager when signed out", async ({ page }) => {
  await page.goto("/dashboard/proceedings");
  await page.waitForURL(/\/manager$/);
  await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
});

test("Remember me keeps the session in a 30-day cookie", async ({ page, context }, testInfo) => {
  const manager = newManager(testInfo);
  await registerByApi(page, manager);
  await page.goto("/manager");
  await page.getByLabel("Email").fill(manager.email);
  await page.getByLabel("Password").fill(manager.password);
  await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard$/);
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("session"));
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Strict");
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
});
