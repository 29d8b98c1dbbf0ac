/**
 * A paper's full-text page rendered as its route renders it (the loader, then the page's
 * component with the article's HTML in its slot), and the order of its headings (issue 33,
 * decision 473), for the tests that check every corpus paper's full text.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, type RouterContextProvider } from "react-router";
import {
  type FullTextOutline,
  FullTextPage,
} from "../../app/components/fulltext/full-text-page.tsx";
import { LocaleProvider } from "../../app/i18n/use-t.tsx";
import { ArticleHtml, articleHtmlSlot } from "../../app/lib/article-html.ts";
import type { FullTextPageData } from "../../app/lib/paper-load.ts";
import { loader as fullTextLoader } from "../../app/routes/paper-fulltext.tsx";
import { loader as proceedingFullTextLoader } from "../../app/routes/proceeding-paper-fulltext.tsx";
import type { AppContext } from "../../server/services/context.ts";
import { loaderArgs, runLoader } from "./loaders.ts";

/** Where a paper is: its journal's URI or its proceeding's slug, and its id. */
export type PaperPlace = { id: number; uri: string | null; slug: string | null };

/** The English full-text page of `paper` as HTML; throws when it has no full text. */
export async function fullTextPageHtml(ctx: AppContext, paper: PaperPlace): Promise<string> {
  const args = paper.slug
    ? loaderArgs(ctx, { slug: paper.slug, paper: String(paper.id) })
    : loaderArgs(ctx, { journalUrl: paper.uri ?? "", paper: String(paper.id) });
  const loader = paper.slug ? proceedingFullTextLoader : fullTextLoader;
  const out = await runLoader(() => loader(args));
  const data = out.data as FullTextPageData & { text: FullTextOutline };
  if (!data.paper || !data.text || !data.source) throw new Error(`no full text: ${paper.id}`);
  const { context }: { context: RouterContextProvider } = args;
  const page = createElement(FullTextPage, {
    paper: data.paper,
    text: data.text,
    source: data.source,
    abstractLink: data.link,
  });
  return renderToStaticMarkup(
    createElement(
      ArticleHtml,
      { value: context.get(articleHtmlSlot) },
      createElement(LocaleProvider, {
        locale: "en",
        // biome-ignore lint/correctness/noChildrenProp: LocaleProvider's props require children, which a third argument does not satisfy for TypeScript
        children: createElement(MemoryRouter, null, page),
      }),
    ),
  );
}

/**
 * What is wrong with the headings of `html`: not exactly one `h1` first, or a heading more than
 * one level below the one before it (`h3 then h5`); `[]` when they are in order.
 */
export function headingProblems(html: string): string[] {
  const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
  const problems: string[] = [];
  if (levels[0] !== 1 || levels.filter((l) => l === 1).length !== 1) {
    problems.push(`h1 not first and alone: ${levels.join(" ")}`);
  }
  for (let i = 1; i < levels.length; i++) {
    const [before, now] = [levels[i - 1] as number, levels[i] as number];
    if (now > before + 1) problems.push(`h${before} then h${now}`);
  }
  return problems;
}
