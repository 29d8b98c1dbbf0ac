/**
 * Helpers for the dashboard browser specs of journals, proceedings and partners: real image
 * files to upload (made with sharp in the test's output folder), names no other project or run
 * uses (both projects share one server), a way to slow one API call down so a form's busy
 * label ('Submitting...', 'Creating...') can be seen, the editor and author fields filled in,
 * and an issue of its own made through the API for a spec that tests what comes after.
 */
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";

/** A suffix unique to this project and run, e.g. `desktop-lx3k9a`. */
export function uniqueSuffix(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}`;
}

/**
 * Writes a real image file (a one-colour picture with a darker band) into the test's output
 * folder and returns its path, for `setInputFiles`.
 */
export async function imageFile(
  testInfo: TestInfo,
  name: string,
  { width = 300, height = 400, color = "#1e4f7a" } = {},
): Promise<string> {
  const path = testInfo.outputPath(name);
  const band = await sharp({
    create: { width, height: Math.round(height / 5), channels: 3, background: "#0b2036" },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: color } }).composite([
    { input: band, top: Math.round(height / 2), left: 0 },
  ]);
  await (name.endsWith(".jpg") ? image.jpeg() : image.png()).toFile(path);
  return path;
}

/** A random six-digit volume number, so an issue a test makes is its own in every run. */
function freshVolume(): string {
  return String(100_000 + Math.floor(Math.random() * 899_999));
}

/**
 * Creates issue 1 of a random volume in the journal `journal` (its URI), of `year` (2024 unless
 * told), with no title and a one-colour PNG cover, through POST /api/create_publication as
 * whoever `api` is signed in as (a manager or editor of the journal); a new issue is a draft.
 * Expects 201; returns the issue's id.
 */
export async function createIssueByApi(
  api: APIRequestContext,
  journal: string,
  year = "2024",
): Promise<number> {
  const cover = await sharp({
    create: { width: 300, height: 400, channels: 3, background: "#23446b" },
  })
    .png()
    .toBuffer();
  const res = await api.post(`/api/create_publication/${journal}`, {
    multipart: {
      volume: freshVolume(),
      issue: "1",
      title: "",
      year,
      cover_img: { name: "cover.png", mimeType: "image/png", buffer: cover },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** Holds every request to `/api{path}` for `ms` before sending it on (busy labels stay visible). */
export async function slowDown(page: Page, path: string, ms = 800): Promise<void> {
  await page.route(`**/api${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Answers the browser's calls to `/api{path}` (a glob) with `status` and `body` as JSON, the
 * server left out: a screen's failed load or refused action (`{ status: 0, msg }`).
 */
export async function answerApi(
  page: Page,
  path: string,
  status: number,
  body: { status: 0 | 1; msg?: string },
): Promise<void> {
  await page.route(`**/api${path}`, (route) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) }),
  );
}

/**
 * Adds one editor with the 'Editor(s)' list of an issue's or a proceeding's form
 * (app/components/forms/people-list-field.tsx): its fields filled (those not given emptied),
 * then 'Add'.
 */
export async function addEditor(
  page: Page,
  editor: { name: string; email?: string; institution?: string; role?: string },
): Promise<void> {
  const group = page.getByRole("group", { name: "Editor(s)" });
  await group.getByLabel("Name", { exact: true }).fill(editor.name);
  await group.getByLabel("Email").fill(editor.email ?? "");
  await group.getByLabel("Institution").fill(editor.institution ?? "");
  await group.getByLabel("Role").fill(editor.role ?? "");
  await group.getByRole("button", { name: "Add", exact: true }).click();
}

/** An author as the paper form's rows take it (app/components/dashboard/author-rows.tsx). */
export type AuthorEntry = {
  given?: string;
  family?: string;
  /** One name as written (an organisation), instead of given and family names. */
  literal?: string;
  email?: string;
  orcid?: string;
  corresponding?: boolean;
  affiliations?: { name: string; ror?: string }[];
};

/**
 * Adds an author row with 'Add author' and fills it as a person would; answers the row's group
 * (`Author {n}`).
 */
export async function addAuthor(page: Page, author: AuthorEntry) {
  const items = page.getByRole("list", { name: "Authors", exact: true }).getByRole("listitem");
  const n = (await items.count()) + 1;
  await page.getByRole("button", { name: "Add author", exact: true }).click();
  const row = page.getByRole("group", { name: `Author ${n}`, exact: true });
  if (author.literal !== undefined) {
    await row.getByLabel("One name as written").check();
    await row.getByLabel("Name", { exact: true }).fill(author.literal);
  } else {
    await row.getByLabel("Given names").fill(author.given ?? "");
    await row.getByLabel("Family name").fill(author.family ?? "");
  }
  if (author.email) await row.getByLabel("Email").fill(author.email);
  if (author.orcid) {
    await row.getByLabel("ORCID iD").fill(author.orcid);
    // leaving the field checks it (its message may move the fields below)
    await row.getByLabel("ORCID iD").blur();
  }
  if (author.corresponding) await row.getByLabel("Corresponding author").check();
  for (const [j, affiliation] of (author.affiliations ?? []).entries()) {
    await row.getByRole("button", { name: `Add affiliation to author ${n}` }).click();
    await row.getByLabel(`Affiliation ${j + 1}`, { exact: true }).fill(affiliation.name);
    if (affiliation.ror) {
      await row.getByLabel(`ROR id of affiliation ${j + 1}`).fill(affiliation.ror);
    }
  }
  return row;
}
