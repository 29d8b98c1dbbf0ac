import { expect, type Page, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";
import { addEditor, answerApi, imageFile, slowDown, uniqueSuffix } from "./helpers/dashboard.ts";

/** The card of proceeding `title` on /dashboard/proceedings. */
const card = (page: Page, title: string) =>
  page
    .getByRole("list", { name: "Proceedings" })
    .getByRole("article")
    .filter({
      has: page.getByRole("heading", { name: title, exact: true }),
    });

test("create a proceeding with a New Event and two editors, then edit it", async ({
  page,
}, testInfo) => {
  const suffix = uniqueSuffix(testInfo);
  const event = `Colloquium on Open Science ${suffix}`;
  const title = `Proceedings of the Colloquium ${suffix}`;
  await signInAsNewManager(page, testInfo);

  await page.goto("/dashboard/proceedings");
  await expect(page.getByRole("heading", { name: "Proceedings", level: 1 })).toBeVisible();
  await expect(page.getByText("PLDI '09 from 2009-06-15 to 2009-06-20")).toBeVisible();
  await page.getByRole("link", { name: "Create New Proceeding" }).click();
  await expect(page).toHaveURL(/\/dashboard\/create_proceeding$/);

  // the event select: '-- Select --', the existing events, 'New Event'
  const select = page.getByLabel("Event", { exact: true });
  await expect(select.locator("option").first()).toHaveText("-- Select --");
  await expect(select.locator("option").last()).toHaveText("New Event");
  await expect(select.locator("option", { hasText: "PLDI '09" })).toHaveCount(1);
  await expect(page.getByLabel("Event Name")).toHaveCount(0);
  await expect(page.getByLabel("Publication Year").locator("option")).toHaveCount(52);

  // nothing chosen: the form asks for an event, an introduction and a cover
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Choose the event of this proceeding, or New Event.")).toBeVisible();
  await expect(page.getByText("Choose a cover image for the proceeding.")).toBeVisible();

  // New Event reveals its fields
  await select.selectOption({ label: "New Event" });
  await expect(page.getByLabel("Event Start Date")).toHaveAttribute("type", "date");
  await expect(page.getByLabel("Event End Date")).toHaveAttribute("type", "date");
  await page.getByLabel("Event Name").fill(event);
  await page.getByLabel("Event Start Date").fill("2025-06-15");
  await page.getByLabel("Event End Date").fill("2025-06-14");
  await page.getByLabel("Proceeding Title").fill(title);
  await page.getByLabel("Sub Title").fill("Selected papers");
  await page.getByLabel("Publisher").fill("Athenaeum University Press");
  await page.getByLabel("ISSN").fill("2049-3630");
  const year = String(new Date().getFullYear() - 1);
  await page.getByLabel("Publication Year").selectOption(year);
  await page.getByLabel("Cover Image").setInputFiles(await imageFile(testInfo, "cover.png"));
  await page.getByLabel("Introduction (Summary)").fill("Papers given at the colloquium.");
  await addEditor(page, {
    name: "Grace Hopper",
    email: "grace@navy.example",
    institution: "Yale University",
    role: "Chair",
  });
  await addEditor(page, { name: "Alan Turing", role: "Programme Committee" });
  await addEditor(page, { name: "Someone Else", role: "Reviewer" });
  await page.getByRole("button", { name: "Remove editor Someone Else" }).click();
  const editors = page.getByRole("list", { name: "Editor(s) added" }).getByRole("listitem");
  await expect(editors).toHaveCount(2);

  // an event that ends before it starts is refused before sending
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("The event cannot end before it starts.")).toBeVisible();
  await page.getByLabel("Event End Date").fill("2025-06-18");

  await slowDown(page, "/create_proceedings");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("button", { name: "Creating..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/dashboard\/proceedings$/);
  await expect(page.getByText("Proceeding Created Successfully.")).toBeVisible();
  const mine = card(page, title);
  await expect(mine.getByTestId("event-line")).toHaveText(`${event} from 2025-06-15 to 2025-06-18`);
  await expect(mine.getByText("Selected papers")).toBeVisible();
  await expect(mine.getByText("Papers given at the colloquium.")).toBeVisible();
  await expect(mine.locator("img")).toHaveJSProperty("complete", true);

  // Edit: the same fields, prefilled; the event chosen and its fields shown
  await mine.getByRole("link", { name: /^Edit :/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/edit_proceeding\/\d+$/);
  await expect(page.getByLabel("Proceeding Title")).toHaveValue(title);
  await expect(page.getByLabel("Publication Year")).toHaveValue(year);
  await expect(page.getByLabel("ISSN")).toHaveValue("2049-3630");
  await expect(page.getByLabel("Event Name")).toHaveValue(event);
  await expect(page.getByLabel("Event Start Date")).toHaveValue("2025-06-15");
  await expect(editors).toHaveCount(2);
  await expect(editors.first()).toContainText("Grace Hopper");
  await expect(page.getByText("changing them changes them for every proceeding")).toBeVisible();

  // choosing another existing event shows that event's values; New Event empties them
  const editSelect = page.getByLabel("Event", { exact: true });
  await expect(editSelect.locator("option", { hasText: "-- Select --" })).toHaveCount(0);
  await editSelect.selectOption({ label: "PLDI '09 (2009-06-15 to 2009-06-20)" });
  await expect(page.getByLabel("Event Name")).toHaveValue("PLDI '09");
  await expect(page.getByLabel("Event End Date")).toHaveValue("2009-06-20");
  await editSelect.selectOption({ label: "New Event" });
  await expect(page.getByLabel("Event Name")).toHaveValue("");
  await editSelect.selectOption({ label: `${event} (2025-06-15 to 2025-06-18)` });
  await expect(page.getByLabel("Event Name")).toHaveValue(event);

  await page.getByLabel("Event End Date").fill("2025-06-19");
  await page.getByLabel("Proceeding Title").fill(`${title} (revised)`);
  await page.getByRole("button", { name: "Remove editor Alan Turing" }).click();
  await slowDown(page, "/edit_proceeding/*");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("button", { name: "Updating..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/dashboard\/proceedings$/);
  await expect(page.getByText("Proceeding Updated Successfully.")).toBeVisible();
  await expect(card(page, `${title} (revised)`).getByTestId("event-line")).toHaveText(
    `${event} from 2025-06-15 to 2025-06-19`,
  );
  await card(page, `${title} (revised)`)
    .getByRole("link", { name: /^Edit :/ })
    .click();
  await expect(editors).toHaveCount(1);
});

test("proceedings: failures show the server's message or the spec's default", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);

  await answerApi(page, "/all_proceedings/Y", 401, { status: 0, msg: "" });
  await page.goto("/dashboard/proceedings");
  await expect(page.getByRole("alert")).toHaveText("Not Authorised to Access This Page");
  await page.unroute("**/api/all_proceedings/Y");

  await page.goto("/dashboard/edit_proceeding/999999");
  await expect(page.getByRole("alert")).toHaveText("There is no such proceeding.");

  // a create that fails without a message: 'Proceedings Submission failed' below the form
  await page.route("**/api/create_proceedings", (route) =>
    route.fulfill({ status: 500, contentType: "text/plain", body: "oops" }),
  );
  await page.goto("/dashboard/create_proceeding");
  await page
    .getByLabel("Event", { exact: true })
    .selectOption({ label: "PLDI '09 (2009-06-15 to 2009-06-20)" });
  await expect(page.getByLabel("Event Name")).toHaveCount(0);
  await page.getByLabel("Proceeding Title").fill("Anything");
  await page.getByLabel("Publication Year").selectOption(String(new Date().getFullYear()));
  await page.getByLabel("Cover Image").setInputFiles(await imageFile(testInfo, "c.jpg"));
  await page.getByLabel("Introduction (Summary)").fill("Intro.");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("alert")).toHaveText("Proceedings Submission failed");
  // the next attempt, refused by the browser, shows its field's message instead of the old answer
  await page.getByLabel("Proceeding Title").fill("");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByLabel("Proceeding Title")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Proceedings Submission failed")).toHaveCount(0);

  // an update refused by the server shows its message
  await answerApi(page, "/edit_proceeding/*", 409, {
    status: 0,
    msg: "Someone else changed this proceeding.",
  });
  await page.goto("/dashboard/proceedings");
  await page
    .getByRole("link", { name: /^Edit :/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("alert")).toHaveText("Someone else changed this proceeding.");
  await page.unroute("**/api/edit_proceeding/*");
  await page.route("**/api/edit_proceeding/*", (route) => route.abort());
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("alert")).toHaveText("Proceedings Update failed");
});
