import type { LatestPublicationItem } from "../../../shared/api.ts";
import { localizeIssueLabel } from "../../../shared/format.ts";
import { useT } from "../../i18n/use-t.tsx";
import { CoverImage } from "../ui/cover-image.tsx";
import { DateText } from "../ui/date-text.tsx";
import { Link } from "../ui/link.tsx";
import { TitleLink } from "../ui/title-link.tsx";

/**
 * The list of latest publications beside the featured one (docs/product/screens.md): cover, title
 * link, description and date of each. The title's issue label is put in the page's language
 * (`localizeIssueLabel`); the description is the API's (`describeIssue` of
 * server/features/publications/queries.ts), translated should it come as a catalogue message.
 */
export function LatestPublications({ items }: { items: LatestPublicationItem[] }) {
  const t = useT();
  return (
    <ul className="divide-y divide-slate-200 border-y border-slate-200">
      {items.map((item) => (
        <li key={item.link} className="flex gap-4 py-4">
          <Link to={item.link} tabIndex={-1} aria-hidden="true" className="w-16 shrink-0">
            <CoverImage
              src={item.cover_img}
              alt=""
              sizes="4rem"
              placeholder=""
              className="w-full ring-1 ring-slate-900/10"
            />
          </Link>
          <div className="min-w-0">
            <TitleLink to={item.link} className="font-serif text-base">
              {localizeIssueLabel(t, item.title)}
            </TitleLink>
            {item.description ? (
              <p className="mt-1 line-clamp-2 text-sm text-slate-600">{t(item.description)}</p>
            ) : null}
            <p className="mt-1 text-xs text-slate-600">
              {/* the issue's publication date, as the featured card's (issue 34) */}
              <DateText value={item.publication_date || item.date_added} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
