/**
 * A paper's pages in the page's language (issue 32; decisions 382, 425–427), rendered as their
 * routes render them (the loader, then the page's component in the layout's language) for
 * corpus papers, on SQLite and PostgreSQL:
 *
 * - in the pseudo-locale no text of the paper page's or full text's catalogue messages is left
 *   in English, and the page carries the PDF reader's messages in that language;
 * - an English page carries only the reader's messages with values, and reads as before;
 * - in Arabic, DOIs, ORCID iDs and links of references read left to right, and an English
 *   article keeps its direction while the site's words in it are marked Arabic.
 */
import path from "node:path";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, type RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type FullTextOutline,
  FullTextPage,
} from "../../app/components/fulltext/full-text-page.tsx";
import { fullTextPageMeta, PaperPage } from "../../app/components/paper/paper-pages.tsx";
import { READER } from "../../app/components/paper/reader-element.ts";
import { LocaleProvider } from "../../app/i18n/use-t.tsx";
import { ArticleHtml, articleHtmlSlot } from "../../app/lib/article-html.ts";
import type { FullTextPageData, PaperPageData } from "../../app/lib/paper-load.ts";
import { loader as paperLoader } from "../../app/routes/paper.tsx";
import { loader as fullTextLoader } from "../../app/routes/paper-fulltext.tsx";
import { serverTranslator } from "../../server/i18n/catalogues.ts";
import { cataloguesDir, readTemplate } from "../../server/i18n/po.ts";
import { requestContext } from "../../server/router-context.ts";
import type { PaperDetail } from "../../shared/api.ts";
import { VIEWER_MESSAGES } from "../../shared/constants.ts";
import type { RenderLocale } from "../../shared/i18n/locales.ts";
import { dialectUnderTest } from "../helpers/context.ts";
import { loaderArgs, runLoader } from "../helpers/loaders.ts";
import { journalPaperOf, smallCorpusFileContext } from "../helpers/seeded-context.ts";

const t = smallCorpusFileContext();
beforeAll(() => {
  serverTranslator("en"); // every locale's catalogue, as the server loads them at start
});

/** The loader arguments of a journal paper's page in `locale`. */
async function argsFor(doi: string, locale: RenderLocale) {
  const { id, uri } = await journalPaperOf(t, doi);
  const args = loaderArgs(t.ctx, { journalUrl: uri, paper: String(id) });
  const { context }: { context: RouterContextProvider } = args;
  context.set(requestContext, { ...context.get(requestContext), locale });
  return args;
}

/** `page` rendered as the root layout renders a page: in `locale`, inside a router. */
function render(locale: RenderLocale, page: ReactNode, article = ""): string {
  return renderToStaticMarkup(
    createElement(
      ArticleHtml,
      { value: article },
      createElement(LocaleProvider, {
        locale,
        // biome-ignore lint/correctness/noChildrenProp: LocaleProvider's props require children, which a third argument does not satisfy for TypeScript
        children: createElement(MemoryRouter, null, page),
      }),
    ),
  );
}

async function paperPage(doi: string, locale: RenderLocale) {
  const out = await runLoader(async () => paperLoader(await argsFor(doi, locale)));
  const data = out.data as PaperPageData<PaperDetail>;
  return { data, html: render(locale, createElement(PaperPage, data)) };
}

async function fullTextPage(doi: string, locale: RenderLocale) {
  const args = await argsFor(doi, locale);
  const out = await runLoader(() => fullTextLoader(args));
  const data = out.data as FullTextPageData & { text: FullTextOutline };
  const { context }: { context: RouterContextProvider } = args;
  return {
    data,
    html: render(locale, createElement(PaperFullTextPageOf, data), context.get(articleHtmlSlot)),
  };
}

function PaperFullTextPageOf(data: FullTextPageData) {
  if (!data.paper || !data.text || !data.source) return null;
  return createElement(FullTextPage, {
    paper: data.paper,
    text: data.text,
    source: data.source,
    abstractLink: data.link,
  });
}

/** Every text node and every attribute people read (names, tips, the elements' `data-*-label`). */
function readable(html: string): string[] {
  const decode = (s: string) =>
    s
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  const attributes = [
    ...html.matchAll(/ (?:aria-label|title|alt|placeholder|data-[a-z-]*-label)="([^"]*)"/g),
  ].map((m) => decode(m[1]!));
  const texts = html
    .replace(/<[^>]*>/g, "\n")
    .split("\n")
    .map((s) => decode(s).trim());
  return [...attributes, ...texts].filter(Boolean);
}

/**
 * The catalogue messages without values that the paper pages' code writes (the template's
 * entries whose references are those files); their English must not show in the pseudo-locale.
 */
function pageMessages(): string[] {
  const pages = ["app/components/paper/", "app/components/fulltext/", "shared/licences.ts"];
  return readTemplate(cataloguesDir(path.resolve(import.meta.dirname, "../..")))
    .filter((e) => e.references.some((r) => pages.some((p) => r.startsWith(p))))
    .map((e) => e.id)
    .filter((id) => !id.includes("{") && !id.includes("<"));
}

/** The reader's messages the page carries (`READER.messages` on `<ath-reader>`). */
function readerMessages(html: string): Record<string, unknown> {
  const found = new RegExp(` ${READER.messages}="([^"]*)"`).exec(html);
  return JSON.parse((found?.[1] ?? "null").replaceAll("&quot;", '"')) as Record<string, unknown>;
}

const ELIFE_WITH_PDF = "10.7554/eLife.00353";
const ELIFE_FULL_TEXT = "10.7554/eLife.00005";

describe(`a paper's pages in the page's language (${dialectUnderTest})`, () => {
  it("leaves no text of the paper page in English in the pseudo-locale", async () => {
    const { html } = await paperPage(ELIFE_WITH_PDF, "en-XA");
    const shown = new Set(readable(html));
    const english = pageMessages().filter((id) => shown.has(id));
    expect(english).toEqual([]);
    // the texts of the page, its cite panel and its element, pseudo-localized
    const pseudo = serverTranslator("en-XA");
    for (const text of ["Open Full Text (PDF)", "Download PDF", "Abstract", "Cite this paper"]) {
      expect(shown.has(pseudo(text))).toBe(true);
      expect(pseudo(text)).not.toBe(text);
    }
    expect(html).toContain(`data-loading-label="${pseudo("Loading references…")}"`);
  });

  it("carries the reader's messages in the page's language, and only those with values in English", async () => {
    const pseudo = readerMessages((await paperPage(ELIFE_WITH_PDF, "en-XA")).html);
    // the toolbar's, the spec's viewer texts, pdf.js's own (decision 426)
    for (const id of ["Zoom in", VIEWER_MESSAGES.passwordPrompt, "Remove highlight"]) {
      expect(JSON.stringify(pseudo[id])).not.toContain(id);
      expect(pseudo[id]).toBeDefined();
    }
    expect(pseudo["Open Full Text (PDF)"]).toBeUndefined(); // the page's, not the reader's

    const { html } = await paperPage(ELIFE_WITH_PDF, "en");
    const english = readerMessages(html);
    expect(english["Zoom in"]).toBeUndefined(); // shown as written: nothing to carry
    expect(english["Page number, of {pages, number}"]).toBeDefined();
    expect(Object.keys(english).every((id) => id.includes("{"))).toBe(true);
    expect(html).toContain(">Open Full Text (PDF)</button>");
    expect(html).toContain('aria-label="Download PDF file"');
  });

  it("keeps DOIs, ORCID iDs and reference links left to right on an Arabic page", async () => {
    const { data, html } = await paperPage(ELIFE_WITH_PDF, "ar");
    const paper = data.paper as PaperDetail;
    expect(html).toContain(`<a href="https://doi.org/${paper.doi}" dir="ltr"`);
    const orcid = paper.authors.find((a) => a.orcid)?.orcid;
    if (orcid) expect(html).toContain(`<a href="${orcid}" dir="ltr"`);
    const ref = paper.references.find((r) => r.doi);
    if (ref) expect(html).toContain(`<a href="https://doi.org/${ref.doi}" dir="ltr"`);
  });

  it("writes the full text's own labels in the page's language, the article's words as they are", async () => {
    const pseudo = serverTranslator("en-XA");
    const { data, html } = await fullTextPage(ELIFE_FULL_TEXT, "en-XA");
    // the page around the article (the article's own words may be any text: its "Funding")
    const around = html.replace(/<nav[\s\S]*?<\/nav>/, "").replace(/<div[^>]*ft-body[\s\S]*$/, "");
    const shown = new Set(readable(around));
    expect(pageMessages().filter((id) => shown.has(id))).toEqual([]);
    expect(shown.has(pseudo("Abstract page"))).toBe(true);
    expect(html).toContain(`<h2 class="ft-toc-title">${pseudo("Contents")}</h2>`);
    expect(html).toContain(`<h2>${pseudo("References")}</h2>`);
    expect(html).toContain(">Introduction</h2>"); // the article's heading
    expect(data.text.contents.find((e) => e.id === "references")?.title).toBe(pseudo("References"));
    const title = fullTextPageMeta(data, [{ id: "root", loaderData: { locale: "en-XA" } }]);
    expect(title[0]).toEqual({
      title: `${pseudo("{title} (full text)", { title: data.paper?.title ?? "" })} | Athenaeum`,
    });
  });

  it("marks the site's words Arabic inside an English article, which reads left to right", async () => {
    const { html } = await fullTextPage(ELIFE_FULL_TEXT, "ar");
    const ar = serverTranslator("ar");
    expect(html).toMatch(/<div dir="ltr" class="ft-body/);
    expect(html).toContain(
      `<section id="references"><h2 lang="ar" dir="rtl">${ar("References")}</h2>`,
    );
    expect(html).toContain(
      `<nav aria-label="${ar("Contents")}" class="ft-toc print:hidden" lang="ar"`,
    );
    // in English nothing is marked: the page and the article are one language
    const english = (await fullTextPage(ELIFE_FULL_TEXT, "en")).html;
    expect(english).toContain('<section id="references"><h2>References</h2>');
    expect(english).not.toContain('lang="ar"');
    expect(english).toMatch(/<div class="ft-body/);
  });
});
