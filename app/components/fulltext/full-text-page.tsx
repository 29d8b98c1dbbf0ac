/**
 * The HTML full text of a paper (issue 18, docs/decisions/285-html-full-text-from-jats.md), the
 * page `{paper page}/fulltext` of journal and conference papers alike: the source line, the
 * title (the page's one `h1`), the authors, links back to the abstract page and to the PDF,
 * then the table of contents (beside the text from 1024 px, above it on phones, top-level
 * sections only there) and the article: abstract and other summaries, body, floating figures
 * and tables, back matter, footnotes, references (DOI and PubMed links), supplementary files.
 *
 * Server-rendered and not hydrated (decision 240): nothing here needs JavaScript; in-text
 * citations show their reference with CSS (./blocks.tsx). Print styles hide the contents list
 * and the site's chrome (app/app.css, `.fulltext`).
 *
 * Two languages meet here (decision 427): the article's (its `lang`, from the JATS) and the
 * page's, in which the site's own words are written (section labels, buttons, notes on missing
 * images). When they differ, the site's words inside the article carry the page's `lang`
 * ({@link useInterfaceMarks}), and the article's text its own direction where the page reads
 * the other way (an English paper on an Arabic page reads left to right), while the page's
 * layout (the contents list beside the text) mirrors with the page.
 */
import { type ReactNode, useContext } from "react";
import type { PaperReading } from "../../../shared/api.ts";
import {
  type ContentsEntry,
  type FullText,
  type FullTextPart,
  type RenderedFullText,
  tableOfContents,
} from "../../../shared/fulltext.ts";
import { directionOf, type RenderLocale } from "../../../shared/i18n/locales.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { Translate } from "../../../shared/i18n/translator.ts";
import { useLocale, useT } from "../../i18n/use-t.tsx";
import { ArticleHtml } from "../../lib/article-html.ts";
import { PaperHeading, type PaperSource } from "../paper/paper-heading.tsx";
import { UpdateBanner } from "../paper/update-banner.tsx";
import { Link } from "../ui/link.tsx";
import { buttonClass, containerClass } from "../ui/styles.ts";
import { Blocks, Inlines, InterfaceMarks } from "./blocks.tsx";

/**
 * The language of an article whose JATS names none: JATS gives `<article xml:lang>` the default
 * `en` (JATS 1.1 Journal Publishing DTD), so such an article is taken to be in English.
 */
const JATS_DEFAULT_LANG = "en";

/** Languages written right to left (ISO 639 codes), for an article's `lang`. */
const RTL_LANGUAGES = new Set([
  "ar",
  "arc",
  "ckb",
  "dv",
  "fa",
  "he",
  "ps",
  "sd",
  "syr",
  "ug",
  "ur",
  "yi",
]);

/** The primary language subtag of a BCP 47 tag, lower-cased (`pt-BR` → `pt`). */
const primary = (tag: string) => tag.split("-")[0]!.toLowerCase();

/** The writing direction of an article in `lang`. */
function textDirection(lang: string): "ltr" | "rtl" {
  return RTL_LANGUAGES.has(primary(lang)) ? "rtl" : "ltr";
}

/** The article's text direction when it differs from the page's, else nothing (it inherits). */
function articleDirection(lang: string | null, locale: RenderLocale): "ltr" | "rtl" | undefined {
  const dir = textDirection(lang ?? JATS_DEFAULT_LANG);
  return dir === directionOf(locale) ? undefined : dir;
}

/**
 * The attributes of the site's own words inside an article (decision 427): the page's `lang`
 * when the article is in another language, and the page's direction where the article's text
 * takes its own ({@link articleDirection}). Nothing when both languages are one.
 */
function useInterfaceMarks(lang: string | null): { lang?: string; dir?: "ltr" | "rtl" } {
  const locale = useLocale();
  if (primary(lang ?? JATS_DEFAULT_LANG) === primary(locale)) return {};
  return articleDirection(lang, locale)
    ? { lang: locale, dir: directionOf(locale) }
    : { lang: locale };
}

/** What the loader answers of a {@link RenderedFullText}: the HTML goes beside it (../../lib/article-html.ts). */
export type FullTextOutline = Omit<RenderedFullText, "html">;

/**
 * What the full-text page shows and names of its paper: the heading, the DOI and PDF links, and
 * the `<head>` (title and abstract, app/lib/fulltext-meta.ts). Not the rest of the paper (its
 * references alone were 30 kB of loader answer, encoded on every render; decision 331).
 */
export type FullTextPaper = Pick<
  PaperReading,
  "title" | "authors" | "doi" | "abstract" | "file_url" | "updates"
>;

/** The site's section labels of an article, as the page and its contents list name them. */
const SECTION_LABELS = {
  abstract: msg("Abstract"),
  figures: msg("Figures and tables"),
  footnotes: msg("Notes"),
  references: msg("References"),
  supplementary: msg("Supplementary files"),
} as const;

/**
 * The contents list: the summaries, top sections (and their subsections), then the back; the
 * site's own labels with `t` (the page's language), the article's headings as they are.
 */
export function fullTextContents(text: FullText, t: Translate): ContentsEntry[] {
  const entries: ContentsEntry[] = [];
  const label = (id: keyof typeof SECTION_LABELS) =>
    entries.push({ id, title: t(SECTION_LABELS[id]), depth: 1, label: true });
  if (text.abstract.length) label("abstract");
  for (const s of text.summaries) entries.push({ id: s.id, title: s.title, depth: 1 });
  entries.push(...tableOfContents(text.body));
  if (text.floats.length) label("figures");
  for (const part of text.back) {
    if (part.siteTitle) entries.push({ id: part.id, title: t(part.title), depth: 1, label: true });
    else entries.push({ id: part.id, title: part.title, depth: 1 });
  }
  if (text.footnotes.length) label("footnotes");
  if (text.references.length) label("references");
  if (text.supplements.length) label("supplementary");
  return entries;
}

function Part({ part }: { part: FullTextPart }) {
  const t = useT();
  const marks = useContext(InterfaceMarks);
  return (
    <section id={part.id}>
      {part.siteTitle ? <h2 {...marks}>{t(part.title)}</h2> : <h2>{part.title}</h2>}
      <Blocks blocks={part.c} level={3} />
    </section>
  );
}

/** A section the site names (Abstract, References…), its heading in the page's language. */
function LabelledSection({
  id,
  marks,
  children,
}: {
  id: keyof typeof SECTION_LABELS;
  marks: { lang?: string; dir?: "ltr" | "rtl" };
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section id={id}>
      <h2 {...marks}>{t(SECTION_LABELS[id])}</h2>
      {children}
    </section>
  );
}

/**
 * The article of a full text: abstract and other summaries, body, floating figures and tables,
 * back matter, footnotes, references (DOI and PubMed links), supplementary files. Rendered to
 * HTML once per galley tree on the server (app/lib/fulltext-html.ts) and placed in the page by
 * {@link FullTextPage}.
 */
export function FullTextArticle({ text }: { text: FullText }) {
  const t = useT();
  const marks = useInterfaceMarks(text.lang);
  return (
    <InterfaceMarks.Provider value={marks}>
      {text.abstract.length ? (
        <LabelledSection id="abstract" marks={marks}>
          <Blocks blocks={text.abstract} level={3} />
        </LabelledSection>
      ) : null}
      {text.summaries.map((part) => (
        <Part key={part.id} part={part} />
      ))}
      <Blocks blocks={text.body} level={2} />
      {text.floats.length ? (
        <LabelledSection id="figures" marks={marks}>
          <Blocks blocks={text.floats} level={3} />
        </LabelledSection>
      ) : null}
      {text.back.map((part) => (
        <Part key={part.id} part={part} />
      ))}
      {text.footnotes.length ? (
        <LabelledSection id="footnotes" marks={marks}>
          <ol className="ft-notes">
            {text.footnotes.map((note) => (
              <li key={note.id} id={note.id}>
                {note.label ? <span className="ft-note-label">{note.label} </span> : null}
                <Blocks blocks={note.c} level={3} />
              </li>
            ))}
          </ol>
        </LabelledSection>
      ) : null}
      {text.references.length ? (
        <LabelledSection id="references" marks={marks}>
          <ol className="ft-refs">
            {text.references.map((ref, i) => (
              <li key={ref.id} id={ref.id}>
                <span className="ft-ref-label">{ref.label || `${i + 1}.`}</span>{" "}
                <span>{ref.text}</span>
                {ref.doi || ref.pmid || ref.url ? (
                  <span className="ft-ref-links" {...marks}>
                    {ref.doi ? <a href={ref.doi}>{t("DOI")}</a> : null}
                    {ref.pmid ? (
                      <a href={`https://pubmed.ncbi.nlm.nih.gov/${ref.pmid}/`}>{t("PubMed")}</a>
                    ) : null}
                    {ref.url && !ref.doi ? <a href={ref.url}>{t("Web link")}</a> : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </LabelledSection>
      ) : null}
      {text.supplements.length ? (
        <LabelledSection id="supplementary" marks={marks}>
          <ul className="ft-supp">
            {text.supplements.map((supp) => (
              <li key={supp.id} id={supp.id}>
                <p className="ft-caption-title">
                  {supp.label ? <span className="ft-label">{supp.label}. </span> : null}
                  <Inlines items={supp.title} />{" "}
                  {supp.src ? (
                    supp.file ? (
                      <a href={supp.src}>{supp.file}</a>
                    ) : (
                      <a href={supp.src} {...marks}>
                        {t("Download")}
                      </a>
                    )
                  ) : supp.file ? (
                    <span className="ft-file">
                      {supp.file}{" "}
                      <span className="ft-missing-inline" {...marks}>
                        {t("(file not supplied)")}
                      </span>
                    </span>
                  ) : null}
                </p>
                <Blocks blocks={supp.caption} level={3} />
              </li>
            ))}
          </ul>
        </LabelledSection>
      ) : null}
    </InterfaceMarks.Provider>
  );
}

export function FullTextPage({
  paper,
  text,
  source,
  abstractLink,
}: {
  paper: FullTextPaper;
  text: FullTextOutline;
  source: PaperSource;
  /** The paper's abstract page. */
  abstractLink: string;
}) {
  const t = useT();
  const locale = useLocale();
  const marks = useInterfaceMarks(text.lang);
  const { contents } = text;
  const html = useContext(ArticleHtml);
  return (
    <main className={`${containerClass} py-8 sm:py-12`}>
      <article
        aria-labelledby="paper-title"
        lang={text.lang ?? undefined}
        className="fulltext lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12"
      >
        <header className="lg:col-span-2">
          <UpdateBanner updates={paper.updates} />
          <PaperHeading source={source} paper={paper} titleClassName="max-w-4xl" />
          {paper.doi ? (
            <p className="mt-3 text-sm text-slate-700" {...marks}>
              {t("DOI:")}{" "}
              <a className="underline" dir="ltr" href={`https://doi.org/${paper.doi}`}>
                https://doi.org/{paper.doi}
              </a>
            </p>
          ) : null}
          <p className="mt-6 flex flex-wrap gap-3 print:hidden" {...marks}>
            <Link to={abstractLink} className={buttonClass("secondary")}>
              {t("Abstract page")}
            </Link>
            {paper.file_url ? (
              <a href={paper.file_url} className={buttonClass("secondary")}>
                {t("Full Text (PDF)")}
              </a>
            ) : null}
          </p>
        </header>

        {contents.length ? (
          <nav aria-label={t("Contents")} className="ft-toc print:hidden" {...marks}>
            <h2 className="ft-toc-title">{t("Contents")}</h2>
            <ol>
              {contents.map((entry) => (
                <li key={entry.id} className={entry.depth > 1 ? "ft-toc-sub" : undefined}>
                  {/* the article's own headings are in its language */}
                  <a
                    href={`#${entry.id}`}
                    lang={!entry.label && marks.lang ? (text.lang ?? undefined) : undefined}
                    dir={!entry.label && marks.lang ? "auto" : undefined}
                  >
                    {entry.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        <div
          dir={articleDirection(text.lang, locale)}
          className="ft-body lg:col-start-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: FullTextArticle's own React output (app/lib/fulltext-html.ts), rendered from the allow-listed tree; nothing of the JATS source reaches it unescaped
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </main>
  );
}
