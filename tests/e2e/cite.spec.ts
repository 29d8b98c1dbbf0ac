/**
 * 'Cite this paper' on the paper pages (decision 186), as a reader uses it: choose a style and
 * read the reference (fetched when the panel comes into view, decision 245), copy it, and download the BibTeX, RIS and CSL-JSON files, each of which
 * parses (citation-js) to the paper shown; when the references fail to load (the server's 503),
 * the reader is told so and 'Try again' fetches them again from the same contract path. Also the head of the page: no issue number claimed
 * for an eLife volume (decision 185), the site's and the journal's feed links (decision 187) and
 * the JSON-LD (decision 188).
 */
import { readFile } from "node:fs/promises";
import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import { expect, test } from "@playwright/test";
import { paperPath } from "./fixtures.ts";

const PAPER = {
  journal: "elife",
  title: "Basal ganglia output reflects internally-specified movements",
  doi: "10.7554/eLife.13833",
  firstAuthor: "Lintz",
};

test("a reader picks a style, copies the reference and downloads each file", async ({
  page,
  context,
  browserName,
}) => {
  // The first references after a server start build the citeproc engines in the worker: 2–4 s
  // of CPU, more than a minute of wall time on a machine loaded many times over.
  test.setTimeout(300_000);
  if (browserName === "chromium") {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => {});
  }
  await page.goto(await paperPath(page.request, PAPER.journal, PAPER.title));
  const panel = page.getByRole("region", { name: "Cite this paper" });
  await panel.scrollIntoViewIfNeeded();
  const styles = panel.getByRole("group", { name: "Citation style" });
  await expect(styles.getByRole("radio")).toHaveCount(6);

  // APA first; each style shows its own form of the same reference.
  const reference = panel.locator("p[data-style]");
  await expect(reference).toHaveAttribute("data-style", "apa");
  // fetched when the panel came into view; the worker's first job builds the citeproc engines
  await expect(reference).toContainText(`${PAPER.firstAuthor}, M. J., & Felsen, G. (2016).`, {
    timeout: 180_000,
  });
  await expect(reference).toContainText("eLife, 5, e13833");
  for (const [label, key, text] of [
    ["MLA", "mla", "Lintz, Mario J., and Gidon Felsen."],
    ["Chicago", "chicago", "Lintz, Mario J., and Gidon Felsen. 2016."],
    ["Harvard", "harvard", "Lintz, M.J. and Felsen, G. (2016)"],
    ["IEEE", "ieee", "M. J. Lintz and G. Felsen,"],
    ["Vancouver", "vancouver", "Lintz MJ, Felsen G."],
  ] as const) {
    await styles.getByText(label, { exact: true }).click();
    await expect(styles.getByRole("radio", { name: label })).toBeChecked();
    await expect(reference).toHaveAttribute("data-style", key);
    await expect(reference).toContainText(text);
    await expect(reference).not.toContainText("No. 1");
  }

  // The keyboard moves between styles too.
  await styles.getByRole("radio", { name: "Vancouver" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(styles.getByRole("radio", { name: "IEEE" })).toBeChecked();

  await panel.getByRole("button", { name: "Copy citation" }).click();
  await expect(panel.getByRole("status")).toHaveText(
    /IEEE citation copied\.|Could not copy: select the text and copy it\./,
  );

  for (const [label, extension] of [
    ["BibTeX", "bib"],
    ["RIS", "ris"],
    ["CSL-JSON", "json"],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      panel.getByRole("link", { name: label }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `basal-ganglia-output-reflects-internally-specified-movements.${extension}`,
    );
    const text = await readFile((await download.path())!, "utf8");
    const item = (await Cite.async(text)).data[0]!;
    expect(item?.title, label).toBe(PAPER.title);
    expect(item?.DOI, label).toBe(PAPER.doi);
    expect((item.author as { family: string }[])[0]?.family, label).toBe(PAPER.firstAuthor);
    expect((item.issued as { "date-parts": number[][] })["date-parts"][0]![0], label).toBe(2016);
  }
});

test("a reader whose references fail to load is told so and tries again", async ({ page }) => {
  // The panel fetches `{paper page}/citations.json` (a call of shared/file-calls.ts): the first
  // answer is the server's 503 while its worker is busy, the second a good one.
  const asked: string[] = [];
  let answers = 0;
  await page.route("**/citations.json", async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    answers += 1;
    if (answers === 1) {
      await route.fulfill({ status: 503, json: { error: "busy" } });
    } else {
      await route.fulfill({
        json: {
          styles: ["apa", "mla", "chicago", "harvard", "ieee", "vancouver"].map((key) => ({
            key,
            label: key.toUpperCase(),
            text: `Reference in ${key}.`,
          })),
        },
      });
    }
  });
  const path = await paperPath(page.request, PAPER.journal, PAPER.title);
  await page.goto(path);
  const panel = page.getByRole("region", { name: "Cite this paper" });
  await panel.scrollIntoViewIfNeeded();
  const reference = panel.locator("p[data-style]");
  await expect(reference).toContainText("The formatted references could not be loaded.");
  await expect(panel.getByRole("button", { name: "Copy citation" })).toBeHidden();

  await panel.getByRole("button", { name: "Try again" }).click();
  await expect(reference).toHaveText("Reference in apa.");
  await expect(panel.getByRole("button", { name: "Try again" })).toBeHidden();
  await expect(panel.getByRole("button", { name: "Copy citation" })).toBeVisible();
  await panel
    .getByRole("group", { name: "Citation style" })
    .getByText("MLA", { exact: true })
    .click();
  await expect(reference).toHaveText("Reference in mla.");
  expect(asked).toEqual([`${path}/citations.json`, `${path}/citations.json`]);
});

test("the page claims no issue number for an eLife volume and links both feeds", async ({
  page,
}) => {
  const response = await page.request.get(
    await paperPath(page.request, PAPER.journal, PAPER.title),
  );
  const html = await response.text();
  // The references are fetched by the panel, not rendered into the page (decision 245).
  expect(html).not.toContain("Felsen, G. (2016)");
  expect(html).toContain("The formatted references need JavaScript.");
  expect(html).toMatch(/\/citations\.json/);
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain('<meta name="citation_volume" content="5"/>');
  expect(head).not.toContain("citation_issue");
  expect(head).toContain('<meta name="DC.source" content="eLife, Vol. 5 (2016)"/>');
  expect(head).toMatch(/<link[^>]+type="application\/atom\+xml" href="\/feed\.xml"/);
  expect(head).toMatch(
    /<link[^>]+type="application\/atom\+xml" href="\/journal\/elife\/feed\.xml"/,
  );
  expect(head).toContain('<meta property="og:type" content="article"/>');
  expect(head).toMatch(/<meta property="og:image" content="http[^"]+\/files\/covers\//);
  expect(head).toContain('<meta name="twitter:card" content="summary"/>');
  const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(head)?.[1];
  const ld = JSON.parse(json!) as Record<string, unknown>;
  expect(ld["@type"]).toBe("ScholarlyArticle");
  expect(ld.sameAs).toBe(`https://doi.org/${PAPER.doi}`);
  expect((ld.isPartOf as Record<string, unknown>)["@type"]).toBe("PublicationVolume");

  await page.goto(`/journal/${PAPER.journal}/5/1`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("eLife Vol. 5 ,2016");
});
