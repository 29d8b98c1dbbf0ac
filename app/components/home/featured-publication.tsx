import type { FeaturedPublication as Featured } from "../../../shared/api.ts";
import { localizeIssueLabel } from "../../../shared/format.ts";
import { Trans, useLocale, useT } from "../../i18n/use-t.tsx";
import { authorLine } from "../ui/authors.ts";
import { ButtonLink } from "../ui/button-link.tsx";
import { CoverImage } from "../ui/cover-image.tsx";
import { DateText } from "../ui/date-text.tsx";
import { Link } from "../ui/link.tsx";
import { kickerClass, titleLinkClass } from "../ui/styles.ts";
import { TitleLink } from "../ui/title-link.tsx";

/**
 * The featured latest publication of the home page (docs/product/screens.md): cover image, journal
 * name, publication label, date, its papers (title and author names) and a 'View All Papers'
 * link to the publication's page.
 */
export function FeaturedPublication({ publication }: { publication: Featured }) {
  const t = useT();
  const locale = useLocale();
  const label = localizeIssueLabel(t, publication.publication);
  return (
    <article
      aria-labelledby="featured-title"
      className="flex flex-col rounded-sm border border-slate-200 bg-white p-5 shadow-xs sm:p-7"
    >
      <div className="flex gap-5 sm:gap-7">
        <Link
          to={publication.link}
          className="block w-28 shrink-0 self-start sm:w-44"
          tabIndex={-1}
        >
          <CoverImage
            src={publication.cover_img}
            alt={t("Cover of {journal}, {issue}", {
              journal: publication.journal_name,
              issue: label,
            })}
            sizes="(min-width: 640px) 11rem, 7rem"
            placeholder={publication.journal_name}
            className="w-full shadow-md ring-1 ring-slate-900/10"
          />
        </Link>
        <div className="min-w-0">
          <p className={kickerClass}>{t("Featured issue")}</p>
          <TitleLink id="featured-title" to={publication.link} className="mt-2 text-xl sm:text-2xl">
            {publication.journal_name}
          </TitleLink>
          <p className="mt-1 font-serif text-base text-slate-700 sm:text-lg">{label}</p>
          <p className="mt-1 text-sm text-slate-600">
            {/* the issue's publication date (decision 255), not the day it went online */}
            <Trans
              id="Published <0/>"
              components={{
                0: <DateText value={publication.publication_date || publication.date_added} />,
              }}
            />
          </p>
        </div>
      </div>

      {publication.papers.length > 0 ? (
        <>
          <h4 className="mt-7 border-b border-slate-200 pb-2 font-sans text-xs font-semibold tracking-[0.16em] text-slate-600 uppercase">
            {t("In this issue")}
          </h4>
          <ol className="divide-y divide-slate-100">
            {publication.papers.map((paper) => (
              <li key={paper.paperID} className="py-3">
                <Link
                  to={paper.link}
                  className={`font-serif text-[1.07rem] leading-snug ${titleLinkClass}`}
                >
                  {paper.title}
                </Link>
                {paper.authors.length > 0 ? (
                  <p className="mt-1 text-sm text-slate-600">{authorLine(paper.authors, locale)}</p>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}

      <div className="pt-5">
        <ButtonLink to={publication.link} hiddenSuffix={`${publication.journal_name} ${label}`}>
          {t("View All Papers")}
        </ButtonLink>
      </div>
    </article>
  );
}
