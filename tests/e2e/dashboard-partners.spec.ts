import { expect, type Page, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";
import { answerApi, imageFile, slowDown, uniqueSuffix } from "./helpers/dashboard.ts";

/** Partner names of the home page carousel, in carousel order (Swiper's own slide index). */
async function carouselNames(page: Page): Promise<string[]> {
  await page.goto("/");
  const carousel = page.getByTestId("partner-carousel");
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveClass(/swiper-initialized/);
  return carousel.evaluate((el) =>
    [...el.querySelectorAll(".swiper-slide")]
      .map((slide, dom) => ({
        at: Number(slide.getAttribute("data-swiper-slide-index") ?? dom),
        name: (slide.firstElementChild?.lastElementChild?.textContent ?? "").trim(),
      }))
      .sort((a, b) => a.at - b.at)
      .map((s) => s.name),
  );
}

test("add, reorder, edit and remove a partner; the home carousel follows", async ({
  page,
}, testInfo) => {
  const suffix = uniqueSuffix(testInfo);
  const name = `Institute for Open Research ${suffix}`;
  const logo = await imageFile(testInfo, "logo.png", { width: 200, height: 200, color: "#7a1e3f" });
  await signInAsNewManager(page, testInfo);

  await page.goto("/dashboard/partners");
  await expect(page.getByRole("heading", { name: "Partners", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Partners in carousel order" });
  await expect(list).toBeVisible();
  const items = list.getByRole("listitem");
  const count = await items.count();
  expect(count).toBeGreaterThan(2);
  const mine = items.filter({ hasText: name });
  const status = page.getByRole("status");

  // add: the logo is required, the link must be http(s)
  const add = page.getByRole("form", { name: "Add a Partner" });
  await add.getByLabel("Name").fill(name);
  await expect(add.getByLabel("Link")).toHaveAttribute("type", "url");
  await add.getByLabel("Link").fill("ftp://files.example.org");
  await add.getByRole("button", { name: "Add Partner" }).click();
  await expect(add.getByText("Choose the partner's logo image.")).toBeVisible();
  await expect(
    add.getByText("Enter the partner's web address starting with https://, or leave it empty."),
  ).toBeVisible();
  await add.getByLabel("Link").fill("https://open-research.example.org");
  await add.getByLabel("Logo").setInputFiles(logo);
  await slowDown(page, "/create_partner");
  await add.getByRole("button", { name: "Add Partner" }).click();
  await expect(add.getByRole("button", { name: "Adding..." })).toBeDisabled();
  await expect(status).toHaveText("Partner Added Successfully.");
  await expect(items).toHaveCount(count + 1);
  await expect(items.last()).toContainText(name);
  await expect(items.last().getByRole("link")).toHaveAttribute(
    "href",
    "https://open-research.example.org",
  );
  await expect(add.getByLabel("Name")).toHaveValue("");
  const before = (await items
    .nth(count - 1)
    .locator("p")
    .first()
    .textContent())!.trim();

  let carousel = await carouselNames(page);
  expect(carousel.at(-1)).toBe(name);
  expect(carousel.at(-2)).toBe(before);

  // Move up: one place earlier, focus stays on the button, the new position is announced
  await page.goto("/dashboard/partners");
  await mine.getByRole("button", { name: /^Move up :/ }).click();
  await expect(status).toHaveText(`${name} moved to position ${count} of ${count + 1}.`);
  await expect(items.nth(count - 1)).toContainText(name);
  await expect(items.last()).toContainText(before);
  await expect(mine.getByRole("button", { name: /^Move up :/ })).toBeFocused();
  carousel = await carouselNames(page);
  expect(carousel.slice(-2)).toEqual([name, before]);

  // Move down: back to the end; its Move down is then disabled
  await page.goto("/dashboard/partners");
  await mine.getByRole("button", { name: /^Move down :/ }).click();
  await expect(status).toHaveText(`${name} moved to position ${count + 1} of ${count + 1}.`);
  await expect(items.last()).toContainText(name);
  await expect(mine.getByRole("button", { name: /^Move down :/ })).toBeDisabled();
  await expect(items.first().getByRole("button", { name: /^Move up :/ })).toBeDisabled();

  // Edit in place: name and logo; the link stays
  await mine.getByRole("button", { name: /^Edit :/ }).click();
  const edit = page.getByRole("form", { name: `Edit ${name}` });
  await expect(edit.getByLabel("Name")).toHaveValue(name);
  await expect(edit.getByLabel("Link")).toHaveValue("https://open-research.example.org");
  await edit.getByLabel("Name").fill(`${name} (renamed)`);
  await edit
    .getByLabel("Logo")
    .setInputFiles(await imageFile(testInfo, "logo2.jpg", { width: 160, height: 160 }));
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(status).toHaveText("Partner Updated Successfully.");
  const renamed = items.filter({ hasText: `${name} (renamed)` });
  await expect(renamed).toHaveCount(1);
  await expect(renamed.getByRole("button", { name: /^Edit :/ })).toBeFocused();
  await expect(renamed.locator("img")).toHaveAttribute("src", /\.jpg$/);
  carousel = await carouselNames(page);
  expect(carousel.at(-1)).toBe(`${name} (renamed)`);

  // Remove asks first, in the dashboard's confirmation dialog (issue 15); cancelling keeps the
  // partner and gives the focus back to its Remove button
  await page.goto("/dashboard/partners");
  const removeButton = renamed.getByRole("button", { name: /^Remove :/ });
  await removeButton.click();
  const confirm = page.getByRole("dialog", { name: "Remove this partner?" });
  await expect(confirm).toHaveAccessibleDescription(
    `Are you sure you want to remove the partner "${name} (renamed)"?`,
  );
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("remove-dialog.png") });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(removeButton).toBeFocused();
  await expect(renamed).toHaveCount(1);
  await removeButton.click();
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(status).toHaveText("Partner Removed Successfully.");
  await expect(renamed).toHaveCount(0);
  await expect(items).toHaveCount(count);
  carousel = await carouselNames(page);
  expect(carousel).not.toContain(`${name} (renamed)`);
  expect(carousel.at(-1)).toBe(before);
});

test("partners: a failed load or action shows its message", async ({ page }, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await answerApi(page, "/dashboard/partners", 403, { status: 0 });
  await page.goto("/dashboard/partners");
  await expect(page.getByRole("alert")).toHaveText("Not Authorised to Access This Page");
  await page.unroute("**/api/dashboard/partners");

  await answerApi(page, "/reorder_partners", 400, {
    status: 0,
    msg: "List every partner exactly once to reorder them.",
  });
  await page.goto("/dashboard/partners");
  const list = page.getByRole("list", { name: "Partners in carousel order" });
  await list
    .getByRole("listitem")
    .nth(1)
    .getByRole("button", { name: /^Move up :/ })
    .click();
  await expect(page.getByRole("alert")).toHaveText(
    "List every partner exactly once to reorder them.",
  );

  // a name another partner has: the server's 409 under the form
  const first = (await list.getByRole("listitem").first().locator("p").first().textContent())!;
  const add = page.getByRole("form", { name: "Add a Partner" });
  await add.getByLabel("Name").fill(first.trim().toUpperCase());
  await add.getByLabel("Logo").setInputFiles(await imageFile(testInfo, "l.png"));
  await add.getByRole("button", { name: "Add Partner" }).click();
  await expect(add.getByRole("alert").last()).toHaveText(
    `A partner named "${first.trim().toUpperCase()}" already exists.`,
  );
  await expect(add.getByText("A partner with this name already exists.")).toBeVisible();
});
