import type { JournalCard } from "../../../shared/api.ts";
import { useT } from "../../i18n/use-t.tsx";
import { ButtonLink } from "../ui/button-link.tsx";
import { CoverImage } from "../ui/cover-image.tsx";
import { Link } from "../ui/link.tsx";
import { JournalSummary } from "./journal-summary.tsx";

/**
 * The 'New Journals on {product}' grid of the home page (docs/product/screens.md): cover, name, a short
 * intro and a 'View Journal' link per journal.
 */
export function JournalGrid({ journals }: { journals: JournalCard[] }) {
  const t = useT();
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-10 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {journals.map((journal) => (
        <li key={journal.link} className="flex gap-4 min-[480px]:flex-col min-[480px]:gap-0">
          <Link
            to={journal.link}
            tabIndex={-1}
            aria-hidden="true"
            className="block w-24 shrink-0 self-start min-[480px]:w-auto min-[480px]:self-auto"
          >
            <CoverImage
              src={journal.journal_img}
              alt=""
              sizes="(min-width: 1024px) 16rem, (min-width: 768px) 30vw, (min-width: 480px) 45vw, 6rem"
              placeholder={journal.journal_name}
              className="w-full shadow-md ring-1 ring-slate-900/10 transition-shadow hover:shadow-lg"
            />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col min-[480px]:pt-5">
            <JournalSummary journal={journal} introClass="mt-2 line-clamp-3" />
            <div className="mt-auto pt-3 min-[480px]:pt-4">
              <ButtonLink to={journal.link} variant="secondary" hiddenSuffix={journal.journal_name}>
                {t("View Journal")}
              </ButtonLink>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
