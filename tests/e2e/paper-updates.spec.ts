/**
 * A paper corrected, then retracted (issue 33, decision 490), as a manager and a reader see it:
 * a new published paper with a PDF and a JATS full text is edited with a change note (version 2;
 * version 1 stays readable at its own address), then the manager adds a correction and a
 * retraction with the edit screen's 'Add a notice' form. The banner names both notices on the
 * paper's page, in its PDF reader and on its HTML full text; the PDF download is stamped
 * "Retracted" on every page. Desktop and phone, one test each.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { inspectPdf } from "../../server/services/pdf.ts";
import { CORPUS_DIR } from "./fixtures.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { createIssueByApi } from "./helpers/dashboard.ts";

const JOURNAL = "plos-one";

const ARTICLE = `<?xml version="1.0" encoding="UTF-8"?>
<article xmlns:xlink="http://www.w3.org/1999/xlink" xml:lang="en">
<front><article-meta><title-group><article-title>Annotations in practice</article-title></title-group>
<abstract><p>An abstract.</p></abstract></article-meta></front>
<body><sec id="s1"><title>Introduction</title><p>Sticky notes are studied here.</p></sec></body>
</article>`;

test("a paper corrected then retracted: banner on page, reader and full text, stamped download", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signInAsNewManager(page, testInfo);
  const api = page.request;
  const issueId = await createIssueByApi(api, JOURNAL);
  const pdf = await readFile(`${CORPUS_DIR}/pdfs/annotation-link-text-popup.pdf`);
  const created = await api.post(`/api/create_paper/${JOURNAL}`, {
    multipart: {
      sel_publication: String(issueId),
      title: "Annotations in practice",
      doi: "",
      abstract: "How readers annotate.",
      keywords: "annotation",
      "authors[0][name]": "Ada Lovelace",
      paper_file: { name: "paper.pdf", mimeType: "application/pdf", buffer: pdf },
      jats_file: { name: "article.xml", mimeType: "application/xml", buffer: Buffer.from(ARTICLE) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { paperID: number }).paperID;
  const published = await api.get(`/api/publication_action/${JOURNAL}/${issueId}/publish`);
  expect(published.status(), await published.text()).toBe(200);
  const paperPage = `/journal/${JOURNAL}/${id}`;

  try {
    // corrected: an edit with a change note makes version 2
    await page.goto(`/dashboard/edit_paper/${JOURNAL}/${id}`);
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Annotations in practice", {
      timeout: 30_000,
    });
    await page.getByLabel("Title", { exact: true }).fill("Annotations in practice (corrected)");
    await page.getByLabel(/^Change note/).fill("Figure 1 corrected.");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(page.getByText("Paper Updated Successfully.")).toBeVisible({ timeout: 30_000 });

    // the notices, with the edit screen's form
    const notices = page.getByRole("region", { name: "Add a notice" });
    const addNotice = async (type: string, title: string, text: string) => {
      await notices.getByLabel("Type").selectOption({ label: type });
      await notices.getByLabel("Notice title").fill(title);
      await notices.getByLabel("Notice text").fill(text);
      await notices.getByRole("button", { name: "Add notice" }).click();
      await expect(notices.getByText("The notice was added to the paper.")).toBeVisible({
        timeout: 30_000,
      });
    };
    await addNotice("Correction", "Correction to Figure 1", "The axis labels were swapped.");
    await addNotice("Retraction", "Retraction of the paper", "The data could not be reproduced.");

    // the paper's page: banner, versions, the earlier version at its own address
    await page.goto(paperPage);
    const banner = page.locator("[data-update-banner]");
    await expect(banner).toContainText("Retraction notice: Retraction of the paper");
    await expect(banner).toContainText("Correction notice: Correction to Figure 1");
    await expect(page.getByRole("heading", { name: "Versions" })).toBeVisible();
    await page.getByRole("link", { name: /^Version 1,/ }).click();
    await expect(page).toHaveURL(`${paperPage}/version/1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Annotations in practice");
    await expect(page.locator("[data-version-note]")).toContainText("version 1");

    // the PDF reader keeps the banner above it
    await page.goto(paperPage);
    await page.getByRole("button", { name: "Open Full Text (PDF)" }).click();
    await expect(page.locator("[data-reader-slot]")).toBeVisible({ timeout: 30_000 });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Retraction notice");

    // the HTML full text
    await page.goto(`${paperPage}/fulltext`);
    await expect(page.locator("[data-update-banner]")).toContainText(
      "Retraction notice: Retraction of the paper",
    );

    // the download is stamped on every page
    const link = await page
      .goto(paperPage)
      .then(() => page.getByRole("link", { name: "Download PDF file" }).getAttribute("href"));
    const download = await api.get(link!);
    expect(download.status()).toBe(200);
    const info = await inspectPdf(new Uint8Array(await download.body()));
    expect(info.pageCount).toBeGreaterThan(0);
    expect(info.text?.match(/RETRACTED/g)?.length).toBe(info.pageCount);
  } finally {
    await api.get(`/api/delete_paper/${JOURNAL}/${id}`);
    await api.get(`/api/publication_action/${JOURNAL}/${issueId}/delete`);
  }
});
