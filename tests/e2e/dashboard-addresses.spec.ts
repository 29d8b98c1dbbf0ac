/**
 * Issue 15: a dashboard address no screen can show (a section other than 1 or 2, a volume that
 * is not a number, too many segments) is the '404 Page Not Found' page with HTTP status 404,
 * signed in or not (app/lib/dashboard-params.ts); a good address still opens its screen.
 */
import { expect, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";

const UNKNOWN = [
  "/dashboard/create_journal/3",
  "/dashboard/create_journal/0",
  "/dashboard/nope/x/y",
  "/dashboard/nope/x/y/z",
  "/dashboard/edit_paper/plos-one/not-a-number",
  "/dashboard/edit_proceeding/some-slug",
];

test("unknown dashboard addresses answer 404 'Page Not Found'", async ({ page }, testInfo) => {
  for (const path of UNKNOWN) {
    const signedOut = await page.request.get(path);
    expect(signedOut.status(), path).toBe(404);
  }
  await signInAsNewManager(page, testInfo);
  for (const path of UNKNOWN) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath("dashboard-404.png") });
  // a good address still opens its screen, with status 200
  const good = await page.goto("/dashboard/create_journal/1");
  expect(good?.status()).toBe(200);
  await expect(page.getByRole("button", { name: "Next Step" })).toBeVisible();
});
