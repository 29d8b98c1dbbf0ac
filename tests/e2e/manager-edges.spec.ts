/**
 * Issue 34, what a manager meets: the rough edges, each shown as the manager sees it.
 */
import { expect, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";

test("a proceeding without editors says so in proceeding words", async ({ page }, testInfo) => {
  await signInAsNewManager(page, testInfo);
  const proceedings = (await (await page.request.get("/api/all_proceedings/Y")).json()) as {
    proceedings: { id: number; title: string }[];
  };
  const id = proceedings.proceedings.find((p) => p.title.includes("Viewer Test Workshop"))!.id;
  await page.goto(`/dashboard/proceeding_papers/${id}`);
  await page.getByRole("button", { name: /Editorial Board/ }).click();
  await expect(page.getByText("No editors are listed for this proceeding.")).toBeVisible();
  await expect(page.getByText("No editors are listed for this issue.")).toHaveCount(0);
});

test("31 February in the issue form is told as a day the month lacks", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/create_publication/plos-one");
  await page.getByLabel("Volume Number").fill("990001");
  await page.getByLabel("Issue Number").fill("1");
  await page.getByLabel("Publication Year").selectOption("2024");
  await page.getByLabel("Month", { exact: true }).selectOption({ label: "February" });
  await page.getByLabel("Day", { exact: true }).fill("31");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "February" })).toHaveText(
    "February 2024 has no day 31: choose a day from 1 to 29.",
  );
});
