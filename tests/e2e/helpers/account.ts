/**
 * Managers for browser tests. `signInAsNewManager(page, testInfo)` registers a manager with the
 * e2e server's passcode and signs in through the API with the page's own cookie jar, so the
 * page is signed in for the rest of the test without going through the sign-in form.
 * Emails are unique per project and run (both projects share one server).
 */
import type { Page, TestInfo } from "@playwright/test";

/** The e2e server's admin passcode (tests/e2e/serve.ts). */
export const E2E_PASSCODE = process.env.ADMIN_PASSCODE ?? "e2e-admin-passcode";

export type E2eManager = {
  fname: string;
  lname: string;
  email: string;
  password: string;
};

let counter = 0;

/** A new manager's details with an email no other test or project uses. */
export function newManager(testInfo: TestInfo, fname = "Ada", lname = "Lovelace"): E2eManager {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    fname,
    lname,
    email: `${testInfo.project.name}-${stamp}@example.org`,
    password: "correct horse battery",
  };
}

/** Registers `manager` through POST /api/register. */
export async function registerByApi(page: Page, manager: E2eManager): Promise<void> {
  const res = await page.request.post("/api/register", {
    data: {
      fname: manager.fname,
      lname: manager.lname,
      phone: "+44 20 7946 0018",
      email: manager.email,
      pword: manager.password,
      cpword: manager.password,
      admincode: E2E_PASSCODE,
    },
  });
  if (!res.ok()) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
}

/** Registers a new manager and signs the page's browser context in. */
export async function signInAsNewManager(page: Page, testInfo: TestInfo): Promise<E2eManager> {
  const manager = newManager(testInfo);
  await registerByApi(page, manager);
  const res = await page.request.post("/api/login", {
    data: { email: manager.email, pword: manager.password },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  return manager;
}
