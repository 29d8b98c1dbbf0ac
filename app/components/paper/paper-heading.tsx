/**
 * The head of a paper's pages, the abstract page (./paper-reader.tsx) and the HTML full text
 * (../fulltext/full-text-page.tsx): where it appeared (linked), its title as the page's one `h1`
 * (`id="paper-title"`, which the page's `<article>` is labelled by) and its authors. The title
 * takes its own direction (`dir="auto"`): an English title on an Arabic page reads left to right.
 */
import type { PaperReading } from "../../../shared/api.ts";
import { Link } from "../ui/link.tsx";
import { kickerClass } from "../ui/styles.ts";
import { PaperAuthors } from "./paper-authors.tsx";

/** Where a paper appeared. */
export type PaperSource = {
  /** The citation line: `{journal}, Vol. 3 No. 2 (2025)` or `{proceeding} ({event}), {year}`. */
  label: string;
  /** Its page (the issue or the proceeding), or `""` for plain text. */
  link: string;
};

export function PaperHeading({
  source,
  paper,
  title,
  titleClassName = "",
}: {
  source: PaperSource;
  paper: Pick<PaperReading, "title" | "authors"> & Partial<Pick<PaperReading, "language">>;
  /**
   * The title to show and its language (app/lib/paper-versions.ts: the reader's language when the
   * paper has a translation in it); the paper's own by default.
   */
  title?: { text: string; lang: string };
  /** Classes added to the title's (width limits). */
  titleClassName?: string;
}) {
  const shown = title ?? { text: paper.title, lang: paper.language || undefined };
  return (
    <>
      <p className={kickerClass}>
        {source.link ? (
          <Link to={source.link} className="hover:underline">
            {source.label}
          </Link>
        ) : (
          source.label
        )}
      </p>
      <h1
        id="paper-title"
        // the paper's language may read the other way than the page's
        dir="auto"
        lang={shown.lang}
        className={`mt-3 text-2xl leading-tight font-semibold sm:text-3xl lg:text-4xl ${titleClassName}`.trim()}
      >
        {shown.text}
      </h1>
      <PaperAuthors authors={paper.authors} />
    </>
  );
}
