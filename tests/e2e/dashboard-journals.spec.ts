import { expect, type Page, test } from "@playwright/test";
import { signInAsNewManager } from "./helpers/account.ts";
import { answerApi, imageFile, slowDown, uniqueSuffix } from "./helpers/dashboard.ts";

/** The card of journal `name` on /dashboard. */
const card = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Journals" })
    .getByRole("article")
    .filter({
      has: page.getByRole("heading", { name, exact: true }),
    });

test("create a journal in two steps, see it Active on /dashboard and on /journals", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix(testInfo);
  const name = `Journal of Applied Ethics ${suffix}`;
  const uri = `journal-of-applied-ethics-${suffix}`;
  const cover = await imageFile(testInfo, "cover.png");
  await signInAsNewManager(page, testInfo);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Journals", level: 1 })).toBeVisible();
  await expect(card(page, "eLife").getByText("Active", { exact: true })).toBeVisible();
  const create = page.getByRole("link", { name: "Create New Journal" });
  await expect(create).toHaveAttribute("href", "/dashboard/create_journal/1");
  await create.click();

  // Step 1: only section 1 is shown
  await expect(page).toHaveURL(/\/dashboard\/create_journal\/1$/);
  await expect(page.getByText("Step 1 of 2: Journal basics")).toBeVisible();
  await expect(page.getByLabel("Submission Guidelines")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);

  // everything is required, the cover too
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(page.getByText("Enter the journal name.")).toBeVisible();
  await expect(page.getByText("Choose a cover image for the journal.")).toBeVisible();
  await expect(page.getByText("Choose a publishing frequency from the list.")).toBeVisible();
  await expect(page.getByText("Choose the journal's subject.")).toBeVisible();

  // the URI follows the name until the manager edits it
  await page.getByLabel("Journal Name").fill(name);
  await expect(page.getByLabel("Journal URI")).toHaveValue(uri);
  await page.getByLabel("Journal Abbreviation").fill("J Appl Ethics");
  await page.getByLabel("Publisher").fill("Athenaeum University Press");
  await page.getByLabel("Publishing Frequency").selectOption({ label: "Quarterly" });
  await expect(page.getByLabel("Publishing Frequency")).toHaveValue("quartely");
  await page.getByLabel("Subject").selectOption({ label: "Philosophy" });
  await page.getByLabel("ISSN").fill("2049-3631");
  await page
    .getByLabel("Journal Introduction (Summary)")
    .fill("A journal of applied ethics.\n\n<b>Plain text</b>, never markup.");
  await page.getByLabel("Journal Cover Image").setInputFiles(cover);
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(page.getByText("Enter a valid ISSN such as 2049-3630.")).toBeVisible();
  await page.getByLabel("ISSN").fill("2049-3630");

  // a URI another journal has: the server's 409 message under the form
  await page.getByLabel("Journal URI").fill("elife");
  await page.getByLabel("Journal Name").fill(`${name} `);
  await expect(page.getByLabel("Journal URI")).toHaveValue("elife");
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText: 'The journal URI "elife" is already taken. Choose another one.',
    }),
  ).toBeVisible();
  await expect(page.getByText("This journal URI is already taken.")).toBeVisible();
  await expect(page.getByLabel("Journal URI")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Journal URI").fill(uri);
  await slowDown(page, "/create_journal/1");
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(page).toHaveURL(`/dashboard/create_journal/2?journal=${uri}`);

  // Step 2 survives a reload: the URI is in the address
  await page.reload();
  await expect(page.getByText("Step 2 of 2: Guidelines and contacts")).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Journal Name")).toHaveCount(0);
  await expect(page.getByLabel("Journal Email")).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Contact Email")).toHaveAttribute("type", "email");
  await page.getByLabel("Submission Guidelines").fill("Send a PDF of at most 8,000 words.");
  await page.getByLabel("Other Guidelines").fill("Use APA references.");
  await page.getByLabel("Journal Email").fill("not-an-email");
  await page.getByLabel("Paper Submission Cost").fill("None");
  await page.getByLabel("Contact Full Name").fill("Ada Lovelace");
  await page.getByLabel("Contact Email").fill("ada@ethics.example");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByText("Enter a valid email address such as name@example.org."),
  ).toBeVisible();
  await page.getByLabel("Journal Email").fill("editor@ethics.example");
  await slowDown(page, "/create_journal/2");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeVisible();

  // back on /dashboard: the new journal, Active, with the server's buttons
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Journal Created Successfully.")).toBeVisible();
  const mine = card(page, name);
  await expect(mine.getByText("Active", { exact: true })).toBeVisible();
  await expect(mine.getByText("<b>Plain text</b>, never markup.", { exact: false })).toBeVisible();
  const buttons: [string, string][] = [
    ["Edit", `/dashboard/edit_journal/${uri}`],
    ["Publications", `/dashboard/${uri}/publications`],
    ["Add Paper", `/dashboard/paper_submission/${uri}`],
    ["View", `/journal/${uri}`],
  ];
  for (const [label, href] of buttons) {
    await expect(mine.getByRole("link", { name: new RegExp(`^${label} :`) })).toHaveAttribute(
      "href",
      href,
    );
  }
  await expect(mine.locator("img").first()).toHaveJSProperty("complete", true);

  // and on the public list
  await page.goto("/journals");
  await expect(
    page.getByRole("region", { name: "All journals" }).getByRole("heading", { name, exact: true }),
  ).toBeVisible();

  // and under the subject chosen in step 1 on /categories (About), not under More Journals
  await page.goto("/categories");
  await expect(
    page.getByRole("region", { name: "Philosophy" }).getByRole("link", { name, exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "More Journals" }).getByRole("link", { name, exact: true }),
  ).toHaveCount(0);
});

test("edit a journal in its two tabs, rename its URI, and set it Inactive", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix(testInfo);
  const name = `Annals of Logic ${suffix}`;
  const uri = `annals-of-logic-${suffix}`;
  const renamed = `logic-annals-${suffix}`;
  await signInAsNewManager(page, testInfo);

  // a journal made through the API (the two-step screen has its own test)
  const step1 = await page.request.post("/api/create_journal/1", {
    multipart: {
      journal_name: name,
      abbreviation: "Ann Logic",
      journal_uri: uri,
      publisher: "Athenaeum University Press",
      pub_frequency: "annualy",
      issn: "2049-3630",
      journal_intro: "Formal logic.",
      cover_img: {
        name: "cover.png",
        mimeType: "image/png",
        buffer: (await import("node:fs")).readFileSync(await imageFile(testInfo, "c.png")),
      },
    },
  });
  expect(step1.status()).toBe(201);
  const step2 = await page.request.post("/api/create_journal/2", {
    multipart: {
      submission_guide: "Submit online.",
      other_guide: "None.",
      journal_email: "logic@example.org",
      journal_cost: "None",
      contact_name: "Kurt Gödel",
      contact_email: "kurt@example.org",
      journal_uri: uri,
    },
  });
  expect(step2.status()).toBe(200);

  await page.goto("/dashboard");
  await card(page, name)
    .getByRole("link", { name: /^Edit :/ })
    .click();
  await expect(page).toHaveURL(`/dashboard/edit_journal/${uri}`);
  await expect(page.getByRole("heading", { name: "Edit Journal" })).toBeVisible();

  // accessible tabs: Main Details first; arrows move between them
  const main = page.getByRole("tab", { name: "Main Details" });
  const info = page.getByRole("tab", { name: "Submission Info" });
  await expect(main).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Journal Name")).toHaveValue(name);
  await expect(page.getByLabel("Publishing Frequency")).toHaveValue("annualy");
  // created through the API without a subject: More Journals
  await expect(page.getByLabel("Subject")).toHaveValue("more");
  await expect(page.getByRole("switch", { name: "Active" })).toBeChecked();
  await expect(page.getByLabel("Submission Guidelines")).toBeHidden();
  await main.focus();
  await page.keyboard.press("ArrowRight");
  await expect(info).toHaveAttribute("aria-selected", "true");
  await expect(info).toBeFocused();
  await expect(page.getByLabel("Submission Guidelines")).toHaveValue("Submit online.");
  await expect(page.getByLabel("Journal Name")).toBeHidden();

  // Submission Info: the server's msg on success
  await page.getByLabel("Paper Submission Cost").fill("USD 20");
  await page.getByRole("tabpanel").getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Journal Updated Successfully." }),
  ).toBeVisible();

  // Main Details: a taken URI is refused with a clear message
  await main.click();
  await page.getByLabel("Journal URI").fill("elife");
  await page.getByRole("tabpanel").getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: 'The journal URI "elife" is already taken.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(`/dashboard/edit_journal/${uri}`);

  // renaming the URI moves the screen to the new address, with the success msg
  await page.getByLabel("Journal URI").fill(renamed);
  await page.getByLabel("Journal Name").fill(`${name} (renamed)`);
  await page.getByLabel("Subject").selectOption({ label: "Science & Technology" });
  await slowDown(page, "/edit_journal/1");
  await page.getByRole("tabpanel").getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeVisible();
  await expect(page).toHaveURL(`/dashboard/edit_journal/${renamed}`);
  await expect(
    page.getByRole("status").filter({ hasText: "Journal Updated Successfully." }),
  ).toBeVisible();
  await expect(page.getByLabel("Journal URI")).toHaveValue(renamed);
  await expect(page.getByLabel("Subject")).toHaveValue("science-technology");

  // the other tab now works on the renamed journal
  await info.click();
  await page.getByLabel("Paper Submission Cost").fill("USD 25");
  await page.getByRole("tabpanel").getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("tabpanel").getByRole("status")).toHaveText(
    "Journal Updated Successfully.",
  );

  // Active off: the dashboard card says Inactive, readers no longer see it
  await main.click();
  await page.getByRole("switch", { name: "Active" }).uncheck();
  await page.getByRole("tabpanel").getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Journal Updated Successfully." }),
  ).toBeVisible();
  await page.goto("/dashboard");
  await expect(
    card(page, `${name} (renamed)`).getByText("Inactive", { exact: true }),
  ).toBeVisible();
  // the old URI is kept: its address answers 301 to the renamed journal (issue 8)
  const old = await page.request.get(`/api/get_journal/${uri}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/api/get_journal/${renamed}`);
  await page.goto("/journals");
  await expect(page.getByRole("heading", { name: `${name} (renamed)` })).toHaveCount(0);

  // a journal that cannot be loaded: the server's message, full-page
  await page.goto(`/dashboard/edit_journal/no-such-journal-${suffix}`);
  await expect(page.getByRole("alert")).toHaveText("No such journal.");
});

test("the journal list shows the server's message, or 'Not Authorised to Access This Page'", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await answerApi(page, "/dashboard/all_journals", 403, { status: 0 });
  await page.goto("/dashboard");
  await expect(page.getByRole("alert")).toHaveText("Not Authorised to Access This Page");
  await expect(page.getByRole("link", { name: "Create New Journal" })).toHaveCount(0);

  await page.unroute("**/api/dashboard/all_journals");
  await answerApi(page, "/dashboard/all_journals", 500, {
    status: 0,
    msg: "The catalogue is being moved; try again shortly.",
  });
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(
    "The catalogue is being moved; try again shortly.",
  );
});

test("create journal: /dashboard/create_journal means step 1, step 2 needs a journal", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.goto("/dashboard/create_journal");
  await expect(page.getByRole("button", { name: "Next Step" })).toBeVisible();
  await page.goto("/dashboard/create_journal/2");
  await expect(
    page.getByText("Which journal? Step 2 continues a journal created in step 1."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Start with step 1" }).click();
  await expect(page).toHaveURL(/\/dashboard\/create_journal\/1$/);
  await page.goto("/dashboard/create_journal/2?journal=not-a-journal");
  await expect(page.getByRole("alert")).toContainText("No such journal.");
  await page.goto("/dashboard/create_journal/3");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("a failed journal submission without a server message says 'Journal Submission failed'", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  await page.route("**/api/create_journal/1", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
  );
  await page.goto("/dashboard/create_journal/1");
  await page.getByLabel("Journal Name").fill("Anything");
  await page.getByLabel("Journal Abbreviation").fill("Any");
  await page.getByLabel("Publisher").fill("Any Press");
  await page.getByLabel("Publishing Frequency").selectOption("monthly");
  await page.getByLabel("Subject").selectOption("more");
  await page.getByLabel("ISSN").fill("2049-3630");
  await page.getByLabel("Journal Introduction (Summary)").fill("Intro.");
  await page.getByLabel("Journal Cover Image").setInputFiles(await imageFile(testInfo, "c.jpg"));
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(page.getByRole("alert")).toHaveText("Journal Submission failed");
  await expect(page).toHaveURL(/\/dashboard\/create_journal\/1$/);
});
