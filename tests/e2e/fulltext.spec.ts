import { readFileSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signInAsNewManager } from "./helpers/account.ts";
import { wcagViolations } from "./helpers/axe.ts";
import { addAuthor } from "./helpers/dashboard.ts";
import { javaAvailable, nuErrors } from "./helpers/nu-checker.ts";

// axe over a paper's thousands of elements (MathML included) takes tens of seconds
test.describe.configure({ timeout: 300_000 });

const CORPUS = path.resolve(import.meta.dirname, "../../corpus");
const BUDGET = 100 * 1024;

/** The abstract page of the corpus paper with `doi` (a pasted DOI finds it in search). */
async function paperPage(api: APIRequestContext, doi: string): Promise<string> {
  const res = await api.get(`/api/search?q=${encodeURIComponent(doi)}`);
  const hits = (await res.json()).results.hits as { link: string }[];
  const link = hits[0]?.link;
  if (!link) throw new Error(`no paper ${doi}`);
  return link;
}

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, "the page scrolls sideways").toBeLessThanOrEqual(client);
}

/**
 * axe's violations (of any impact) on the page. The page is first scrolled through, a
 * screen at a time, and back: a full text lays out its later sections only as they near the
 * viewport (content-visibility, decision 330), and axe checks only what is laid out where the
 * reader will see it; once seen, a section keeps its real size, so every element is checked.
 */
async function axeViolations(page: Page, label: string): Promise<string[]> {
  await page.evaluate(async () => {
    const back = window.scrollY;
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }
    window.scrollTo(0, back);
  });
  return wcagViolations(page, label);
}

test("an eLife paper: sections, a figure caption, references; a citation reaches its reference", async ({
  page,
}, testInfo) => {
  const abstract = await paperPage(page.request, "10.7554/eLife.00005");
  await page.goto(abstract);
  await page.getByRole("link", { name: "Full Text (HTML)" }).click();
  await expect(page).toHaveURL(`${abstract}/fulltext`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Molecular architecture of human polycomb repressive complex 2",
  );
  const contents = page.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link", { name: "Introduction" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Introduction" })).toBeVisible();
  const figure = page.locator("figure.ft-figure").first();
  await expect(figure.locator("figcaption")).toContainText("Figure 1");
  await expect(figure.getByText(/was not supplied with this paper/)).toBeVisible();
  await expect(page.locator("figure.ft-figure img")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "References" })).toBeVisible();
  await expect(page.locator("#references li")).toHaveCount(46);
  await noSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`fulltext-elife-${testInfo.project.name}.png`),
  });

  // a citation: its reference on hover, and a click goes to it
  const cite = page.locator(".cite").first();
  const target = (await cite.locator("a").getAttribute("href")) ?? "";
  await cite.locator("a").hover();
  await expect(cite.getByRole("tooltip")).toBeVisible();
  await cite.locator("a").click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator(target)).toBeInViewport();
  await noSidewaysScroll(page);

  // the contents list leads to its section
  await contents.getByRole("link", { name: "Introduction" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Introduction" })).toBeInViewport();
  expect(await axeViolations(page, "eLife full text")).toEqual([]);
});

test("a PLOS paper: a table with header cells, formulas, references with DOI links", async ({
  page,
}, testInfo) => {
  const abstract = await paperPage(page.request, "10.1371/journal.pone.0114370");
  await page.goto(`${abstract}/fulltext`);
  const table = page.locator("figure.ft-table").first();
  await expect(table.locator("figcaption")).toContainText("Table 1");
  await expect(table.getByRole("columnheader").first()).toBeAttached();
  await expect(page.locator(".ft-formula math").first()).toBeVisible();
  await expect(page.locator("p math").first()).toBeAttached();
  await expect(
    page.locator("#references").getByRole("link", { name: "DOI" }).first(),
  ).toHaveAttribute("href", /^https:\/\/doi\.org\/10\./);
  await table.scrollIntoViewIfNeeded();
  await noSidewaysScroll(page);
  await page.screenshot({
    path: testInfo.outputPath(`fulltext-plos-${testInfo.project.name}.png`),
  });
  await page.locator(".ft-formula").first().scrollIntoViewIfNeeded();
  await page.screenshot({
    path: testInfo.outputPath(`fulltext-plos-formula-${testInfo.project.name}.png`),
  });
  expect(await axeViolations(page, "PLOS full text")).toEqual([]);
});

test("the full-text page stays within the JS budget", async ({ browser, page }) => {
  const abstract = await paperPage(page.request, "10.7554/eLife.04490");
  const context = await browser.newContext();
  const tab = await context.newPage();
  const sizes: Promise<number>[] = [];
  tab.on("requestfinished", (request) => {
    if (request.resourceType() === "script") {
      sizes.push(request.sizes().then((s) => s.responseBodySize));
    }
  });
  await tab.goto(`${abstract}/fulltext`, { waitUntil: "networkidle" });
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  await context.close();
  expect(bytes).toBeLessThanOrEqual(BUDGET);
});

/** The full-text pages of every corpus paper (the journals' papers that have one). */
async function corpusFullTexts(api: APIRequestContext): Promise<string[]> {
  const out: string[] = [];
  const journals = (await (await api.get("/api/all_journals")).json()).journals as {
    link: string;
  }[];
  for (const { link } of journals) {
    const journal = link.split("/")[2];
    const issues = (await (await api.get(`/api/get_publications/${journal}/Y`)).json())
      .publications as { volume: string; issue: string }[];
    for (const issue of issues) {
      const res = await api.get(`/api/get_publication/${journal}/${issue.volume}/${issue.issue}`);
      const papers = (await res.json()).publication.papers as { paperID: number }[];
      for (const { paperID } of papers) {
        const url = `/journal/${journal}/${paperID}/fulltext`;
        if ((await api.get(url)).status() === 200) out.push(url);
      }
    }
  }
  return out;
}

// Every corpus full text is checked in the desktop project (axe's rules and the Nu checker read
// the same markup at any width; the two papers above are checked by axe at both widths). axe
// takes tens of seconds a page, so the pages are split into parts that the two workers may run
// at the same time (decision 340); every page is in exactly one part, and the Nu checker reads
// them all in one run of its own.
const AXE_PARTS = 4;
test.describe("every corpus full text", () => {
  test.describe.configure({ mode: "parallel" });

  for (let part = 0; part < AXE_PARTS; part++) {
    test(`axe finds no violation (part ${part + 1} of ${AXE_PARTS})`, async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
      test.setTimeout(1_800_000);
      const pages = await corpusFullTexts(page.request);
      expect(pages.length).toBeGreaterThanOrEqual(20);
      const found: string[] = [];
      for (const url of pages.filter((_, i) => i % AXE_PARTS === part)) {
        await page.goto(url);
        found.push(...(await axeViolations(page, url)));
      }
      expect(found).toEqual([]);
    });
  }

  test("the Nu checker finds no error", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "runs once, in the desktop project");
    test.setTimeout(600_000);
    const pages = await corpusFullTexts(page.request);
    expect(pages.length).toBeGreaterThanOrEqual(20);
    if (!javaAvailable()) {
      console.warn("fulltext Nu check skipped: java is missing (Debian's default-jre-headless)");
      return;
    }
    const checked = await Promise.all(
      pages.map(async (url) => ({ label: url, html: await (await page.request.get(url)).text() })),
    );
    const errors = nuErrors(checked);
    expect(errors.slice(0, 30), `${errors.length} errors`).toEqual([]);
  });
});

test("a manager adds a paper with its JATS file and reads it; a hostile file is refused", async ({
  page,
}, testInfo) => {
  await signInAsNewManager(page, testInfo);
  const journal = "plos-one";
  const cover = await sharp({
    create: { width: 300, height: 400, channels: 3, background: "#234" },
  })
    .png()
    .toBuffer();
  const volume = String(100_000 + Math.floor(Math.random() * 899_999));
  const issue = await page.request.post(`/api/create_publication/${journal}`, {
    multipart: {
      volume,
      issue: "1",
      title: "",
      year: "2024",
      cover_img: { name: "c.png", mimeType: "image/png", buffer: cover },
    },
  });
  expect(issue.status()).toBe(201);
  const issueId = ((await issue.json()) as { id: number }).id;
  const created: number[] = [];
  try {
    await page.goto(`/dashboard/paper_submission/${journal}?publication=${issueId}`);
    const title = `A frog that gives birth ${testInfo.project.name}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Abstract").fill("Tadpoles, born.");
    await page
      .getByLabel("Paper File")
      .setInputFiles(path.join(CORPUS, "pdfs/hindawi-grp-2016-6263095.pdf"));
    await addAuthor(page, { given: "Djoko T.", family: "Iskandar" });

    // a hostile file first: refused at its field, nothing created
    await page.getByLabel("JATS XML file").setInputFiles({
      name: "laughs.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE article [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;">]><article>&b;</article>',
      ),
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(/declares its own entities/).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByLabel("JATS XML file")).toHaveAttribute("aria-invalid", "true");

    await page
      .getByLabel("JATS XML file")
      .setInputFiles(path.join(CORPUS, "jats/journal.pone.0115884.xml"));

    // fill the empty fields from it: what the manager typed stays, and is said to stay
    await page.getByRole("button", { name: "Fill empty fields from this file" }).click();
    const filled = page.getByRole("status").filter({ hasText: "Filled from the JATS file" });
    await expect(filled).toContainText(/references/, { timeout: 30_000 });
    await expect(filled).toContainText(
      /Kept what you entered \(the file differs\): Title, Abstract/,
    );
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("DOI Number")).toHaveValue("10.1371/journal.pone.0115884");
    await expect(page.getByLabel("Received")).toHaveValue(/^2014-\d{2}-\d{2}$/);
    await expect(page.getByText(/^References \(\d+\)/)).toBeVisible();
    await page.getByText("Full text in JATS XML").scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`paper-form-filled-${testInfo.project.name}.png`),
      fullPage: true,
    });
    await noSidewaysScroll(page);
    // the corpus paper holds this DOI already (one paper per DOI)
    await page.getByLabel("DOI Number").fill("");
    await page.getByRole("button", { name: "Submit" }).click();
    const success = page.getByRole("status").filter({ hasText: "Paper Created" });
    await expect(success).toContainText("Paper Created Successfully.", {
      timeout: 90_000,
    });
    await page.getByRole("link", { name: "Open the paper" }).click();
    created.push(Number(page.url().split("/").at(-1)));
    await page.getByRole("link", { name: "Full Text (HTML)" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("heading", { level: 2, name: "Introduction" })).toBeVisible();
    await expect(page.locator("#references li").first()).toBeVisible();
    await noSidewaysScroll(page);
    await page.screenshot({
      path: testInfo.outputPath(`fulltext-uploaded-${testInfo.project.name}.png`),
    });
    const jats = await page.request.get(`${page.url().replace(/\/fulltext$/, "")}/jats.xml`);
    expect(jats.status()).toBe(200);
    expect(await jats.text()).toBe(
      readFileSync(path.join(CORPUS, "jats/journal.pone.0115884.xml"), "utf8"),
    );

    // the manager removes the full text from the edit form, after a confirmation
    const paperUrl = page.url().replace(/\/fulltext$/, "");
    const id = created[0];
    await page.goto(`/dashboard/edit_paper/${journal}/${id}`);
    // the dashboard loads in the browser: on the loaded test machine that took more than 10 s
    await expect(page.getByRole("link", { name: "HTML full text" })).toHaveAttribute(
      "href",
      `${new URL(paperUrl).pathname}/fulltext`,
      { timeout: 60_000 },
    );
    await page.getByText("Full text in JATS XML").scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`paper-form-edit-fulltext-${testInfo.project.name}.png`),
    });
    await page.getByRole("button", { name: "Remove the HTML full text" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove the HTML full text" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("link", { name: "HTML full text" })).toBeVisible();
    await page.getByRole("button", { name: "Remove the HTML full text" }).click();
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("status").filter({ hasText: "removed" })).toHaveText(
      "The HTML full text was removed.",
    );
    // the focused button went with the full text: focus is on the next control, not lost
    await expect(page.getByLabel("JATS XML file")).toBeFocused();
    await expect(page.getByRole("link", { name: "HTML full text" })).toHaveCount(0);
    expect((await page.request.get(`${paperUrl}/fulltext`)).status()).toBe(404);
    const generated = await page.request.get(`${paperUrl}/jats.xml`);
    expect(generated.status()).toBe(200);
    expect(await generated.text()).toContain(`<article-title>${title}</article-title>`);
    await page.goto(paperUrl);
    await expect(page.getByRole("link", { name: "Full Text (HTML)" })).toHaveCount(0);
  } finally {
    for (const id of created) await page.request.get(`/api/delete_paper/${journal}/${id}`);
    await page.request.get(`/api/publication_action/${journal}/${issueId}/delete`);
  }
});
