/**
 * Managers for browser tests. `signInAsNewManager(page, testInfo)` registers a manager with the
 * e2e server's passcode, makes them a site administrator (so the screen under test is theirs
 * whatever journal it touches; roles themselves are tested in roles.spec.ts) and signs in
 * through the API with the page's own cookie jar, so the page is signed in for the rest of the
 * test without going through the sign-in form. `{ role: "manager" }` leaves a journal manager.
 * Emails are unique per project and run (both projects share one server).
 */
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request,
  type TestInfo,
} from "@playwright/test";
import type { Mailbox } from "../../helpers/mailbox.ts";

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

/** The site administrator tests/e2e/serve.ts creates before the server starts. */
export const E2E_ADMIN = {
  fname: "Site",
  lname: "Administrator",
  email: "e2e-admin@example.org",
  password: "e2e administrator password",
} as const;

/** An API client signed in as {@link E2E_ADMIN} (its own cookie jar), for setting roles. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const res = await api.post("/api/login", {
    data: { email: E2E_ADMIN.email, pword: E2E_ADMIN.password },
  });
  if (!res.ok())
    throw new Error(`administrator sign-in failed: ${res.status()} ${await res.text()}`);
  return api;
}

/** The account id of `email`, from the administrator's GET /api/dashboard/managers. */
export async function accountId(api: APIRequestContext, email: string): Promise<number> {
  const res = await api.get("/api/dashboard/managers");
  const body = (await res.json()) as { managers: { id: number; email: string }[] };
  const found = body.managers.find((m) => m.email === email.toLowerCase());
  if (!found) throw new Error(`no account ${email}`);
  return found.id;
}

/** Makes `email`'s account a site administrator through the administrator's API. */
export async function makeAdministrator(baseURL: string, email: string): Promise<void> {
  const api = await adminApi(baseURL);
  try {
    const id = await accountId(api, email);
    const res = await api.post(`/api/manager_account/${id}`, { data: { role: "admin" } });
    if (!res.ok()) throw new Error(`promotion failed: ${res.status()} ${await res.text()}`);
  } finally {
    await api.dispose();
  }
}

/** Registers a new manager (an administrator unless told otherwise) and signs the page in. */
export async function signInAsNewManager(
  page: Page,
  testInfo: TestInfo,
  options: { role?: "admin" | "manager"; fname?: string; lname?: string } = {},
): Promise<E2eManager> {
  const manager = newManager(testInfo, options.fname, options.lname);
  await registerByApi(page, manager);
  if ((options.role ?? "admin") === "admin") {
    await makeAdministrator(testInfo.project.use.baseURL!, manager.email);
  }
  const res = await page.request.post("/api/login", {
    data: { email: manager.email, pword: manager.password },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  return manager;
}

/**
 * Invites `email` to register as a manager from the Managers screen (/dashboard/managers), as
 * the page's signed-in administrator; sees the screen say the invitation is sent and for how
 * long its link works, and answers the token of the registration link (`/registration?invite=…`)
 * in the first mail to `email` that `mailbox` receives. Throws when that mail has no such link.
 */
export async function inviteManager(page: Page, mailbox: Mailbox, email: string): Promise<string> {
  await page.goto("/dashboard/managers");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByText(`Invitation sent to ${email}. The link works once, for 7 days.`),
  ).toBeVisible();
  const mail = await mailbox.waitFor(email);
  const token = mail.text.match(/registration\?invite=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return token;
}

/**
 * Runs `use` with a page of a new browser context at this project's address and width, nobody
 * signed in (somebody else's browser: a reader, an invited person), and closes the context
 * afterwards, also when `use` throws. Answers what `use` answers.
 */
export async function asGuest<T>(
  browser: Browser,
  testInfo: TestInfo,
  use: (guest: Page) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: testInfo.project.use.viewport,
  });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Opens the invitation link of `token` (`/registration?invite=…`) on `page` and sees it refused
 * as a used or expired one: the alert says so and the registration form asks for the admin
 * passcode again, as it does without an invitation.
 */
export async function expectInvitationRefused(page: Page, token: string): Promise<void> {
  await page.goto(`/registration?invite=${token}`);
  await expect(page.getByRole("alert").first()).toHaveText(
    /This invitation link has expired or has already been used/,
  );
  await expect(page.getByLabel("Admin passcode")).toBeVisible();
}
