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
 */
import { useContext } from "react";
import type { PaperReading } from "../../../shared/api.ts";
import { type FullText, type FullTextPart, tableOfContents } from "../../../shared/fulltext.ts";
import { ArticleHtml } from "../../lib/article-html.ts";
import { PaperHeading, type PaperSource } from "../paper/paper-heading.tsx";
import { Link } from "../ui/link.tsx";
import { buttonClass, containerClass } from "../ui/styles.ts";
import { Blocks, Inlines } from "./blocks.tsx";

/** One line of the contents list: the section's element id, its title, its depth (1 = top). */
export type ContentsEntry = { id: string; title: string; depth: number };

/**
 * A full text as its page shows it: the article's language, the contents list, and the article
 * (everything from the abstract to the supplementary files) already rendered to HTML by
 * {@link FullTextArticle} (app/lib/fulltext-html.ts: once per galley tree, decision 319).
 */
export type RenderedFullText = { lang: string | null; contents: ContentsEntry[]; html: string };

/** What the loader answers of a {@link RenderedFullText}: the HTML goes beside it (../../lib/article-html.ts). */
export type FullTextOutline = Omit<RenderedFullText, "html">;

/**
 * What the full-text page shows and names of its paper: the heading, the DOI and PDF links, and
 * the `<head>` (title and abstract, app/lib/fulltext-meta.ts). Not the rest of the paper (its
 * references alone were 30 kB of loader answer, encoded on every render; decision 331).
 */
export type FullTextPaper = Pick<
  PaperReading,
  "title" | "authors" | "doi" | "abstract" | "file_url"
>;

/** The contents list: the summaries, top sections (and their subsections), then the back. */
export function fullTextContents(text: FullText): ContentsEntry[] {
  const entries: ContentsEntry[] = [];
  if (text.abstract.length) entries.push({ id: "abstract", title: "Abstract", depth: 1 });
  for (const s of text.summaries) entries.push({ id: s.id, title: s.title, depth: 1 });
  entries.push(...tableOfContents(text.body));
  if (text.floats.length) entries.push({ id: "figures", title: "Figures and tables", depth: 1 });
  for (const part of text.back) entries.push({ id: part.id, title: part.title, depth: 1 });
  if (text.footnotes.length) entries.push({ id: "footnotes", title: "Notes", depth: 1 });
  if (text.references.length) entries.push({ id: "references", title: "References", depth: 1 });
  if (text.supplements.length) {
    entries.push({ id: "supplementary", title: "Supplementary files", depth: 1 });
  }
  return entries;
}

function Part({ part }: { part: FullTextPart }) {
  return (
    <section id={part.id}>
      <h2>{part.title}</h2>
      <Blocks blocks={part.c} level={3} />
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
  return (
    <>
      {text.abstract.length ? (
        <section id="abstract">
          <h2>Abstract</h2>
          <Blocks blocks={text.abstract} level={3} />
        </section>
      ) : null}
      {text.summaries.map((part) => (
        <Part key={part.id} part={part} />
      ))}
      <Blocks blocks={text.body} level={2} />
      {text.floats.length ? (
        <section id="figures">
          <h2>Figures and tables</h2>
          <Blocks blocks={text.floats} level={3} />
        </section>
      ) : null}
      {text.back.map((part) => (
        <Part key={part.id} part={part} />
      ))}
      {text.footnotes.length ? (
        <section id="footnotes">
          <h2>Notes</h2>
          <ol className="ft-notes">
            {text.footnotes.map((note) => (
              <li key={note.id} id={note.id}>
                {note.label ? <span className="ft-note-label">{note.label} </span> : null}
                <Blocks blocks={note.c} level={3} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {text.references.length ? (
        <section id="references">
          <h2>References</h2>
          <ol className="ft-refs">
            {text.references.map((ref, i) => (
              <li key={ref.id} id={ref.id}>
                <span className="ft-ref-label">{ref.label || `${i + 1}.`}</span>{" "}
                <span>{ref.text}</span>
                {ref.doi || ref.pmid || ref.url ? (
                  <span className="ft-ref-links">
                    {ref.doi ? <a href={ref.doi}>DOI</a> : null}
                    {ref.pmid ? (
                      <a href={`https://pubmed.ncbi.nlm.nih.gov/${ref.pmid}/`}>PubMed</a>
                    ) : null}
                    {ref.url && !ref.doi ? <a href={ref.url}>Web link</a> : null}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {text.supplements.length ? (
        <section id="supplementary">
          <h2>Supplementary files</h2>
          <ul className="ft-supp">
            {text.supplements.map((supp) => (
              <li key={supp.id} id={supp.id}>
                <p className="ft-caption-title">
                  {supp.label ? <span className="ft-label">{supp.label}. </span> : null}
                  <Inlines items={supp.title} />{" "}
                  {supp.src ? (
                    <a href={supp.src}>{supp.file || "Download"}</a>
                  ) : supp.file ? (
                    <span className="ft-file">
                      {supp.file} <span className="ft-missing-inline">(file not supplied)</span>
                    </span>
                  ) : null}
                </p>
                <Blocks blocks={supp.caption} level={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
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
          <PaperHeading source={source} paper={paper} titleClassName="max-w-4xl" />
          {paper.doi ? (
            <p className="mt-3 text-sm text-slate-700">
              DOI:{" "}
              <a className="underline" href={`https://doi.org/${paper.doi}`}>
                https://doi.org/{paper.doi}
              </a>
            </p>
          ) : null}
          <p className="mt-6 flex flex-wrap gap-3 print:hidden">
            <Link to={abstractLink} className={buttonClass("secondary")}>
              Abstract page
            </Link>
            {paper.file_url ? (
              <a href={paper.file_url} className={buttonClass("secondary")}>
                Full Text (PDF)
              </a>
            ) : null}
          </p>
        </header>

        {contents.length ? (
          <nav aria-label="Contents" className="ft-toc print:hidden">
            <h2 className="ft-toc-title">Contents</h2>
            <ol>
              {contents.map((entry) => (
                <li key={entry.id} className={entry.depth > 1 ? "ft-toc-sub" : undefined}>
                  <a href={`#${entry.id}`}>{entry.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}

        <div
          className="ft-body lg:col-start-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: FullTextArticle's own React output (app/lib/fulltext-html.ts), rendered from the allow-listed tree; nothing of the JATS source reaches it unescaped
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </article>
    </main>
  );
}
