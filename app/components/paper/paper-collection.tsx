/**
 * The page of a collection of papers, an issue (app/routes/issue.tsx) or a proceeding
 * (app/routes/proceeding.tsx), laid out once (issue 20, decision 328): breadcrumbs; a header
 * with the cover (its placeholder when there is none), a kicker linked to where the collection
 * belongs, the title as the page's one `h1` and the collection's own lines (`children`); an
 * optional introduction; the collapsible 'Editorial Board' grouped by role (collapsed by
 * default); and the papers under their heading. The caller gives its texts translated; the
 * board's title is translated here.
 */
import type { ReactNode } from "react";
import type { EditorPublic } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { EditorialBoard } from "../journal/editorial-board.tsx";
import { Breadcrumbs, type Crumb } from "../ui/breadcrumbs.tsx";
import { CoverImage } from "../ui/cover-image.tsx";
import { Disclosure } from "../ui/disclosure.tsx";
import { SectionHeading } from "../ui/heading.tsx";
import { Link } from "../ui/link.tsx";
import { containerClass, kickerClass } from "../ui/styles.ts";

export function PaperCollection({
  crumbs,
  cover,
  kicker,
  title,
  titleClassName = "",
  children,
  intro,
  editors,
  editorsEmptyText,
  papers,
}: {
  crumbs: Crumb[];
  /** The cover image (`src` null: the placeholder's text `placeholder`), drawn 12rem wide from 640 px. */
  cover: { src: string | null; alt: string; placeholder: string };
  /** Where the collection belongs (the journal, the proceedings), linked. */
  kicker: { label: string; to: string };
  title: ReactNode;
  /** Classes added to the title's. */
  titleClassName?: string;
  /** The header's lines under the title. */
  children: ReactNode;
  /** A section between the header and the board, or nothing. */
  intro?: ReactNode;
  editors: Record<string, EditorPublic[]>;
  /** What the board says when nobody is listed (the wording unless given). */
  editorsEmptyText?: string;
  /** The papers' section: its heading's id and text, and the list. */
  papers: { id: string; heading: string; list: ReactNode };
}) {
  const t = useT();
  return (
    <main className={`${containerClass} py-6 sm:py-10`}>
      <Breadcrumbs items={crumbs} />
      <header className="flex gap-5 border-b border-slate-200 pb-8 sm:gap-10">
        <CoverImage
          src={cover.src}
          alt={cover.alt}
          sizes="(min-width: 640px) 12rem, 6rem"
          eager
          placeholder={cover.placeholder}
          className="w-24 shrink-0 self-start shadow-md ring-1 ring-slate-900/10 sm:w-48"
        />
        <div className="min-w-0">
          <p className={kickerClass}>
            <Link to={kicker.to} className="hover:underline">
              {kicker.label}
            </Link>
          </p>
          <h1 className={`mt-2 text-2xl leading-tight font-semibold sm:text-4xl ${titleClassName}`}>
            {title}
          </h1>
          {children}
        </div>
      </header>

      {intro}

      <div className="mt-10">
        <Disclosure title={t("Editorial Board")}>
          <EditorialBoard editors={editors} emptyText={editorsEmptyText} />
        </Disclosure>
      </div>

      <section aria-labelledby={papers.id} className="mt-12">
        <SectionHeading id={papers.id}>{papers.heading}</SectionHeading>
        {papers.list}
      </section>
    </main>
  );
}
