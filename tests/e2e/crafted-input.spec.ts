/**
 * Crafted input, as a manager and a reader meet it (issue 15; decisions 271 and 273), at desktop
 * and phone widths:
 * - the paper form refuses a DOI that is not one by Crossref's syntax, naming the rule under the
 *   field; a 10,000-page text bomb (generated with pdf-lib) is accepted, and the form says that
 *   only its first pages' text is searchable, after the submission and on the edit screen;
 * - a paper whose title, authors, keywords and abstract hold markup, quotes and line breaks
 *   gives a page whose `<meta>` tags (read with parse5, as a browser parses HTML) carry each
 *   value once, on one line, and whose JSON-LD parses back to the same title.
 *
 * Each test works on an issue of PLOS ONE with a random volume of its own and deletes what it
 * created (a text bomb left in the catalogue would change other specs' search results).
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { textBombPdf } from "../helpers/text-bomb.ts";
import { signInAsNewManager } from "./helpers/account.ts";
import { addAuthor, createIssueByApi } from "./helpers/dashboard.ts";

const JOURNAL = "plos-one";
type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Deletes the issue's papers, then the issue. */
async function removeIssue(api: APIRequestContext, issueId: number, paperIds: number[]) {
  for (const id of paperIds) {
    expect((await api.get(`/api/delete_paper/${JOURNAL}/${id}`)).status()).toBe(200);
  }
  const res = await api.get(`/api/publication_action/${JOURNAL}/${issueId}/delete`);
  expect(res.status(), await res.text()).toBe(200);
}

test("the paper form refuses a DOI that is not one and says when a PDF's text was cut", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAsNewManager(page, testInfo);
  const issueId = await createIssueByApi(page.request, JOURNAL);
  const created: number[] = [];
  try {
    const bomb = Buffer.from(await textBombPdf());
    await page.goto(`/dashboard/paper_submission/${JOURNAL}?publication=${issueId}`);
    await page.getByLabel("Title", { exact: true }).fill("One page, ten thousand times");
    await page.getByLabel("Abstract").fill("A crafted document whose only page repeats.");
    await page.getByLabel("DOI Number").fill("10.1234/x},url={https://evil.example},title={Forged");
    await page.getByLabel("Paper File").setInputFiles({
      name: "bomb.pdf",
      mimeType: "application/pdf",
      buffer: bomb,
    });
    await addAuthor(page, { given: "Mallory", family: "Example" });
    await page.getByRole("button", { name: "Submit" }).click();
    const doiError = page.getByText(
      /^This is not a DOI as Crossref writes them: 10\., 4 to 9 digits/,
    );
    await expect(doiError).toBeVisible();
    await expect(page.getByLabel("DOI Number")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("DOI Number").fill("");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status")).toContainText("Paper Created Successfully.", {
      timeout: 90_000,
    });
    const note = page.getByText(
      /^Only the first part of this PDF's text \(pages 1–1\d\d of 10,000\) is searchable: the site keeps at most 512 KB of text and 2,000 pages of one paper\.$/,
    );
    await expect(note).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`paper-form-note-${testInfo.project.name}.png`),
      fullPage: true,
    });

    // The edit screen says it under the current file.
    await page.getByRole("link", { name: "Edit it" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/edit_paper/${JOURNAL}/\\d+$`));
    created.push(Number(page.url().split("/").at(-1)));
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(
      "One page, ten thousand times",
    );
    await expect(note).toBeVisible();
    await expect(page.getByRole("link", { name: /\.pdf$/ })).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath(`paper-edit-note-${testInfo.project.name}.png`),
      fullPage: true,
    });
  } finally {
    await removeIssue(page.request, issueId, created);
  }
});

/** Every element under `node`, depth first. */
function elements(node: Node): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    if ("tagName" in n) out.push(n);
    if ("childNodes" in n) for (const c of n.childNodes) walk(c);
    if ("content" in n && n.content) walk(n.content as unknown as Node);
  };
  walk(node);
  return out;
}
const attr = (e: Element, name: string) => e.attrs.find((a) => a.name === name)?.value;
const textOf = (e: Element) =>
  e.childNodes.map((c) => ("value" in c ? (c as { value: string }).value : "")).join("");

test("a paper's page gives hostile values once each, on one line, and JSON-LD that parses", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "phone", "the page's HTML is the same at both widths");
  await signInAsNewManager(page, testInfo);
  const issueId = await createIssueByApi(page.request, JOURNAL);
  const created: number[] = [];
  const title = 'Forged" /><script>alert(1)</script>\r\n<meta name="citation_title" content="X';
  const authors = ['Ada "Jr" <b>Lovelace</b>', "Bob\r\nTables"];
  try {
    const pdf = Buffer.from(await textBombPdf({ pages: 1, lines: 3 }));
    const res = await page.request.post(`/api/create_paper/${JOURNAL}`, {
      multipart: {
        sel_publication: String(issueId),
        title,
        doi: "",
        abstract: "First line.\r\n</script><script>alert(2)</script>\r\nLast line.",
        keywords: 'alpha, "beta"<i>; gamma\r\ndelta',
        "authors[0][name]": authors[0]!,
        "authors[1][name]": authors[1]!,
        paper_file: { name: "paper.pdf", mimeType: "application/pdf", buffer: pdf },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { paperID: number }).paperID;
    created.push(id);
    // a new issue is a draft (decision 258): published, readers see it
    const published = await page.request.get(
      `/api/publication_action/${JOURNAL}/${issueId}/publish`,
    );
    expect(published.status(), await published.text()).toBe(200);
    // signed out (the `request` fixture has no cookie): the page a reader gets
    const html = await (await request.get(`/journal/${JOURNAL}/${id}`)).text();
    const all = elements(parse(html));
    const meta = (name: string) =>
      all
        .filter((e) => e.tagName === "meta" && attr(e, "name") === name)
        .map((e) => attr(e, "content"));
    const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
    expect(meta("citation_title")).toEqual([oneLine(title)]);
    expect(meta("DC.title")).toEqual([oneLine(title)]);
    expect(meta("citation_author")).toEqual(authors.map(oneLine));
    expect(meta("citation_keywords")).toEqual(["alpha", '"beta"<i>', "gamma delta"]);
    for (const e of all.filter((x) => x.tagName === "meta")) {
      expect(attr(e, "content") ?? "").not.toMatch(/[\r\n]/);
    }
    // no script but the page's own: what the manager typed is data (JSON-LD's escaped `<`)
    for (const script of all.filter((e) => e.tagName === "script")) {
      if (attr(script, "type") === "application/ld+json") {
        expect(textOf(script)).not.toMatch(/<\/script|<!--/i);
      } else {
        expect(textOf(script)).not.toContain("alert(");
      }
    }
    const ld = all.filter(
      (e) => e.tagName === "script" && attr(e, "type") === "application/ld+json",
    );
    expect(ld).toHaveLength(1);
    const data = JSON.parse(textOf(ld[0]!)) as { headline?: string; name?: string };
    expect(oneLine(data.headline ?? data.name ?? "")).toBe(oneLine(title));
  } finally {
    await removeIssue(page.request, issueId, created);
  }
});
