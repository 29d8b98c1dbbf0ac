/**
 * Account recovery and the manager's own account (issue 8): 'Forgot password?' → the reset
 * request → the link read from the mail that reached an SMTP server in this process → a new
 * password, once; and renaming oneself and changing one's password on /dashboard/account, with
 * their error states. `SCREENSHOT_DIR` set: the new screens are saved there as PNGs.
 */
import { expect, test } from "@playwright/test";
import { newManager, registerByApi, signInAsNewManager } from "./helpers/account.ts";
import { resetTokenIn, specMailbox } from "./helpers/mail.ts";
import { screenshotForReview } from "./helpers/screenshot.ts";

// each test hashes several passwords (scrypt, a quarter of a second each on an idle machine)
test.slow();

const mailbox = specMailbox();

const LINK_USED =
  "This password reset link has expired or has already been used. Please ask for a new one.";

test("forgot password: the emailed link sets a new password once and signs in", async ({
  page,
  request,
}, testInfo) => {
  const manager = newManager(testInfo, "Emmy", "Noether");
  await registerByApi(page, manager);

  await page.goto("/manager");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await screenshotForReview(page, testInfo, "forgot-password");

  // refused in the browser: no address, then not an address
  const send = page.getByRole("button", { name: "Send reset link" });
  await send.click();
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
  await page.getByLabel("Email").fill("not an address");
  await send.click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();

  // an address without an account gets the same answer as one with
  await page.getByLabel("Email").fill(`nobody-${manager.email}`);
  await send.click();
  await expect(page.getByRole("status")).toContainText("Check your email");
  const answer = await page.getByRole("status").innerText();

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(manager.email.toUpperCase());
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("Check your email");
  expect(await page.getByRole("status").innerText()).toBe(answer);
  await expect(page.getByRole("status")).toContainText("The link works once, within 1 hour.");
  await screenshotForReview(page, testInfo, "forgot-password-sent");

  const mail = await mailbox.waitFor(manager.email);
  expect(mail.subject).toBe("Reset your Athenaeum password");
  expect(mail.text).toContain("Hello Emmy Noether,");
  expect(mailbox.countFor(`nobody-${manager.email}`)).toBe(0);
  const link = `/reset-password#${resetTokenIn(mail.text)}`;
  expect(mail.text).toContain(`${new URL(page.url()).origin}${link}`);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  const save = page.getByRole("button", { name: "Set new password" });
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  await screenshotForReview(page, testInfo, "reset-password");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await save.click();
  await expect(page.getByText("Your password must be at least 8 characters long.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a new passphrase");
  await page.getByLabel("Confirm new password").fill("another passphrase");
  await save.click();
  await expect(page.getByText("Passwords you entered do not match!")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("a new passphrase");
  await save.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Hello Emmy Noether!")).toBeVisible();

  // the link works once
  await page.goto("/manager");
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText(LINK_USED);
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  await screenshotForReview(page, testInfo, "reset-password-used");
  // a page without a link says the same
  await page.goto("/manager");
  await page.goto("/reset-password");
  await expect(page.getByRole("alert")).toHaveText(LINK_USED);

  // the old password is refused, the new one signs in
  const login = (pword: string) =>
    request.post("/api/login", { data: { email: manager.email, pword } });
  expect((await login(manager.password)).status()).toBe(401);
  expect((await login("a new passphrase")).status()).toBe(200);
});

test("dashboard account: rename, and change the password with its error states", async ({
  page,
  request,
}, testInfo) => {
  const manager = await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expect(page.getByText(manager.email)).toBeVisible();
  await screenshotForReview(page, testInfo, "dashboard-account");

  // name: refused empty, then saved and greeted by it
  const nameForm = page.getByRole("region", { name: "Your name" });
  await nameForm.getByLabel("First name").fill("");
  await nameForm.getByRole("button", { name: "Save name" }).click();
  await expect(nameForm.getByText("Please enter your first name.")).toBeVisible();
  await nameForm.getByLabel("First name").fill("Augusta Ada");
  await nameForm.getByLabel("Last name").fill("King");
  await nameForm.getByRole("button", { name: "Save name" }).click();
  await expect(nameForm.getByRole("status")).toHaveText("Your name has been saved.");
  await expect(page.getByText("Hello Augusta Ada King!")).toBeVisible();

  // password: the browser's checks, the server's wrong current password, then success
  const form = page.getByRole("region", { name: "Change password" });
  const change = form.getByRole("button", { name: "Change password" });
  await change.click();
  await expect(form.getByText("Please enter your current password.")).toBeVisible();
  await form.getByLabel("Current password").fill(manager.password);
  await form.getByLabel("New password", { exact: true }).fill("a fresh passphrase");
  await form.getByLabel("Confirm new password").fill("a different one");
  await change.click();
  await expect(form.getByText("Passwords you entered do not match!")).toBeVisible();
  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("Confirm new password").fill("a fresh passphrase");
  await change.click();
  await expect(form.getByRole("alert").last()).toHaveText("Your current password is not correct.");
  await screenshotForReview(page, testInfo, "dashboard-account-error");
  await form.getByLabel("Current password").fill(manager.password);
  await change.click();
  await expect(form.getByRole("status")).toHaveText(
    "Your password has been changed. You are signed out everywhere else.",
  );
  await expect(form.getByLabel("Current password")).toHaveValue("");

  // still signed in here; the new password is the one that works
  await page.reload();
  // the dashboard frame loads in the browser after the reload; a busy machine takes a while
  await expect(page.getByText("Hello Augusta Ada King!")).toBeVisible({ timeout: 30_000 });
  const login = (pword: string) =>
    request.post("/api/login", { data: { email: manager.email, pword } });
  expect((await login(manager.password)).status()).toBe(401);
  expect((await login("a fresh passphrase")).status()).toBe(200);
});
