/**
 * The body of a paper reading page, whatever the paper was published in (docs/product/screens.md, Paper
 * reading page; states of section 4; docs/decisions/033-paper-page.md): the source line (a
 * journal issue or a proceeding, linked to its page), the title, authors with affiliations,
 * DOI / dates / pages / licence / copyright, then 'Open Full Text (PDF)' and 'Download PDF', and
 * the abstract and keywords, funding, then 'Cite this paper' (./cite-panel.tsx) and the
 * references (decision 305). 'Open Full Text (PDF)' switches the abstract view to the PDF viewer, whose
 * 'Close' switches back and returns the keyboard focus to the button.
 *
 * Used by the journal paper page (`app/routes/paper.tsx`) and the conference paper page
 * (`app/routes/proceeding-paper.tsx`), which are not hydrated (decision 240): this renders the
 * abstract view, and the `<ath-reader>` element around the article (./reader-element.ts,
 * decision 292) switches views: it hides the buttons and the abstract, mounts the viewer
 * (./reader-root.tsx, fetched on that click) into the empty slot, and on 'Close' undoes that
 * and focuses the button again.
 *
 * Every text is in the page's language; the element carries the reader's messages in it
 * (`readerMessages`, decision 425), since the page has no catalogue in the browser.
 */
import { createElement } from "react";
import type { PaperCitations, PaperReading } from "../../../shared/api.ts";
import { splitKeywords } from "../../../shared/format.ts";
import type { ReaderFigures } from "../../../shared/usage.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { abstractParagraphs } from "../../lib/citation-meta.ts";
import { paperVersions } from "../../lib/paper-versions.ts";
import { TitledSection } from "../ui/heading.tsx";
import { Link } from "../ui/link.tsx";
import { buttonClass, containerClass } from "../ui/styles.ts";
import { CitePanel } from "./cite-panel.tsx";
import { PaperFacts } from "./paper-facts.tsx";
import { PaperFunding } from "./paper-funding.tsx";
import { PaperHeading, type PaperSource } from "./paper-heading.tsx";
import { PaperLanguages } from "./paper-languages.tsx";
import { PaperReferences } from "./paper-references.tsx";
import { PaperUsage } from "./paper-usage.tsx";
import { READER } from "./reader-element.ts";
import { UpdateBanner } from "./update-banner.tsx";
import { PaperVersionList } from "./version-list.tsx";

export function PaperReader({
  paper,
  source,
  citations,
  usage,
  fullTextLink = "",
  readerMessages = "{}",
}: {
  paper: PaperReading;
  source: PaperSource;
  /** 'Cite this paper', under the keywords (the panel fetches the references, decision 245). */
  citations?: PaperCitations;
  /** Views and downloads up to yesterday (./paper-usage.tsx); none when not counted. */
  usage?: ReaderFigures | null;
  /** The paper's HTML full text (`{paper page}/fulltext`, decision 285), or "" when it has none. */
  fullTextLink?: string;
  /** The PDF reader's compiled messages in the page's language, JSON (app/lib/reader-catalogue.ts). */
  readerMessages?: string;
}) {
  const t = useT();
  // the title, abstract and keywords in the reader's language when the paper has them in it
  const { shown, others } = paperVersions(paper, useLocale());
  const keywords = splitKeywords(shown.keywords.text);
  const paragraphs = abstractParagraphs(shown.abstract.text);

  return (
    <main className={`${containerClass} py-8 sm:py-12`}>
      {createElement(
        READER.tag,
        {
          className: "block",
          ...(paper.file_url ? { [READER.messages]: readerMessages } : {}),
        },
        <article aria-labelledby="paper-title">
          <UpdateBanner updates={paper.updates} />
          <header className="max-w-4xl">
            <PaperHeading source={source} paper={paper} title={shown.title} />
            <PaperFacts paper={paper} />
            <PaperUsage usage={usage} />
            <div className="mt-6 flex flex-wrap items-center gap-3">
              {paper.file_url ? (
                <>
                  <button
                    type="button"
                    {...{ [READER.open]: "" }}
                    data-url={paper.file_url}
                    data-title={paper.title}
                    className={buttonClass("primary")}
                  >
                    {t("Open Full Text (PDF)")}
                  </button>
                  <a
                    href={paper.file_url}
                    download
                    className={buttonClass("secondary")}
                    aria-label={t("Download PDF file")}
                  >
                    {t("Download PDF")}
                  </a>
                </>
              ) : paper.files_removed ? (
                <p className="rounded-sm border border-red-300 bg-white px-4 py-2 text-sm text-red-900">
                  {t("The files of this paper were removed: {reason}", {
                    reason: paper.files_removed,
                  })}
                </p>
              ) : (
                <p className="rounded-sm border border-slate-300 bg-white px-4 py-2 text-sm text-slate-700">
                  {t("The full text (PDF) of this paper is not available.")}
                </p>
              )}
              {fullTextLink ? (
                <Link
                  to={fullTextLink}
                  className={buttonClass(paper.file_url ? "secondary" : "primary")}
                >
                  {t("Full Text (HTML)")}
                </Link>
              ) : null}
            </div>
          </header>

          {paper.file_url ? (
            <div {...{ [READER.slot]: "" }} hidden className="-mx-4 mt-6 sm:mx-0" />
          ) : null}
          <div {...{ [READER.abstract]: "" }} className="mt-10 max-w-3xl">
            <TitledSection headingId="abstract-heading" title={t("Abstract")}>
              {paragraphs.length > 0 ? (
                <div
                  lang={shown.abstract.lang}
                  className="mt-3 space-y-4 text-base leading-relaxed text-slate-800"
                >
                  {paragraphs.map((text, i) => (
                    // Paragraphs have no identity of their own; their order is the text's order.
                    // The abstract is in the paper's language: each paragraph in its own direction.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <p key={i} dir="auto">
                      {text}
                    </p>
                  ))}
                </div>
              ) : (
                <p className="mt-3 text-slate-500">{t("No abstract.")}</p>
              )}
            </TitledSection>
            {keywords.length > 0 ? (
              <TitledSection headingId="keywords-heading" className="mt-8" title={t("Keywords")}>
                <ul lang={shown.keywords.lang} className="mt-3 flex flex-wrap gap-2">
                  {keywords.map((keyword) => (
                    <li
                      key={keyword}
                      dir="auto"
                      className="rounded-sm bg-brand-50 px-2.5 py-1 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset"
                    >
                      {keyword}
                    </li>
                  ))}
                </ul>
              </TitledSection>
            ) : null}
            <PaperLanguages versions={others} />
            <PaperFunding paper={paper} />
            <PaperVersionList versions={paper.versions} current={paper.version} />
            {citations ? <CitePanel citations={citations} /> : null}
            <PaperReferences references={paper.references} />
          </div>
        </article>,
      )}
    </main>
  );
}
