/**
 * The HTML full text of corpus papers (issue 18; decisions 285, 287, 289): the importer keeps
 * each JATS file as a galley the storage sweep keeps, the full-text pages of an eLife and a PLOS
 * paper render their sections, figures, tables, formulas and references with working in-page
 * links and one `h1`, the paper page links to it (`citation_fulltext_html_url`, JSON-LD
 * `hasPart`), a paper without JATS has no such page, and search finds words of the JATS body.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, type RouterContextProvider } from "react-router";
import request from "supertest";
import { describe, expect, it } from "vitest";
import {
  type FullTextOutline,
  FullTextPage,
} from "../../app/components/fulltext/full-text-page.tsx";
import { ArticleHtml, articleHtmlSlot } from "../../app/lib/article-html.ts";
import { loader as paperLoader, meta as paperMetaOf } from "../../app/routes/paper.tsx";
import { loader as fullTextLoader } from "../../app/routes/paper-fulltext.tsx";
import { searchPapers } from "../../server/features/search/search.ts";
import { referencedKeys, sweepStorage } from "../../server/storage/sweep.ts";
import type { PaperDetail } from "../../shared/api.ts";
import { CORPUS_DIR, dialectUnderTest } from "../helpers/context.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { journalPaperOf, smallCorpusFileContext } from "../helpers/seeded-context.ts";

const t = smallCorpusFileContext();
const paperByDoi = (doi: string) => journalPaperOf(t, doi);

async function fullTextPage(doi: string) {
  const { id, uri } = await paperByDoi(doi);
  const args = loaderArgs(t.ctx, { journalUrl: uri, paper: String(id) });
  const out = await runLoader(() => fullTextLoader(args));
  const { context }: { context: RouterContextProvider } = args;
  const data = out.data as { paper: PaperDetail; text: FullTextOutline };
  // the article's HTML reaches the page as app/entry.server.tsx hands it over (decision 319)
  const html =
    out.status === 200
      ? renderToStaticMarkup(
          createElement(
            ArticleHtml,
            { value: context.get(articleHtmlSlot) },
            createElement(
              MemoryRouter,
              null,
              createElement(FullTextPage, {
                paper: data.paper,
                text: data.text,
                source: { label: data.paper.journal_title, link: data.paper.issue_link },
                abstractLink: `/journal/${uri}/${id}`,
              }),
            ),
          ),
        )
      : "";
  return { status: out.status, html, text: data?.text, id, uri };
}

/** Every `href="#…"` of `html` names an `id` of it. */
function expectAnchorsResolve(html: string) {
  const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
  expect(targets.length).toBeGreaterThan(0);
  expect(targets.filter((target) => !ids.has(target))).toEqual([]);
}

describe(`HTML full text of corpus papers (${dialectUnderTest})`, () => {
  it("keeps every imported JATS file as a galley, which the storage sweep keeps", async () => {
    const galleys = await t.ctx.db.selectFrom("paper_jats").selectAll().execute();
    expect(galleys).toHaveLength(10); // the small corpus's journal papers with JATS
    for (const g of galleys) {
      expect(g.storage_key).toMatch(/^jats\/[0-9a-f]{32}\.xml$/);
      expect(g.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(await t.ctx.storage.stat(g.storage_key)).toMatchObject({ size: g.size });
    }
    const keys = await referencedKeys(t.ctx);
    for (const g of galleys) expect(keys.has(g.storage_key)).toBe(true);
    await sweepStorage(t.ctx, 0);
    for (const g of galleys) expect(await t.ctx.storage.stat(g.storage_key)).not.toBeNull();
  });

  it("renders an eLife paper: sections, figure captions with a note for the missing image, references", async () => {
    const page = await fullTextPage("10.7554/eLife.00005");
    expect(page.status).toBe(200);
    expect(page.html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page.html).toContain(">Introduction</h2>");
    expect(page.html).toMatch(/<figure id="ft-[^"]+" class="ft-figure"><p class="ft-missing">/);
    expect(page.html).toContain("<figcaption>");
    expect(page.html).not.toContain("<img");
    expect(page.html).toMatch(/<section id="references"><h2>References<\/h2>/);
    const references = page.html.slice(page.html.indexOf('<ol class="ft-refs">'));
    expect(references.slice(0, references.indexOf("</ol>")).match(/<li id="/g)).toHaveLength(46);
    expect(page.html).toMatch(/<span class="cite"><a href="#ft-bib\d+">/);
    expectAnchorsResolve(page.html);
  });

  it("renders a PLOS paper: MathML formulas, numbered, and DOI links of its references", async () => {
    const page = await fullTextPage("10.1371/journal.pcbi.1004141");
    expect(page.status).toBe(200);
    expect(page.html).toContain('<math display="block">');
    expect(page.html).toMatch(/<span class="ft-formula-label">\(1\)<\/span>/);
    expect(page.html).toContain('href="https://doi.org/10.');
    expect(page.html).toContain('<article aria-labelledby="paper-title" lang="en"');
    expect(page.html.includes(">Author contributions</h2>")).toBe(true);
    expectAnchorsResolve(page.html);
  });

  it("renders a PLOS table with header cells in its own scroll box", async () => {
    const page = await fullTextPage("10.1371/journal.pone.0115884");
    expect(page.status).toBe(200);
    expect(
      /class="ft-scroll" tabindex="0" role="group"[^>]*><table><thead><tr><th/.test(page.html),
    ).toBe(true);
  });

  it("is a 404 for a paper without JATS and for an unknown paper", async () => {
    const sprouts = await t.ctx.db
      .selectFrom("papers as p")
      .innerJoin("publications as pub", "pub.id", "p.publication_id")
      .innerJoin("journals as j", "j.id", "pub.journal_id")
      .leftJoin("paper_jats as g", "g.paper_id", "p.id")
      .select(["p.id", "j.uri"])
      .where("g.paper_id", "is", null)
      .executeTakeFirstOrThrow();
    const args = (id: number) => loaderArgs(t.ctx, { journalUrl: sprouts.uri, paper: String(id) });
    expect((await runLoader(() => fullTextLoader(args(sprouts.id)))).status).toBe(404);
    expect((await runLoader(() => fullTextLoader(args(999_999)))).status).toBe(404);
  });

  it("links the paper page to it: the loader, citation_fulltext_html_url and JSON-LD hasPart", async () => {
    const { id, uri } = await paperByDoi("10.7554/eLife.00005");
    const out = await runLoader(() =>
      paperLoader(loaderArgs(t.ctx, { journalUrl: uri, paper: String(id) })),
    );
    const data = out.data as { fullText: string; paper: PaperDetail };
    expect(data.fullText).toBe(`/journal/${uri}/${id}/fulltext`);
    const matches = [{ id: "root", loaderData: { origin: "https://j.example", siteName: "S" } }];
    const tags = paperMetaOf({ loaderData: data, matches } as never) as Record<string, unknown>[];
    expect(tags).toContainEqual({
      name: "citation_fulltext_html_url",
      content: `https://j.example/journal/${uri}/${id}/fulltext`,
    });
    const ld = tags.find((tag) => "script:ld+json" in tag)?.["script:ld+json"];
    expect(ld).toMatchObject({
      hasPart: { "@type": "WebPage", url: `https://j.example/journal/${uri}/${id}/fulltext` },
    });
  });

  it("finds a paper without a PDF by a word of its JATS body only", async () => {
    // "plugin" occurs once in journal.pcbi.1004141.xml, in its Results, not its abstract
    const { id } = await paperByDoi("10.1371/journal.pcbi.1004141");
    const result = await searchPapers(t.ctx, "plugin");
    expect(result.hits.map((h) => h.paperID)).toEqual([id]);
    expect(result.hits[0]?.snippet).toContain("\u0002plugin\u0003");
  });

  it("serves the stored JATS at {paper page}/jats.xml, with its SHA-256 as ETag", async () => {
    const { id, uri } = await paperByDoi("10.7554/eLife.00005");
    const res = await request(t.app).get(`/journal/${uri}/${id}/jats.xml`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const original = await readFile(path.join(CORPUS_DIR, "jats", "elife00005.xml"));
    expect(Buffer.from(res.text).equals(original)).toBe(true);
    const again = await request(t.app)
      .get(`/journal/${uri}/${id}/jats.xml`)
      .set("If-None-Match", res.headers.etag ?? "");
    expect(again.status).toBe(304);
    expect((await request(t.app).get(`/journal/${uri}/999999/jats.xml`)).status).toBe(404);
  });
});
