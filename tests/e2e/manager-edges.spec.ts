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

test("a cover that is no image shows no broken preview, and says why", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/create_publication/plos-one");
  await page.getByLabel("Cover Image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is a text file, not a picture\n".repeat(20)),
  });
  await expect(
    page.getByText(
      "This file is not an image that can be shown. Choose a JPEG, PNG, WebP, GIF or AVIF image.",
    ),
  ).toBeVisible();
  await expect(page.getByAltText("Preview of the chosen image")).toHaveCount(0);
  await expect(page.getByLabel("Cover Image")).toHaveValue("");
});

test("an ORCID iD's message does not push the form under the pointer", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/paper_submission/plos-one");
  await page.getByRole("button", { name: "Add author", exact: true }).click();
  const row = page.getByRole("group", { name: "Author 1", exact: true });
  await row.getByLabel("Given names").fill("Ada");
  const orcid = row.getByLabel("ORCID iD");
  await orcid.fill("0000-0002-1825-0098");
  // what follows the author's fields, where the pointer may be on its way
  const below = row.getByRole("button", { name: "Add affiliation to author 1" });
  const before = (await below.boundingBox())!.y;
  await orcid.blur();
  await expect(row.getByRole("alert")).toContainText("check digit");
  const after = (await below.boundingBox())!.y;
  // at most a line's difference between the hint and the message in its place
  expect(Math.abs(after - before)).toBeLessThan(24);
});
